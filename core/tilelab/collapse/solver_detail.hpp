// The collapse solver's internals (solver.hpp), shared by its three files: solver_board.cpp (the
// packed board: cells, groups and taps, what a tap clears, gravity and closing columns, the key,
// packing), solver_bounds.cpp (the lower bounds and the prunes, each with its proof) and
// solver.cpp (the transposition table, IDA* and the beam search, solve()). Nothing else includes
// this header.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "tilelab/collapse/cells.hpp"
#include "tilelab/collapse/solver.hpp"

namespace tilelab::collapse::solver_detail {

// ---- Packed cells: one byte each ------------------------------------------------------------

inline constexpr int max_colors = 10;  // pieces of colour 10 or more are not packed (a level has at most 9)
inline constexpr std::uint8_t k_empty = 0;
inline constexpr std::uint8_t k_piece = 1;   // a piece of colour c is k_piece + c
inline constexpr std::uint8_t k_disco = 32;  // a disco ball of colour c is k_disco + c
inline constexpr std::uint8_t k_rocket_h = 64;
inline constexpr std::uint8_t k_rocket_v = 65;
inline constexpr std::uint8_t k_tnt = 66;
inline constexpr std::uint8_t k_blocker = 80;
inline constexpr std::uint8_t k_hole = 81;

constexpr bool is_p_piece(std::uint8_t v) { return static_cast<unsigned>(v - k_piece) < max_colors; }
constexpr bool is_p_disco(std::uint8_t v) { return static_cast<unsigned>(v - k_disco) < max_colors; }
constexpr bool is_p_rt(std::uint8_t v) { return v >= k_rocket_h && v <= k_tnt; }  // a rocket or the tnt
constexpr bool is_p_powerup(std::uint8_t v) { return is_p_disco(v) || is_p_rt(v); }
constexpr bool is_p_item(std::uint8_t v) { return v != k_empty && v < k_blocker; }

// The packed code of an engine cell, or -1 when it has none (solver_board.cpp).
int pack_cell(std::int32_t v);
// The engine cell of a packed code (solver_board.cpp).
std::int32_t unpack_cell(std::uint8_t v);

inline constexpr int infinite = 1 << 20;  // a bound meaning: no line at all wins from here
inline constexpr int found = -1;

// ---- The game as the solver sees it ---------------------------------------------------------

// The counters a position's goal and bounds read: what the goal asks of it (score, collected,
// jelly), and what is on the board, per colour and per kind of power-up.
struct Counts {
    std::int64_t score = 0;
    std::array<int, max_colors> collected{};
    std::array<int, max_colors> pieces{};  // pieces of each colour on the board
    std::array<int, max_colors> discos{};  // disco balls of each colour
    int rh = 0, rv = 0, tnt = 0;
    int items = 0;  // pieces and power-ups
    int piece_total = 0;
    std::int64_t jelly_left = 0;
    int rt() const { return rh + rv + tnt; }  // rockets and tnt
};

// A position: the packed board (column-major, x * height + y, so that gravity and closing
// columns work on contiguous bytes), the jelly layers when the goal asks for them, the
// generator (a reshuffle draws from it) and the counts.
struct Pos {
    std::vector<std::uint8_t> cells;
    std::vector<std::uint8_t> jelly;  // layers per cell, same order; empty when not tracked
    std::uint64_t rng = 0;
    Counts k;
};

// What one tap does before gravity: the items it clears and what it scores and leaves. The goal
// and the bounds read only this and the counts, so a last tap needs no gravity.
struct Effect {
    std::vector<int> cleared;  // packed indices of the cleared items
    std::array<int, max_colors> pieces{};
    std::array<int, max_colors> discos{};
    int rh = 0, rv = 0, tnt = 0;
    int items = 0;
    int jelly_hits = 0;
    std::int64_t gain = 0;
    std::uint8_t created = k_empty;  // the power-up left on the tapped cell
};

struct Tap {
    int cell = 0;    // packed index of the tapped cell
    int group = -1;  // index of the group in the node's list; -1: a power-up
};

struct GroupRef {
    int start = 0;  // into the node's group cell list
    int size = 0;
    std::uint64_t stamp = 0;  // the flood stamp its cells carry
};

// The rules and the goal, fixed for a search.
struct Game {
    int w = 0, h = 0, n = 0;
    int min_group = 2;
    Scoring scoring = Scoring::linear;
    std::int64_t per_piece = 10;
    bool reshuffle = false;
    bool track_jelly = false;
    // The goal.
    bool want_score = false;
    std::int64_t score_target = 0;
    bool score_never_falls = true;  // no tap lowers the score
    bool want_collect = false;
    std::array<std::int64_t, max_colors> need{};  // collect: pieces of each colour needed in all
    bool never = false;                           // some objective can never hold (a collect target off the board)
    bool want_jelly = false;
    bool want_clear = false;
};

// The flood's marks: a stamp per cell, each flood a new stamp, so the array is never cleared
// (64-bit stamps never wrap).
class Marks {
public:
    void resize(int n) { seen_.assign(static_cast<std::size_t>(n), 0); }
    std::uint64_t next() { return ++stamp_; }
    std::uint64_t& at(int i) { return seen_[static_cast<std::size_t>(i)]; }

private:
    std::vector<std::uint64_t> seen_;
    std::uint64_t stamp_ = 0;
};

// Everything about one expanded node, kept per depth so that buffers are reused.
struct Child {
    Pos pos;
    int tap = 0;
    std::uint64_t k1 = 0, k2 = 0;
    int lb = 0;
    int order = 0;  // move ordering key, smaller first
};

struct Scratch {
    std::vector<int> gcells;
    std::vector<GroupRef> groups;
    std::vector<Tap> taps;
    std::vector<Child> kids;  // the first `count` are live; the rest keep their buffers
    int count = 0;
    std::vector<int> order;
    Effect effect;
};

// The packed rules (solver_board.cpp) and the bounds (solver_bounds.cpp) of one search.
class Packed {
public:
    explicit Packed(const Game& game);

