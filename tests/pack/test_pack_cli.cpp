// `tilelab pack` end to end: exit statuses, one JSON object on stdout, bundles written only for a
// passing pack, and the same pass rates as `tilelab estimate` for any --threads.
#include <catch2/catch.hpp>

#include <cstdio>

#include <nlohmann/json.hpp>

#include "pack_test_support.hpp"

using tilelab::test::CommandResult;
using tilelab::test::run_tilelab;
using tilelab::test::ScratchDir;
using ojson = nlohmann::ordered_json;

namespace {

const std::string demo_pack = std::string(TILELAB_SOURCE_DIR) + "/levels/packs/demo.json";
// The greedy bots keep the demo's slide samples (targets 2048 and 256) to a fraction of a second;
// the default bots take most of a minute on the whole demo pack (see docs/packs.md).
const std::vector<std::string> quick_demo{"--runs", "20", "--bot", "greedy"};

std::vector<std::string> with(std::vector<std::string> words, const std::vector<std::string>& more) {
    words.insert(words.end(), more.begin(), more.end());
    return words;
}

}  // namespace

TEST_CASE("pack check and export work on the demo pack", "[pack][cli]") {
    ScratchDir dir("demo");
    const std::size_t demo_levels = ojson::parse(tilelab::test::read_file(demo_pack)).at("levels").size();
    REQUIRE(demo_levels >= 18);  // three samples of each kind, and the six of match3 format 2
    CommandResult check = run_tilelab(with({"pack", "check", demo_pack, "--json"}, quick_demo), dir.path());
    INFO(check.err);
    CHECK(check.status == 0);
    // Exactly one JSON object on stdout.
    ojson report = ojson::parse(check.out);
    CHECK(report.at("ok") == true);
    CHECK(report.at("levels").size() == demo_levels);
    CHECK(check.err.find('\r') == std::string::npos);  // no progress line when stderr is a file

    CommandResult table = run_tilelab(with({"pack", "check", demo_pack}, quick_demo), dir.path());
    CHECK(table.status == 0);
    CHECK(table.out.find(": ok") != std::string::npos);
    // Each level's name beside its id, every column ending in a space even when a name fills it.
    CHECK(table.out.find("  # id                    name                    kind ") != std::string::npos);
    CHECK(table.out.find("m3-intro-01           Intro: first swaps      match3") != std::string::npos);
    CHECK(table.out.find("Holes: collect the reds match3") != std::string::npos);

    const std::string bundle = (dir / "demo.bundle.json").string();
    CommandResult exported = run_tilelab(with({"pack", "export", demo_pack, "-o", bundle}, quick_demo), dir.path());
    INFO(exported.err);
    REQUIRE(exported.status == 0);
    ojson written = ojson::parse(tilelab::test::read_file(bundle));
    CHECK(written.at("format") == "tilelab.bundle");
    CHECK(written.at("name") == "Demo");
    CHECK(written.at("levels").size() == demo_levels);
    CHECK(written.at("report").size() == demo_levels);
    CHECK(written.at("levels").at(0).at("id") == written.at("report").at(0).at("id"));
    // The level reader accepts every level of the bundle.
    CHECK(run_tilelab({"validate", bundle}, dir.path()).status == 0);

    const std::string small = (dir / "demo.min.json").string();
    CHECK(run_tilelab(with({"pack", "export", demo_pack, "-o", small, "--minify"}, quick_demo), dir.path()).status == 0);
    const std::string minified = tilelab::test::read_file(small);
    CHECK(minified.find('\n') == minified.size() - 1);
    CHECK(ojson::parse(minified) == written);

    // A bot no kind knows is an error of each level that plays out, not a crash.
    CommandResult bad_bot = run_tilelab({"pack", "check", demo_pack, "--runs", "2", "--bot", "psychic"}, dir.path());
    CHECK(bad_bot.status == 1);
    CHECK(bad_bot.err.find("01-intro.json: error: estimate failed") != std::string::npos);
}

TEST_CASE("pack export of a pack with one broken level writes nothing, exits 1 and names the fault", "[pack][cli]") {
    ScratchDir dir("export-broken");
    dir.write("ok.json", tilelab::test::slide_level("fine", {"2 2 .", ". . .", ". . ."}, 4));
    dir.write("bad.json", tilelab::test::slide_level("bad", {"2 2 .", ". 6 .", ". . ."}, 4));
    const auto pack = dir.write("p.json", tilelab::test::pack_file("Broken", {"ok.json", "bad.json"}));
    const auto bundle = dir / "out.json";
    CommandResult r = run_tilelab({"pack", "export", pack.string(), "-o", bundle.string(), "--runs", "10"}, dir.path());
    CHECK(r.status == 1);
    CHECK_FALSE(std::filesystem::exists(bundle));
    INFO(r.err);
    // "FILE: error: /board/1...: ..." for the '6', then the refusal.
    CHECK(r.err.find((dir / "bad.json").string() + ": error: /board/1") != std::string::npos);
    CHECK(r.err.find("'6'") != std::string::npos);
    CHECK(r.err.find("nothing written") != std::string::npos);
    // No temporary file is left beside the bundle either.
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        files += entry.path().filename().string().rfind("out.json", 0) == 0;
    CHECK(files == 0);

    CommandResult check = run_tilelab({"pack", "check", pack.string(), "--json", "--runs", "10"}, dir.path());
    CHECK(check.status == 1);
    ojson report = ojson::parse(check.out);
    CHECK(report.at("ok") == false);
    CHECK(report.at("levels").at(1).at("valid") == false);
}

