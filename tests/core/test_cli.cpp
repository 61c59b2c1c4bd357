// The `tilelab` command as a pipeline sees it: exit statuses, messages, validate, fmt, usage errors.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "support/run.hpp"
#include "tilelab/board/level.hpp"

namespace fs = std::filesystem;
using tilelab::test::run_cli;
using tilelab::test::scratch_dir;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {
const std::string src = TILELAB_SOURCE_DIR;
const std::string bad_dir = TILELAB_TEST_DATA "/bad";

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.push_back(line);
    return out;
}
}  // namespace

TEST_CASE("the bad-input corpus: each file exits 1 with its expected messages", "[cli][bad]") {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(bad_dir))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 25);
    for (const auto& file : files) {
        auto expect_path = fs::path(file).replace_extension(".expect");
        INFO(file.filename().string());
        REQUIRE(fs::exists(expect_path));
        auto result = run_cli("validate " + shell_quote(file.string()));
        INFO("stderr:\n" << result.err);
        CHECK(result.status == 1);
        CHECK(result.out.empty());
        CHECK(result.err.find("internal error") == std::string::npos);
        for (const auto& want : lines_of(slurp(expect_path))) {
            INFO("expected: " << want);
            CHECK(result.err.find(want) != std::string::npos);
        }
        // Every message names the file.
        for (const auto& line : lines_of(result.err)) CHECK(line.rfind(file.string(), 0) == 0);
    }
}

TEST_CASE("validate accepts every shipped level and the demo pack", "[cli]") {
    std::string args;
    for (const auto& e : fs::recursive_directory_iterator(src + "/levels/samples"))
        if (e.path().extension() == ".json") args += " " + shell_quote(e.path().string());
    auto result = run_cli("validate" + args + " " + shell_quote(src + "/levels/packs/demo.json"));
    INFO(result.err);
    CHECK(result.status == 0);
    CHECK(result.err.empty());
    CHECK(result.out.find("pack 'Demo'") != std::string::npos);
}

TEST_CASE("fmt is a fixed point on every shipped file", "[cli][fmt]") {
    std::string args;
    for (const auto& e : fs::recursive_directory_iterator(src + "/levels"))
        if (e.path().extension() == ".json" && e.path().parent_path().filename() != "schema")
            args += " " + shell_quote(e.path().string());
    auto result = run_cli("fmt --check" + args);
    INFO(result.err);
    CHECK(result.status == 0);
}

TEST_CASE("fmt --check exits 1 on a non-canonical file and changes nothing; fmt rewrites it", "[cli][fmt]") {
    auto dir = scratch_dir("cli-fmt");
    auto path = dir / "level.json";
    const std::string messy = R"({"kind":"slide","format":"tilelab.level","version":1,"id":"s1","name":"S","width":2,"height":2,)"
                              R"("board":["2 .",". 4"]})";
    { std::ofstream(path) << messy; }
    auto check = run_cli("fmt --check " + shell_quote(path.string()));
    CHECK(check.status == 1);
    CHECK(check.err.find("not canonical") != std::string::npos);
    CHECK(slurp(path) == messy);
    auto fix = run_cli("fmt " + shell_quote(path.string()));
    CHECK(fix.status == 0);
    const std::string fixed = slurp(path);
    // fmt keeps the file's version (1 here); --upgrade writes the newest.
    CHECK(fixed.rfind("{\n  \"format\": \"tilelab.level\",\n  \"version\": 1,\n  \"id\": \"s1\"", 0) == 0);
    CHECK(fixed.find("\"board\": [\n    \"2 .\",\n    \". 4\"\n  ]") != std::string::npos);
    CHECK(fixed.back() == '\n');
    CHECK(run_cli("fmt --check " + shell_quote(path.string())).status == 0);
    CHECK(run_cli("fmt --upgrade " + shell_quote(path.string())).status == 0);
    const std::string upgraded = slurp(path);
    CHECK(upgraded.rfind("{\n  \"format\": \"tilelab.level\",\n  \"version\": " + std::to_string(tilelab::level_format_version) +
                             ",\n  \"id\": \"s1\"",
                         0) == 0);
    CHECK(upgraded.substr(upgraded.find("\"id\"")) == fixed.substr(fixed.find("\"id\"")));
    CHECK(run_cli("fmt --check " + shell_quote(path.string())).status == 0);
    // An invalid file is reported and left alone.
    auto broken = dir / "broken.json";
    { std::ofstream(broken) << "{\"format\": \"tilelab.level\""; }
    auto bad = run_cli("fmt " + shell_quote(broken.string()));
    CHECK(bad.status == 1);
    CHECK(slurp(broken) == "{\"format\": \"tilelab.level\"");
    fs::remove_all(dir);
}

