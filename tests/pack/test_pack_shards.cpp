// Shards of a pack check: the split (every unit exactly once, a level's runs cut into contiguous
// ranges over distinct shards), parts merging in-process to check_pack's bytes, the playout budget
// in a part, and the set checks that name what is missing, repeated or foreign.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include "pack_test_support.hpp"
#include "support/scale.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/shard.hpp"

using namespace tilelab;
using namespace tilelab::pack;

namespace {

const std::string demo = std::string(TILELAB_SOURCE_DIR) + "/levels/packs/demo.json";

CheckOptions quick_options(int runs) {
    CheckOptions o;
    o.runs = runs;
    o.threads = 2;
    o.bot = "greedy";
    o.seed = 11;
    return o;
}

std::vector<PartFile> make_parts(const LoadedPack& loaded, const CheckOptions& options, int n) {
    std::vector<PartFile> parts;
    for (int k = 0; k < n; ++k) {
        const auto header = part_header("pack check", pack_identity(loaded), check_options_json(options), ShardSpec{k, n});
        auto part = run_check_shard(loaded, options, header);
        REQUIRE(part.has_value());
        parts.push_back({"part-" + std::to_string(k) + ".json", *part});
    }
    return parts;
}

}  // namespace

TEST_CASE("shards: --shard K/N counts K from 0 and refuses anything else", "[pack][shards]") {
    std::string error;
    auto s = parse_shard("0/1", error);
    REQUIRE(s);
    CHECK(*s == ShardSpec{0, 1});
    s = parse_shard("12/13", error);
    REQUIRE(s);
    CHECK(*s == ShardSpec{12, 13});
    for (const char* bad : {"1/1", "13/13", "-1/4", "0/0", "1", "a/4", "1/b", "1/4/5", "", "/", "0/100001", " 1/4"}) {
        INFO(bad);
        CHECK_FALSE(parse_shard(bad, error));
        CHECK(error.find("K counts from 0") != std::string::npos);
    }
}

TEST_CASE("shards: every unit once, each level's runs in contiguous ranges over distinct shards", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    REQUIRE(loaded.pack);
    for (int runs : {1, 15, 16, 50, 1000}) {
        for (int n : {1, 2, 3, 7, 13, 64}) {
            INFO("runs " << runs << ", " << n << " shards");
            const auto units = split_check(loaded, runs, n);
            CHECK(units == split_check(loaded, runs, n));  // deterministic
            std::map<int, int> analyses;
            std::map<int, std::vector<WorkUnit>> ranges;
            for (std::size_t j = 0; j < units.size(); ++j) {
                CHECK(units[j].shard == static_cast<int>(j % static_cast<std::size_t>(n)));
                if (units[j].analysis) ++analyses[units[j].level];
                else ranges[units[j].level].push_back(units[j]);
            }
            for (std::size_t i = 0; i < loaded.entries.size(); ++i) {
                const Level& level = *loaded.entries[i].level;
                CHECK(analyses[static_cast<int>(i)] == 1);
                const auto& list = ranges[static_cast<int>(i)];
                if (kind_ops(level.kind).estimate == nullptr) {  // no bot: no ranges
                    CHECK(list.empty());
                    continue;
                }
                const int expected = std::min(n, std::max(1, (runs + min_runs_per_range - 1) / min_runs_per_range));
                REQUIRE(static_cast<int>(list.size()) == expected);
                int next = 0;
                std::set<int> shards;
                for (const WorkUnit& u : list) {
                    CHECK(u.first_run == next);
                    CHECK(u.runs >= 1);
                    next += u.runs;
                    shards.insert(u.shard);
                }
                CHECK(next == runs);
                CHECK(static_cast<int>(shards.size()) == expected);  // one big level spreads over shards
            }
        }
    }
}

