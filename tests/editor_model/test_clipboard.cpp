// The editor's model for issue 12: copy, cut, paste and move of cells (one undo step each), the
// palette the number keys pick from, and the format's limits on every edit: whatever a designer
// types, the document holds a level the reader accepts.
#include <catch2/catch.hpp>

#include <string>

#include "document.hpp"
#include "edits.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/random.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {

Level numbered(Kind kind, int width, int height) {
    Level level = make_blank_level(kind, width, height);
    level.id = "clip-test";
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::int32_t& c = level.board.at(x, y);
            switch (kind) {
            case Kind::match3:
                c = (x + y) % 5;
                break;
            case Kind::link:
                c = 1 + x + y * width;
                break;
            case Kind::lines:
                c = 1 + (x + y) % 15;
                break;
            case Kind::slide:
                c = 2 << ((x + y) % 10);
                break;
            case Kind::collapse:
                c = (x + y) % 4;  // a new collapse level has 4 colours
                break;
            }
        }
    return level;
}

bool loads(const Level& level) { return parse_level(write_level(level), "test").level.has_value(); }

}  // namespace

TEST_CASE("copy gives a level file of the selection that pastes back cell for cell, in every kind") {
    for (Kind kind : {Kind::match3, Kind::link, Kind::lines, Kind::slide, Kind::collapse}) {
        Level source = numbered(kind, 6, 5);
        std::string clip = copy_cells(source, {4, 3}, {1, 1});  // corners in any order
        LevelLoad load = parse_level(clip, "clipboard");
        REQUIRE(load.level.has_value());  // the clipboard text is a valid level by itself
        CHECK(load.level->kind == kind);
        CHECK(load.level->width() == 4);
        CHECK(load.level->height() == 3);

        Level target = make_blank_level(kind, 7, 7);
        target.id = "target";
        PasteResult r = paste_cells(target, clip, {2, 3});
        REQUIRE(r.error.empty());
        CHECK(r.a == Cell{2, 3});
        CHECK(r.b == Cell{5, 5});
        CHECK(r.cut_off == 0);
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 4; ++x) CHECK(target.board.at(2 + x, 3 + y) == source.board.at(1 + x, 1 + y));
        CHECK(target.board.at(1, 3) == make_blank_level(kind, 7, 7).board.at(1, 3));  // nothing outside it
        CHECK(loads(target));
    }
}

TEST_CASE("a paste past the board's edge keeps the cells that fit and counts the rest") {
    Level source = numbered(Kind::slide, 4, 4);
    std::string clip = copy_cells(source, {0, 0}, {3, 3});
    Level target = make_blank_level(Kind::slide, 4, 4);
    target.id = "t";
    PasteResult r = paste_cells(target, clip, {2, 1});
    REQUIRE(r.error.empty());
    CHECK(r.b == Cell{3, 3});
    CHECK(r.cut_off == 16 - 6);
    CHECK(target.board.at(2, 1) == source.board.at(0, 0));
    CHECK(target.board.at(3, 3) == source.board.at(1, 2));
}

TEST_CASE("paste refuses other text, another kind and colours the level does not have, changing nothing") {
    Level target = numbered(Kind::match3, 5, 5);
    const Level before = target;
    CHECK(paste_cells(target, "hello", {0, 0}).error.find("no tilelab cells") != std::string::npos);
    CHECK(paste_cells(target, "{\"format\": \"tilelab.pack\"}", {0, 0}).error.find("no tilelab cells") != std::string::npos);
    std::string link_clip = copy_cells(numbered(Kind::link, 3, 3), {0, 0}, {1, 1});
    std::string error = paste_cells(target, link_clip, {0, 0}).error;
    CHECK(error == "the clipboard holds link cells; this level is match3");
    // Seven colours into a five-colour level: refused, naming the colour.
    Level seven = numbered(Kind::match3, 3, 1);
    seven.rules.as<match3::Rules>().colors = 7;
    seven.board.at(2, 0) = 6;
    error = paste_cells(target, copy_cells(seven, {0, 0}, {2, 0}), {0, 0}).error;
    CHECK(error.find("colour 6") != std::string::npos);
    CHECK(error.find("5 colours") != std::string::npos);
    CHECK(target == before);
}