TEST_CASE("wrong usage exits 2 with a message naming the fault", "[cli][usage]") {
    auto check_usage = [](const std::string& args, const std::string& want) {
        INFO(args);
        auto r = run_cli(args);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.err.find(want) != std::string::npos);
    };
    check_usage("", "usage: tilelab VERB");
    check_usage("frobnicate", "unknown verb 'frobnicate'");
    check_usage("validate", "name at least one");
    check_usage("validate --strict x.json", "unknown option '--strict'");
    check_usage("fmt", "name at least one");
    check_usage("analyze", "name a level file");
    check_usage("analyze a.json --budget-ms abc", "--budget-ms takes a whole number, not 'abc'");
    check_usage("analyze a.json --budget-ms", "--budget-ms needs a value");
    check_usage("generate --width 5 --height 5", "--kind is required");
    check_usage("generate --kind tetris --width 5 --height 5", "unknown kind 'tetris'");
    check_usage("generate --kind match3 --width 500 --height 5", "--width takes a number from 1 to 256, not 500");
    check_usage("estimate " + shell_quote(src + "/levels/samples/match3/01-intro.json") + " --runs -3",
                "--runs takes a number from 1 to 10000000, not -3");
    check_usage("apply " + shell_quote(src + "/levels/samples/slide/01-classic.json") + " north",
                "move 0: 'north' is not a slide move");
    check_usage("apply " + shell_quote(src + "/levels/samples/lines/01-square.json") + " row:1:up",
                "move 0: 'row:1:up' is not a lines move");
}

TEST_CASE("--help and --version succeed without a display", "[cli][usage]") {
    for (const char* verb : {"validate", "fmt", "analyze", "apply", "generate", "estimate"}) {
        INFO(verb);
        auto r = run_cli(std::string(verb) + " --help");
        CHECK(r.status == 0);
        CHECK(r.out.find(std::string("usage: tilelab ") + verb) != std::string::npos);
    }
    auto v = run_cli("--version");
    CHECK(v.status == 0);
    CHECK(v.out.rfind("tilelab ", 0) == 0);
    // The format versions it writes and reads, from the reader's own constant (it once said "level format 1").
    CHECK(v.out.find("level format: writes version " + std::to_string(tilelab::level_format_version) + ", reads versions 1 to " +
                     std::to_string(tilelab::level_format_version) + "\n") != std::string::npos);
    CHECK(v.out.find("bundle format: version 1") != std::string::npos);
    auto h = run_cli("--help");
    CHECK(h.status == 0);
    CHECK(h.out.find("validate") != std::string::npos);
}

TEST_CASE("a missing file and a directory are reported, not crashed on", "[cli]") {
    auto r = run_cli("validate /no/such/level.json");
    CHECK(r.status == 1);
    CHECK(r.err == "/no/such/level.json: error: no such file\n");
    r = run_cli("validate " + shell_quote(src + "/levels"));
    CHECK(r.status == 1);
    CHECK(r.err.find("is a directory") != std::string::npos);
    r = run_cli("analyze /no/such/level.json --json");
    CHECK(r.status == 1);
    CHECK(r.out.empty());
}
