// PLACEHOLDER until the match3 kind lands: every operation refuses with a message.
#include <stdexcept>

#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {
namespace {
State start(const Level&) { throw std::runtime_error("match3: not built yet"); }
std::vector<Move> legal_moves(const Level&, const State&) { throw std::runtime_error("match3: not built yet"); }
StepResult play(const Level&, const State&, const Move&) { throw std::runtime_error("match3: not built yet"); }
bool goal_met(const Level&, const State&) { throw std::runtime_error("match3: not built yet"); }
Analysis analyze(const Level&, const AnalyzeOptions&, std::stop_token) { throw std::runtime_error("match3: not built yet"); }
GenerateResult generate(const GenerateOptions&) { return {std::nullopt, "match3: not built yet"}; }
}  // namespace

const KindOps& ops() {
    static const KindOps table{Kind::match3, start, legal_moves, play, goal_met, analyze, generate, nullptr};
    return table;
}

}  // namespace tilelab::match3