TEST_CASE("jelly travels with copied cells; a paste without jelly clears the jelly under it") {
    Level source = numbered(Kind::match3, 4, 4);
    paint_cell(source, {1, 1}, {true, 2});
    std::string clip = copy_cells(source, {0, 0}, {1, 1});
    Level target = numbered(Kind::match3, 4, 4);
    paint_cell(target, {3, 3}, {true, 1});
    REQUIRE(paste_cells(target, clip, {2, 2}).error.empty());
    REQUIRE(target.jelly.has_value());
    CHECK(target.jelly->at(3, 3) == 2);  // the source's (1, 1)
    CHECK(target.jelly->at(2, 2) == 0);
    std::string plain = copy_cells(source, {2, 2}, {3, 3});  // no jelly there
    REQUIRE(paste_cells(target, plain, {2, 2}).error.empty());
    CHECK_FALSE(target.jelly.has_value());  // the last jelly went: no layer left
    CHECK(loads(target));
}

TEST_CASE("moving cells empties what they leave, overwrites where they land, drops what leaves the board") {
    Level level = numbered(Kind::link, 5, 4);
    const Level before = level;
    REQUIRE(move_cells(level, {0, 0}, {1, 1}, 2, 1));
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) CHECK(level.board.at(x + 2, y + 1) == before.board.at(x, y));
    CHECK(level.board.at(0, 0) == cell::empty);
    CHECK(level.board.at(1, 0) == cell::empty);
    CHECK(level.board.at(0, 1) == cell::empty);
    CHECK(level.board.at(4, 3) == before.board.at(4, 3));  // untouched
    // Overlapping move by one cell to the right: the block shifts, its left column empties.
    Level shifted = before;
    REQUIRE(move_cells(shifted, {0, 0}, {2, 0}, 1, 0));
    CHECK(shifted.board.at(0, 0) == cell::empty);
    CHECK(shifted.board.at(1, 0) == before.board.at(0, 0));
    CHECK(shifted.board.at(3, 0) == before.board.at(2, 0));
    // Off the edge: the part that leaves is gone.
    Level edge = before;
    REQUIRE(move_cells(edge, {3, 0}, {4, 0}, 1, 0));
    CHECK(edge.board.at(4, 0) == before.board.at(3, 0));
    CHECK(edge.board.at(3, 0) == cell::empty);
    CHECK_FALSE(move_cells(edge, {0, 0}, {1, 1}, 0, 0));
}

TEST_CASE("paste, cut and move are one undo step each in a document") {
    Document doc(numbered(Kind::lines, 5, 5), {});
    const Level start = doc.level();
    std::string clip = copy_cells(doc.level(), {0, 0}, {1, 1});
    doc.change("Paste", [&](Level& l) { paste_cells(l, clip, {3, 3}); });
    doc.change("Cut", [&](Level& l) { fill_rect(l, {0, 0}, {1, 1}, eraser_paint(l, false)); });
    doc.change("Move selection", [&](Level& l) { move_cells(l, {3, 3}, {4, 4}, -1, -1); });
    CHECK(doc.history().size() == 3);
    CHECK(doc.history().undo_label() == "Move selection");
    doc.undo();
    doc.undo();
    CHECK(doc.history().undo_label() == "Paste");
    doc.undo();
    CHECK(doc.level() == start);
}

