// Internals shared by the sources of shards and parts (shard.cpp, part_reader.cpp), not part of the
// library's interface.
#pragma once
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/steps.hpp"

namespace tilelab::pack::detail {

// The 64-bit FNV-1a hash of bytes given piece by piece, as content_hash gives it.
struct Fnv1a {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void add(std::string_view bytes) {
        for (unsigned char c : bytes) {
            h ^= c;
            h *= 0x100000001b3ull;
        }
    }
    std::string text() const {
        char text[32];
        std::snprintf(text, sizeof text, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
        return text;
    }
};

// A game of a part's "outcomes" ([won, dead, moves_used, moves_left, score, highest_tile, won_at,
// dead_at]), or nothing when it is not one the tool could have written.
std::optional<PlayoutOutcome> outcome_from_json(const nlohmann::ordered_json& j);

// What phase 1 of a check found about a level (without its load problems), as parts and the
// check cache keep it, and back onto a report (false when it does not read back).
nlohmann::ordered_json level_analysis_record(const LevelReport& report);
bool apply_level_analysis_record(LevelReport& report, const nlohmann::ordered_json& record);
// A level's playouts as parts and the cache keep them: [won, dead, moves_used, ...] each.
nlohmann::ordered_json playout_outcomes_json(const std::vector<PlayoutOutcome>& outcomes);

// A level's playouts as the check cache keeps them: {"timed_out": false, "outcomes": [...]} or
// {"error": "..."}; nullopt for a figure the cache must not keep (stopped, or cut by a time budget:
// another run could get further).
std::optional<nlohmann::ordered_json> cacheable_playouts(const LevelEstimate& run);
// An analysis record read from the cache, with its problems named after `file` as an analysis of
// that file names them; nullopt when it does not read back. `applied`, when given, gets the record
// applied (the report the check reads it into), so that it is read only once.
std::optional<nlohmann::ordered_json> cached_analysis_record(const nlohmann::ordered_json& record, const std::string& file,
                                                             LevelReport* applied = nullptr);

}  // namespace tilelab::pack::detail