TEST_CASE("shards: the parts of any N merge to check_pack's bytes", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    const CheckOptions options = quick_options(40);
    const std::string whole = check_pack(loaded, options).to_json().dump();
    for (int n : {1, 4, 9}) {
        INFO(n << " shards");
        const auto parts = make_parts(loaded, options, n);
        const PartSet set = check_part_set(parts);
        REQUIRE(set.ok());
        const PackMerge merge = merge_check_parts(set);
        REQUIRE(merge.report);
        CHECK(merge.report->to_json().dump() == whole);
        // The parts go through their text and back losslessly.
        std::vector<PartFile> reread;
        for (const auto& p : parts) reread.push_back({p.file, nlohmann::ordered_json::parse(p.json.dump())});
        CHECK(merge_check_parts(check_part_set(reread)).report->to_json().dump() == whole);
        // And from their files, streamed (read_part), written compact or indented.
        const test::ScratchDir dir("shards-read");
        for (int indent : {-1, 2}) {
            std::vector<PartFile> streamed;
            for (const auto& p : parts) {
                std::string error;
                auto part = read_part(dir.write(p.file, p.json.dump(indent)).string(), error);
                REQUIRE(part);
                CHECK(part->units_hash_read == content_hash(p.json["units"].dump()));
                streamed.push_back(std::move(*part));
            }
            CHECK(merge_check_parts(check_part_set(streamed)).report->to_json().dump() == whole);
        }
    }
}

TEST_CASE("shards: with a precision the parts play every run and the merge keeps the runs a whole check stops at",
          "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    CheckOptions options = quick_options(300);
    options.precision = 0.03;
    const PackReport whole_report = check_pack(loaded, options);
    const std::string whole = whole_report.to_json().dump();
    // Some level stops at a batch boundary (100 of 100 wins), some at the cap.
    bool stopped_early = false;
    bool ran_to_cap = false;
    for (const auto& level : whole_report.levels) {
        if (!level.estimate) continue;
        stopped_early = stopped_early || level.estimate->runs == 100;
        ran_to_cap = ran_to_cap || level.estimate->runs == 300;
    }
    CHECK(stopped_early);
    CHECK(ran_to_cap);
    for (int n : {1, 3}) {
        INFO(n << " shards");
        const auto parts = make_parts(loaded, options, n);
        const PartSet set = check_part_set(parts);  // points into `parts`
        REQUIRE(set.ok());
        const PackMerge merge = merge_check_parts(set);
        REQUIRE(merge.report);
        CHECK(merge.report->to_json().dump() == whole);
    }
}

TEST_CASE("shards: a range stopped by the playout budget ends the level's runs there, as one run does", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    const CheckOptions options = quick_options(64);
    auto parts = make_parts(loaded, options, 3);
    // The level 02-jelly (index 1): its second range (runs 21..41 of 3) stopped after 5 games.
    const auto units = split_check(loaded, options.runs, 3);
    const WorkUnit* second = nullptr;
    for (const auto& u : units)
        if (u.level == 1 && !u.analysis && u.first_run == 21) second = &u;
    REQUIRE(second);
    for (auto& unit : parts[static_cast<std::size_t>(second->shard)].json["units"])
        if (unit["level"] == 1 && unit.contains("outcomes") && unit["runs"][0] == 21) {
            unit["timed_out"] = true;
            unit["outcomes"].erase(unit["outcomes"].begin() + 5, unit["outcomes"].end());
        }
    auto& stopped = parts[static_cast<std::size_t>(second->shard)].json;
    stopped["units_hash"] = content_hash(stopped["units"].dump());  // as the shard would have written it
    const PackMerge merge = merge_check_parts(check_part_set(parts));
    REQUIRE(merge.report);
    const LevelReport& level = merge.report->levels[1];
    REQUIRE(level.estimate);
    CHECK(level.estimate->runs == 26);
    CHECK(level.estimate->figures.at("stopped") == "time_budget");
    CHECK(level.estimate->figures.at("runs_asked") == 64);
    bool warned = false;
    for (const auto& p : level.problems) warned |= p.message.find("26 of 64 runs finished") != std::string::npos;
    CHECK(warned);
    // The figure is that of the first 26 runs.
    CheckOptions first = options;
    first.runs = 26;
    const PackReport plain = check_pack(loaded, first);
    CHECK(plain.levels[1].estimate->wins == level.estimate->wins);
    CHECK(plain.levels[1].estimate->figures.at("mean_moves") == level.estimate->figures.at("mean_moves"));
    // The other levels keep all their runs.
    CHECK(merge.report->levels[0].estimate->runs == 64);
}