TEST_CASE("the number keys pick the palette's entries in order, never a value outside it") {
    Level m3 = make_blank_level(Kind::match3, 4, 4);
    m3.rules.as<match3::Rules>().colors = 6;
    m3.id = "keys";
    std::vector<PaletteEntry> entries = palette_entries(m3);
    // six colours, then ? . # _ (keys 1..9, 0), then the format version 2 items: 6 x (h v b), * @ c1..c5
    REQUIRE(entries.size() == 10 + 6 * 3 + 2 + 5);
    CHECK(entries[10].value == cell::special(0, cell::line_h));
    CHECK(entries.back().value == cell::crate(5));
    CHECK(palette_key(m3, 1)->value == 0);
    CHECK(palette_key(m3, 6)->value == 5);
    CHECK(palette_key(m3, 7)->value == cell::random);
    CHECK(palette_key(m3, 8)->value == cell::empty);  // never colour 8 on a 6-colour level
    CHECK(palette_key(m3, 0)->value == cell::hole);
    for (int digit = 0; digit <= 9; ++digit) {
        Level painted = m3;
        paint_cell(painted, {0, 0}, {false, palette_key(m3, digit)->value});
        CHECK(loads(painted));
    }
    for (const PaletteEntry& entry : entries) {  // every entry, painted, gives a file the reader accepts
        Level painted = m3;
        paint_cell(painted, {1, 1}, {false, entry.value});
        INFO(entry.tip);
        CHECK(loads(painted));
    }
    Level link = make_blank_level(Kind::link, 4, 4);
    link.rules.as<link::Rules>().pair = Pairing{Pairing::Rule::sum, 5};
    CHECK(palette_entries(link).size() == 6);  // 1..4, . #
    CHECK(palette_key(link, 4)->value == 4);
    CHECK(palette_key(link, 5)->value == cell::empty);
    CHECK_FALSE(palette_key(link, 7).has_value());
    CHECK(palette_key(make_blank_level(Kind::slide, 4, 4), 3)->value == 8);
    CHECK(palette_key(make_blank_level(Kind::lines, 4, 4), 0)->value == 10);
}

