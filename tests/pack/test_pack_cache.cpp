// The check cache (pack/cache.hpp, docs/packs.md "The cache"): a warm check gives the bytes of a
// check without it, reads unchanged levels instead of playing them, plays a changed level again,
// and ignores and rewrites every damaged or foreign entry.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "pack_test_support.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/pack/cache.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/shard.hpp"

using namespace tilelab;
using namespace tilelab::pack;

namespace {

const std::string cache_demo = std::string(TILELAB_SOURCE_DIR) + "/levels/packs/demo.json";

CheckOptions cache_options(const std::filesystem::path& dir) {
    CheckOptions o;
    o.runs = 300;
    o.threads = 2;
    o.bot = "greedy";
    o.seed = 4;
    o.cache_dir = dir;
    return o;
}

std::vector<std::filesystem::path> entries_under(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::exists(dir)) return files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The parts of an N-shard check, and how many of their units came from the cache.
std::vector<PartFile> cached_parts(const LoadedPack& loaded, const CheckOptions& options, int n, int& read) {
    std::vector<PartFile> parts;
    read = 0;
    for (int k = 0; k < n; ++k) {
        const auto header = part_header("pack check", pack_identity(loaded), check_options_json(options), ShardSpec{k, n});
        int from_cache = -1;
        auto part = run_check_shard(loaded, options, header, {}, &from_cache);
        REQUIRE(part.has_value());
        REQUIRE(from_cache >= 0);
        read += from_cache;
        parts.push_back({"part-" + std::to_string(k) + ".json", *part});
    }
    return parts;
}

std::string merged_json(const std::vector<PartFile>& parts) {
    const PartSet set = check_part_set(parts);
    REQUIRE(set.ok());
    const PackMerge merge = merge_check_parts(set);
    REQUIRE(merge.report);
    return merge.report->to_json().dump();
}

}  // namespace

TEST_CASE("cache: a warm check gives the bytes of a check without the cache, reading every level", "[pack][cache]") {
    const test::ScratchDir dir("cache-warm");
    const LoadedPack loaded = load_pack_levels(cache_demo);
    CheckOptions without = cache_options({});
    const std::string plain = check_pack(loaded, without).to_json().dump();

    const CheckOptions with = cache_options(dir / "cache");
    CHECK(check_pack(loaded, with).to_json().dump() == plain);
    const auto files = entries_under(dir / "cache");
    CHECK(files.size() == loaded.entries.size());  // one entry a level
    std::vector<std::string> written;
    for (const auto& f : files) written.push_back(*read_whole_file(f));

    CHECK(check_pack(loaded, with).to_json().dump() == plain);
    // Read, not written again.
    const auto again = entries_under(dir / "cache");
    REQUIRE(again.size() == files.size());
    for (std::size_t i = 0; i < again.size(); ++i) CHECK(*read_whole_file(again[i]) == written[i]);

    // Each level's entry is under its own key: another seed or bot, or another build, is another key.
    const Level& level = *loaded.entries.front().level;
    CheckOptions other = with;
    other.seed = 5;
    CHECK(cache_key(level, other) != cache_key(level, with));
    other = with;
    other.bot = "";
    CHECK(cache_key(level, other) != cache_key(level, with));
    other = with;
    other.threads = 1;  // the figures never depend on it
    CHECK(cache_key(level, other) == cache_key(level, with));
    CHECK(cache_key(level, with).find(build_identity()) != std::string::npos);
    CHECK(build_identity().size() > std::string("build ").size());
}

