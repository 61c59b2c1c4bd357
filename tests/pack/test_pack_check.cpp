// Pack checking as a library: load problems, duplicate ids, dead starts, verdicts, pass-rate ranges,
// the same figures for any thread count, and the bundle built from a passed check.
#include <catch2/catch.hpp>

#include "pack_test_support.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/pack/pack.hpp"

using namespace tilelab;
using tilelab::test::ScratchDir;

namespace {

bool mentions(const Diagnostics& problems, const std::string& file, const std::string& pointer, const std::string& words,
              Diagnostic::Severity severity = Diagnostic::Severity::error) {
    for (const Diagnostic& d : problems)
        if (d.severity == severity && d.file == file && d.pointer == pointer && d.message.find(words) != std::string::npos)
            return true;
    return false;
}

std::string all_messages(const pack::PackReport& report) {
    std::string text;
    for (const auto& d : report.pack_problems) text += d.format() + "\n";
    for (const auto& l : report.levels)
        for (const auto& d : l.problems) text += d.format() + "\n";
    return text;
}

pack::CheckOptions quick(int threads = 1) {
    pack::CheckOptions options;
    options.runs = 40;
    options.threads = threads;
    options.seed = 11;
    options.budget_ms = 120000;  // wall time: far above the solvers' CPU, so load does not decide
    // The greedy bots: quicker than the defaults on these boards, and the figures are the same kind.
    options.bot = "greedy";
    return options;
}

}  // namespace

TEST_CASE("pack check names the file and the fault of a broken level and of a repeated id", "[pack]") {
    ScratchDir dir("broken");
    dir.write("w/a.json", test::slide_level("same-id", {"2 . . .", ". . . .", ". . . .", ". . . 2"}, 2048));
    dir.write("w/b.json", test::slide_level("same-id", {"4 . . .", ". . . .", ". . . .", ". . . 2"}, 2048));
    dir.write("w/c.json", test::slide_level("broken", {"2 3 . .", ". . . .", ". . . .", ". . . ."}, 2048));
    const auto pack_path = dir.write("world.json",
                                     test::pack_file("World", {"w/a.json", "w/b.json", "w/c.json", "w/missing.json"}));

    pack::LoadedPack loaded = pack::load_pack_levels(pack_path);
    REQUIRE(loaded.pack);
    REQUIRE(loaded.entries.size() == 4);
    pack::PackReport report = pack::check_pack(loaded, quick());
    INFO(all_messages(report));
    CHECK_FALSE(report.ok());
    REQUIRE(report.levels.size() == 4);
    const std::string folder = dir.path().string() + "/w/";

    // The broken token is reported by the level reader at its place, naming the level's file.
    CHECK_FALSE(report.levels[2].level);
    CHECK(report.levels[2].has_errors());
    CHECK(report.levels[2].problems.front().file == folder + "c.json");
    CHECK(report.levels[2].problems.front().pointer.rfind("/board/0", 0) == 0);
    // The repeated id is an error on the second file, pointing at its id and naming the first file.
    CHECK_FALSE(report.levels[0].has_errors());
    CHECK(mentions(report.levels[1].problems, folder + "b.json", "/id", folder + "a.json"));
    // A missing file is an error naming it.
    CHECK(mentions(report.levels[3].problems, folder + "missing.json", "", "no such file"));

    // The JSON says the same, level by level, and nothing there depends on the machine.
    auto json = report.to_json();
    CHECK(json.at("ok") == false);
    CHECK(json.at("errors").get<int>() == report.error_count());
    CHECK(json.at("levels").size() == 4);
    CHECK(json.at("levels").at(2).at("valid") == false);
    CHECK(json.at("levels").at(1).at("problems").at(0).at("pointer") == "/id");
}

