// Level and pack I/O: every shipped file loads and is canonical; the writer's shape; safe saving.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include "support/run.hpp"
#include "support/scale.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"

namespace fs = std::filesystem;
using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {
std::vector<fs::path> shipped_levels() {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(TILELAB_SOURCE_DIR "/levels/samples"))
        if (e.path().extension() == ".json") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

const char* const sample_text = R"({
  "format": "tilelab.level",
  "version": 2,
  "id": "m3-intro-01",
  "name": "Intro 1",
  "kind": "match3",
  "width": 6,
  "height": 4,
  "seed": 42,
  "rules": {
    "colors": 5,
    "min_match": 3
  },
  "goal": {
    "moves": 20,
    "score": 3000
  },
  "board": [
    "0 1 2 3 4 0",
    "1 ? ? # 0 1",
    "2 3 4 0 1 _",
    "3 4 0 1 2 3"
  ],
  "layers": {
    "jelly": [
      "0 0 1 1 0 0",
      "0 0 1 1 0 0",
      "0 0 0 0 0 0",
      "0 0 0 0 0 0"
    ]
  },
  "meta": {
    "author": "anyone",
    "notes": "free-form, kept as is",
    "nested": {
      "list": [1, 2, {"a": true}],
      "z": null
    }
  }
}
)";
}  // namespace

TEST_CASE("the contract's example level loads with every field", "[io]") {
    LevelLoad load = parse_level(sample_text, "example.json");
    for (const auto& d : load.diagnostics) INFO(d.format());
    REQUIRE(load.level);
    const Level& l = *load.level;
    CHECK(l.id == "m3-intro-01");
    CHECK(l.kind == Kind::match3);
    CHECK(l.width() == 6);
    CHECK(l.height() == 4);
    CHECK(l.seed == 42);
    CHECK(l.rules.as<match3::Rules>().colors == 5);
    CHECK(l.rules.as<match3::Rules>().score_per_piece == 50);
    CHECK(l.goal.moves == 20);
    CHECK(l.goal.as<match3::Goal>().score == 3000);
    CHECK(l.board.at(1, 1) == cell::random);
    CHECK(l.board.at(3, 1) == cell::blocker);
    CHECK(l.board.at(5, 2) == cell::hole);
    CHECK(l.board.at(4, 0) == 4);
    REQUIRE(l.jelly);
    CHECK(l.jelly->at(2, 0) == 1);
    CHECK(l.meta.at("author") == "anyone");
}

TEST_CASE("canonical text is a fixed point, byte for byte", "[io]") {
    LevelLoad load = parse_level(sample_text, "example.json");
    REQUIRE(load.level);
    CHECK(write_level(*load.level) == sample_text);
}

TEST_CASE("every shipped level is valid and canonical", "[io]") {
    auto files = shipped_levels();
    REQUIRE(files.size() >= 12);
    for (const auto& path : files) {
        INFO(path.string());
        LevelLoad load = load_level(path);
        for (const auto& d : load.diagnostics) INFO(d.format());
        REQUIRE(load.level);
        CHECK(write_level(*load.level) == test::slurp(path));
        // And loading the written text gives the same level.
        LevelLoad again = parse_level(write_level(*load.level), "again");
        REQUIRE(again.level);
        CHECK(*again.level == *load.level);
    }
}

TEST_CASE("the writer omits defaults the file did not write and keeps those it did", "[io]") {
    Level level = make_blank_level(Kind::link, 3, 2);
    level.id = "x";
    std::string text = write_level(level);
    CHECK(text.find("\"rules\"") == std::string::npos);
    level.rules.as<link::Rules>().max_turns = 3;
    text = write_level(level);
    CHECK(text.find("\"max_turns\": 3") != std::string::npos);
    level.rules.as<link::Rules>().max_turns = 2;
    level.present.insert("rules/max_turns");
    CHECK(write_level(level).find("\"max_turns\": 2") != std::string::npos);
}

TEST_CASE("slide spawn weights and lines fixed rows round-trip inline", "[io]") {
    Level slide = make_blank_level(Kind::slide, 3, 3);
    slide.id = "s";
    slide.rules.as<slide::Rules>().spawn = {{2, 1}, {4, 3}};
    slide.rules.as<slide::Rules>().score = slide::SlideScore::pre_merge;
    std::string text = write_level(slide);
    CHECK(text.find("\"spawn\": [[2, 1], [4, 3]]") != std::string::npos);
    LevelLoad back = parse_level(text, "s");
    REQUIRE(back.level);
    CHECK(back.level->rules.as<slide::Rules>().spawn == slide.rules.as<slide::Rules>().spawn);
    CHECK(back.level->rules.as<slide::Rules>().score == slide::SlideScore::pre_merge);

    Level lines = make_blank_level(Kind::lines, 4, 4);
    lines.id = "l";
    lines.rules.as<lines::Rules>().fixed_rows = {0, 3};
    lines.board.at(1, 1) = 0xa;
    text = write_level(lines);
    CHECK(text.find("\"fixed_rows\": [0, 3]") != std::string::npos);
    CHECK(text.find("\". a . .\"") != std::string::npos);
    back = parse_level(text, "l");
    REQUIRE(back.level);
    CHECK(back.level->rules.as<lines::Rules>().fixed_rows == lines.rules.as<lines::Rules>().fixed_rows);
}