TEST_CASE("every number a field can hold is brought into the format's limits by the document") {
    // Each edit writes an out-of-range value the way a typed field or a slider's Ctrl+click would;
    // the document keeps the level loadable, and the value nearest the one typed.
    struct Case {
        Kind kind;
        const char* what;
        void (*set)(Level&);
        bool (*check)(const Level&);
    };
    const Case cases[] = {
        {Kind::match3, "colors 20", [](Level& l) { l.rules.as<match3::Rules>().colors = 20; },
         [](const Level& l) { return l.rules.as<match3::Rules>().colors == limits::max_colors; }},
        {Kind::match3, "colors 1", [](Level& l) { l.rules.as<match3::Rules>().colors = 1; },
         [](const Level& l) { return l.rules.as<match3::Rules>().colors == limits::min_colors; }},
        {Kind::match3, "colors -5", [](Level& l) { l.rules.as<match3::Rules>().colors = -5; },
         [](const Level& l) { return l.rules.as<match3::Rules>().colors == limits::min_colors; }},
        {Kind::match3, "min_match 99", [](Level& l) { l.rules.as<match3::Rules>().min_match = 99; },
         [](const Level& l) { return l.rules.as<match3::Rules>().min_match == limits::max_min_match; }},
        {Kind::match3, "score_per_piece -1", [](Level& l) { l.rules.as<match3::Rules>().score_per_piece = -1; },
         [](const Level& l) { return l.rules.as<match3::Rules>().score_per_piece == 0; }},
        {Kind::match3, "score goal 2^60", [](Level& l) { l.goal.as<match3::Goal>().score = std::int64_t{1} << 60; },
         [](const Level& l) { return l.goal.as<match3::Goal>().score == limits::max_score_goal; }},
        {Kind::match3, "moves 0", [](Level& l) { l.goal.moves = 0; }, [](const Level& l) { return l.goal.moves == 1; }},
        {Kind::match3, "moves 2e9", [](Level& l) { l.goal.moves = 2000000000; },
         [](const Level& l) { return l.goal.moves == limits::max_moves; }},
        {Kind::match3, "collect colour 9 of 5",
         [](Level& l) {
             l.goal.as<match3::Goal>().collect.push_back({9, 0});
         },
         [](const Level& l) {
             return l.goal.as<match3::Goal>().collect[0].color == 4 && l.goal.as<match3::Goal>().collect[0].count == 1;
         }},
        {Kind::match3, "jelly goal without jelly", [](Level& l) { l.goal.as<match3::Goal>().jelly = true; },
         [](const Level& l) { return l.jelly.has_value(); }},
        {Kind::match3, "jelly on a hole",
         [](Level& l) {
             paint_cell(l, {1, 1}, {true, 3});
             l.board.at(1, 1) = cell::hole;
         },
         [](const Level& l) { return !l.jelly || l.jelly->at(1, 1) == 0; }},
        {Kind::match3, "jelly 5000",
         [](Level& l) {
             paint_cell(l, {1, 1}, {true, 5000});
         },
         [](const Level& l) { return l.jelly->at(1, 1) == limits::max_jelly_layers; }},
        {Kind::link, "sum 1",
         [](Level& l) {
             l.rules.as<link::Rules>().pair = Pairing{Pairing::Rule::sum, 1};
         },
         [](const Level& l) { return l.rules.as<link::Rules>().pair.sum == limits::min_pair_sum; }},
        {Kind::link, "sum 10^12",
         [](Level& l) {
             l.rules.as<link::Rules>().pair = Pairing{Pairing::Rule::sum, 1000000000000};
         },
         [](const Level& l) { return l.rules.as<link::Rules>().pair.sum == limits::max_pair_sum; }},
        {Kind::link, "max_turns 4", [](Level& l) { l.rules.as<link::Rules>().max_turns = 4; },
         [](const Level& l) { return l.rules.as<link::Rules>().max_turns == limits::max_turns; }},
        {Kind::link, "tile 10^7", [](Level& l) { l.board.at(0, 0) = 10000000; },
         [](const Level& l) { return l.board.at(0, 0) == limits::max_link_value; }},
        {Kind::lines, "closed_groups 1000", [](Level& l) { l.goal.as<lines::Goal>().closed_groups = 1000; },
         [](const Level& l) { return l.goal.as<lines::Goal>().closed_groups == 16; }},
        {Kind::lines, "min_group_size 0", [](Level& l) { l.goal.as<lines::Goal>().min_group_size = 0; },
         [](const Level& l) { return l.goal.as<lines::Goal>().min_group_size == 1; }},
        {Kind::lines, "fixed row 9",
         [](Level& l) {
             l.rules.as<lines::Rules>().fixed_rows = {1, 9, 1};
         },
         [](const Level& l) { return l.rules.as<lines::Rules>().fixed_rows == std::vector<int>{1}; }},
        {Kind::slide, "target 3000", [](Level& l) { l.goal.as<slide::Goal>().target = 3000; },
         [](const Level& l) { return l.goal.as<slide::Goal>().target == 2048; }},
        {Kind::slide, "target 2", [](Level& l) { l.goal.as<slide::Goal>().target = 2; },
         [](const Level& l) { return l.goal.as<slide::Goal>().target == limits::min_target; }},
        {Kind::slide, "spawn weight 0", [](Level& l) { l.rules.as<slide::Rules>().spawn[0].second = 0; },
         [](const Level& l) { return l.rules.as<slide::Rules>().spawn[0].second == 1; }},
        {Kind::slide, "spawn value 3", [](Level& l) { l.rules.as<slide::Rules>().spawn[0].first = 3; },
         [](const Level& l) { return l.rules.as<slide::Rules>().spawn[0].first == 2; }},
        {Kind::slide, "start_tiles 99", [](Level& l) { l.rules.as<slide::Rules>().start_tiles = 99; },
         [](const Level& l) { return l.rules.as<slide::Rules>().start_tiles == 16; }},
        {Kind::slide, "no spawns", [](Level& l) { l.rules.as<slide::Rules>().spawn.clear(); },
         [](const Level& l) { return l.rules.as<slide::Rules>().spawn.empty(); }},
        {Kind::slide, "no spawns, start_tiles 3",
         [](Level& l) {
             l.rules.as<slide::Rules>().spawn.clear();
             l.rules.as<slide::Rules>().start_tiles = 3;
         },
         [](const Level& l) { return l.rules.as<slide::Rules>().spawn.empty() && l.rules.as<slide::Rules>().start_tiles == 0; }},
        {Kind::slide, "tile 6", [](Level& l) { l.board.at(0, 0) = 6; }, [](const Level& l) { return l.board.at(0, 0) == 4; }},
    };
    for (const Case& c : cases) {
        INFO(kind_name(c.kind) << ": " << c.what);
        Level level = make_blank_level(c.kind, 4, 4);
        level.id = "bounds";
        Document doc(level, {});
        doc.change(c.what, [&](Level& l) { c.set(l); });
        CHECK(format_problem(doc.level()) == "");
        CHECK(c.check(doc.level()));
        // The same through a gesture (a slider drag or a Ctrl+click typed value).
        Document drag(level, {});
        drag.begin_gesture(c.what);
        c.set(drag.gesture_level());
        drag.touched();
        drag.end_gesture();
        CHECK(format_problem(drag.level()) == "");
        CHECK(drag.level() == doc.level());
    }
}

