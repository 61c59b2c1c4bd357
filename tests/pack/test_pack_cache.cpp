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

    // Refused, exit 2: both flags; --cache with --shard (a shard never uses the cache).
    const test::CommandResult both = tilelab_with_cache_home(other, with({"--cache", other, "--no-cache"}));
    CHECK(both.status == 2);
    CHECK(both.err.find("--cache and --no-cache") != std::string::npos);
    const test::CommandResult shard = tilelab_with_cache_home(
        other, {"pack", "check", pack, "--shard", "0/2", "-o", (dir / "part.json").string(), "--cache", other});
    CHECK(shard.status == 2);
    CHECK(shard.err.find("--shard") != std::string::npos);
    REQUIRE(tilelab_with_cache_home(other, {"pack", "check", pack, "--shard", "0/2", "-o", (dir / "part.json").string(), "--bot",
                                            "greedy", "--runs", "20"})
                .status == 0);
    CHECK(entries_under(dir / "other").empty());
}
