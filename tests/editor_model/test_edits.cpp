// The editor's document model without a window: paint tools, resize, rotation, generator fill,
// undo history and safe saving. Each check states what a designer relies on.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "document.hpp"
#include "edits.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/random.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {

Level random_level(Rng& rng, Kind kind, int width, int height, int values) {
    Level level = make_blank_level(kind, width, height);
    for (auto& c : level.board.cells) c = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(values)));
    return level;
}

// The flood fill as a designer pictures it: repeat "paint every cell of the target value next to a
// painted one" until nothing changes.
Grid flood_oracle(const Grid& before, Cell start, std::int32_t value) {
    Grid out = before;
    const std::int32_t target = before.at(start);
    if (target == value) return out;
    std::vector<char> in(static_cast<std::size_t>(before.size()), 0);
    in[static_cast<std::size_t>(before.index(start.x, start.y))] = 1;
    for (bool grew = true; grew;) {
        grew = false;
        for (int y = 0; y < before.height; ++y)
            for (int x = 0; x < before.width; ++x) {
                if (in[static_cast<std::size_t>(before.index(x, y))] || before.at(x, y) != target) continue;
                for (Cell n : {Cell{x + 1, y}, Cell{x - 1, y}, Cell{x, y + 1}, Cell{x, y - 1}})
                    if (before.contains(n) && in[static_cast<std::size_t>(before.index(n.x, n.y))]) {
                        in[static_cast<std::size_t>(before.index(x, y))] = 1;
                        grew = true;
                        break;
                    }
            }
    }
    for (int i = 0; i < before.size(); ++i)
        if (in[static_cast<std::size_t>(i)]) out.cells[static_cast<std::size_t>(i)] = value;
    return out;
}

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        path = std::filesystem::temp_directory_path() / ("tilelab-model-" + std::to_string(Rng(std::random_device{}()).next()));
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

}  // namespace

TEST_CASE("bucket fill paints exactly the 4-connected region of the clicked value (2,000 boards)") {
    Rng rng(41);
    for (int round = 0; round < 2000; ++round) {
        const int w = 1 + static_cast<int>(rng.uniform(9)), h = 1 + static_cast<int>(rng.uniform(9));
        Level level = random_level(rng, Kind::match3, w, h, 2 + static_cast<int>(rng.uniform(3)));
        const Cell start{static_cast<int>(rng.uniform(static_cast<std::uint32_t>(w))),
                         static_cast<int>(rng.uniform(static_cast<std::uint32_t>(h)))};
        const std::int32_t value = static_cast<std::int32_t>(rng.uniform(5));
        const Grid expected = flood_oracle(level.board, start, value);
        bucket_fill(level, start, Paint{false, value});
        REQUIRE(level.board == expected);
    }
}

TEST_CASE("rectangle fill covers the rectangle between two corners in any order, clipped to the board") {
    Level level = make_blank_level(Kind::link, 5, 4);
    fill_rect(level, {3, 2}, {1, 0}, Paint{false, 7});
    fill_rect(level, {4, 3}, {9, 9}, Paint{false, 2});
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 5; ++x) {
            std::int32_t want = x >= 1 && x <= 3 && y <= 2 ? 7 : (x == 4 && y == 3 ? 2 : cell::empty);
            CHECK(level.board.at(x, y) == want);
        }
}

TEST_CASE("jelly paint creates the layer, and clearing the last layer drops it (a minimal file)") {
    Level level = make_blank_level(Kind::match3, 3, 3);
    CHECK(paint_cell(level, {1, 1}, Paint{true, 2}));
    REQUIRE(level.jelly);
    CHECK(level.jelly->at(1, 1) == 2);
    CHECK_FALSE(paint_cell(level, {1, 1}, Paint{true, 2}));  // no change, no undo entry
    CHECK(paint_cell(level, {1, 1}, eraser_paint(level, true)));
    CHECK_FALSE(level.jelly);
    CHECK(pick(level, {1, 1}, true).value == 0);
}

TEST_CASE("line tiles rotate a quarter turn: top to right clockwise, and four turns are the identity") {
    CHECK(rotate_mask(1, true) == 2);   // top -> right
    CHECK(rotate_mask(8, true) == 1);   // left -> top
    CHECK(rotate_mask(3, true) == 6);   // top+right -> right+bottom
    CHECK(rotate_mask(1, false) == 8);  // top -> left
    for (std::int32_t mask = 1; mask <= 15; ++mask) {
        std::int32_t m = mask;
        for (int i = 0; i < 4; ++i) m = rotate_mask(m, true);
        CHECK(m == mask);
        CHECK(rotate_mask(rotate_mask(mask, true), false) == mask);
        CHECK(__builtin_popcount(static_cast<unsigned>(rotate_mask(mask, true))) ==
              __builtin_popcount(static_cast<unsigned>(mask)));
    }
    CHECK(rotate_mask(cell::empty, true) == cell::empty);
}

