// The slide oracle: the classic 2048 move written plainly (blocksGoUp on a turned board), with walls
// splitting each column into runs, kept naive on purpose so the core can be checked against it.
#include "oracle.hpp"

#include "tilelab/slide/slide.hpp"

namespace slide_oracle {
using tilelab::Board;
using tilelab::Direction;

namespace {

// The classic 2048 move turns the grid so that every move is "up"; these do the same for any w x h.
Board transpose(const Board& b) {
    Board t(b.height, b.width);
    for (int y = 0; y < b.height; ++y)
        for (int x = 0; x < b.width; ++x) t.at(y, x) = b.at(x, y);
    return t;
}
Board flip_rows(const Board& b) {
    Board f(b.width, b.height);
    for (int y = 0; y < b.height; ++y)
        for (int x = 0; x < b.width; ++x) f.at(x, b.height - 1 - y) = b.at(x, y);
    return f;
}
Board turn_to_up(const Board& b, Direction d) {
    switch (d) {
    case Direction::up:
        return b;
    case Direction::down:
        return flip_rows(b);
    case Direction::left:
        return transpose(b);
    case Direction::right:
        return flip_rows(transpose(b));
    }
    return b;
}
Board turn_back(const Board& b, Direction d) {
    switch (d) {
    case Direction::up:
        return b;
    case Direction::down:
        return flip_rows(b);
    case Direction::left:
        return transpose(b);
    case Direction::right:
        return transpose(flip_rows(b));
    }
    return b;
}

struct Block {
    int number;
    int row;
};

// blocksGoUp for one column: the blocks of each run between walls, top to bottom; two
// consecutive equal blocks merge into the upper one, then the next block is looked at.
Board blocks_go_up(const Board& in, tilelab::slide::SlideScore rule, std::int64_t& score) {
    Board out(in.width, in.height);
    for (int column = 0; column < in.width; ++column) {
        int run_start = 0;
        while (run_start < in.height) {
            int run_end = run_start;
            while (run_end < in.height && in.at(column, run_end) != tilelab::cell::blocker) ++run_end;
            std::vector<Block> blocks;
            for (int row = run_start; row < run_end; ++row)
                if (in.at(column, row) > 0) blocks.push_back({in.at(column, row), row});
            std::size_t i = 0;
            int row = run_start;
            while (i < blocks.size()) {
                if (i + 1 < blocks.size() && blocks[i].number == blocks[i + 1].number && blocks[i].number < (1 << 30)) {
                    score += rule == tilelab::slide::SlideScore::merged ? blocks[i].number * 2 : blocks[i].number;
                    out.at(column, row) = blocks[i].number * 2;
                    i += 2;
                } else {
                    out.at(column, row) = blocks[i].number;
                    i += 1;
                }
                row += 1;
            }
            if (run_end < in.height) out.at(column, run_end) = tilelab::cell::blocker;
            run_start = run_end + 1;
        }
    }
    return out;
}

}  // namespace

MoveResult move(const Board& board, Direction d, tilelab::slide::SlideScore score_rule) {
    MoveResult r;
    r.board = turn_back(blocks_go_up(turn_to_up(board, d), score_rule, r.score), d);
    r.legal = !(r.board == board);
    if (!r.legal) r.score = 0;
    return r;
}

bool game_over(const Board& board) {
    for (Direction d : tilelab::all_directions)
        if (move(board, d, tilelab::slide::SlideScore::merged).legal) return false;
    return true;
}

bool spawn(Board& board, tilelab::Rng& rng, const std::vector<std::pair<int, int>>& weights) {
    std::vector<int> empty;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (board.at(x, y) == tilelab::cell::empty) empty.push_back(y * board.width + x);
    if (empty.empty()) return false;
    int cell = empty[rng.uniform(static_cast<std::uint32_t>(empty.size()))];
    std::uint32_t total = 0;
    for (auto [value, weight] : weights) total += static_cast<std::uint32_t>(weight);
    std::uint32_t r = rng.uniform(total);
    std::uint32_t running = 0;
    for (auto [value, weight] : weights) {
        running += static_cast<std::uint32_t>(weight);
        if (running > r) {
            board.cells[static_cast<std::size_t>(cell)] = value;
            break;
        }
    }
    return true;
}

Replay replay(const tilelab::Level& level, const std::vector<Direction>& moves) {
    Replay out;
    out.board = level.board;
    tilelab::Rng rng(level.seed);
    const tilelab::slide::Rules& rules = level.rules.as<tilelab::slide::Rules>();
    for (int n = tilelab::slide::effective_start_tiles(level); n > 0; --n)
        if (!spawn(out.board, rng, rules.spawn)) break;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        MoveResult m = move(out.board, moves[i], rules.score);
        if (!m.legal) {
            out.illegal = static_cast<int>(i);
            break;
        }
        out.board = m.board;
        out.score += m.score;
        spawn(out.board, rng, rules.spawn);
    }
    return out;
}

}  // namespace slide_oracle