TEST_CASE("pack check of an unreadable pack file reports it and checks nothing", "[pack]") {
    ScratchDir dir("nopack");
    const auto pack_path = dir.write("bad.json",
                                     "{\"format\": \"tilelab.pack\", \"version\": 1, \"name\": \"x\", \"levels\": [1,]}");
    pack::LoadedPack loaded = pack::load_pack_levels(pack_path);
    CHECK_FALSE(loaded.pack);
    pack::PackReport report = pack::check_pack(loaded, quick());
    CHECK_FALSE(report.ok());
    CHECK(report.levels.empty());
    REQUIRE_FALSE(report.pack_problems.empty());
    CHECK(report.pack_problems.front().file == pack_path.string());
}

TEST_CASE("pack check flags dead starts and unsolvable boards in each kind's words", "[pack]") {
    ScratchDir dir("dead");
    // slide: a full board with no equal neighbours cannot move at all.
    dir.write("over.json", test::slide_level("over", {"2 4", "4 2"}, 2048));
    // link: the two 1s and the two 2s sit on diagonals; every path needs three turns.
    dir.write("stuck.json", test::link_level("stuck", {"1 2", "2 1"}));
    // link: a pair side by side clears the board.
    dir.write("easy.json", test::link_level("easy", {"5 5", ". ."}));
    const auto pack_path = dir.write("p.json", test::pack_file("Dead", {"over.json", "stuck.json", "easy.json"}));
    pack::PackReport report = pack::check_pack(pack::load_pack_levels(pack_path), quick());
    INFO(all_messages(report));
    REQUIRE(report.levels.size() == 3);
    const std::string base = dir.path().string() + "/";

    CHECK(report.levels[0].blocked);
    CHECK(mentions(report.levels[0].problems, base + "over.json", "/board", "game over at the start"));
    REQUIRE(report.levels[0].estimate);
    CHECK(report.levels[0].estimate->pass_rate == 0.0);

    CHECK(report.levels[1].blocked);
    CHECK(report.levels[1].verdict == Verdict::unsolvable);
    CHECK(mentions(report.levels[1].problems, base + "stuck.json", "/board", "stuck at the start"));

    CHECK(report.levels[2].verdict == Verdict::solvable);
    CHECK(report.levels[2].solution_moves == 1);
    CHECK_FALSE(report.levels[2].has_errors());
    CHECK_FALSE(report.ok());
}

TEST_CASE("pack check: a pass rate outside --range is an error, inside it is not", "[pack]") {
    ScratchDir dir("range");
    // Target 4 with two 2s side by side and no move limit: every playout reaches a 4.
    dir.write("sure.json", test::slide_level("sure", {"2 2 .", ". . .", ". . ."}, 4));
    const auto pack_path = dir.write("p.json", test::pack_file("Range", {"sure.json"}));
    pack::LoadedPack loaded = pack::load_pack_levels(pack_path);

    pack::CheckOptions options = quick();
    options.pass_range = std::pair{0.2, 0.8};
    pack::PackReport too_easy = pack::check_pack(loaded, options);
    INFO(all_messages(too_easy));
    REQUIRE(too_easy.levels.at(0).estimate);
    CHECK(too_easy.levels[0].estimate->pass_rate == 1.0);
    CHECK(too_easy.levels[0].estimate->runs == options.runs);
    CHECK(mentions(too_easy.levels[0].problems, (dir.path() / "sure.json").string(), "", "outside the range 20.0%..80.0%"));
    CHECK_FALSE(too_easy.ok());

    options.pass_range = std::pair{0.5, 1.0};
    CHECK(pack::check_pack(loaded, options).ok());
    options.pass_range.reset();
    CHECK(pack::check_pack(loaded, options).ok());
}

