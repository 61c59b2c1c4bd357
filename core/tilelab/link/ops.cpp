// PLACEHOLDER until the link kind lands: every operation refuses with a message.
#include <stdexcept>

#include "tilelab/link/link.hpp"

namespace tilelab::link {
namespace {
State start(const Level&) { throw std::runtime_error("link: not built yet"); }
std::vector<Move> legal_moves(const Level&, const State&) { throw std::runtime_error("link: not built yet"); }
StepResult play(const Level&, const State&, const Move&) { throw std::runtime_error("link: not built yet"); }
bool goal_met(const Level&, const State&) { throw std::runtime_error("link: not built yet"); }
Analysis analyze(const Level&, const AnalyzeOptions&, std::stop_token) { throw std::runtime_error("link: not built yet"); }
GenerateResult generate(const GenerateOptions&) { return {std::nullopt, "link: not built yet"}; }
}  // namespace

const KindOps& ops() {
    static const KindOps table{Kind::link, start, legal_moves, play, goal_met, analyze, generate, nullptr};
    return table;
}

}  // namespace tilelab::link
