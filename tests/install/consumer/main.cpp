// A game runtime in miniature, built against the installed tilelab package: loads a level file,
// starts it with the level's seed and plays the first legal move, as an engine's game loop would.
#include <iostream>

#include <tilelab/analysis/game.hpp>
#include <tilelab/io/level_io.hpp>
#include <tilelab/kinds/table.hpp>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: tilelab_consumer LEVEL.json\n";
        return 2;
    }
    tilelab::LevelLoad load = tilelab::load_level(argv[1]);
    for (const auto& d : load.diagnostics) std::cerr << d.format() << "\n";
    if (!load.level) return 1;
    const tilelab::Level& level = *load.level;
    const tilelab::KindOps& rules = tilelab::kind_ops(level.kind);

    const tilelab::State start = rules.start(level);
    const std::vector<tilelab::Move> moves = rules.legal_moves(level, start);
    if (moves.empty()) {
        std::cerr << level.id << ": no legal move at the start\n";
        return 1;
    }
    const tilelab::StepResult step = rules.play(level, start, moves.front());
    if (!step.legal) {
        std::cerr << level.id << ": the first legal move was refused: " << step.why << "\n";
        return 1;
    }
    // play() never changes its input: the start state is still what start() gave.
    if (!(start == rules.start(level))) {
        std::cerr << level.id << ": play() changed the state it was given\n";
        return 1;
    }
    std::cout << level.id << " (" << tilelab::kind_name(level.kind) << ", " << level.width() << "x" << level.height()
              << "): " << moves.size() << " legal moves, played " << tilelab::format_move(moves.front()) << ", score "
              << step.state.score << ", " << step.events.size() << " events\n";
    return 0;
}
