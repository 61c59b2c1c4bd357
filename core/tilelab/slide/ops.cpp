// PLACEHOLDER until the slide kind lands: every operation refuses with a message.
#include <stdexcept>

#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {
namespace {
State start(const Level&) { throw std::runtime_error("slide: not built yet"); }
std::vector<Move> legal_moves(const Level&, const State&) { throw std::runtime_error("slide: not built yet"); }
StepResult play(const Level&, const State&, const Move&) { throw std::runtime_error("slide: not built yet"); }
bool goal_met(const Level&, const State&) { throw std::runtime_error("slide: not built yet"); }
Analysis analyze(const Level&, const AnalyzeOptions&, std::stop_token) { throw std::runtime_error("slide: not built yet"); }
GenerateResult generate(const GenerateOptions&) { return {std::nullopt, "slide: not built yet"}; }
}  // namespace

const KindOps& ops() {
    static const KindOps table{Kind::slide, start, legal_moves, play, goal_met, analyze, generate, nullptr};
    return table;
}

}  // namespace tilelab::slide