TEST_CASE("cache: a changed level is played again, the others are read", "[pack][cache]") {
    const test::ScratchDir dir("cache-change");
    const std::string samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/";
    std::vector<std::string> names;
    for (const char* file : {"match3/01-intro.json", "match3/04-specials.json", "slide/03-fours.json"}) {
        const std::string name = std::filesystem::path(file).filename().string();
        dir.write(name, *read_whole_file(samples + file));
        names.push_back(name);
    }
    dir.write("pack.json", test::pack_file("Three", names));
    const CheckOptions with = cache_options(dir / "cache");
    check_pack(load_pack_levels(dir / "pack.json"), with);
    const auto before = entries_under(dir / "cache");
    REQUIRE(before.size() == 3);

    // The specials level's move limit changes: its key changes, and only it is added.
    std::string text = *read_whole_file(dir / "04-specials.json");
    const auto at = text.find("\"moves\": ");
    REQUIRE(at != std::string::npos);
    text.replace(at, text.find(',', at) - at, "\"moves\": 9");
    dir.write("04-specials.json", text);
    const LoadedPack changed = load_pack_levels(dir / "pack.json");
    REQUIRE(changed.entries[1].level);
    const std::string warm = check_pack(changed, with).to_json().dump();
    CHECK(entries_under(dir / "cache").size() == 4);
    CHECK(warm == check_pack(changed, cache_options({})).to_json().dump());
}

TEST_CASE("cache: a damaged or foreign entry is ignored and rewritten, never trusted", "[pack][cache]") {
    const test::ScratchDir dir("cache-damage");
    const LoadedPack loaded = load_pack_levels(cache_demo);
    const std::string plain = check_pack(loaded, cache_options({})).to_json().dump();
    const CheckOptions with = cache_options(dir / "cache");
    check_pack(loaded, with);
    const auto files = entries_under(dir / "cache");
    REQUIRE(files.size() == loaded.entries.size());
    std::vector<std::string> whole;
    for (const auto& f : files) whole.push_back(*read_whole_file(f));

    // Damages, each made to every entry at once; the estimate-less levels (link, lines) have only
    // an analysis to damage.
    auto edit = [](std::string text, const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        if (at != std::string::npos) text.replace(at, from.size(), to);
        return text;
    };
    const std::vector<std::pair<std::string, std::function<std::string(const std::string&)>>> damages = {
        {"empty", [](const std::string&) { return std::string(); }},
        {"cut in half", [](const std::string& t) { return t.substr(0, t.size() / 2); }},
        {"not an object", [](const std::string&) { return std::string("[1, 2, 3]"); }},
        {"another format", [&](const std::string& t) { return edit(t, "tilelab.cache", "tilelab.part"); }},
        {"a newer version", [&](const std::string& t) { return edit(t, "\"version\":1", "\"version\":2"); }},
        {"another key", [&](const std::string& t) { return edit(t, "\\\"seed\\\":4", "\\\"seed\\\":5"); }},
        {"an outcome out of range", [&](const std::string& t) { return edit(t, "\"outcomes\":[[1,", "\"outcomes\":[[7,"); }},
        {"outcomes of another type", [&](const std::string& t) { return edit(t, "\"outcomes\":[", "\"outcomes\":{\"x\":["); }},
        {"a verdict unknown to the tool", [&](const std::string& t) { return edit(t, "\"verdict\":\"", "\"verdict\":\"x"); }},
        {"problems of another type", [&](const std::string& t) { return edit(t, "\"problems\":[", "\"problems\":{\"a\":["); }},
        {"a wrong figure in a problem", [&](const std::string& t) { return edit(t, "\"analysed\":true", "\"analysed\":1"); }},
    };
    for (const auto& [name, damage] : damages) {
        INFO(name);
        int damaged = 0;
        for (std::size_t i = 0; i < files.size(); ++i) {
            const std::string bytes = damage(whole[i]);
            damaged += bytes != whole[i] ? 1 : 0;
            std::ofstream out(files[i], std::ios::binary | std::ios::trunc);
            out << bytes;
        }
        CHECK(damaged > 0);
        CHECK(check_pack(loaded, with).to_json().dump() == plain);
        // Every entry is whole again: rewritten with the same bytes a cold check writes.
        for (std::size_t i = 0; i < files.size(); ++i) CHECK(*read_whole_file(files[i]) == whole[i]);
    }
    // A run dropped from a level's outcomes (a shorter list than the runs asked): played again.
    for (std::size_t i = 0; i < files.size(); ++i) {
        auto entry = nlohmann::ordered_json::parse(whole[i]);
        if (!entry.contains("estimate") || !entry["estimate"].contains("outcomes")) continue;
        entry["estimate"]["outcomes"].erase(entry["estimate"]["outcomes"].begin());
        std::ofstream(files[i], std::ios::binary | std::ios::trunc) << entry.dump();
    }
    CHECK(check_pack(loaded, with).to_json().dump() == plain);
    for (std::size_t i = 0; i < files.size(); ++i) CHECK(*read_whole_file(files[i]) == whole[i]);
}

