// Generation to a target difficulty (`tilelab generate --target-pass P`, `--target-clear P`,
// `--kind lines --moves K`): layouts are drawn one after another from the seed, each measured by
// the same playouts or solver as `estimate` / `analyze`, until one lands in the band.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/tune.hpp"
#include "tilelab/board/stop.hpp"

namespace tilelab {

struct AimOptions {
    GenerateOptions layout;       // kind, size, seed and what the designer fixed
    bool colors_fixed = false;    // --colors given: every candidate keeps it (else varied)
    bool blockers_fixed = false;  // --blockers given: likewise
    double target = 0.4;          // match3, slide: pass rate; link: the random player's clear rate
    double tolerance = 0.05;
    int lines_moves = 0;           // lines: the proved optimal number of shifts wanted
    EstimateOptions estimate;      // bot, runs, threads, playout seed (as `estimate` would run)
    int max_candidates = 200;      // layouts tried before giving up
    Progress* progress = nullptr;  // the running candidate's playouts (0..1), for a progress line
};

// One layout tried, as printed on stderr.
struct AimCandidate {
    int index = 0;
    GenerateOptions layout;
    std::string what;                     // "9x9, 5 colours, 2 blockers, jelly on 14 cells (2 rows)"
    std::optional<LimitChoice> measured;  // the figure found (match3, slide: at the tuned limit)
    int optimum = -1;                     // lines: the proved optimum (-1: not proved)
    bool inside = false;                  // the candidate lands in the band
    bool stopped = false;                 // its measurement was cut short by the stop (nothing measured)
};

struct AimResult {
    std::optional<Level> level;  // the level found, its move limit set
    EstimateResult estimate;     // its playouts (match3, slide, link), seed options.estimate.seed
    std::vector<AimCandidate> tried;
    // When nothing landed: the nearest candidate, named. Stopped: when, "after 3 of 200
    // candidates, none with ... (nearest: ...)" or "while candidate 4, inside the band, was ...".
    std::string error;
    bool stopped = false;  // the stop came before a level was found and estimated
};

// The interval [ci_low, ci_high] lies inside [target - tolerance, target + tolerance].
bool interval_inside(const LimitChoice& c, double target, double tolerance);

AimResult generate_to_target(const AimOptions& options, StopToken stop = {},
                             const std::function<void(const AimCandidate&)>& on_candidate = {});

}  // namespace tilelab