TEST_CASE("shards: a set with a part missing, repeated or foreign is refused, naming it", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    const CheckOptions options = quick_options(16);
    const auto parts = make_parts(loaded, options, 3);

    auto refusals = [](const std::vector<PartFile>& set) {
        std::string all;
        for (const auto& line : check_part_set(set).refusals) all += line + "\n";
        return all;
    };
    CHECK(refusals(parts).empty());
    CHECK(refusals({parts[0], parts[2]}) == "shard 1/3 is missing (no part for it)\n");
    CHECK(refusals({parts[0], parts[1], parts[1], parts[2]}) == "shard 1/3 is given 2 times: part-1.json, part-1.json\n");
    CheckOptions other = options;
    other.seed = 12;
    auto foreign = make_parts(loaded, other, 3)[1];
    foreign.file = "seed-12.json";
    CHECK(refusals({parts[0], parts[1], foreign, parts[2]}) ==
          "seed-12.json: foreign part: made with other options (--seed 12, not --seed 11)\n");
    auto edited = parts[1];
    edited.file = "edited.json";
    edited.json["hash"] = "fnv1a64:0000000000000000";
    edited.json["files"][3]["hash"] = "fnv1a64:0000000000000000";
    CHECK(refusals({parts[0], edited, parts[2]}).find("edited.json: foreign part: made from another version of") !=
          std::string::npos);
    CHECK(refusals({parts[0], edited, parts[2]}).find("shard 1/3 is missing") != std::string::npos);
    // Units edited or shuffled: the merge says so rather than give other figures.
    auto shuffled = parts;
    std::swap(shuffled[0].json["units"][0], shuffled[0].json["units"][1]);
    PackMerge merge = merge_check_parts(check_part_set(shuffled));
    CHECK_FALSE(merge.report);
    CHECK(merge.error == "part-0.json: its units do not match their hash (a damaged or edited part)");
    shuffled[0].json["units_hash"] = content_hash(shuffled[0].json["units"].dump());  // edited with care
    merge = merge_check_parts(check_part_set(shuffled));
    CHECK_FALSE(merge.report);
    CHECK(merge.error.find("part-0.json: its units are not those of shard 0/3") != std::string::npos);
}

TEST_CASE("shards: a damaged part never throws: every field of a part replaced by other types", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    const CheckOptions options = quick_options(16);
    const auto parts = make_parts(loaded, options, 2);
    const std::string whole = check_pack(loaded, options).to_json().dump();
    // Every place in part 0 but the games after the first of each range.
    std::vector<nlohmann::json::json_pointer> places;
    const nlohmann::json flat = nlohmann::json(parts[0].json).flatten();
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        const std::string key = it.key();
        const auto games = key.find("/outcomes/");
        if (games != std::string::npos && key.compare(games + 10, 2, "0/") != 0) continue;
        nlohmann::json::json_pointer place(key);
        while (!place.empty()) {  // the value and every object or array holding it
            places.push_back(place);
            place = place.parent_pointer();
        }
    }
    std::sort(places.begin(), places.end(), [](const auto& a, const auto& b) { return a.to_string() < b.to_string(); });
    places.erase(std::unique(places.begin(), places.end()), places.end());
    const std::vector<nlohmann::ordered_json> replacements{"x", -1, nullptr, nlohmann::ordered_json::object(), 1e300};
    int merged_anyway = 0;
    for (const auto& place : places) {
        for (const auto& value : replacements) {
            std::vector<PartFile> set = parts;
            const nlohmann::ordered_json::json_pointer at(place.to_string());
            set[0].json[at] = value;
            INFO(place.to_string() << " = " << value.dump());
            PartSet checked;
            REQUIRE_NOTHROW(checked = check_part_set(set));
            if (!checked.ok()) continue;
            PackMerge merge;
            REQUIRE_NOTHROW(merge = merge_check_parts(checked));
            // What merges anyway gives the plain bytes: a damaged part never passes unseen.
            if (merge.report && merge.report->to_json().dump() != whole) {
                ++merged_anyway;
                WARN("other figures: " << place.to_string() << " = " << value.dump());
            }
            // The same damage with the units' hash made to match: refused or the plain figures,
            // never undefined behaviour (the sanitizer build runs this too).
            if (set[0].json.contains("units") && set[0].json["units"].is_array()) {
                set[0].json["units_hash"] = content_hash(set[0].json["units"].dump());
                REQUIRE_NOTHROW(checked = check_part_set(set));
                if (checked.ok()) REQUIRE_NOTHROW(merge = merge_check_parts(checked));
            }
        }
    }
    CHECK(places.size() > 100);
    CHECK(merged_anyway == 0);
}

