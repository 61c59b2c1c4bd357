// A format 2 preview played out (see oracle_preview.hpp).
#include "match3/oracle_preview.hpp"

#include <algorithm>

namespace tilelab::test {

std::optional<match3::v2::Preview> preview_plain(const State& state, const match3::v2::Config& config, Cell a, Cell b,
                                                 match3::v2::Scratch& scratch) {
    namespace v2 = match3::v2;
    const v2::SwapKind kind = v2::classify(state.board, state.lock, a, b, config.min_match);
    if (kind == v2::SwapKind::illegal) return std::nullopt;
    // The state as the first step sees it: the board and lock swapped, nothing scored or collected
    // yet, no jelly (a preview does not count it).
    State trial;
    trial.board = state.board;
    trial.lock = state.lock;
    trial.collected.assign(static_cast<std::size_t>(config.colors), 0);
    std::swap(trial.board.at(a), trial.board.at(b));
    const v2::FirstStep first{a, b, kind == v2::SwapKind::combo};
    v2::StepReport report;
    scratch.first_step_only = true;
    v2::resolve_step(trial, config, v2::Mode::lookahead, &first, scratch, nullptr, 1, &report);
    scratch.first_step_only = false;
    v2::Preview p;
    p.combo = first.combo;
    const int w = state.board.width;
    for (int idx : report.cleared) p.clears.push_back(Cell{idx % w, idx / w});
    std::sort(p.clears.begin(), p.clears.end());
    for (const auto& [idx, special] : report.created) p.creates.push_back({Cell{idx % w, idx / w}, special});
    std::sort(p.creates.begin(), p.creates.end());
    return p;
}

}  // namespace tilelab::test
