// `tilelab apply LEVEL MOVE...`: plays moves from the start with the level's seed.
#include <iostream>

#include "cli/verbs.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab::cli {

const char* const apply_usage =
    "usage: tilelab apply LEVEL MOVE... [--json]\n"
    "\n"
    "Plays the moves from the level's start (random cells drawn from the level's seed) and\n"
    "prints the board, the score, the events of every move and the first illegal move.\n"
    "Moves: match3 and link x1,y1:x2,y2; lines row:Y:left|right, col:X:up|down;\n"
    "slide up|down|left|right.\n"
    "--json: {\"board\": [rows], \"score\": n, \"events\": [...], \"illegal\": null or index}.\n"
    "Exit status: 0 all moves played, 1 the level is invalid or a move was illegal (play stops\n"
    "there; the output still shows the board reached), 2 wrong usage or a malformed move.\n";

int run_apply(const Args& args) {
    std::optional<std::string> path;
    std::vector<std::string> move_words;
    bool json = false;
    for (const auto& a : args) {
        if (a == "--json") json = true;
        else if (a.rfind("--", 0) == 0) return usage_error("apply", "unknown option '" + a + "'");
        else if (!path) path = a;
        else move_words.push_back(a);
    }
    if (!path) return usage_error("apply", "name a level file and the moves to play");
    auto level = load_level_reporting(*path);
    if (!level) return exit_invalid;
    std::vector<Move> moves;
    for (std::size_t i = 0; i < move_words.size(); ++i) {
        std::string error;
        auto move = parse_move(level->kind, move_words[i], error);
        if (!move) return usage_error("apply", "move " + std::to_string(i) + ": " + error);
        moves.push_back(*move);
    }
    const KindOps& game = kind_ops(level->kind);
    const State start = game.start(*level);
    ApplyResult result = apply_moves(*level, moves);
    if (json) {
        nlohmann::ordered_json out;
        out["board"] = board_json(level->kind, result.state.board);
        out["score"] = result.state.score;
        out["events"] = events_json(result.events);
        out["illegal"] = result.illegal ? nlohmann::ordered_json(*result.illegal) : nlohmann::ordered_json(nullptr);
        if (result.illegal) out["why"] = result.why;
        out["moves"] = result.state.moves;
        out["start_board"] = board_json(level->kind, start.board);
        const auto ingredients = kind_ops(level->kind).reports_ingredients;
        if (ingredients && ingredients(*level)) out["ingredients_collected"] = result.state.ingredients;
        print_json(out);
    } else {
        for (int y = 0; y < result.state.board.height; ++y) std::cout << board_row(level->kind, result.state.board, y) << "\n";
        std::cout << "score " << result.state.score << " after " << result.state.moves << " move(s)\n";
        if (result.illegal)
            std::cout << "move " << *result.illegal << " (" << move_words[static_cast<std::size_t>(*result.illegal)]
                      << ") is illegal: " << result.why << "\n";
    }
    return result.illegal ? exit_invalid : exit_ok;
}

}  // namespace tilelab::cli