TEST_CASE("colours never drop below the colours on the board, and an emptied id keeps its old value") {
    Document doc(numbered(Kind::match3, 5, 5), {});  // colours 0..4 painted
    doc.change("Colours", [](Level& l) { l.rules.as<match3::Rules>().colors = 2; });
    CHECK(doc.level().rules.as<match3::Rules>().colors == 5);
    CHECK(lowest_colors(doc.level()) == 5);
    doc.change("Id", [](Level& l) { l.id.clear(); });
    CHECK(doc.level().id == "clip-test");
    CHECK(format_problem(doc.level()) == "");
}

TEST_CASE("random edits of every kind never leave the document unloadable (5,000 edits)") {
    Rng rng(12);
    for (Kind kind : {Kind::match3, Kind::link, Kind::lines, Kind::slide, Kind::collapse}) {
        Level level = numbered(kind, 5, 4);
        Document doc(level, {});
        for (int i = 0; i < 1250; ++i) {
            const int what = static_cast<int>(rng.uniform(6));
            const auto big = static_cast<std::int32_t>(rng.uniform(4000000)) - 2000000;
            const Cell c{static_cast<int>(rng.uniform(5)), static_cast<int>(rng.uniform(4))};
            doc.change("edit", [&](Level& l) {
                switch (what) {
                case 0:
                    l.board.at(c) = big;
                    break;
                // The level's own kind's fields (a level holds no other kind's).
                case 1:
                    if (l.rules.is<match3::Rules>()) l.rules.as<match3::Rules>().colors = big % 40;
                    if (l.rules.is<link::Rules>()) {
                        link::Rules& rules = l.rules.as<link::Rules>();
                        rules.max_turns = big % 9;
                        rules.pair = Pairing{Pairing::Rule::sum, big};
                    }
                    if (l.rules.is<collapse::Rules>()) {
                        collapse::Rules& rules = l.rules.as<collapse::Rules>();
                        rules.colors = big % 40;
                        rules.min_group = big % 30;
                        rules.score_per_piece = big;
                    }
                    break;
                case 2:
                    l.goal.moves = big;
                    if (l.goal.is<slide::Goal>()) l.goal.as<slide::Goal>().target = big;
                    break;
                case 3:
                    if (l.rules.is<slide::Rules>()) l.rules.as<slide::Rules>().start_tiles = big % 50;
                    if (l.goal.is<lines::Goal>()) l.goal.as<lines::Goal>().closed_groups = big % 50;
                    if (l.goal.is<collapse::Goal>()) l.goal.as<collapse::Goal>().collect.push_back({big % 20, big});
                    break;
                case 4:
                    move_cells(l, c, {c.x + 1, c.y + 1}, static_cast<int>(rng.uniform(5)) - 2,
                               static_cast<int>(rng.uniform(5)) - 2);
                    break;
                case 5:
                    paint_cell(l, c, {true, big % 2000});
                    break;
                }
            });
            INFO(kind_name(kind) << " edit " << i << " kind " << what << " value " << big);
            REQUIRE(format_problem(doc.level()) == "");
        }
    }
}
