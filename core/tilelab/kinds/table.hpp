// The table of the four kinds, and what goes through it for any level: kind_ops picks a kind's
// operations (analysis/game.hpp's KindOps), apply_moves replays moves for `tilelab apply` and the
// editor (their events as JSON: kinds/event_json.hpp), and problem_list gives a level's problems.
// The layer above the four kinds, the only one that knows them all (docs/architecture.md).
// table.cpp also defines kind_format, each kind's entry in the level format, which the board layer
// declares (board/kind_format.hpp) for the level reader and writer under the kinds.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab {

const KindOps& kind_ops(Kind kind);

// Parses a move string of the kind (its KindOps::parse_move); on failure returns nullopt and says
// why in `error`.
std::optional<Move> parse_move(Kind kind, std::string_view text, std::string& error);

// An event of a replay and the index of the move (from 0) that caused it: `tilelab apply` prints
// it as the event's JSON with "move" first (kinds/event_json.hpp).
struct AppliedEvent {
    int move = 0;
    Event event;
    friend bool operator==(const AppliedEvent&, const AppliedEvent&) = default;
};

// Plays `moves` from the level's start. Stops at the first illegal move.
struct ApplyResult {
    State state;
    std::vector<AppliedEvent> events;  // every legal move's events, in order
    std::optional<int> illegal;
    std::string why;
};
ApplyResult apply_moves(const Level& level, const std::vector<Move>& moves);

// Every problem of the level (docs/cli.md "Problems"): `findings`, what an analysis of its start
// found, then level_problems(level). Every kind's analyze returns this as Analysis::warnings.
std::vector<Warning> problem_list(const Level& level, std::vector<Warning> findings);
// The same list for a verb that runs no solver (validate, estimate, tune): the kind's analyze with
// the solver and the overlays off. Only what those find is missing: the lines solver's outcome
// (out of time, no solution within its depth) and match3's note that the hints were cut short.
std::vector<Warning> problem_list(const Level& level);

// The level problems, in board order within each check (docs/format.md "Problems"), of the level's
// kind. Each "can never" / "cannot be won" is a proof from the rules (docs/match3.md "Level problems"):
// match3: jelly no piece can ever be cleared on (under a blocker or a crate never hit, on a cell no
//   piece can ever fall into, or, in a level that makes no special, off every line of min_match
//   cells that can hold pieces); ingredients whose falls and swaps reach no exit; crates no run can
//   ever form next to, in a level that makes no special; `?` cells for which every colour
//   completes a run, and runs already among the fixed pieces of a level with `?` cells (the
//   generator keeps a board without runs, so it cannot fill them) (match3::level_problems).
// link: values with an odd count or no partner (the pairing warnings), a tile walled in on all
//   sides, or with no partner in the area blockers leave it (tiles are removed, blockers never); a
//   move limit below the number of pairs when the goal is to clear the board (link::level_problems).
// lines, slide: none yet.
std::vector<Warning> level_problems(const Level& level);

}  // namespace tilelab
