// A pack-wide difficulty ramp (`tilelab pack tune PACK --ramp FIRST:LAST`, the editor's Pack panel
// "Ramp..."): each match3 and slide level, in pack order, gets the move limit `tilelab tune` sets for
// its step of the ramp (docs/cli.md "pack tune").
#pragma once
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/tune.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::pack {

struct RampRow {
    std::string path;  // as the pack lists it
    std::string file;  // as messages name it
    std::string id;
    std::string name;
    std::optional<double> target;  // unset: skipped (the kind has no pass rate to aim)
    std::string skipped;           // why
    std::optional<int> previous;   // the level's move limit before
    TuneResult tuned;

    // On the ramp and its limit within the tolerance of its target.
    bool on_target() const { return !target || (tuned.choice && tuned.within); }
    // On the ramp, on target, and its limit differs from the level's.
    bool changes() const { return target && tuned.choice && tuned.within && previous != tuned.choice->moves; }
};

struct RampProgress {
    std::atomic<int> done{0};   // levels tuned so far
    std::atomic<int> total{0};  // levels on the ramp
    Progress playouts;          // the current level's playouts
};

// Every entry must have loaded (the caller refuses the pack otherwise). Levels are tuned one after
// the other, in pack order, each with `estimate` and `tune`'s tolerance and move caps; `tune.target`
// is replaced by the level's step. `on_level(row, step, steps)` is called after each tuned level.
// A stop request ends it early: the rows not reached have no choice.
std::vector<RampRow> tune_ramp(const LoadedPack& loaded, const EstimateOptions& estimate, const TuneOptions& tune, double first,
                               double last, StopToken stop = {}, RampProgress* progress = nullptr,
                               const std::function<void(const RampRow&, int step, int steps)>& on_level = {});

// For a level off its target: the two points of its curve the target falls between ("the curve steps
// from 52.1% at 2 moves to 84.5% at 3 moves"); "" when the target lies outside the curve.
std::string ramp_curve_step(const TuneResult& tuned, double target);

}  // namespace tilelab::pack