TEST_CASE("lines tiles read in either case and 0 as empty, written lower-case", "[io]") {
    const char* text = R"({"format": "tilelab.level", "version": 1, "id": "x", "name": "", "kind": "lines",
        "width": 3, "height": 1, "board": ["A 0 f"]})";
    LevelLoad load = parse_level(text, "x");
    REQUIRE(load.level);
    CHECK(load.level->board.at(0, 0) == 10);
    CHECK(load.level->board.at(1, 0) == cell::empty);
    CHECK(write_level(*load.level).find("\"a . f\"") != std::string::npos);
}

TEST_CASE("every problem of a file is reported at once", "[io]") {
    const char* text = R"({"format": "tilelab.level", "version": 1, "id": "x", "name": "n", "kind": "match3",
        "width": 3, "height": 2, "seed": 1, "rules": {"colors": 3, "min_macth": 3},
        "board": ["0 1 9", "1 2"], "extra": 1})";
    LevelLoad load = parse_level(text, "many.json");
    CHECK_FALSE(load.level);
    std::vector<std::string> lines;
    for (const auto& d : load.diagnostics) lines.push_back(d.format());
    CHECK(lines.size() == 4);
    auto has = [&](const std::string& s) {
        return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l == s; });
    };
    CHECK(has("many.json: error: /extra: unknown key 'extra'"));
    CHECK(has("many.json: error: /rules/min_macth: unknown key 'min_macth' (did you mean 'min_match'?)"));
    CHECK(has("many.json: error: /board/0: cell (2, 0): colour 9 is out of range (colors is 3)"));
    CHECK(has("many.json: error: /board/1: row has 2 cells, width is 3"));
}

TEST_CASE("JSON syntax errors name the line and column", "[io]") {
    LevelLoad load = parse_level("{\n  \"format\": \"tilelab.level\",\n  \"board\": [1 2]\n}\n", "w1/003.json");
    REQUIRE(load.diagnostics.size() == 1);
    CHECK(load.diagnostics[0].format().rfind("w1/003.json:3:15: error: ", 0) == 0);
    CHECK(load.diagnostics[0].format().find("expected ']'") != std::string::npos);
}

TEST_CASE("packs parse, write canonically, and refuse repeats", "[io]") {
    PackLoad load = load_pack(TILELAB_SOURCE_DIR "/levels/packs/demo.json");
    REQUIRE(load.pack);
    CHECK(load.pack->levels.size() >= 12);
    CHECK(write_pack(*load.pack) == test::slurp(TILELAB_SOURCE_DIR "/levels/packs/demo.json"));
    PackLoad twice = parse_pack(R"({"format": "tilelab.pack", "version": 1, "name": "p", "levels": ["a.json", "a.json"]})",
                                "p.json");
    CHECK_FALSE(twice.pack);
    REQUIRE(twice.diagnostics.size() == 1);
    CHECK(twice.diagnostics[0].format() == "p.json: error: /levels/1: 'a.json' is listed twice");
}