TEST_CASE("shards: a part streamed from its file is refused or merged exactly as the part in memory", "[pack][shards]") {
    const LoadedPack loaded = load_pack_levels(demo);
    const CheckOptions options = quick_options(16);
    const auto parts = make_parts(loaded, options, 2);
    const test::ScratchDir dir("shards-stream");
    // What the merge makes of a set: its refusals, else its error or its report.
    auto outcome = [](const std::vector<PartFile>& set) {
        const PartSet checked = check_part_set(set);
        std::string all;
        for (const auto& line : checked.refusals) all += "refused: " + line + "\n";
        if (!checked.ok()) return all;
        const PackMerge merge = merge_check_parts(checked);
        return merge.report ? merge.report->to_json().dump() : "error: " + merge.error;
    };
    auto streamed = [&](const std::vector<PartFile>& set) {
        std::vector<PartFile> read;
        for (const PartFile& p : set) {
            std::string error;
            auto part = read_part(dir.write(p.file, p.json.dump()).string(), error);
            REQUIRE(part);
            part->file = p.file;  // named as in memory, so that the messages compare
            read.push_back(std::move(*part));
        }
        return read;
    };
    // Every value in the units of both parts (part 0 holds analyses, part 1 playout ranges: of
    // these, the first game of each) replaced by another type or value ("x" and -1 in turn), with
    // the units hash kept and recomputed.
    std::vector<std::pair<std::size_t, std::string>> places;
    int games_edited = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const nlohmann::json flat = nlohmann::json(parts[k].json["units"]).flatten();
        for (auto it = flat.begin(); it != flat.end(); ++it) {
            const std::string key = it.key();
            const auto games = key.find("/outcomes/");
            if (games != std::string::npos && key.compare(games + 10, 2, "0/") != 0) continue;
            games_edited += games != std::string::npos;
            for (nlohmann::json::json_pointer place(key); !place.empty(); place = place.parent_pointer())
                places.emplace_back(k, "/units" + place.to_string());
        }
    }
    std::sort(places.begin(), places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
    CHECK(places.size() > 100);
    CHECK(games_edited > 20);
    // A third of them evenly spread (all at TILELAB_TEST_SCALE 3; fewer in the sanitizer tree).
    const std::size_t keep = std::min(places.size(), static_cast<std::size_t>(test::reps(static_cast<int>(places.size() / 3))));
    int refused = 0;
    for (std::size_t n = 0; n < keep; ++n) {
        const auto& [k, place] = places[n * places.size() / keep];
        const nlohmann::ordered_json value = n % 2 ? nlohmann::ordered_json("x") : nlohmann::ordered_json(-1);
        for (bool rehash : {false, true}) {
            std::vector<PartFile> set = parts;
            set[k].json[nlohmann::ordered_json::json_pointer(place)] = value;
            if (rehash) set[k].json["units_hash"] = content_hash(set[k].json["units"].dump());
            INFO("part " << k << ": " << place << " = " << value.dump() << (rehash ? ", rehashed" : ""));
            const std::string in_memory = outcome(set);
            CHECK(outcome(streamed(set)) == in_memory);
            refused += in_memory.rfind("refused", 0) == 0 || in_memory.rfind("error", 0) == 0;
        }
    }
    CHECK(refused > 0);
}
