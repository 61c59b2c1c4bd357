// The collapse oracle: see oracle.hpp. Each function names the rule of docs/collapse.md
// (or docs/randomness.md) it implements; nothing here is clever on purpose.
#include "oracle.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <set>
#include <sstream>

namespace collapse_oracle {

// ---------------------------------------------------------------------------------------
// docs/randomness.md, "The generator: splitmix64"

std::uint64_t Rng::next() {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::uint64_t Rng::uniform(std::uint64_t n) {
    assert(n >= 1);
    return (next() >> 32) % n;
}

namespace {

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Cells"

bool all_digits(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// A piece: a colour written in decimal.
bool is_piece(const std::string& t) { return all_digits(t); }
int piece_color(const std::string& t) { return std::stoi(t); }

// A disco ball: a colour followed by "d".
bool is_disco(const std::string& t) { return t.size() >= 2 && t.back() == 'd' && all_digits(t.substr(0, t.size() - 1)); }
int disco_color(const std::string& t) { return std::stoi(t.substr(0, t.size() - 1)); }

// A power-up: a rocket, a TNT or a disco ball.
bool is_powerup(const std::string& t) { return t == "rh" || t == "rv" || t == "tnt" || is_disco(t); }

// An item: what a tap clears and what falls.
bool is_item(const std::string& t) { return is_piece(t) || is_powerup(t); }

const std::string kEmpty = ".";
const std::string kBlocker = "#";
const std::string kHole = "_";

int width_of(const Tokens& b) { return b.empty() ? 0 : static_cast<int>(b[0].size()); }
int height_of(const Tokens& b) { return static_cast<int>(b.size()); }
bool on_board(const Tokens& b, int x, int y) { return x >= 0 && y >= 0 && x < width_of(b) && y < height_of(b); }

bool row_major_less(const Cell& a, const Cell& b) { return a.second != b.second ? a.second < b.second : a.first < b.first; }

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Groups": a maximal set of orthogonally connected pieces of one
// colour. Power-ups, empty cells, blockers and holes belong to no group.

Group group_at(const Tokens& b, int x, int y) {
    Group g;
    if (!on_board(b, x, y) || !is_piece(b[y][x])) return g;
    const int colour = piece_color(b[y][x]);
    std::set<Cell> seen{{x, y}};
    std::vector<Cell> todo{{x, y}};
    while (!todo.empty()) {
        Cell c = todo.back();
        todo.pop_back();
        g.push_back(c);
        const int dx[4] = {1, -1, 0, 0};
        const int dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; ++k) {
            int nx = c.first + dx[k], ny = c.second + dy[k];
            if (!on_board(b, nx, ny)) continue;
            if (!is_piece(b[ny][nx]) || piece_color(b[ny][nx]) != colour) continue;
            if (seen.insert({nx, ny}).second) todo.push_back({nx, ny});
        }
    }
    std::sort(g.begin(), g.end());  // by (x, y)
    return g;
}

// "Taps": legal on a piece whose group has at least min_group pieces, or on a power-up.
bool legal_cell(const Level& level, const Tokens& b, int x, int y) {
    if (!on_board(b, x, y)) return false;
    const std::string& t = b[y][x];
    if (is_powerup(t)) return true;
    if (!is_piece(t)) return false;
    return static_cast<int>(group_at(b, x, y).size()) >= level.rules.min_group;
}

bool any_legal_tap(const Level& level, const Tokens& b) {
    for (int y = 0; y < height_of(b); ++y)
        for (int x = 0; x < width_of(b); ++x)
            if (legal_cell(level, b, x, y)) return true;
    return false;
}

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Power-ups": the area of one fired power-up (its own cell included).

std::vector<Cell> area_of(const Tokens& b, int x, int y) {
    const std::string& t = b[y][x];
    std::vector<Cell> area;
    if (t == "rh") {  // its row
        for (int i = 0; i < width_of(b); ++i) area.push_back({i, y});
    } else if (t == "rv") {  // its column
        for (int j = 0; j < height_of(b); ++j) area.push_back({x, j});
    } else if (t == "tnt") {  // the 5x5 square centred on it, clipped at the board's edge
        for (int j = y - 2; j <= y + 2; ++j)
            for (int i = x - 2; i <= x + 2; ++i)
                if (on_board(b, i, j)) area.push_back({i, j});
    } else if (is_disco(t)) {  // its own cell and every piece of its colour
        area.push_back({x, y});
        const int n = disco_color(t);
        for (int j = 0; j < height_of(b); ++j)
            for (int i = 0; i < width_of(b); ++i)
                if (is_piece(b[j][i]) && piece_color(b[j][i]) == n) area.push_back({i, j});
    } else {
        assert(false && "not a power-up");
    }
    return area;
}

// "Chains": the tapped power-up fires; every power-up in a fired area fires too, once,
// round by round, each round in row-major order. Returns the union of the fired areas
// (the order only matters for events: the union does not depend on it).
std::set<Cell> fire_closure(const Tokens& b, int x, int y) {
    std::set<Cell> area;
    std::set<Cell> reached{{x, y}};
    std::vector<Cell> round{{x, y}};
    while (!round.empty()) {
        std::vector<Cell> next;
        for (const Cell& c : round) {
            for (const Cell& a : area_of(b, c.first, c.second)) {
                area.insert(a);
                if (is_powerup(b[a.second][a.first]) && reached.insert(a).second) next.push_back(a);
            }
        }
        std::sort(next.begin(), next.end(), row_major_less);
        round = next;
    }
    return area;
}

// "Clearing": a cleared cell becomes empty and loses one jelly layer; a cleared piece
// counts for collect (power-ups do not).
void clear_cell(State& s, int x, int y) {
    const std::string t = s.board[y][x];
    assert(is_item(t));
    if (is_piece(t)) {
        const int c = piece_color(t);
        if (c >= 0 && c < static_cast<int>(s.collected.size())) s.collected[c] += 1;
    }
    s.board[y][x] = kEmpty;
    if (s.jelly[y][x] > 0) s.jelly[y][x] -= 1;
}

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Gravity": in each column, the items of each segment (cells between
// blockers, holes skipped) fall to its bottom and keep their order.

void gravity(Tokens& b) {
    const int w = width_of(b), h = height_of(b);
    for (int x = 0; x < w; ++x) {
        int y = 0;
        while (y < h) {
            // One segment: from y down to the next blocker (exclusive).
            std::vector<int> cells;  // its playable cells, top to bottom (holes skipped)
            while (y < h && b[y][x] != kBlocker) {
                if (b[y][x] != kHole) cells.push_back(y);
                ++y;
            }
            std::vector<std::string> items;
            for (int cy : cells)
                if (is_item(b[cy][x])) items.push_back(b[cy][x]);
            const std::size_t empties = cells.size() - items.size();
            for (std::size_t k = 0; k < cells.size(); ++k) b[cells[k]][x] = k < empties ? kEmpty : items[k - empties];
            ++y;  // past the blocker
        }
    }
}

// "Refill": the empty cells of each column's top segment (above its first blocker, holes
// skipped), columns left to right, bottom-most empty cell first, uniform(colors) each.
void refill(const Level& level, Tokens& b, Rng& rng) {
    const int w = width_of(b), h = height_of(b);
    for (int x = 0; x < w; ++x) {
        int end = 0;
        while (end < h && b[end][x] != kBlocker) ++end;
        for (int y = end - 1; y >= 0; --y)
            if (b[y][x] == kEmpty) b[y][x] = std::to_string(rng.uniform(static_cast<std::uint64_t>(level.rules.colors)));
    }
}

// "Column closing" (refill false): a column that holds no piece and no power-up closes:
// every whole column to its right (blockers and holes too) moves one column left and the
// rightmost column becomes empty cells. Repeated until no column closes, which keeps the
// columns holding items in their order, packed to the left. Jelly does not move.
bool column_has_item(const Tokens& b, int x) {
    for (int y = 0; y < height_of(b); ++y)
        if (is_item(b[y][x])) return true;
    return false;
}

void close_columns(Tokens& b) {
    const int w = width_of(b), h = height_of(b);
    std::vector<int> kept;  // the columns that hold an item, left to right
    for (int x = 0; x < w; ++x)
        if (column_has_item(b, x)) kept.push_back(x);
    Tokens out(h, std::vector<std::string>(w, kEmpty));
    for (int i = 0; i < static_cast<int>(kept.size()); ++i)
        for (int y = 0; y < h; ++y) out[y][i] = b[y][kept[i]];
    b = out;
}

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Reshuffle": the plain pieces, in row-major order, are shuffled among
// their own cells by Fisher-Yates (i = n-1 down to 1: j = uniform(i+1), swap i and j);
// kept when the result has a legal tap, else shuffled again from the result, at most
// 100 attempts; when all fail the last attempt stays. Each attempt counts in reshuffles.

void reshuffle(const Level& level, State& s, Rng& rng) {
    std::vector<Cell> cells;
    for (int y = 0; y < height_of(s.board); ++y)
        for (int x = 0; x < width_of(s.board); ++x)
            if (is_piece(s.board[y][x])) cells.push_back({x, y});
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::vector<std::string> items;
        for (const Cell& c : cells) items.push_back(s.board[c.second][c.first]);
        for (int i = static_cast<int>(items.size()) - 1; i >= 1; --i) {
            const int j = static_cast<int>(rng.uniform(static_cast<std::uint64_t>(i) + 1));
            std::swap(items[i], items[j]);
        }
        for (std::size_t k = 0; k < cells.size(); ++k) s.board[cells[k].second][cells[k].first] = items[k];
        s.reshuffles += 1;
        if (any_legal_tap(level, s.board)) return;
    }
}

// "Dead board": with reshuffle on, a board with no legal tap is reshuffled first; a board
// still without a legal tap is dead and the game is lost.
void settle_dead_board(const Level& level, State& s, Rng& rng) {
    if (any_legal_tap(level, s.board)) return;
    if (level.rules.reshuffle) reshuffle(level, s, rng);
    if (!any_legal_tap(level, s.board)) s.lost = true;
}

Ints parse_grid(const nlohmann::json& rows) {
    Ints g;
    for (const auto& row : rows) {
        std::istringstream in(row.get<std::string>());
        std::vector<int> r;
        int v;
        while (in >> v) r.push_back(v);
        g.push_back(r);
    }
    return g;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "The level file"

Level parse_level(const nlohmann::json& j) {
    Level L;
    assert(j.at("kind").get<std::string>() == "collapse");
    L.width = j.at("width").get<int>();
    L.height = j.at("height").get<int>();
    if (j.contains("seed")) {
        const auto& s = j.at("seed");
        L.seed = s.is_string() ? std::stoull(s.get<std::string>()) : s.get<std::uint64_t>();
    }
    const auto& r = j.at("rules");
    L.rules.colors = r.at("colors").get<int>();
    if (r.contains("min_group")) L.rules.min_group = r.at("min_group").get<int>();
    if (r.contains("score")) L.rules.score = r.at("score").get<std::string>();
    if (r.contains("score_per_piece")) L.rules.score_per_piece = r.at("score_per_piece").get<long long>();
    if (r.contains("refill")) L.rules.refill = r.at("refill").get<bool>();
    if (r.contains("reshuffle")) L.rules.reshuffle = r.at("reshuffle").get<bool>();
    assert(L.rules.score == "linear" || L.rules.score == "samegame");
    if (j.contains("goal")) {
        const auto& g = j.at("goal");
        if (g.contains("moves")) L.goal.moves = g.at("moves").get<int>();
        if (g.contains("score")) L.goal.score = g.at("score").get<long long>();
        if (g.contains("collect"))
            for (const auto& c : g.at("collect"))
                L.goal.collect.push_back({c.at("color").get<int>(), c.at("count").get<long long>()});
        if (g.contains("jelly")) L.goal.jelly = g.at("jelly").get<bool>();
        if (g.contains("clear")) L.goal.clear = g.at("clear").get<bool>();
    }
    for (const auto& row : j.at("board")) {
        std::istringstream in(row.get<std::string>());
        std::vector<std::string> r;
        std::string t;
        while (in >> t) r.push_back(t);
        assert(static_cast<int>(r.size()) == L.width);
        L.board.push_back(r);
    }
    assert(static_cast<int>(L.board.size()) == L.height);
    if (j.contains("layers") && j.at("layers").contains("jelly")) {
        L.jelly = parse_grid(j.at("layers").at("jelly"));
        assert(static_cast<int>(L.jelly.size()) == L.height);
        for (const auto& row : L.jelly) assert(static_cast<int>(row.size()) == L.width);
    }
    return L;
}

// ---------------------------------------------------------------------------------------
// docs/collapse.md, "Start of play": the "?" cells draw uniform(colors) in row-major order
// (no exclusion); nothing settles; then the dead-board rule (reshuffle, else lost).

State start(const Level& level) {
    State s;
    s.board = level.board;
    s.jelly = level.jelly.empty() ? Ints(level.height, std::vector<int>(level.width, 0)) : level.jelly;
    s.collected.assign(static_cast<std::size_t>(level.rules.colors), 0);
    Rng rng{level.seed};
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x)
            if (s.board[y][x] == "?") s.board[y][x] = std::to_string(rng.uniform(static_cast<std::uint64_t>(level.rules.colors)));
    settle_dead_board(level, s, rng);
    s.rng_state = rng.state;
    return s;
}

std::vector<Group> groups(const Level& level, const State& s) {
    std::vector<Group> out;
    std::set<Cell> seen;
    for (int y = 0; y < height_of(s.board); ++y)
        for (int x = 0; x < width_of(s.board); ++x) {
            if (!is_piece(s.board[y][x]) || seen.count({x, y})) continue;
            Group g = group_at(s.board, x, y);
            for (const Cell& c : g) seen.insert(c);
            if (static_cast<int>(g.size()) >= level.rules.min_group) out.push_back(g);
        }
    std::sort(out.begin(), out.end());
    return out;
}

bool legal_on_board(const Level& level, const State& s, int x, int y) { return legal_cell(level, s.board, x, y); }

bool legal(const Level& level, const State& s, int x, int y) { return !s.won && !s.lost && legal_cell(level, s.board, x, y); }

bool dead(const Level& level, const State& s) { return !any_legal_tap(level, s.board); }

// "Goals": every objective present besides moves holds; a goal without one never holds.
bool objectives_hold(const Level& level, const State& s) {
    const Goal& g = level.goal;
    bool any = false;
    if (g.score) {
        any = true;
        if (s.score < *g.score) return false;
    }
    for (const Collect& c : g.collect) {
        any = true;
        const long long got = c.color >= 0 && c.color < static_cast<int>(s.collected.size()) ? s.collected[c.color] : 0;
        if (got < c.count) return false;
    }
    if (g.jelly) {
        any = true;
        for (const auto& row : s.jelly)
            for (int v : row)
                if (v > 0) return false;
    }
    if (g.clear) {
        any = true;
        for (const auto& row : s.board)
            for (const auto& t : row)
                if (is_item(t)) return false;
    }
    return any;
}

// "A tap", in its order: clear (a group, or the fired areas), score, place the power-up a
// group leaves, gravity, refill or column closing, the move counted; then the outcome:
// won, else lost on the last move, else the dead-board rule.
std::optional<State> tap(const Level& level, const State& in, int x, int y) {
    if (!legal(level, in, x, y)) return std::nullopt;
    State s = in;
    Rng rng{s.rng_state};
    const std::string tapped = s.board[y][x];

    if (is_powerup(tapped)) {
        // "Power-ups": clear every item in the union of the fired areas.
        const std::set<Cell> area = fire_closure(s.board, x, y);
        long long cleared = 0;
        for (const Cell& c : area)
            if (is_item(s.board[c.second][c.first])) {
                clear_cell(s, c.first, c.second);
                ++cleared;
            }
        // "Scoring": linear: score_per_piece per cleared piece and power-up; samegame: 0.
        if (level.rules.score == "linear") s.score += level.rules.score_per_piece * cleared;
    } else {
        // "A group tap": clear the group, score it, leave a power-up by its size.
        const Group g = group_at(s.board, x, y);
        const long long n = static_cast<long long>(g.size());
        for (const Cell& c : g) clear_cell(s, c.first, c.second);
        if (level.rules.score == "linear") s.score += level.rules.score_per_piece * n;
        else s.score += (n - 2) * (n - 2);
        std::string made;
        if (n >= 9) {
            made = std::to_string(piece_color(tapped)) + "d";
        } else if (n >= 7) {
            made = "tnt";
        } else if (n >= 5) {
            int minx = g[0].first, maxx = g[0].first, miny = g[0].second, maxy = g[0].second;
            for (const Cell& c : g) {
                minx = std::min(minx, c.first);
                maxx = std::max(maxx, c.first);
                miny = std::min(miny, c.second);
                maxy = std::max(maxy, c.second);
            }
            made = (maxx - minx + 1) > (maxy - miny + 1) ? "rh" : "rv";
        }
        if (!made.empty()) s.board[y][x] = made;  // on the tapped cell, before gravity
    }

    gravity(s.board);
    if (level.rules.refill) refill(level, s.board, rng);
    else close_columns(s.board);
    // "One tap, step by step", step 6: a dead board is reshuffled (when on), whatever the outcome.
    if (level.rules.reshuffle && !any_legal_tap(level, s.board)) reshuffle(level, s, rng);
    s.moves += 1;

    // "Winning and losing".
    if (objectives_hold(level, s)) {
        s.won = true;
    } else if ((level.goal.moves && s.moves >= *level.goal.moves) || !any_legal_tap(level, s.board)) {
        s.lost = true;
    }
    s.rng_state = rng.state;
    return s;
}

std::string board_row(const State& s, int y) {
    std::string out;
    for (std::size_t x = 0; x < s.board[y].size(); ++x) {
        if (x) out += ' ';
        out += s.board[y][x];
    }
    return out;
}

}  // namespace collapse_oracle
