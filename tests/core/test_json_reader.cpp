// The JSON reader under levels, packs and bundles never throws: every problem nlohmann or the
// byte stream can give (a number beyond double range, invalid UTF-8, NUL bytes, a BOM, duplicate
// keys, syntax) is a located diagnostic.
#include <catch2/catch.hpp>

#include <string>

#include "tilelab/io/level_io.hpp"

using namespace tilelab;

namespace {
// A valid level with "SEED" standing for the seed's text and "NAME" for the name's bytes.
std::string level_text(const std::string& seed = "7", const std::string& name = "ok", const std::string& extra = "") {
    return "{\n"
           "  \"format\": \"tilelab.level\",\n"
           "  \"version\": 1,\n"
           "  \"id\": \"x\",\n"
           "  \"name\": \"" +
           name +
           "\",\n"
           "  \"kind\": \"match3\",\n"
           "  \"width\": 3,\n"
           "  \"height\": 2,\n"
           "  \"seed\": " +
           seed +
           ",\n"
           "  \"rules\": {\"colors\": 3}," +
           extra +
           "\n"
           "  \"board\": [\"0 1 2\", \"1 2 0\"]\n"
           "}\n";
}

std::string all(const Diagnostics& diagnostics) {
    std::string out;
    for (const auto& d : diagnostics) out += d.format() + "\n";
    return out;
}

// Loads `text` (never throwing) and returns its diagnostics, requiring that no level came out.
Diagnostics refused(const std::string& text) {
    LevelLoad load;
    REQUIRE_NOTHROW(load = parse_level(text, "t.json"));
    INFO(all(load.diagnostics));
    CHECK_FALSE(load.level);
    REQUIRE(has_errors(load.diagnostics));
    return load.diagnostics;
}
}  // namespace

TEST_CASE("the valid base text loads", "[io][json]") {
    LevelLoad load = parse_level(level_text(), "t.json");
    INFO(all(load.diagnostics));
    REQUIRE(load.level);
    CHECK(load.diagnostics.empty());
}

TEST_CASE("a number beyond double range is a located error, not an exception", "[io][json]") {
    auto d = refused(level_text("1e400"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].format() == "t.json:9:11: error: the number 1e400 is out of range (beyond a double)");
    // Anywhere: in the id's place, in meta, negative, in a pack and in a bundle's validate path.
    std::string text = level_text();
    text.replace(text.find("\"x\""), 3, "-1e400");
    d = refused(text);
    CHECK(d[0].format() == "t.json:4:9: error: the number -1e400 is out of range (beyond a double)");
    d = refused(level_text("7", "ok", " \"meta\": {\"a\": [1, 2e999]},"));
    CHECK(d[0].format() == "t.json:10:45: error: the number 2e999 is out of range (beyond a double)");
    PackLoad pack;
    REQUIRE_NOTHROW(pack = parse_pack("{\"format\": \"tilelab.pack\", \"version\": 1e400}", "p.json"));
    CHECK_FALSE(pack.pack);
    REQUIRE(pack.diagnostics.size() == 1);
    CHECK(pack.diagnostics[0].format() == "p.json:1:39: error: the number 1e400 is out of range (beyond a double)");
    // A large integer that does fit a double is an ordinary content error.
    d = refused(level_text("1e300"));
    CHECK(d[0].format() == "t.json: error: /seed: seed must be an integer from 0 to 2^64-1, not a number with a fraction");
}

TEST_CASE("invalid UTF-8 is a located error", "[io][json]") {
    auto d = refused(level_text("7",
                                "b\xff"
                                "d"));
    REQUIRE(d.size() == 1);
    CHECK(d[0].format() == "t.json:5:13: error: invalid string: ill-formed UTF-8 byte");
    // A truncated sequence and an overlong encoding of '/'.
    d = refused(level_text("7", "b\xc3"));
    CHECK(d[0].line == 5);
    d = refused(level_text("7", "\xc0\xaf"));
    CHECK(d[0].message.find("UTF-8") != std::string::npos);
    // Outside a string.
    std::string text = level_text();
    text.insert(text.find("\"kind\""), "\xc3\xa9");
    d = refused(text);
    CHECK(d[0].line == 6);
    CHECK(d[0].column == 3);
    CHECK(d[0].message.rfind("unexpected byte 0xC3: invalid literal", 0) == 0);
    // A UTF-16 file is named as such.
    d = refused(std::string("\xFF\xFE{\0}\0", 6));
    CHECK(d[0].format().rfind("t.json:1:4: error: a NUL byte", 0) == 0);
    d = refused("\xFF\xFE{}");
    CHECK(d[0].format().find("UTF-16") != std::string::npos);
}

