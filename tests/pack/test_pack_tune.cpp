// `tilelab pack tune PACK --ramp FIRST:LAST`: a difficulty ramp over a designer's pack, each limit
// the one `tilelab tune` sets for that level's step; all or nothing written.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "pack_test_support.hpp"

using tilelab::test::CommandResult;
using tilelab::test::run_tilelab;
using tilelab::test::ScratchDir;
using ojson = nlohmann::ordered_json;

namespace {

const std::string ramp_samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/";

// Four match3 levels of a designer's kinds (jelly, holes, specials, crates) with a link level
// between them, copied into `dir` with the pack listing them.
void ramp_pack(const ScratchDir& dir) {
    for (const char* name : {"02-jelly.json", "03-holes.json", "04-specials.json", "06-crates.json"})
        dir.write(name, tilelab::test::read_file(ramp_samples + "match3/" + name));
    dir.write("01-pairs.json", tilelab::test::read_file(ramp_samples + "link/01-pairs.json"));
    dir.write("pack.json", tilelab::test::pack_file("ramp", {"02-jelly.json", "01-pairs.json", "03-holes.json",
                                                             "04-specials.json", "06-crates.json"}));
}

}  // namespace

TEST_CASE("pack tune --ramp: even steps from FIRST to LAST, each limit the one tune sets, link kept", "[pack][cli][ramp]") {
    ScratchDir dir("ramp");
    ramp_pack(dir);
    const std::string pairs_before = tilelab::test::read_file(dir / "01-pairs.json");
    const std::string pack_before = tilelab::test::read_file(dir / "pack.json");
    const std::vector<std::string> options{"--runs", "300", "--tolerance", "0.1", "--threads", "2"};
    std::vector<std::string> args{"pack", "tune", (dir / "pack.json").string(), "--ramp", "75%:35%", "--json"};
    args.insert(args.end(), options.begin(), options.end());
    // Each level's original, for `tune` to aim at the same step.
    ScratchDir originals("ramp-originals");
    ramp_pack(originals);
    CommandResult ramp = run_tilelab(args, dir.path());
    INFO(ramp.err);
    REQUIRE(ramp.status == 0);
    const ojson out = ojson::parse(ramp.out);
    const ojson& levels = out.at("levels");
    REQUIRE(levels.size() == 5);
    CHECK(levels[1].at("skipped") == "link levels have no pass rate to aim");
    const double targets[] = {0.75, 0.75 - 0.4 / 3, 0.75 - 0.8 / 3, 0.35};
    int k = 0;
    for (const ojson& level : levels) {
        if (level.contains("skipped")) continue;
        const std::string file = level.at("file").get<std::string>();
        INFO(file);
        CHECK(level.at("target").get<double>() == Approx(targets[k++]).margin(1e-12));
        CHECK(level.at("within_tolerance") == true);
        // The same limit and figure as `tilelab tune` with the same options and that target.
        std::vector<std::string> one{"tune",
                                     (originals / file).string(),
                                     "--target",
                                     std::to_string(level.at("target").get<double>()),
                                     "--json",
                                     "-o",
                                     (originals / ("tuned-" + file)).string()};
        one.insert(one.end(), options.begin(), options.end());
        CommandResult alone = run_tilelab(one, originals.path());
        INFO(alone.err);
        REQUIRE(alone.status == 0);
        const ojson tuned = ojson::parse(alone.out);
        CHECK(tuned.at("moves") == level.at("moves"));
        CHECK(tuned.at("pass_rate") == level.at("pass_rate"));
        // The file in the pack now holds that limit, and is the file tune wrote.
        CHECK(ojson::parse(tilelab::test::read_file(dir / file)).at("goal").at("moves") == level.at("moves"));
        CHECK(tilelab::test::read_file(dir / file) == tilelab::test::read_file(originals / ("tuned-" + file)));
    }
    CHECK(k == 4);
    CHECK(tilelab::test::read_file(dir / "01-pairs.json") == pairs_before);
    CHECK(tilelab::test::read_file(dir / "pack.json") == pack_before);
}

TEST_CASE("pack tune --ramp: a level off its target, a broken level or bad flags write nothing", "[pack][cli][ramp]") {
    ScratchDir dir("ramp-refused");
    ramp_pack(dir);
    auto snapshot = [&] {
        std::string all;
        for (const char* name : {"02-jelly.json", "03-holes.json", "04-specials.json", "06-crates.json", "01-pairs.json"})
            all += tilelab::test::read_file(dir / name);
        return all;
    };
    const std::string before = snapshot();
    const std::string pack = (dir / "pack.json").string();
    // 1% is out of reach for the jelly level's curve within 1 point: exit 1, named, nothing written.
    CommandResult off = run_tilelab({"pack", "tune", pack, "--ramp", "0.99:0.98", "--runs", "100", "--tolerance", "0.01"},
                                    dir.path());
    CHECK(off.status == 1);
    CHECK_THAT(off.out, Catch::Contains("OFF TARGET"));
    CHECK_THAT(off.err, Catch::Contains("nothing written"));
    CHECK(snapshot() == before);
    // Usage errors.
    CHECK(run_tilelab({"pack", "tune", pack}, dir.path()).status == 2);
    CommandResult bad = run_tilelab({"pack", "tune", pack, "--ramp", "0.9"}, dir.path());
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("--ramp takes FIRST:LAST"));
    CHECK(run_tilelab({"pack", "tune", pack, "--ramp", "0.9:1.5"}, dir.path()).status == 2);
    CHECK(run_tilelab({"pack", "tune", pack, "--ramp", "0.9:0.5", "--frobnicate"}, dir.path()).status == 2);
    // A level that does not load: nothing runs, nothing is written.
    dir.write("03-holes.json", "{\"format\": \"tilelab.level\"");
    CommandResult broken = run_tilelab({"pack", "tune", pack, "--ramp", "0.9:0.5", "--runs", "50"}, dir.path());
    CHECK(broken.status == 1);
    CHECK_THAT(broken.err, Catch::Contains("03-holes.json"));
    CHECK(tilelab::test::read_file(dir / "02-jelly.json") == tilelab::test::read_file(ramp_samples + "match3/02-jelly.json"));
}
