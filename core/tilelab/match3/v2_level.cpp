// Format 2's level: whether it is active, its rule values, its tokens and its start (the board as
// painted with `?` drawn, the level start's steps) (docs/match3.md "Format version 2").
#include <algorithm>
#include <string>

#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {

using namespace detail;

bool active(const Level& level) {
    if (level.kind != Kind::match3) return false;
    const Rules& rules = level.rules.as<Rules>();
    const Goal& goal = level.goal.as<Goal>();
    if (rules.specials || !rules.spawn_weights.empty()) return true;
    if (goal.crates || goal.ingredients) return true;
    if (level.lock)
        for (std::int32_t v : level.lock->cells)
            if (v != 0) return true;
    for (std::int32_t v : level.board.cells)
        if (cell::is_special(v) || v == cell::color_bomb || v == cell::ingredient || cell::is_crate(v)) return true;
    return false;
}

Config Config::of(const Level& level) {
    const Rules& rules = level.rules.as<Rules>();
    Config c;
    c.colors = std::clamp(rules.colors, 1, 1 << 16);
    c.min_match = std::clamp(rules.min_match, 2, max_board_side + 1);
    c.score_per_piece = rules.score_per_piece;
    c.specials = rules.specials;
    if (static_cast<int>(rules.spawn_weights.size()) == c.colors) {
        std::uint64_t sum = 0;
        for (int w : rules.spawn_weights) sum += static_cast<std::uint32_t>(std::max(w, 0));
        if (sum > 0 && sum <= 0xffffffffu) {
            for (int w : rules.spawn_weights) c.weights.push_back(static_cast<std::uint32_t>(std::max(w, 0)));
            c.weight_sum = static_cast<std::uint32_t>(sum);
        }
    }
    return c;
}

std::string token(std::int32_t v) {
    if (v >= 0) {
        std::string t = std::to_string(cell::color_of(v));
        switch (cell::special_of(v)) {
        case cell::line_h:
            return t + "h";
        case cell::line_v:
            return t + "v";
        case cell::bomb:
            return t + "b";
        default:
            return t;
        }
    }
    if (v == cell::color_bomb) return "*";
    if (v == cell::ingredient) return "@";
    if (cell::is_crate(v)) return "c" + std::to_string(cell::crate_hp(v));
    if (v == cell::blocker) return "#";
    if (v == cell::hole) return "_";
    if (v == cell::random) return "?";
    return ".";
}

void draw_random_pieces(Board& board, const Config& config, Rng& rng) {
    const int need = std::max(config.min_match - 1, 1);
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, y) != cell::random) continue;
            auto line_colour = [&](int dx, int dy) -> int {
                if (x - dx * need < 0 || y - dy * need < 0) return -1;
                const int k = colour(board.at(x - dx, y - dy));
                if (k < 0) return -1;
                for (int i = 2; i <= need; ++i)
                    if (colour(board.at(x - dx * i, y - dy * i)) != k) return -1;
                return k;
            };
            const int left = line_colour(1, 0), up = line_colour(0, 1);
            std::vector<int> allowed;
            for (int k = 0; k < config.colors; ++k)
                if (k != left && k != up) allowed.push_back(k);
            if (allowed.empty())
                board.at(x, y) = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(config.colors)));
            else board.at(x, y) = allowed[rng.uniform(static_cast<std::uint32_t>(allowed.size()))];
        }
}

State start_state(const Level& level) {
    const Config config = Config::of(level);
    State s;
    s.board = level.board;
    s.rng = Rng(level.seed);
    draw_random_pieces(s.board, config, s.rng);
    if (level.jelly && level.jelly->width == level.width() && level.jelly->height == level.height()) s.jelly = level.jelly;
    if (level.lock && level.lock->width == level.width() && level.lock->height == level.height()) s.lock = level.lock;
    s.collected.assign(static_cast<std::size_t>(config.colors), 0);
    Scratch scratch;
    run_exits(s, config, Mode::start, scratch, nullptr, 0);
    for (int step = 0; step < max_cascade_steps; ++step)
        if (!resolve_step(s, config, Mode::start, nullptr, scratch, nullptr, step + 1)) break;
    s.score = 0;
    std::fill(s.collected.begin(), s.collected.end(), 0);
    return s;
}

}  // namespace tilelab::match3::v2