TEST_CASE("resize keeps the content anchored, fills new cells by kind, and carries jelly and fixed lines") {
    Level level = make_blank_level(Kind::match3, 3, 2);
    level.board = Board(3, 2, 0);
    for (int i = 0; i < 6; ++i) level.board.cells[static_cast<std::size_t>(i)] = i % 5;
    level.jelly = Grid(3, 2, 0);
    level.jelly->at(2, 1) = 1;

    SECTION("bottom-right anchor: the old bottom-right cell stays the bottom-right cell") {
        Level grown = level;
        resize_level(grown, 5, 4, Anchor::bottom_right);
        CHECK(grown.board.at(4, 3) == level.board.at(2, 1));
        CHECK(grown.board.at(2, 2) == level.board.at(0, 0));
        CHECK(grown.board.at(0, 0) == cell::random);  // match3: new cells are random pieces
        CHECK(grown.jelly->at(4, 3) == 1);
    }
    SECTION("centre anchor: growing by two each way puts the content one cell in") {
        Level grown = level;
        resize_level(grown, 5, 4, Anchor::centre);
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x) CHECK(grown.board.at(x + 1, y + 1) == level.board.at(x, y));
    }
    SECTION("shrinking from the top-left keeps the top-left content; growing back restores the rest as new") {
        Level cut = level;
        resize_level(cut, 2, 1, Anchor::top_left);
        CHECK(cut.board.at(0, 0) == level.board.at(0, 0));
        CHECK(cut.board.at(1, 0) == level.board.at(1, 0));
        CHECK_FALSE(cut.jelly->at(1, 0));
    }
    SECTION("lines: fixed rows and columns follow their content or go when cut away") {
        Level lines = make_blank_level(Kind::lines, 4, 4);
        lines.rules.as<lines::Rules>().fixed_rows = {0, 3};
        lines.rules.as<lines::Rules>().fixed_cols = {1};
        resize_level(lines, 4, 3, Anchor::bottom);  // the top row is cut
        CHECK(lines.rules.as<lines::Rules>().fixed_rows == std::vector<int>{2});
        CHECK(lines.rules.as<lines::Rules>().fixed_cols == std::vector<int>{1});
        CHECK(lines.board.at(0, 0) == cell::empty);  // other kinds: new cells are empty
        resize_level(lines, 6, 3, Anchor::right);
        CHECK(lines.rules.as<lines::Rules>().fixed_cols == std::vector<int>{3});
    }
}

TEST_CASE("a document records one undo step per edit and per gesture, none for a no-op") {
    Document doc(make_blank_level(Kind::slide, 4, 4), {});
    const Level start = doc.level();
    CHECK_FALSE(doc.dirty());
    doc.change("Brush", [](Level& l) { paint_cell(l, {0, 0}, Paint{false, 2}); });
    doc.change("Brush", [](Level& l) { paint_cell(l, {0, 0}, Paint{false, 2}); });  // nothing changes
    CHECK(doc.history().size() == 1);
    CHECK(doc.dirty());

    // A stroke over four cells, then a slider drag through three values: two steps.
    doc.begin_gesture("Brush");
    for (int x = 0; x < 4; ++x) {
        paint_cell(doc.gesture_level(), {x, 1}, Paint{false, 4});
        doc.touched();
    }
    doc.end_gesture();
    const Level after_stroke = doc.level();
    doc.begin_gesture("Target");
    for (int target : {512, 1024, 4096}) {
        doc.gesture_level().goal.as<slide::Goal>().target = target;
        doc.touched();
    }
    doc.end_gesture();
    CHECK(doc.history().size() == 3);

    doc.undo();
    CHECK(doc.level() == after_stroke);
    doc.undo();
    CHECK(doc.level().board.at(3, 1) == cell::empty);
    CHECK(doc.level().board.at(0, 0) == 2);
    doc.undo();
    CHECK(doc.level() == start);
    CHECK_FALSE(doc.dirty());  // back to what was saved
    doc.redo();
    doc.redo();
    doc.redo();
    CHECK(doc.level().goal.as<slide::Goal>().target == 4096);
    // A new edit after an undo drops the redo branch.
    doc.undo();
    doc.change("Brush", [](Level& l) { paint_cell(l, {3, 3}, Paint{false, 8}); });
    doc.redo();
    CHECK(doc.level().goal.as<slide::Goal>().target != 4096);
}