TEST_CASE("saving replaces the file atomically and keeps one backup", "[io]") {
    auto dir = fs::temp_directory_path() / ("tilelab-save-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto path = dir / "level.json";
    REQUIRE(write_file_atomically(path, "first\n", true).empty());
    CHECK(test::slurp(path) == "first\n");
    CHECK_FALSE(fs::exists(dir / "level.json.bak"));
    REQUIRE(write_file_atomically(path, "second\n", true).empty());
    CHECK(test::slurp(path) == "second\n");
    CHECK(test::slurp(dir / "level.json.bak") == "first\n");
    // A write that cannot happen leaves the old file as it was.
    CHECK_FALSE(write_file_atomically(dir / "no-such-dir" / "x.json", "x", true).empty());
    CHECK(test::slurp(path) == "second\n");
    for (const auto& e : fs::directory_iterator(dir)) CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("move strings parse and print for every kind", "[io]") {
    std::string error;
    auto m = parse_move(Kind::match3, "1,6:1,7", error);
    REQUIRE(m);
    CHECK(format_move(*m) == "1,6:1,7");
    m = parse_move(Kind::lines, "row:2:left", error);
    REQUIRE(m);
    CHECK(std::get<ShiftMove>(*m).step == -1);
    CHECK(format_move(*m) == "row:2:left");
    CHECK(format_move(*parse_move(Kind::lines, "col:0:down", error)) == "col:0:down");
    CHECK(format_move(*parse_move(Kind::slide, "up", error)) == "up");
    CHECK_FALSE(parse_move(Kind::slide, "north", error));
    CHECK(error == "'north' is not a slide move (expected up, down, left or right)");
    CHECK_FALSE(parse_move(Kind::lines, "row:2:up", error));
    CHECK_FALSE(parse_move(Kind::link, "1,2;3,4", error));
}

TEST_CASE("new level ids are version 4 UUIDs", "[io]") {
    std::string id = make_level_uuid(99);
    CHECK(id.size() == 36);
    CHECK(id[14] == '4');
    CHECK((id[19] == '8' || id[19] == '9' || id[19] == 'a' || id[19] == 'b'));
    CHECK(make_level_uuid(99) == id);
    CHECK(make_level_uuid(100) != id);
}

namespace {
std::string with_seed(const std::string& seed_json) {
    std::string text = sample_text;
    const std::string from = "\"seed\": 42,";
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), "\"seed\": " + seed_json + ",");
}
}  // namespace

TEST_CASE("seeds: numbers up to 2^53-1, larger seeds as strings of digits, both exact", "[io][seed]") {
    // 2^53-1 stays a number; 2^53 and above are written as strings (JSON.parse would round them).
    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{9007199254740991ull}}) {
        CHECK(seed_to_json(seed).is_number_unsigned());
    }
    CHECK(seed_to_json(9007199254740992ull) == "9007199254740992");
    CHECK(seed_to_json(18446744073709551615ull) == "18446744073709551615");

    // A large seed written as a number by an older tilelab loads exactly and is written back as a string.
    LevelLoad big = parse_level(with_seed("11467685115684020839"), "big.json");
    REQUIRE(big.level);
    CHECK(big.level->seed == 11467685115684020839ull);
    const std::string written = write_level(*big.level);
    CHECK(written.find("\"seed\": \"11467685115684020839\",") != std::string::npos);
    // The string form loads to the same seed, and is a fixed point of the writer.
    LevelLoad again = parse_level(written, "again.json");
    REQUIRE(again.level);
    CHECK(again.level->seed == 11467685115684020839ull);
    CHECK(write_level(*again.level) == written);
    // A small seed written as a string loads and is written back as a number.
    LevelLoad small = parse_level(with_seed("\"42\""), "small.json");
    REQUIRE(small.level);
    CHECK(write_level(*small.level) == sample_text);

    // Strings that are no seed are refused at /seed, saying what a seed is.
    for (const char* bad :
         {"\"\"", "\"-1\"", "\"12a\"", "\" 12\"", "\"18446744073709551616\"", "\"1e5\"", "\"123456789012345678901\""}) {
        INFO(bad);
        LevelLoad load = parse_level(with_seed(bad), "bad.json");
        CHECK_FALSE(load.level);
        REQUIRE(load.diagnostics.size() >= 1);
        CHECK(load.diagnostics.front().format().find("bad.json: error: /seed: seed ") == 0);
        CHECK(load.diagnostics.front().format().find("is not a decimal integer from 0 to 18446744073709551615") !=
              std::string::npos);
    }
    CHECK(parse_seed_text("0") == std::uint64_t{0});
    CHECK(parse_seed_text("18446744073709551615") == 18446744073709551615ull);
    CHECK_FALSE(parse_seed_text("18446744073709551616"));
}

TEST_CASE("generate without --seed draws seeds below 2^53 (100 runs)", "[io][seed][cli]") {
    const auto dir = fs::temp_directory_path() / ("tilelab-seeds-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::set<std::uint64_t> seeds;
    const int runs = tilelab::test::reps(100);  // 10 starts of the sanitized CLI in the sanitizer run
    for (int i = 0; i < runs; ++i) {
        const auto file = (dir / ("g" + std::to_string(i) + ".json")).string();
        auto r = run_cli("generate --kind link --width 4 --height 4 -o " + shell_quote(file));
        REQUIRE(r.status == 0);
        LevelLoad load = load_level(file);
        REQUIRE(load.level);
        CHECK(load.level->seed <= 9007199254740991ull);
        // Written as a JSON number, not a string.
        CHECK(slurp(file).find("\"seed\": \"") == std::string::npos);
        seeds.insert(load.level->seed);
    }
    CHECK(static_cast<int>(seeds.size()) >= runs - 1);  // drawn, not one fixed value
    fs::remove_all(dir);
}
