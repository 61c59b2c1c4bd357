// Boards for the lines tests and benchmark: written as rows, random, and random closed networks.
#pragma once
#include <string>
#include <vector>

#include "tilelab/board/level.hpp"
#include "tilelab/lines/lines.hpp"
#include "tilelab/random.hpp"

namespace tilelab::lines::testing {

// A lines level from rows of hex masks ("6 c", "3 9"; '.' or '0' empty), as a level file writes them.
inline Level level_from_rows(const std::vector<std::string>& rows) {
    Level level = make_blank_level(Kind::lines, 0, 0);
    std::vector<std::vector<std::int32_t>> cells;
    for (const std::string& row : rows) {
        std::vector<std::int32_t> line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (row[i] == ' ') continue;
            TokenResult t = parse_cell_token(tilelab::Rules(Kind::lines), row.substr(i, 1));
            line.push_back(t.ok ? t.value : cell::empty);
        }
        cells.push_back(line);
    }
    const int height = static_cast<int>(cells.size());
    const int width = height > 0 ? static_cast<int>(cells[0].size()) : 0;
    level.board = Board(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) level.board.at(x, y) = cells[y][x];
    return level;
}

// Every cell a random mask 1..15, or empty with probability 1/8.
inline Board random_board(int width, int height, Rng& rng) {
    Board board(width, height);
    for (std::int32_t& c : board.cells) c = rng.uniform(8) == 0 ? cell::empty : static_cast<std::int32_t>(1 + rng.uniform(15));
    return board;
}

// A board of closed shapes with `damage` cells redrawn at random: closed and open groups side by side.
inline Board damaged_network(int width, int height, int damage, Rng& rng) {
    Board board = closed_network(width, height, rng);
    for (int i = 0; i < damage; ++i) {
        const std::uint32_t at = rng.uniform(static_cast<std::uint32_t>(board.cells.size()));
        const std::uint32_t v = rng.uniform(16);
        board.cells[at] = v == 0 ? cell::empty : static_cast<std::int32_t>(v);
    }
    return board;
}

}  // namespace tilelab::lines::testing