TEST_CASE("the history is capped, keeping the most recent steps") {
    Document doc(make_blank_level(Kind::link, 2, 1), {});
    for (int i = 1; i <= static_cast<int>(History::max_entries) + 20; ++i)
        doc.change("Value", [i](Level& l) { l.board.at(0, 0) = i; });
    CHECK(doc.history().size() == History::max_entries);
    for (std::size_t i = 0; i < History::max_entries; ++i) doc.undo();
    CHECK(doc.level().board.at(0, 0) == 20);  // the oldest 20 steps are gone
}

TEST_CASE("saving writes the canonical file, keeps the previous file as .bak, and a failed save loses nothing") {
    TempDir dir;
    const auto path = dir.path / "level.json";
    Level level = make_blank_level(Kind::match3, 3, 3);
    level.id = "model-test";
    {
        std::ofstream out(path, std::ios::binary);
        out << write_level(level);
    }
    const std::string first = read_text(path);
    Document doc(load_level(path).level.value(), path);
    doc.change("Brush", [](Level& l) { paint_cell(l, {1, 1}, Paint{false, 2}); });
    REQUIRE(doc.save().empty());
    CHECK_FALSE(doc.dirty());
    CHECK(read_text(path) == write_level(doc.level()));
    CHECK(read_text(dir.path / "level.json.bak") == first);
    CHECK(load_level(path).level.value() == doc.level());

    // The backup cannot be kept (a folder stands in its place; this fails for root too):
    // the save reports it, the document stays dirty, the file on disk is intact.
    const std::string saved = read_text(path);
    doc.change("Brush", [](Level& l) { paint_cell(l, {0, 0}, Paint{false, 1}); });
    std::filesystem::remove(path.string() + ".bak");
    std::filesystem::create_directory(path.string() + ".bak");
    const std::string error = doc.save();
    CHECK_FALSE(error.empty());
    CHECK(error.find("level.json") != std::string::npos);
    CHECK(doc.dirty());
    CHECK(read_text(path) == saved);
}

TEST_CASE("fill from the generator: seeded, confined to the area, and keeps each kind's promise") {
    SECTION("match3: ? cells only, no run anywhere, a legal move; the same seed gives the same fill") {
        Rng rng(9);
        for (int round = 0; round < 200; ++round) {
            Level level = make_blank_level(Kind::match3, 6, 6);
            level.rules.as<match3::Rules>().colors = 4 + static_cast<int>(rng.uniform(3));
            for (auto& c : level.board.cells) c = rng.uniform(3) == 0 ? cell::random : cell::empty;
            level.board.at(0, 0) = 0;
            level.board.at(1, 0) = 0;  // a fixed pair the fill must not complete into a run
            Level a = level, b = level;
            const std::string error = fill_with_generator(a, std::nullopt, 100 + static_cast<std::uint64_t>(round));
            REQUIRE(fill_with_generator(b, std::nullopt, 100 + static_cast<std::uint64_t>(round)) == error);
            CHECK(a == b);
            if (!error.empty()) {  // refused: unchanged (e.g. too few cells for a move)
                CHECK(a == level);
                continue;
            }
            for (int i = 0; i < level.board.size(); ++i) {
                const auto k = static_cast<std::size_t>(i);
                if (level.board.cells[k] != cell::random) CHECK(a.board.cells[k] == level.board.cells[k]);
                else CHECK(a.board.cells[k] >= 0);
            }
            CHECK(match3::match_groups(a.board, a.rules.as<match3::Rules>()).empty());
            CHECK_FALSE(match3::hints(a.board, a.rules.as<match3::Rules>()).empty());
        }
    }
    SECTION("link: a selected area with the rest of the board standing stays clearable") {
        Level level = make_blank_level(Kind::link, 6, 5);
        level.board.at(0, 4) = 7;
        level.board.at(5, 4) = 7;
        level.board.at(2, 1) = cell::blocker;
        level.board.at(3, 2) = cell::blocker;  // 22 free cells in the area
        Level filled = level;
        REQUIRE(fill_with_generator(filled, std::make_pair(Cell{0, 0}, Cell{5, 3}), 3).empty());
        CHECK(filled.board.at(2, 1) == cell::blocker);
        CHECK(filled.board.at(3, 2) == cell::blocker);
        CHECK(filled.board.at(0, 4) == 7);
        link::SolveOptions options;
        options.budget_ms = 5000;
        CHECK(link::solve(filled.board, link::rules_of(filled), options).verdict == Verdict::solvable);
        Level odd = level;
        CHECK_FALSE(fill_with_generator(odd, std::make_pair(Cell{0, 0}, Cell{2, 0}), 3).empty());
        CHECK(odd == level);
    }
}