TEST_CASE("cache: the ladder's figures are kept too", "[pack][cache]") {
    const test::ScratchDir dir("cache-ladder");
    const std::string samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/";
    dir.write("pack.json", test::pack_file("One", {samples + "match3/01-intro.json"}));
    const LoadedPack loaded = load_pack_levels(dir / "pack.json");
    CheckOptions with = cache_options(dir / "cache");
    with.runs = 20;
    with.ladder = true;
    with.rollouts = 5;
    CheckOptions without = with;
    without.cache_dir.clear();
    const std::string plain = check_pack(loaded, without).to_json().dump();
    CHECK(plain.find("\"ladder\"") != std::string::npos);
    CHECK(check_pack(loaded, with).to_json().dump() == plain);
    const auto files = entries_under(dir / "cache");
    REQUIRE(files.size() == 1);
    const auto entry = nlohmann::ordered_json::parse(*read_whole_file(files[0]));
    CHECK(entry.at("ladder").size() >= 3);
    CHECK(check_pack(loaded, with).to_json().dump() == plain);
}

TEST_CASE("cache: shards read and write it, and their parts are the same bytes warm or cold", "[pack][cache][shards]") {
    const test::ScratchDir dir("cache-shards");
    const LoadedPack loaded = load_pack_levels(cache_demo);
    CheckOptions with = cache_options(dir / "cache");
    with.precision = 0.03;  // some levels stop at 100 runs: a whole check's entry holds only those
    CheckOptions without = with;
    without.cache_dir.clear();
    const std::string plain = check_pack(loaded, without).to_json().dump();
    constexpr int shards = 3;
    int read = 0;
    const auto cold = cached_parts(loaded, without, shards, read);
    CHECK(read == 0);
    CHECK(merged_json(cold) == plain);
    std::size_t units = 0;
    for (const auto& p : cold) units += p.json["units"].size();

    // Cold: every unit computed and written, one entry each.
    CHECK(cached_parts(loaded, with, shards, read).size() == shards);
    CHECK(read == 0);
    const auto files = entries_under(dir / "cache");
    CHECK(files.size() == units);
    // Warm: every unit read, the same parts to the byte.
    const auto warm = cached_parts(loaded, with, shards, read);
    CHECK(read == static_cast<int>(units));
    for (int k = 0; k < shards; ++k)
        CHECK(warm[static_cast<std::size_t>(k)].json.dump() == cold[static_cast<std::size_t>(k)].json.dump());
    CHECK(merged_json(warm) == plain);

    // Damaged entries are not trusted: computed again, rewritten, the same parts.
    for (const auto& f : files) std::ofstream(f, std::ios::binary | std::ios::trunc) << "{\"format\":\"tilelab.cache\"";
    const auto repaired = cached_parts(loaded, with, shards, read);
    CHECK(read == 0);
    for (int k = 0; k < shards; ++k)
        CHECK(repaired[static_cast<std::size_t>(k)].json.dump() == cold[static_cast<std::size_t>(k)].json.dump());
    cached_parts(loaded, with, shards, read);
    CHECK(read == static_cast<int>(units));

    // After a whole check in another folder, shards read its entries: every analysis, and the
    // ranges within the runs the check made (those past a precision's stop are played).
    CheckOptions after_check = with;
    after_check.cache_dir = dir / "whole";
    CHECK(check_pack(loaded, after_check).to_json().dump() == plain);
    const std::size_t level_entries = entries_under(dir / "whole").size();
    const auto from_whole = cached_parts(loaded, after_check, shards, read);
    CHECK(read > static_cast<int>(loaded.entries.size()));
    CHECK(read < static_cast<int>(units));
    for (int k = 0; k < shards; ++k)
        CHECK(from_whole[static_cast<std::size_t>(k)].json.dump() == cold[static_cast<std::size_t>(k)].json.dump());
    CHECK(entries_under(dir / "whole").size() == level_entries + units - static_cast<std::size_t>(read));
    CHECK(merged_json(from_whole) == plain);
}

