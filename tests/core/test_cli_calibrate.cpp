// `tilelab calibrate` and `tilelab estimate --calibration` as a pipeline runs them, on the demo pack.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/scale.hpp"

namespace fs = std::filesystem;
using tilelab::test::run_cli;
using tilelab::test::scratch_dir;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {

const std::string source_root = TILELAB_SOURCE_DIR;
const std::string demo = source_root + "/levels/packs/demo.json";

// The ids of the demo pack's levels that a bot plays (match3, slide), read from their files.
std::vector<std::string> bot_level_ids() {
    const auto pack = nlohmann::json::parse(slurp(demo));
    std::vector<std::string> ids;
    for (const auto& path : pack["levels"]) {
        const auto level = nlohmann::json::parse(slurp(fs::path(demo).parent_path() / path.get<std::string>()));
        const std::string kind = level["kind"];
        if (kind == "match3" || kind == "slide") ids.push_back(level["id"]);
    }
    return ids;
}

// A made-up studio CSV over those levels: attempts in the thousands, pass rates spread out.
std::string observed_csv(const std::vector<std::string>& ids) {
    std::string text = "id,attempts,passes\n";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const int attempts = 1000 + 250 * static_cast<int>(i);
        const int passes = attempts * static_cast<int>(10 + (i * 37) % 80) / 100;
        text += ids[i] + "," + std::to_string(attempts) + "," + std::to_string(passes) + "\n";
    }
    return text;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::vector<std::string> every_line(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

}  // namespace

TEST_CASE("calibrate fits the demo pack and estimate --calibration shows the calibrated rate", "[cli][calibration]") {
    const auto ids = bot_level_ids();
    REQUIRE(ids.size() >= 10);  // 9 match3 and 3 slide levels
    auto dir = scratch_dir("calibrate-ok");
    const auto csv = dir / "observed.csv";
    const auto cal = dir / "cal.json";
    // A link level's row is not fitted (a warning): calibrate fits the bots of match3 and slide.
    const std::string link_id = nlohmann::json::parse(slurp(source_root + "/levels/samples/link/01-pairs.json"))["id"];
    write(csv, observed_csv(ids) + link_id + ",100,90\n");

    // 40 playouts a level (8 in the sanitizer run): the file's fields and the fit's checks hold as with
    // more, at a fraction of the cost of the whole pack played twice.
    const int runs = std::max(8, tilelab::test::reps(40));
    const std::string runs_flag = " --runs " + std::to_string(runs);
    auto run = run_cli("calibrate " + shell_quote(csv.string()) + " --pack " + shell_quote(demo) + runs_flag +
                       " --threads 2 -o " + shell_quote(cal.string()));
    INFO("stdout:\n" << run.out << "stderr:\n" << run.err);
    REQUIRE(run.status == 0);
    CHECK(run.out.find("logit(human) = ") != std::string::npos);
    CHECK(run.out.find("leave-one-out error") != std::string::npos);
    CHECK(run.out.find("wrote " + cal.string()) != std::string::npos);
    CHECK(run.err.find(csv.string() + ":" + std::to_string(ids.size() + 2) + ":1: warning: '" + link_id + "' is a link level") !=
          std::string::npos);
    REQUIRE(fs::exists(cal));
    const std::string file_text = slurp(cal);
    const auto file = nlohmann::ordered_json::parse(file_text);
    for (const char* key : {"format", "version", "bot", "bots", "runs", "seed", "pack", "observed", "a", "b", "r2",
                            "loo_mae_points", "residual_sd", "covariance", "n_levels", "levels"})
        CHECK(file.contains(key));
    CHECK(file["format"] == "tilelab.calibration");
    CHECK(file["version"] == 1);
    CHECK(file["runs"] == runs);
    CHECK(file["bot"].is_null());
    CHECK(file["bots"]["match3"] == "lookahead");
    CHECK(file["bots"]["slide"] == "expectimax");
    CHECK(file["n_levels"] == ids.size());
    REQUIRE(file["levels"].size() == ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto& level = file["levels"][i];
        CHECK(level["id"] == ids[i]);
        for (const char* key : {"id", "kind", "attempts", "passes", "runs", "wins", "human_rate", "bot_rate", "predicted"})
            CHECK(level.contains(key));
        CHECK(level["runs"] == runs);
        const double predicted = level["predicted"];
        CHECK(predicted > 0.0);
        CHECK(predicted < 1.0);
    }
    const double r2 = file["r2"];
    CHECK(r2 <= 1.0);
    CHECK(file["loo_mae_points"].get<double>() >= 0.0);

    // --json prints the file's content, once, and nothing else on stdout.
    const auto again = dir / "cal2.json";
    auto json_run = run_cli("calibrate " + shell_quote(csv.string()) + " --pack " + shell_quote(demo) + runs_flag +
                            " --threads 1 --json -o " + shell_quote(again.string()));
    REQUIRE(json_run.status == 0);
    CHECK(nlohmann::ordered_json::parse(json_run.out) == file);
    CHECK(slurp(again) == file_text);  // and the same bytes for any --threads

    // estimate --calibration: the calibrated figure after the estimate's own fields (before the level's
    // problems, every verb's last key), nothing else changed.
    const std::string level = shell_quote(source_root + "/levels/samples/match3/02-jelly.json");
    const std::string flags = " --runs 100 --threads 2 --seed 3";
    auto plain = run_cli("estimate " + level + flags + " --json");
    auto calibrated = run_cli("estimate " + level + flags + " --json --calibration " + shell_quote(cal.string()));
    INFO(calibrated.err);
    REQUIRE(plain.status == 0);
    REQUIRE(calibrated.status == 0);
    auto with = nlohmann::ordered_json::parse(calibrated.out);
    REQUIRE(with.contains("calibrated"));
    CHECK(std::prev(with.end()).key() == "problems");
    CHECK(std::prev(with.end(), 2).key() == "calibrated");
    const auto& c = with["calibrated"];
    const double p = c["pass_rate"], low = c["ci95"][0], high = c["ci95"][1];
    CHECK(low < p);
    CHECK(p < high);
    CHECK(low > 0.0);
    CHECK(high < 1.0);
    with.erase("calibrated");
    CHECK(with.dump(2) + "\n" == plain.out);
    CHECK(plain.out.find("calibrated") == std::string::npos);

    // The text output gains exactly one line.
    auto plain_text = run_cli("estimate " + level + flags);
    auto calibrated_text = run_cli("estimate " + level + flags + " --calibration " + shell_quote(cal.string()));
    REQUIRE(calibrated_text.status == 0);
    auto a = every_line(plain_text.out), b = every_line(calibrated_text.out);
    // (It follows the pass rate line.)
    REQUIRE(b.size() == a.size() + 1);
    auto added = std::find_if(b.begin(), b.end(),
                              [](const std::string& line) { return line.rfind("  calibrated human pass rate ", 0) == 0; });
    REQUIRE(added != b.end());
    REQUIRE(added != b.begin());
    CHECK(std::prev(added)->find(": pass rate ") != std::string::npos);
    b.erase(added);
    CHECK(a == b);

    // Another bot than the calibration's is refused, before and after the playouts.
    auto greedy = run_cli("estimate " + level + flags + " --bot greedy --calibration " + shell_quote(cal.string()));
    CHECK(greedy.status == 1);
    CHECK(greedy.out.empty());
    CHECK(greedy.err.find("made with the bot 'lookahead', not 'greedy'") != std::string::npos);

    // A calibration file with faults: every one located, exit 1, no playouts printed.
    auto doc = nlohmann::ordered_json::parse(file_text);
    doc.erase("b");
    doc["residual_sd"] = "wide";
    const auto broken = dir / "broken.json";
    write(broken, doc.dump(2));
    auto bad = run_cli("estimate " + level + flags + " --calibration " + shell_quote(broken.string()));
    CHECK(bad.status == 1);
    CHECK(bad.out.empty());
    CHECK(bad.err.find(broken.string() + ": error: missing \"b\"") != std::string::npos);
    CHECK(bad.err.find(broken.string() + ": error: /residual_sd: residual_sd must be a number, not a string") !=
          std::string::npos);
    // A kind the calibration has no level of is refused too.
    doc = nlohmann::ordered_json::parse(file_text);
    doc["bots"].erase("slide");
    const auto match3_only = dir / "match3-only.json";
    write(match3_only, doc.dump(2));
    auto slide = run_cli("estimate " + shell_quote(source_root + "/levels/samples/slide/01-classic.json") + flags +
                         " --calibration " + shell_quote(match3_only.string()));
    CHECK(slide.status == 1);
    CHECK(slide.err.find("has no slide level") != std::string::npos);
    auto not_cal = run_cli("estimate " + level + flags + " --calibration " + shell_quote(demo));
    CHECK(not_cal.status == 1);
    CHECK(not_cal.err.find("format is 'tilelab.pack', expected 'tilelab.calibration'") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("calibrate: a malformed CSV exits 1 with every bad row located and writes nothing", "[cli][calibration]") {
    const auto ids = bot_level_ids();
    auto dir = scratch_dir("calibrate-bad");
    const auto csv = dir / "observed.csv";
    const auto cal = dir / "cal.json";
    write(csv, "id,attempts,passes\r\n" + ids[0] + ",100,40\r\n" + ids[1] + ",100\r\n" + ids[2] + ",ten,4\r\n" + ids[3] +
                   ",10,11\r\nno-such-level,10,5\r\n" + ids[0] + ",50,5\r\n");
    const std::string args = "calibrate " + shell_quote(csv.string()) + " --pack " + shell_quote(demo) + " --runs 100 -o " +
                             shell_quote(cal.string());
    auto run = run_cli(args);
    INFO(run.err);
    CHECK(run.status == 1);
    CHECK(run.out.empty());
    CHECK_FALSE(fs::exists(cal));
    const std::string f = csv.string();
    for (const std::string& want : {
             f + ":3:1: error: expected 3 fields (id,attempts,passes), found 2",
             f + ":4:" + std::to_string(ids[2].size() + 2) + ": error: attempts 'ten' is not a whole number",
             f + ":5:" + std::to_string(ids[3].size() + 5) + ": error: passes 11 exceed attempts 10",
             f + ":6:1: error: id 'no-such-level' is not a level of the pack " + demo,
             f + ":7:1: error: duplicate id '" + ids[0] + "' (first on line 2)",
         }) {
        INFO(want);
        CHECK(run.err.find(want) != std::string::npos);
    }
    CHECK(run.err.find("nothing written") != std::string::npos);

    // An earlier calibration under that name is left as it was.
    write(cal, "{\"format\": \"tilelab.calibration\"}\n");
    CHECK(run_cli(args).status == 1);
    CHECK(slurp(cal) == "{\"format\": \"tilelab.calibration\"}\n");

    // Too few levels: the fit is refused, exit 1, nothing written.
    fs::remove(cal);
    write(csv, "id,attempts,passes\n" + ids[0] + ",100,40\n" + ids[1] + ",100,30\n");
    auto few = run_cli(args);
    CHECK(few.status == 1);
    CHECK(few.err.find("cannot fit: the fit needs at least 3 levels") != std::string::npos);
    CHECK_FALSE(fs::exists(cal));

    // Wrong usage exits 2; an output that is not a calibration (here the pack) is refused.
    CHECK(run_cli("calibrate " + shell_quote(csv.string()) + " -o " + shell_quote(cal.string())).status == 2);
    CHECK(run_cli("calibrate --pack " + shell_quote(demo) + " -o " + shell_quote(cal.string())).status == 2);
    CHECK(run_cli("calibrate " + shell_quote(csv.string()) + " --pack " + shell_quote(demo)).status == 2);
    CHECK(run_cli(args + " --runs 0").status == 2);
    auto onto_pack = run_cli("calibrate " + shell_quote(csv.string()) + " --pack " + shell_quote(demo) + " -o " +
                             shell_quote(demo));
    CHECK(onto_pack.status == 2);
    CHECK(onto_pack.err.find("is the pack itself") != std::string::npos);
    fs::remove_all(dir);
}