TEST_CASE("flip and rotate a selection: cells, layers and orientations move together; undone by the inverse",
          "[edits][transform]") {
    Rng rng(77);
    for (int round = 0; round < 200; ++round) {
        const Kind kind = round % 2 ? Kind::lines : Kind::match3;
        Level level = random_level(rng, kind, 7, 6, kind == Kind::lines ? 16 : 4);
        if (kind == Kind::match3) {
            level.jelly = Grid(7, 6, 0);
            for (auto& j : level.jelly->cells) j = static_cast<std::int32_t>(rng.uniform(3));
            level.board.at(1, 1) = cell::special(2, cell::line_h);
        }
        const Level before = level;
        const Cell a{static_cast<int>(rng.uniform(4)), static_cast<int>(rng.uniform(3))};
        const Cell b{a.x + static_cast<int>(rng.uniform(3)), a.y + static_cast<int>(rng.uniform(3))};
        // A flip twice is the level again.
        for (Transform t : {Transform::flip_x, Transform::flip_y}) {
            Cell p = a, q = b;
            REQUIRE(transform_cells(level, p, q, t).empty());
            CHECK(p == a);
            CHECK(q == b);
            REQUIRE(transform_cells(level, p, q, t).empty());
            CHECK(level == before);
        }
        // A turn and its inverse give the level back when the turned area fits.
        Cell p = a, q = b;
        const std::string error = transform_cells(level, p, q, Transform::rotate_cw);
        if (!error.empty()) {
            CHECK(level == before);  // refused: nothing changed
            continue;
        }
        CHECK(q.x - p.x == b.y - a.y);
        CHECK(q.y - p.y == b.x - a.x);
        if (b.x - a.x == b.y - a.y) {
            REQUIRE(transform_cells(level, p, q, Transform::rotate_ccw).empty());
            CHECK(level == before);
        }
    }
}

TEST_CASE("flip and rotate: what each cell becomes", "[edits][transform]") {
    // lines: a tile's connections mirror and turn with it (top 1, right 2, bottom 4, left 8).
    CHECK(transform_value(Kind::lines, 2, Transform::flip_x) == 8);
    CHECK(transform_value(Kind::lines, 1 | 2, Transform::flip_y) == (4 | 2));
    CHECK(transform_value(Kind::lines, 1, Transform::rotate_cw) == 2);
    CHECK(transform_value(Kind::lines, 1, Transform::rotate_ccw) == 8);
    // match3: a striped special turns h <-> v under a rotation, never under a flip.
    CHECK(transform_value(Kind::match3, cell::special(3, cell::line_h), Transform::rotate_cw) == cell::special(3, cell::line_v));
    CHECK(transform_value(Kind::match3, cell::special(3, cell::line_h), Transform::flip_x) == cell::special(3, cell::line_h));
    CHECK(transform_value(Kind::match3, cell::special(3, cell::bomb), Transform::rotate_cw) == cell::special(3, cell::bomb));
    // A 3x1 row at (0, 0) turned clockwise is a 1x3 column at (0, 0), the first cell on top.
    Level level = make_blank_level(Kind::link, 4, 4);
    level.board.at(0, 0) = 1;
    level.board.at(1, 0) = 2;
    level.board.at(2, 0) = 3;
    Cell a{0, 0}, b{2, 0};
    REQUIRE(transform_cells(level, a, b, Transform::rotate_cw).empty());
    CHECK(a == Cell{0, 0});
    CHECK(b == Cell{0, 2});
    CHECK(level.board.at(0, 0) == 1);
    CHECK(level.board.at(0, 1) == 2);
    CHECK(level.board.at(0, 2) == 3);
    CHECK(level.board.at(1, 0) == cell::empty);  // uncovered by the turn
    // A 4x1 row at the bottom cannot turn: it would leave the board.
    Level bottom = make_blank_level(Kind::link, 4, 4);
    Cell c{0, 3}, d{3, 3};
    CHECK_THAT(transform_cells(bottom, c, d, Transform::rotate_cw), Catch::Contains("would leave the board"));
}

TEST_CASE("symmetry painting: the mirrored cells, each listed once, the lines tile mirrored", "[edits][transform]") {
    Level level = make_blank_level(Kind::lines, 5, 4);
    CHECK(mirror_cells(level, {1, 1}, true, false) == std::vector<Cell>{{3, 1}});
    CHECK(mirror_cells(level, {1, 1}, false, true) == std::vector<Cell>{{1, 2}});
    CHECK(mirror_cells(level, {1, 1}, true, true) == std::vector<Cell>{{3, 1}, {1, 2}, {3, 2}});
    CHECK(mirror_cells(level, {2, 1}, true, false).empty());  // on the middle column: its own mirror
    CHECK(mirror_value(Kind::lines, 2, {1, 1}, {3, 1}) == 8);
    CHECK(mirror_value(Kind::lines, 1 | 2, {1, 1}, {3, 2}) == (4 | 8));
}
