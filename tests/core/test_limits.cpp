// One set of limits (docs/format.md "Limits"): every reader, writer and check takes them from
// tilelab/limits.hpp, and a file the tool writes is always one it reads back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/run.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/pack.hpp"

namespace fs = std::filesystem;
using namespace tilelab;
using tilelab::test::put;
using tilelab::test::run_cli;

namespace {

const std::string small_link_level =
    R"({"format": "tilelab.level", "version": 2, "id": "a", "name": "A", "kind": "link", "width": 2, "height": 1,)"
    R"( "seed": 1, "goal": {"clear": true}, "board": ["1 1"])";

}  // namespace

TEST_CASE("a bundle may be larger than a level file, up to the bundle limit", "[io][limits]") {
    tilelab::test::ScratchFolder f("limits-bundle");
    // 17 MiB of meta: over a level's limit, well under a bundle's.
    const std::string padding(17u << 20, 'x');
    put(f.dir / "big.bundle.json", R"({"format": "tilelab.bundle", "version": 1, "name": "B", "levels": [)" + small_link_level +
                                       R"(, "meta": {"pad": ")" + padding + R"("}}], "report": []})" + "\n");
    auto bundle = run_cli("validate " + f.at("big.bundle.json"));
    CHECK(bundle.status == 0);
    CHECK(bundle.out.find("ok (bundle, 1 levels)") != std::string::npos);
    put(f.dir / "big.json", small_link_level + R"(, "meta": {"pad": ")" + padding + R"("}})" + "\n");
    auto level = run_cli("validate " + f.at("big.json"));
    CHECK(level.status == 1);
    CHECK(level.err.find("over the limit of " + std::to_string(limits::max_file_bytes)) != std::string::npos);
}

TEST_CASE("export refuses a bundle over the bundle limit, which readers would refuse", "[pack][limits]") {
    CHECK(pack::bundle_size_refusal(limits::max_bundle_bytes).empty());
    const std::string refusal = pack::bundle_size_refusal(limits::max_bundle_bytes + 1);
    CHECK(refusal.find("over the limit of " + std::to_string(limits::max_bundle_bytes)) != std::string::npos);
    CHECK(refusal.find("split the pack") != std::string::npos);
}

TEST_CASE("a pack lists at most max_pack_levels levels", "[io][limits]") {
    std::string levels;
    for (int i = 0; i <= limits::max_pack_levels; ++i) levels += (i ? ", \"" : "\"") + std::to_string(i) + ".json\"";
    const std::string text = R"({"format": "tilelab.pack", "version": 1, "name": "P", "levels": [)" + levels + "]}";
    PackLoad load = parse_pack(text, "p.json");
    REQUIRE_FALSE(load.pack);
    REQUIRE(load.diagnostics.size() == 1);
    CHECK(load.diagnostics[0].pointer == "/levels");
    CHECK(load.diagnostics[0].message.find("over the limit of " + std::to_string(limits::max_pack_levels)) != std::string::npos);
    // One fewer loads, and a path listed twice is still found among them.
    std::string fewer = text.substr(0, text.rfind(", \""));
    fewer = fewer.substr(0, fewer.rfind(", \"")) + ", \"0.json\"]}";  // max_pack_levels entries
    load = parse_pack(fewer, "p.json");
    REQUIRE(load.diagnostics.size() == 1);
    CHECK(load.diagnostics[0].message == "'0.json' is listed twice");
}

TEST_CASE("a pack report of any size is known as one and replaced", "[pack][limits][output]") {
    tilelab::test::ScratchFolder f("limits-report");
    fs::copy_file(TILELAB_SOURCE_DIR "/levels/samples/link/01-pairs.json", f.dir / "a.json");
    put(f.dir / "pack.json", "{\"format\": \"tilelab.pack\", \"version\": 1, \"name\": \"P\", \"levels\": [\"a.json\"]}\n");
    // An older report over every JSON limit (a pack of big boards makes such pages).
    put(f.dir / "r.html",
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>tilelab pack report: old</title>\n" +
            std::string(limits::max_file_bytes + 1, ' ') + "</html>\n");
    auto r = run_cli("pack report " + f.at("pack.json") + " -o " + f.at("r.html"));
    CHECK(r.status == 0);
    CHECK(fs::file_size(f.dir / "r.html") < 1'000'000);
}

TEST_CASE("sniff_format reads up to the top-level format", "[io][limits]") {
    CHECK(sniff_format(R"({"format": "tilelab.pack", "levels": [)") == "tilelab.pack");  // the rest unread
    CHECK(sniff_format(R"({"name": {"format": "x"}, "list": [[1], {"format": 2}], "format": "tilelab.bundle"})") ==
          "tilelab.bundle");
    CHECK(sniff_format("\xEF\xBB\xBF{\"format\": \"tilelab.level\"}") == "tilelab.level");
    CHECK(sniff_format(R"({"format": 3, "then": {"format": "tilelab.level"}})").empty());
    CHECK(sniff_format(R"({"format": ["tilelab.level"]})").empty());
    CHECK(sniff_format(R"(["tilelab.level", {"format": "tilelab.level"}])").empty());
    CHECK(sniff_format(R"({"levels": [1, 2})").empty());
    CHECK(sniff_format(std::string(100000, '[')).empty());
}
