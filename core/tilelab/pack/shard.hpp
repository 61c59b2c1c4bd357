// Shards: a pack check (or one estimate) cut into N shares that run anywhere (Slurm array tasks,
// Kubernetes indexed jobs, GNU parallel), each writing a part file, and the merge of the N parts
// into exactly the report one plain run gives. See docs/scale.md.
//
// The work of a check is a list of units in pack order: each loaded level's analysis, then (match3,
// slide) its playouts cut into ranges of run indices. Unit j goes to shard j mod N. The split
// depends only on the pack (its levels, which of them load, their kinds), --runs and N; every
// playout keeps its seed from (--seed, run index), so the pieces sum up to the whole.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::pack {

// Shard K of N, counted from 0 as SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are.
struct ShardSpec {
    int index = 0;
    int count = 1;
    friend bool operator==(const ShardSpec&, const ShardSpec&) = default;
};
// A level's playouts are cut into at most N ranges of at least this many runs.
inline constexpr int min_runs_per_range = 16;

// "K/N" with 0 <= K < N <= limits::max_shards; nullopt (and `error` says why) otherwise.
std::optional<ShardSpec> parse_shard(std::string_view text, std::string& error);

struct WorkUnit {
    int level = 0;          // index in the pack
    bool analysis = false;  // the level's analysis; else its playouts first_run .. first_run + runs - 1
    int first_run = 0;
    int runs = 0;
    int shard = 0;
    friend bool operator==(const WorkUnit&, const WorkUnit&) = default;
};
// Every unit of a check of `loaded` with `runs` playouts a level, dealt to `shards` shards.
std::vector<WorkUnit> split_check(const LoadedPack& loaded, int runs, int shards);
// The runs of shard K of an estimate of `runs` playouts: [first, first + count).
std::pair<int, int> estimate_share(int runs, ShardSpec shard);

// "fnv1a64:" and 16 hex digits of the bytes' 64-bit FNV-1a hash.
std::string content_hash(std::string_view bytes);
// What a part is made from: {"source": path as named, "hash": over every file, "files": [{"file", "hash"}]}
// (a file that cannot be read has the hash "unreadable").
nlohmann::ordered_json pack_identity(const LoadedPack& loaded);
nlohmann::ordered_json level_identity(const std::string& level_path);

// The options that change a check's figures (not --threads): runs, seed, budget_ms, bot, range,
// playout_budget_ms, rollouts; and back (nullopt when malformed).
nlohmann::ordered_json check_options_json(const CheckOptions& options);
std::optional<CheckOptions> check_options_from_json(const nlohmann::ordered_json& j);
// An estimate's: runs, seed, bot, curve_cap, playout_budget_ms, rollouts.
nlohmann::ordered_json estimate_options_json(const EstimateOptions& options);
std::optional<EstimateOptions> estimate_options_from_json(const nlohmann::ordered_json& j);

// A part without its units: {"format": "tilelab.part", "version": 1, "of": "pack check" | "estimate",
// "source", "hash", "files", "options", "shard": [K, N]}.
nlohmann::ordered_json part_header(const std::string& of, const nlohmann::ordered_json& identity,
                                   const nlohmann::ordered_json& options, ShardSpec shard);
// Why `part` does not belong with `reference` ("" when it does): not a part, another verb, another
// source, another version of a file, other options, another N. The shard index is not compared.
std::string part_difference(const nlohmann::ordered_json& part, const nlohmann::ordered_json& reference);

// What lies at a shard's output path: nothing, the very part asked for (the shard is done), that
// part damaged (its units do not match their hash: it is made again), or something that must not
// be overwritten (`message` says what).
struct ExistingPart {
    enum class State { absent, done, damaged, refused } state = State::absent;
    std::string message;
};
ExistingPart look_for_part(const std::filesystem::path& out, const nlohmann::ordered_json& header);

// Runs shard `header["shard"]` of the check and returns the whole part (nullopt when stopped).
// With options.cache_dir, units are read from the check cache where it holds them and written to it
// when computed (docs/scale.md "Shards and the cache"); `from_cache` counts the units read.
std::optional<nlohmann::ordered_json> run_check_shard(const LoadedPack& loaded, const CheckOptions& options,
                                                      nlohmann::ordered_json header, StopToken stop = {},
                                                      int* from_cache = nullptr);
// Runs the share of one estimate (`options`: the whole estimate's, first_run 0). Throws what
// estimate throws (an unknown bot).
nlohmann::ordered_json run_estimate_shard(const Level& level, const EstimateOptions& options, nlohmann::ordered_json header);

// ---- Merge ---------------------------------------------------------------------------------------

// The games of one playout range as read_part keeps them: compact, checked as they are read.
struct StreamedOutcomes {
    bool present = false;                               // the unit's "outcomes" was an array (read here, not in the JSON)
    std::size_t count = 0;                              // its elements
    std::vector<PlayoutOutcome> outcomes;               // the games, up to the first element that is not one
    std::size_t bad_at = static_cast<std::size_t>(-1);  // that element's index (none: -1)
    std::string bad;                                    // and its JSON
};

struct PartFile {
    PartFile() = default;
    PartFile(std::string file_name, nlohmann::ordered_json part) : file(std::move(file_name)), json(std::move(part)) {}
    std::string file;             // as the user named it
    nlohmann::ordered_json json;  // the part (read_part: without the "outcomes" arrays of its units)
    // Filled by read_part, which streams the file (docs/scale.md "Memory"): index i holds the games
    // of json["units"][i]; and the hash of "units" as read. A part made in memory leaves both empty
    // and keeps its games in `json`.
    std::vector<StreamedOutcomes> streamed;
    std::optional<std::string> units_hash_read;
};
// Reads a part file in one pass without holding its text or a JSON tree of its games (about 40
// bytes a game); on failure returns nullopt and says why in `error`.
std::optional<PartFile> read_part(const std::string& file, std::string& error);

// Checks that the parts are one whole set: the same verb, source, files and options, one N, each
// shard exactly once. The reference is what most parts agree on (the first such part on a tie).
struct PartSet {
    std::vector<std::string> refusals;      // one line each: "FILE: foreign part: ...", "shard 2/4 is missing"
    nlohmann::ordered_json reference;       // a header of the set
    std::vector<const PartFile*> by_shard;  // index K: the part of shard K (when no refusal)
    bool ok() const { return refusals.empty(); }
};
PartSet check_part_set(const std::vector<PartFile>& parts);

// The report check_pack gives, rebuilt from a whole set. `error`: the pack or a level changed since
// the parts were made, or a part's units are not its shard's (nothing to report then).
struct PackMerge {
    std::string error;
    std::optional<PackReport> report;
};
PackMerge merge_check_parts(const PartSet& set);

// The estimate a whole run gives, rebuilt from a whole set of estimate parts: its json is what
// `estimate --json` prints, the level's "problems" last.
struct EstimateMerge {
    std::string error;
    std::optional<EstimateResult> result;
};
EstimateMerge merge_estimate_parts(const PartSet& set);

}  // namespace tilelab::pack
