// The kind table (each kind's operations and its level format entry), the generic replay behind
// `tilelab apply`, and the problems of any level.
#include "tilelab/kinds/table.hpp"

#include <iterator>

#include "tilelab/collapse/collapse.hpp"
#include "tilelab/lines/lines.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab {

namespace {

// One explicit table, in the order of Kind, one line a kind; no self-registration. A kind without
// level problems of its own has none (nullptr).
struct KindRow {
    const KindOps& (*ops)();
    const KindFormat& (*format)();
    std::vector<Warning> (*problems)(const Level&);
};
constexpr KindRow kind_rows[] = {
    {match3::ops, match3::format, match3::level_problems},
    {link::ops, link::format, link::level_problems},
    {lines::ops, lines::format, nullptr},
    {slide::ops, slide::format, nullptr},
    {collapse::ops, collapse::format, collapse::level_problems},
};
static_assert(std::size(kind_rows) == kind_count, "one row a kind, in the order of Kind");

const KindRow& row(Kind kind) { return kind_rows[static_cast<std::size_t>(kind)]; }

}  // namespace

const KindOps& kind_ops(Kind kind) { return row(kind).ops(); }

// Declared in the board layer (board/kind_format.hpp), under the kinds, for the level reader and
// writer; defined here, by the one table that lists them.
const KindFormat& kind_format(Kind kind) { return row(kind).format(); }

std::optional<Move> parse_move(Kind kind, std::string_view text, std::string& error) {
    return kind_ops(kind).parse_move(text, error);
}

ApplyResult apply_moves(const Level& level, const std::vector<Move>& moves) {
    const KindOps& game = kind_ops(level.kind);
    ApplyResult result;
    result.state = game.start(level);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        StepResult step = game.play(level, result.state, moves[i]);
        if (!step.legal) {
            result.illegal = static_cast<int>(i);
            result.why = step.why;
            break;
        }
        for (Event& e : step.events) result.events.push_back(AppliedEvent{static_cast<int>(i), std::move(e)});
        result.state = std::move(step.state);
    }
    return result;
}

std::vector<Warning> level_problems(const Level& level) {
    const auto problems = row(level.kind).problems;
    return problems ? problems(level) : std::vector<Warning>{};
}

std::vector<Warning> problem_list(const Level& level, std::vector<Warning> findings) {
    for (Warning& w : level_problems(level)) findings.push_back(std::move(w));
    return findings;
}

std::vector<Warning> problem_list(const Level& level) {
    AnalyzeOptions options;
    options.solve = false;
    options.overlays = false;
    return kind_ops(level.kind).analyze(level, options, StopToken{}).warnings;
}

}  // namespace tilelab