TEST_CASE("pack check gives the same figures for any thread count, equal to the kind's estimate", "[pack]") {
    ScratchDir dir("threads");
    dir.write("a.json", test::slide_level("a", {". . .", ". 2 .", ". . ."}, 32, 3));
    dir.write("b.json", test::slide_level("b", {"2 . . .", ". . . .", ". . 4 .", ". . . ."}, 64, 9));
    dir.write("c.json", test::link_level("c", {"1 2 . 2", ". 1 3 3"}));
    const auto pack_path = dir.write("p.json", test::pack_file("Threads", {"a.json", "b.json", "c.json"}));
    pack::LoadedPack loaded = pack::load_pack_levels(pack_path);

    const auto one = pack::check_pack(loaded, quick(1));
    const auto two = pack::check_pack(loaded, quick(2));
    const auto three = pack::check_pack(loaded, quick(3));
    INFO(all_messages(one));
    CHECK(one.to_json() == two.to_json());
    CHECK(one.to_json() == three.to_json());

    // The same numbers as `tilelab estimate LEVEL --seed 11 --runs 40`: the kind's estimate with that seed.
    for (int i = 0; i < 2; ++i) {
        const Level& level = *loaded.entries[static_cast<std::size_t>(i)].level;
        EstimateOptions options;
        options.runs = 40;
        options.seed = 11;
        options.threads = 2;
        options.bot = "greedy";
        EstimateResult direct = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
        REQUIRE(one.levels[static_cast<std::size_t>(i)].estimate);
        CHECK(one.levels[static_cast<std::size_t>(i)].estimate->pass_rate == direct.pass_rate);
        CHECK(one.levels[static_cast<std::size_t>(i)].estimate->wins == direct.wins);
        CHECK(one.levels[static_cast<std::size_t>(i)].estimate->ci_low == direct.ci_low);
    }
}

TEST_CASE("pack check stops early when asked and leaves the rest unanalysed", "[pack]") {
    ScratchDir dir("stop");
    dir.write("a.json", test::slide_level("a", {". . .", ". 2 .", ". . ."}, 32, 3));
    dir.write("b.json", test::link_level("b", {"1 1"}));
    const auto pack_path = dir.write("p.json", test::pack_file("Stop", {"a.json", "b.json"}));
    std::stop_source stop;
    stop.request_stop();
    auto report = pack::check_pack(pack::load_pack_levels(pack_path), quick(), stop.get_token());
    REQUIRE(report.levels.size() == 2);
    CHECK_FALSE(report.levels[0].analysed);
    CHECK_FALSE(report.levels[0].estimate);
}

TEST_CASE("the bundle holds every level in pack order, canonical, with one summary each", "[pack]") {
    ScratchDir dir("bundle");
    dir.write("one.json", test::slide_level("one", {"2 2 .", ". . .", ". . ."}, 4));
    dir.write("two.json", test::link_level("two", {"7 7", "3 3"}));
    const auto pack_path = dir.write("p.json", test::pack_file("Bundle \"quoted\"", {"two.json", "one.json"}));
    pack::LoadedPack loaded = pack::load_pack_levels(pack_path);
    pack::PackReport report = pack::check_pack(loaded, quick());
    INFO(all_messages(report));
    REQUIRE(report.ok());

    const auto bundle = pack::make_bundle(report);
    CHECK(bundle.at("format") == "tilelab.bundle");
    CHECK(bundle.at("version") == 1);
    CHECK(bundle.at("name") == "Bundle \"quoted\"");
    REQUIRE(bundle.at("levels").size() == 2);
    REQUIRE(bundle.at("report").size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        // Each entry reads back as the very level the pack names, in pack order.
        nlohmann::json entry = nlohmann::json::parse(bundle.at("levels").at(i).dump());
        LevelLoad back = level_from_json(entry, "bundle.json", "/levels/" + std::to_string(i));
        REQUIRE(back.level);
        CHECK(*back.level == *loaded.entries[i].level);
        CHECK(bundle.at("report").at(i).at("id") == loaded.entries[i].level->id);
    }
    CHECK(bundle.at("report").at(0).at("verdict") == "solvable");
    CHECK(bundle.at("report").at(1).at("estimate").at("pass_rate") == 1.0);

    const std::string pretty = pack::bundle_text(bundle, false);
    const std::string minified = pack::bundle_text(bundle, true);
    CHECK(minified.find('\n') == minified.size() - 1);
    CHECK(minified.size() < pretty.size());
    CHECK(nlohmann::ordered_json::parse(pretty) == nlohmann::ordered_json::parse(minified));
}