TEST_CASE("pack usage errors exit 2 and say what is wrong", "[pack][cli]") {
    ScratchDir dir("usage");
    auto status_of = [&](const std::vector<std::string>& args) { return run_tilelab(args, dir.path()); };
    CHECK(status_of({"pack"}).status == 2);
    CHECK(status_of({"pack", "frobnicate", demo_pack}).status == 2);
    CHECK(status_of({"pack", "check"}).status == 2);
    CHECK(status_of({"pack", "export", demo_pack}).status == 2);  // no -o
    CHECK(status_of({"pack", "check", demo_pack, "--threads", "0"}).status == 2);
    CommandResult range = status_of({"pack", "check", demo_pack, "--range", "0.9:0.2"});
    CHECK(range.status == 2);
    CHECK(range.err.find("--range") != std::string::npos);
    CommandResult help = status_of({"pack", "--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("pack export") != std::string::npos);
    CHECK(status_of({"pack", "report", "--help"}).status == 0);
    CHECK(status_of({"pack", "check", (dir / "nope.json").string()}).status == 1);
}

TEST_CASE("tilelab estimate and the pack report give the same pass rates for a seed, with 1 and 2 threads", "[pack][cli]") {
    ScratchDir dir("same-rates");
    // Each kind's default bot: the match3 sample, and slide boards small enough for expectimax to be quick.
    const std::string match3 = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/match3/01-intro.json";
    const std::string slide = dir.write("small.json", tilelab::test::slide_level("small", {"2 .", ". 2"}, 32, 5)).string();
    const std::string sure = dir.write("sure.json", tilelab::test::slide_level("sure", {"2 .", ". 2"}, 16, 5)).string();
    dir.write("p.json", tilelab::test::pack_file("Rates", {match3, slide, sure}));
    const std::string pack = (dir / "p.json").string();

    ojson by_threads[2];
    std::string html[2];
    for (int t = 1; t <= 2; ++t) {
        CommandResult r = run_tilelab(
            {"pack", "check", pack, "--json", "--seed", "77", "--runs", "60", "--threads", std::to_string(t)}, dir.path());
        INFO(r.err);
        REQUIRE(r.status == 0);
        by_threads[t - 1] = ojson::parse(r.out);
        const std::string out = (dir / ("report" + std::to_string(t) + ".html")).string();
        REQUIRE(run_tilelab({"pack", "report", pack, "-o", out, "--seed", "77", "--runs", "60", "--threads", std::to_string(t)},
                            dir.path())
                    .status == 0);
        html[t - 1] = tilelab::test::read_file(out);
    }
    CHECK(by_threads[0] == by_threads[1]);
    CHECK(html[0] == html[1]);

    const std::string levels[3] = {match3, slide, sure};
    for (int i = 0; i < 3; ++i) {
        const ojson& figures = by_threads[0].at("levels").at(i).at("estimate");
        for (int t = 1; t <= 2; ++t) {
            CommandResult e = run_tilelab(
                {"estimate", levels[i], "--json", "--seed", "77", "--runs", "60", "--threads", std::to_string(t)}, dir.path());
            REQUIRE(e.status == 0);
            ojson direct = ojson::parse(e.out);
            CHECK(direct.at("pass_rate") == figures.at("pass_rate"));
            CHECK(direct.at("wins") == figures.at("wins"));
            CHECK(direct.at("ci95") == figures.at("ci95"));
            // The report prints the same rate, to one decimal of a percent.
            char printed[32];
            std::snprintf(printed, sizeof printed, "%.1f%%", direct.at("pass_rate").get<double>() * 100.0);
            CHECK(html[0].find(printed) != std::string::npos);
        }
    }
}

TEST_CASE("pack check draws a progress line when stderr is a terminal, and only then", "[pack][cli]") {
    if (std::system("command -v script > /dev/null 2>&1") != 0) {
        WARN("script(1) is not installed: no pseudo-terminal to test the progress line on");
        return;
    }
    ScratchDir dir("progress");
    // script(1) (util-linux, in every Debian) runs the command on a pseudo-terminal.
    const std::string command = std::string(TILELAB_CLI) + " pack check " + demo_pack +
                                " --runs 300 --bot greedy --threads 2 --no-cache > /dev/null";  // played, not read back
    CommandResult on_tty = tilelab::test::run_command({"script", "-qec", command, "/dev/null"}, dir.path());
    CHECK(on_tty.status == 0);
    CHECK(on_tty.out.find("pack: ") != std::string::npos);
    CHECK(on_tty.out.find('\r') != std::string::npos);
    // The line is wiped at the end, before the messages are printed.
    CHECK(on_tty.out.rfind("\r\033[K") > on_tty.out.rfind("pack: "));

    CommandResult to_file = run_tilelab({"pack", "check", demo_pack, "--runs", "300", "--bot", "greedy"}, dir.path());
    CHECK(to_file.status == 0);
    CHECK(to_file.err.find('\r') == std::string::npos);
    CHECK(to_file.err.find("pack: ") == std::string::npos);
}