    const Game& game() const { return g_; }

    // ---- Groups and taps (solver_board.cpp) ----

    void taps(const Pos& p, Scratch& s);
    int components(const Pos& p);
    bool has_legal_tap(const Pos& p);

    // ---- Effects ----

    // What the tap clears and scores, before gravity (solver_board.cpp).
    void effect(const Pos& p, const Scratch& s, const Tap& t, Effect& e);

    // The goal holds after the tap (read from the effect: gravity changes none of it).
    bool wins(const Counts& k, const Effect& e) const {
        if (g_.never) return false;
        if (g_.want_score && k.score + e.gain < g_.score_target) return false;
        if (g_.want_collect)
            for (int c = 0; c < max_colors; ++c) {
                const auto i = static_cast<std::size_t>(c);
                if (g_.need[i] > 0 && k.collected[i] + e.pieces[i] < g_.need[i]) return false;
            }
        if (g_.want_jelly && k.jelly_left - e.jelly_hits > 0) return false;
        if (g_.want_clear && k.items - e.items + (e.created != k_empty ? 1 : 0) > 0) return false;
        return true;
    }

    // The counts after the tap.
    static void after(const Counts& k, const Effect& e, Counts& out) {
        out = k;
        for (int c = 0; c < max_colors; ++c) {
            const auto i = static_cast<std::size_t>(c);
            out.pieces[i] -= e.pieces[i];
            out.piece_total -= e.pieces[i];
            out.collected[i] += e.pieces[i];
            out.discos[i] -= e.discos[i];
        }
        out.rh -= e.rh;
        out.rv -= e.rv;
        out.tnt -= e.tnt;
        out.items -= e.items;
        out.jelly_left -= e.jelly_hits;
        out.score += e.gain;
        if (e.created != k_empty) {
            out.items += 1;
            if (is_p_disco(e.created)) out.discos[static_cast<std::size_t>(e.created - k_disco)] += 1;
            else if (e.created == k_rocket_h) out.rh += 1;
            else if (e.created == k_rocket_v) out.rv += 1;
            else out.tnt += 1;
        }
    }

    // The position after the tap (solver_board.cpp).
    void apply(const Pos& p, const Effect& e, const Counts& k, int tap_cell, bool all_columns, Pos& out);

    // ---- The key (solver_board.cpp) ----

    void key(const Pos& p, std::uint64_t& k1, std::uint64_t& k2) const;

    // ---- The lower bound and the prunes (solver_bounds.cpp) ----

    int bound(const Counts& p) const;
    int clear_bound(const Counts& p) const;
    void clearing_taps(const Pos& p, Scratch& s);

    // ---- Packing (solver_board.cpp) ----

    bool pack(const State& st, Pos& p) const;
    bool normal(const Pos& p);

private:
    // solver_board.cpp
    void flood(const Pos& p, int start, std::uint64_t stamp, std::vector<int>& out);
    void settle(Pos& p, int x) const;
    bool column_has_item(const Pos& p, int x) const;
    void close_columns(Pos& p) const;
    void reshuffle(Pos& p);

    const Game& g_;
    Marks marks_;
    std::uint64_t base_ = 0;  // stamps up to this one belong to finished calls
    std::vector<std::uint64_t> area_, fired_, touched_;
    std::vector<int> chain_, touched_list_, group_buf_, cells_buf_;
    std::vector<long> landing_;
    std::vector<std::uint8_t> values_buf_;
    std::vector<int> creatable_;  // by count of pieces of one colour
    int tnt_area_ = 0;            // the most cells a tnt clears
    int max_area_ = 0;            // the most cells a rocket or tnt clears
};

}  // namespace tilelab::collapse::solver_detail
