// A game runtime in miniature, built against the installed tilelab package: loads a level file,
// starts it with the level's seed and plays the first legal move, as an engine's game loop would;
// or loads a bundle and starts each of its levels.
#include <iostream>
#include <string>

#include <tilelab/analysis/game.hpp>
#include <tilelab/io/level_io.hpp>
#include <tilelab/kinds/table.hpp>

// A bundle as `tilelab pack export` writes it: every level loads and starts.
int play_bundle(const char* path) {
    tilelab::BundleLoad load = tilelab::load_bundle(path);
    for (const auto& d : load.diagnostics) std::cerr << d.format() << "\n";
    if (!load.bundle) return 1;
    std::size_t moves = 0;
    for (const tilelab::Level& level : load.bundle->levels) {
        const tilelab::KindOps& rules = tilelab::kind_ops(level.kind);
        moves += rules.legal_moves(level, rules.start(level)).size();
    }
    std::cout << "bundle '" << load.bundle->name << "': " << load.bundle->levels.size() << " levels, "
              << load.bundle->report.size() << " summaries, " << moves << " legal moves at their starts\n";
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--bundle") return play_bundle(argv[2]);
    if (argc != 2) {
        std::cerr << "usage: tilelab_consumer LEVEL.json | --bundle BUNDLE.json\n";
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
