// The editor's model for match3 format version 2: the lock layer (painted only where a lock may go,
// cleared under anything that cannot hold one), spawn weights kept one per colour and never all 0,
// the crates and ingredients goals kept within the board, and the colour of a special (never the
// value itself) bounding the colour count. Whatever is painted, the document holds a level the
// reader accepts, and each edit is one undo step.
#include <catch2/catch.hpp>

#include <string>

#include "document.hpp"
#include "edits.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {

Level pieces(int width, int height, int colors) {
    Level level = make_blank_level(Kind::match3, width, height);
    level.id = "v2-test";
    level.rules.as<match3::Rules>().colors = colors;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) level.board.at(x, y) = (x + 2 * y) % colors;
    return level;
}

bool format_accepts(const Level& level) { return format_problem(level).empty(); }

}  // namespace

TEST_CASE("match3 v2: locks go on pieces, specials and colour bombs only") {
    Level level = pieces(4, 3, 4);
    level.board.at(1, 0) = cell::special(2, cell::bomb);
    level.board.at(2, 0) = cell::color_bomb;
    level.board.at(3, 0) = cell::crate(2);
    level.board.at(0, 1) = cell::ingredient;
    level.board.at(1, 1) = cell::random;
    const Paint lock{false, 1, true};
    CHECK(paint_cell(level, {0, 0}, lock));
    CHECK(paint_cell(level, {1, 0}, lock));
    CHECK(paint_cell(level, {2, 0}, lock));
    CHECK_FALSE(paint_cell(level, {3, 0}, lock));  // crate
    CHECK_FALSE(paint_cell(level, {0, 1}, lock));  // ingredient
    CHECK_FALSE(paint_cell(level, {1, 1}, lock));  // ?
    CHECK_FALSE(lock_refusal(cell::random).empty());
    CHECK(lock_refusal(cell::special(1, cell::line_v)).empty());
    REQUIRE(level.lock);
    CHECK(level.lock->at(0, 0) == 1);
    CHECK(level.lock->at(3, 0) == 0);
    CHECK(format_accepts(level));
    CHECK(pick(level, {1, 0}, false, true).value == 1);
    // A ? (or a blocker, hole, crate, ingredient, empty cell) painted over a locked cell unlocks it.
    CHECK(paint_cell(level, {0, 0}, {false, cell::random}));
    CHECK(level.lock->at(0, 0) == 0);
    CHECK(paint_cell(level, {1, 0}, {false, cell::crate(1)}));
    CHECK(paint_cell(level, {2, 0}, {false, cell::special(0, cell::line_h)}));  // a special keeps its lock
    CHECK(level.lock->at(2, 0) == 1);
    CHECK(format_accepts(level));
    // The eraser on the lock layer unlocks; no lock left, no layer.
    CHECK(paint_cell(level, {2, 0}, eraser_paint(level, false, true)));
    CHECK_FALSE(level.lock);
}

TEST_CASE("match3 v2: lock edits through the document are undoable and stay valid") {
    Document doc(pieces(3, 3, 3), "");
    const Level start = doc.level();
    doc.change("Lock", [](Level& l) { fill_rect(l, {0, 0}, {2, 2}, Paint{false, 1, true}); });
    REQUIRE(doc.level().lock);
    CHECK(format_accepts(doc.level()));
    doc.change("Paint", [](Level& l) { paint_cell(l, {1, 1}, {false, cell::hole}); });
    CHECK(doc.level().lock->at(1, 1) == 0);
    CHECK(format_accepts(doc.level()));
    // Moves, copies and pastes carry locks along.
    doc.change("Move", [](Level& l) { move_cells(l, {0, 0}, {0, 0}, 0, 1); });
    CHECK(doc.level().lock->at(0, 1) == 1);
    CHECK(doc.level().lock->at(0, 0) == 0);  // emptied: no lock
    CHECK(format_accepts(doc.level()));
    std::string clip = copy_cells(doc.level(), {0, 1}, {1, 1});
    Level other = pieces(3, 3, 3);
    REQUIRE(paste_cells(other, clip, {1, 2}).error.empty());
    REQUIRE(other.lock);
    CHECK(other.lock->at(1, 2) == 1);
    CHECK(format_accepts(other));
    doc.undo();
    doc.undo();
    doc.undo();
    CHECK(doc.level() == start);
    // A lock on a cell the reader refuses (set by hand) is dropped by the document.
    doc.change("Bad", [](Level& l) {
        l.board.at(0, 0) = cell::ingredient;
        l.lock = Grid(3, 3, 0);
        l.lock->at(0, 0) = 1;
        l.lock->at(1, 0) = 7;
    });
    CHECK(doc.level().lock->at(0, 0) == 0);
    CHECK(doc.level().lock->at(1, 0) == 1);
    CHECK(format_accepts(doc.level()));
    // Resizing keeps the layer the board's size.
    doc.change("Resize", [](Level& l) { resize_level(l, 5, 2, Anchor::top_left); });
    CHECK(doc.level().lock->width == 5);
    CHECK(format_accepts(doc.level()));
}