TEST_CASE("NUL bytes are located errors, in a string or between tokens", "[io][json]") {
    std::string text = level_text("7", std::string("b\0d", 3));
    auto d = refused(text);
    REQUIRE(d.size() == 1);
    CHECK(d[0].line == 5);
    CHECK(d[0].column == 13);
    CHECK(d[0].message.find("NUL") != std::string::npos);
    text = level_text();
    text.insert(text.find("\"kind\""), std::string(1, '\0'));
    d = refused(text);
    CHECK(d[0].line == 6);
    CHECK(d[0].column == 3);
    CHECK(d[0].message.rfind("a NUL byte", 0) == 0);
    // A whole level followed by the NULs a torn write leaves is not accepted either.
    d = refused(level_text() + std::string(4, '\0'));
    CHECK(d[0].format().rfind("t.json:13:1: error: a NUL byte", 0) == 0);
    // A file of NULs (a torn write) and the empty text.
    d = refused(std::string(64, '\0'));
    CHECK(d[0].format().rfind("t.json:1:1: error: a NUL byte", 0) == 0);
    d = refused("");
    CHECK(d[0].format().rfind("t.json:1:1: error: the file ends too early", 0) == 0);
}

TEST_CASE("a UTF-8 byte order mark is skipped with a warning; the level loads", "[io][json]") {
    LevelLoad load = parse_level("\xEF\xBB\xBF" + level_text(), "t.json");
    REQUIRE(load.level);
    REQUIRE(load.diagnostics.size() == 1);
    CHECK(load.diagnostics[0].severity == Diagnostic::Severity::warning);
    CHECK(load.diagnostics[0].format().rfind("t.json:1:1: warning: the file starts with a byte order mark", 0) == 0);
    // The canonical text has no BOM, and a BOM does not shift the other places.
    CHECK(write_level(*load.level).rfind("{", 0) == 0);
    auto d = refused("\xEF\xBB\xBF" + level_text("1e400"));
    CHECK(d.back().format() == "t.json:9:11: error: the number 1e400 is out of range (beyond a double)");
    // Half a BOM is not text.
    d = refused("\xEF\xBB" + level_text());
    CHECK(d[0].line == 1);
    CHECK(d[0].column == 1);
}

TEST_CASE("duplicate keys are errors naming both places, at any depth", "[io][json]") {
    std::string text = level_text();
    text.insert(text.find("  \"kind\""), "  \"seed\": 8,\n");
    auto d = refused(text);
    REQUIRE(d.size() == 1);
    CHECK(d[0].format() == "t.json:10:3: error: duplicate key 'seed' (first at line 6, column 3)");
    // In rules; with escapes in the key (the same key spelled two ways); in meta; all of them at once.
    d = refused(level_text("7", "ok", " \"meta\": {\"a\\\"b\": 1, \"a\\u0022b\": 2, \"n\": {\"k\": 1, \"k\": 2}},"));
    REQUIRE(d.size() == 2);
    CHECK(d[0].format() == "t.json:10:47: error: duplicate key 'a\"b' (first at line 10, column 36)");
    CHECK(d[1].format() == "t.json:10:76: error: duplicate key 'k' (first at line 10, column 68)");
    // The same key in two different objects is fine.
    LevelLoad load = parse_level(level_text("7", "ok", " \"meta\": {\"k\": {\"k\": 1}, \"j\": {\"k\": 2}},"), "t.json");
    INFO(all(load.diagnostics));
    CHECK(load.level);
    PackLoad pack = parse_pack("{\"format\": \"tilelab.pack\", \"name\": \"a\", \"name\": \"b\", \"version\": 1, \"levels\": []}",
                               "p.json");
    CHECK_FALSE(pack.pack);
    CHECK(all(pack.diagnostics) == "p.json:1:41: error: duplicate key 'name' (first at line 1, column 28)\n");
}

TEST_CASE("syntax errors keep their line and column", "[io][json]") {
    auto d = refused("{\n  \"format\": \"tilelab.level\",\n  ]\n}");
    REQUIRE(d.size() == 1);
    CHECK(d[0].line == 3);
    CHECK(d[0].column == 3);
    d = refused("{\"a\": \"\\ud800\"}");
    CHECK(d[0].line == 1);
    CHECK(d[0].message.find("surrogate") != std::string::npos);
    d = refused("{\"a\": \"tab\there\"}");
    CHECK(d[0].message.find("control character") != std::string::npos);
}

TEST_CASE("parse_json_document serves bundles and any JSON file the same way", "[io][json]") {
    Diagnostics diagnostics;
    auto value = parse_json_document("{\"levels\": [1e400]}", "b.json", diagnostics);
    CHECK_FALSE(value);
    CHECK(all(diagnostics) == "b.json:1:13: error: the number 1e400 is out of range (beyond a double)\n");
    diagnostics.clear();
    value = parse_json_document("{\"levels\": [1, {\"a\": null}]}", "b.json", diagnostics);
    REQUIRE(value);
    CHECK(diagnostics.empty());
    CHECK(value->dump() == "{\"levels\":[1,{\"a\":null}]}");
    // level_from_json on any value a caller hands it never throws either.
    for (const char* text : {"null", "[]", "1", "\"s\"", "{\"format\": \"tilelab.level\", \"version\": 1.5}"}) {
        LevelLoad load;
        REQUIRE_NOTHROW(load = level_from_json(nlohmann::ordered_json::parse(text), "b.json", "/levels/0"));
        CHECK_FALSE(load.level);
        CHECK(has_errors(load.diagnostics));
    }
}
