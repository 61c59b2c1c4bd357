// The kind table (each kind's operations and its level format entry), the generic replay behind
// `tilelab apply`, and the problems of any level.
#include "tilelab/kinds/table.hpp"

#include "tilelab/lines/lines.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab {

const KindOps& kind_ops(Kind kind) {
    // One explicit table, in the order of Kind; no self-registration.
    switch (kind) {
    case Kind::match3:
        return match3::ops();
    case Kind::link:
        return link::ops();
    case Kind::lines:
        return lines::ops();
    case Kind::slide:
        return slide::ops();
    }
    return match3::ops();
}

const KindFormat& kind_format(Kind kind) {
    // Declared in the board layer (board/kind_format.hpp), under the kinds, for the level reader and
    // writer; defined here, the one table that lists them, in the order of Kind.
    switch (kind) {
    case Kind::match3:
        return match3::format();
    case Kind::link:
        return link::format();
    case Kind::lines:
        return lines::format();
    case Kind::slide:
        return slide::format();
    }
    return match3::format();
}

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
    switch (level.kind) {
    case Kind::match3:
        return match3::level_problems(level);
    case Kind::link:
        return link::level_problems(level);
    case Kind::lines:
    case Kind::slide:
        return {};
    }
    return {};
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