TEST_CASE("match3 v2: spawn weights one per colour, never all 0, within the limit") {
    Document doc(pieces(3, 3, 3), "");
    doc.change("Weights", [](Level& l) { l.rules.as<match3::Rules>().spawn_weights = {1, 0, 2}; });
    CHECK(format_accepts(doc.level()));
    doc.change("Colours", [](Level& l) { l.rules.as<match3::Rules>().colors = 5; });
    CHECK(doc.level().rules.as<match3::Rules>().spawn_weights == std::vector<int>{1, 0, 2, 1, 1});
    doc.change("Colours", [](Level& l) { l.rules.as<match3::Rules>().colors = 3; });
    CHECK(doc.level().rules.as<match3::Rules>().spawn_weights == std::vector<int>{1, 0, 2});
    doc.change("Weights", [](Level& l) { l.rules.as<match3::Rules>().spawn_weights = {0, 0, 2}; });
    doc.change("Last weight to 0", [](Level& l) { l.rules.as<match3::Rules>().spawn_weights[2] = 0; });
    CHECK(doc.level().rules.as<match3::Rules>().spawn_weights == std::vector<int>{0, 0, 1});  // the one set to 0 goes back to 1
    doc.change("Huge", [](Level& l) { l.rules.as<match3::Rules>().spawn_weights[0] = limits::max_spawn_weight + 5; });
    CHECK(doc.level().rules.as<match3::Rules>().spawn_weights[0] == limits::max_spawn_weight);
    CHECK(format_accepts(doc.level()));
    doc.change("All equal", [](Level& l) { l.rules.as<match3::Rules>().spawn_weights.clear(); });
    CHECK(format_accepts(doc.level()));
}

TEST_CASE("match3 v2: goals bounded by the board, and a special's colour bounds the colours") {
    Level start = pieces(4, 2, 4);
    start.board.at(0, 0) = cell::ingredient;
    start.board.at(1, 0) = cell::ingredient;
    start.board.at(2, 0) = cell::crate(3);
    Document doc(start, "");
    doc.change("Goal", [](Level& l) {
        l.goal.as<match3::Goal>().ingredients = 9;
        l.goal.as<match3::Goal>().crates = true;
    });
    CHECK(doc.level().goal.as<match3::Goal>().ingredients == 2);
    CHECK(doc.level().goal.as<match3::Goal>().crates);
    CHECK(format_accepts(doc.level()));
    doc.change("Erase @", [](Level& l) { paint_cell(l, {0, 0}, {false, cell::empty}); });
    CHECK(doc.level().goal.as<match3::Goal>().ingredients == 1);
    doc.change("Erase @ and crate", [](Level& l) {
        paint_cell(l, {1, 0}, {false, cell::empty});
        paint_cell(l, {2, 0}, {false, cell::empty});
    });
    CHECK_FALSE(doc.level().goal.as<match3::Goal>().ingredients);
    CHECK_FALSE(doc.level().goal.as<match3::Goal>().crates);
    CHECK(format_accepts(doc.level()));
    // A special of colour 6 (value 0x306) needs 7 colours, not 775.
    doc.change("Special", [](Level& l) { paint_cell(l, {3, 1}, {false, cell::special(6, cell::bomb)}); });
    CHECK(doc.level().rules.as<match3::Rules>().colors == 7);
    CHECK(lowest_colors(doc.level()) == 7);
    CHECK(doc.level().board.at(3, 1) == cell::special(6, cell::bomb));
    CHECK(format_accepts(doc.level()));
    // A value no token names becomes a ?.
    doc.change("Bad", [](Level& l) { l.board.at(3, 1) = (5 << 8) | 1; });
    CHECK(doc.level().board.at(3, 1) == cell::random);
    CHECK(format_accepts(doc.level()));
}