TEST_CASE("cache: the command line uses $XDG_CACHE_HOME/tilelab by default, --cache DIR, or none", "[pack][cache][cli]") {
    const test::ScratchDir dir("cache-cli");
    const std::string samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/";
    dir.write("pack.json", test::pack_file("Two", {samples + "match3/01-intro.json", samples + "link/01-pairs.json"}));
    const std::string pack = (dir / "pack.json").string();
    auto tilelab_with_cache_home = [&](const std::string& home, std::vector<std::string> args) {
        std::vector<std::string> words{"env", "XDG_CACHE_HOME=" + home, TILELAB_CLI};
        words.insert(words.end(), args.begin(), args.end());
        return test::run_command(words, dir.path());
    };
    const std::vector<std::string> check{"pack", "check", pack, "--json", "--bot", "greedy", "--runs", "200"};

    // The default: the user's cache folder; the second run reads it and prints the same bytes.
    const std::string home = (dir / "home-cache").string();
    const test::CommandResult cold = tilelab_with_cache_home(home, check);
    REQUIRE(cold.status == 0);
    CHECK(entries_under(dir / "home-cache" / "tilelab" / "checks").size() == 2);
    const test::CommandResult warm = tilelab_with_cache_home(home, check);
    CHECK(warm.out == cold.out);

    // --no-cache: nothing read or written; --cache DIR: that folder instead.
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = check;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    const std::string other = (dir / "other").string();
    CHECK(tilelab_with_cache_home(other, with({"--no-cache"})).out == cold.out);
    CHECK(entries_under(dir / "other").empty());
    CHECK(tilelab_with_cache_home(other, with({"--cache", (dir / "given").string()})).out == cold.out);
    CHECK(entries_under(dir / "given").size() == 2);
    CHECK(entries_under(dir / "other").empty());

    // Refused, exit 2: both flags.
    const test::CommandResult both = tilelab_with_cache_home(other, with({"--cache", other, "--no-cache"}));
    CHECK(both.status == 2);
    CHECK(both.err.find("--cache and --no-cache") != std::string::npos);

    // A shard uses it too: the second run of the shard (its part removed) reads every unit.
    const std::string part = (dir / "part.json").string();
    const std::vector<std::string> shard{"pack", "check", pack, "--shard", "0/2", "-o", part, "--bot", "greedy", "--runs", "200"};
    const test::CommandResult first = tilelab_with_cache_home(other, shard);
    REQUIRE(first.status == 0);
    CHECK(first.err.find("from the cache") == std::string::npos);
    const std::string bytes = *read_whole_file(part);
    CHECK(entries_under(dir / "other" / "tilelab").size() == 2);  // the units of shard 0: an analysis and a range
    std::filesystem::remove(part);
    const test::CommandResult again = tilelab_with_cache_home(other, shard);
    REQUIRE(again.status == 0);
    CHECK(again.err.find("2 read from the cache") != std::string::npos);
    CHECK(*read_whole_file(part) == bytes);
    std::filesystem::remove(part);
    CHECK(tilelab_with_cache_home(other, with({"--no-cache"})).status == 0);
    std::vector<std::string> uncached = shard;
    uncached.push_back("--no-cache");
    const test::CommandResult none = tilelab_with_cache_home(other, uncached);
    REQUIRE(none.status == 0);
    CHECK(none.err.find("from the cache") == std::string::npos);
    CHECK(*read_whole_file(part) == bytes);
}
