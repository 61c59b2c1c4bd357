// Small helpers for the link tests: ASCII boards, vector levels, random boards, path checks.
#pragma once
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/level.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/random.hpp"

namespace tilelab::link::testing {

// Rows of space-separated tokens: a positive integer, "#" a blocker, "." empty.
inline Board board_from_rows(const std::vector<std::string>& rows) {
    Board board;
    board.height = static_cast<int>(rows.size());
    for (const std::string& row : rows) {
        std::istringstream in(row);
        std::string token;
        int w = 0;
        while (in >> token) {
            board.cells.push_back(token == "." ? cell::empty : token == "#" ? cell::blocker : std::stoi(token));
            ++w;
        }
        board.width = w;
    }
    return board;
}

inline Level link_level(const Board& board, const LinkRules& rules) {
    Level level = make_blank_level(Kind::link, board.width, board.height);
    level.board = board;
    level.rules.as<link::Rules>().pair = rules.pair;
    level.rules.as<link::Rules>().max_turns = rules.max_turns;
    level.rules.as<link::Rules>().border = rules.border;
    return level;
}

// A level of the conformance vectors (link only; read here so the tests do not depend on io/).
inline Level vector_level(const nlohmann::json& j) {
    std::vector<std::string> rows;
    for (const auto& r : j.at("board")) rows.push_back(r.get<std::string>());
    LinkRules rules;
    if (j.contains("rules")) {
        const auto& r = j.at("rules");
        if (r.contains("pair")) {
            if (r.at("pair").is_string()) rules.pair = Pairing{};
            else rules.pair = Pairing{Pairing::Rule::sum, r.at("pair").at("sum").get<std::int64_t>()};
        }
        if (r.contains("max_turns")) rules.max_turns = r.at("max_turns").get<int>();
        if (r.contains("border")) rules.border = r.at("border").get<bool>();
    }
    Level level = link_level(board_from_rows(rows), rules);
    if (j.contains("seed")) level.seed = j.at("seed").get<std::uint64_t>();
    return level;
}

inline nlohmann::json read_json(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// A random board: tiles with values drawn so that most values have partners, blockers, empties.
struct RandomBoardSpec {
    int width, height;
    LinkRules rules;
};
inline Board random_board(Rng& rng, int width, int height, const Pairing& pair, int tile_percent, int blocker_percent) {
    Board board(width, height, cell::empty);
    const int tiles_hint = std::max(1, width * height * tile_percent / 100);
    const int values = std::max(1, tiles_hint / 4);
    for (auto& c : board.cells) {
        int roll = static_cast<int>(rng.uniform(100));
        if (roll < tile_percent) {
            int v = 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(values)));
            if (pair.rule == Pairing::Rule::sum && rng.uniform(2) == 1) v = static_cast<int>(pair.sum) - v;
            c = v;
        } else if (roll < tile_percent + blocker_percent) {
            c = cell::blocker;
        }
    }
    return board;
}

inline bool passable(const Board& board, bool border, Cell c) {
    if (board.contains(c)) return board.at(c) == cell::empty;
    if (c.x < -1 || c.y < -1 || c.x > board.width || c.y > board.height) return false;
    return border;
}

// Checks a reported path segment by segment: endpoints, straight segments, real turns, every
// cell between the endpoints free. Returns "" or what is wrong.
inline std::string check_path(const Board& board, bool border, const LinkPath& link) {
    const auto& p = link.path;
    if (p.size() < 2) return "fewer than two points";
    if (p.front() != link.a || p.back() != link.b) return "path does not run from a to b";
    if (static_cast<int>(p.size()) - 2 != link.turns) return "corner count does not match turns";
    int prev_dx = 0, prev_dy = 0;
    for (std::size_t i = 1; i < p.size(); ++i) {
        int dx = (p[i].x > p[i - 1].x) - (p[i].x < p[i - 1].x);
        int dy = (p[i].y > p[i - 1].y) - (p[i].y < p[i - 1].y);
        if ((dx != 0) == (dy != 0)) return "segment " + std::to_string(i) + " is not straight or is empty";
        if (i > 1 && dx == prev_dx && dy == prev_dy) return "corner " + std::to_string(i - 1) + " is not a turn";
        if (i > 1 && dx == -prev_dx && dy == -prev_dy) return "corner " + std::to_string(i - 1) + " turns back";
        for (Cell c = p[i - 1];;) {
            c.x += dx;
            c.y += dy;
            if (c == p[i]) break;
            if (!passable(board, border, c))
                return "cell (" + std::to_string(c.x) + "," + std::to_string(c.y) + ") on the path is not free";
        }
        if (i + 1 < p.size() && !passable(board, border, p[i])) return "corner " + std::to_string(i) + " is not free";
        prev_dx = dx;
        prev_dy = dy;
    }
    return "";
}

// KShisen's default deal: 18x8, 36 values x 4 copies, shuffled with the seed (the benchmark's and
// the all-pairs tests' boards).
inline Board kshisen_board(std::uint64_t seed) {
    Board board(18, 8, cell::empty);
    for (int i = 0; i < 144; ++i) board.cells[static_cast<std::size_t>(i)] = 1 + i / 4;
    Rng rng(seed);
    shuffle(board.cells, rng);
    return board;
}

}  // namespace tilelab::link::testing
