// The check cache: each level's results of a pack check (its analysis, its playouts and its
// ladder's) kept in files under a folder, by content, so that a check of unchanged levels reads
// them instead of playing again (docs/packs.md "The cache").
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tilelab/pack/pack.hpp"

namespace tilelab::pack {

// The folder `--cache` defaults to: $XDG_CACHE_HOME/tilelab, else $HOME/.cache/tilelab; empty when
// neither variable is set.
std::filesystem::path default_cache_dir();

// What made the results: the build's identity, so that another build never reads an entry it did
// not write: in the CLI and the editor, a hash of the core's archive (both executables of one
// build share it, and so their entries); elsewhere the executable's GNU build id, else a hash of
// its bytes. Each changes with any change of the core's code or the version.
const std::string& build_identity();

// The entry's key: the build, a hash of the level's canonical bytes (write_level) and every option
// the level's results depend on (check_options_json's but --range, and --ladder: runs, precision,
// seed, the solver's budget, bot, rollouts, the playout budget; not threads, range or
// calibration, which apply after). A shard's piece of a level has a key of its own: the same and
// the `unit` ("analysis", or [first run, runs] of the level's playouts); null: the whole level.
std::string cache_key(const Level& level, const CheckOptions& options, const nlohmann::ordered_json& unit = nullptr);
// The same key as JSON fields, without a unit: for a caller that makes the keys of several units
// of one level (cache_key_of) without writing the level again for each.
nlohmann::ordered_json cache_key_fields(const Level& level, const CheckOptions& options);
std::string cache_key_of(nlohmann::ordered_json fields, const nlohmann::ordered_json& unit = nullptr);

// The file an entry of `key` lives in under `dir`.
std::filesystem::path cache_entry_path(const std::filesystem::path& dir, const std::string& key);

// The entry stored for `key`: {"format": "tilelab.cache", "version": 1, "key": key, "analysis": ...,
// "estimate": ..., "ladder": ...} (a shard's unit: "analysis" or "playouts" alone), or nullopt when there is none, or it does not read, or it holds
// another key: an entry is used only when whole and of this very key (the caller still checks
// each part as it applies it, and computes the level afresh when one does not read back).
std::optional<nlohmann::ordered_json> read_cache_entry(const std::filesystem::path& dir, const std::string& key);

// Writes the entry atomically (a damaged or foreign entry there is replaced); false when it could
// not be written (the check goes on: the cache is never needed).
bool write_cache_entry(const std::filesystem::path& dir, const std::string& key, const nlohmann::ordered_json& entry);

}  // namespace tilelab::pack
