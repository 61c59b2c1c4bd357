// The collapse solver's lower bounds and prunes (solver_detail.hpp): Packed::bound, a lower bound
// on the taps from a position to a win, computed from its counts alone; Packed::clear_bound, its
// part for the clear objective; Packed::clearing_taps, the only taps that may clear the board in
// one. Each is a proof, written where it is computed; tests/collapse/test_solver.cpp checks the
// bound against exact distances on every position reachable from small boards.
#include <algorithm>
#include <array>

#include "tilelab/collapse/solver_detail.hpp"

namespace tilelab::collapse::solver_detail {

// ---- The lower bound ----

// A lower bound on the taps from a position with counts `p` to a win; `infinite` when no
// line wins. A line has at least one tap, so the bound is at least 1. Each part is a proof.
int Packed::bound(const Counts& p) const {
    if (g_.never) return infinite;
    // Every tap clears at least one item, so a board without items has no tap.
    if (p.items == 0) return infinite;
    int b = 1;
    // Items the rest of the game can still clear: those on the board and the power-ups taps
    // create; a created power-up takes a tap of a group of at least 5 pieces, and pieces are
    // never created (no refill), so at most piece_total / 5 are created.
    const std::int64_t clearances = p.items + p.piece_total / 5;
    if (g_.want_score && p.score < g_.score_target) {
        // linear: each cleared item scores per_piece once. samegame: only group taps score,
        // (n - 2)^2 for a group of n. Groups of one colour split its pieces, and for parts
        // of at least 2, (a - 2)^2 + (b - 2)^2 <= (a + b - 2)^2 (with u = a - 2, v = b - 2:
        // the difference is 2uv + 4u + 4v + 4 > 0), so one colour of n pieces scores at most
        // (n - 2)^2 in all; with min_group 1, parts of one piece score 1 each, and a colour
        // scores at most max((n - 2)^2, n) (m single parts and the rest in one group give
        // m + (n - m - 2)^2, convex in m, largest at an end).
        std::int64_t most = 0;
        if (g_.scoring == Scoring::linear) {
            most = std::max<std::int64_t>(g_.per_piece, 0) * clearances;
        } else {
            for (int n : p.pieces) {
                if (n <= 0) continue;
                const std::int64_t sq = std::int64_t{n - 2} * (n - 2);
                if (g_.min_group <= 1) most += std::max<std::int64_t>(sq, n);
                else if (n >= std::max(2, g_.min_group)) most += sq;
            }
        }
        if (p.score + most < g_.score_target) return infinite;
    }
    if (g_.want_collect)
        for (int c = 0; c < max_colors; ++c) {
            const auto i = static_cast<std::size_t>(c);
            // Only pieces on the board can still be collected.
            if (p.collected[i] + p.pieces[i] < g_.need[i]) return infinite;
        }
    // A cleared item takes one jelly layer from its cell, and only then.
    if (g_.want_jelly && p.jelly_left > clearances) return infinite;
    if (g_.want_clear) b = std::max(b, clear_bound(p));
    return b;
}

// The clear objective. Facts the bound rests on:
//  (a) Only firing removes a power-up (a group tap clears pieces only), so every power-up on
//      the board, and every one created later, fires before the board is clear.
//  (b) A disco ball's area is its own cell and the pieces of its colour, so it never fires
//      another power-up: a disco ball fires only when tapped or when a rocket or tnt area
//      holds it, and a disco tap clears pieces of one colour only.
//  (c) A rocket or tnt fires only when tapped or when another rocket's or tnt's area holds it
//      (by b), so the first of them to fire in a line is tapped. One not on the board yet
//      needs a group tap of 5 to 8 pieces of one colour (so at least rt_group = max(5,
//      min_group) of them, at most 8), each such tap using up rt_group pieces or more of the
//      colour: at most sum over colours of floor(pieces / rt_group) are ever created.
//  (d) A chain clears the union of its power-ups' areas: a row (width cells), a column
//      (height cells), a tnt square (at most min(5, width) * min(5, height) cells), a disco
//      ball's colour and itself. So the items all chains of a line clear are at most the
//      sum of the areas of the power-ups they fire, counting the disco balls of one colour
//      together (their areas are the colour's pieces and themselves), and each rocket or tnt
//      area holds that rocket or tnt.
//  (e) Each tap is a group tap, clearing pieces of one colour and leaving at most one
//      power-up (a rocket or tnt only for 5 to 8 pieces), or a chain.
int Packed::clear_bound(const Counts& p) const {
    const int rt = p.rt();
    const std::int64_t rt_area = std::int64_t{p.rh} * g_.w + std::int64_t{p.rv} * g_.h + std::int64_t{p.tnt} * tnt_area_;
    std::int64_t disco_area = 0;
    int discos = 0;
    // The colours without a disco ball: those a group tap can clear (at least min_group
    // pieces), largest first, and the pieces of those it cannot.
    std::array<int, max_colors> named{};
    int n_named = 0;
    std::int64_t unnamable = 0;
    bool all_namable = true;
    int created_most = 0;  // (c)
    for (int c = 0; c < max_colors; ++c) {
        const auto i = static_cast<std::size_t>(c);
        const int n = p.pieces[i];
        created_most += creatable_[static_cast<std::size_t>(n)];
        if (p.discos[i] > 0) {
            discos += p.discos[i];
            disco_area += n + p.discos[i];
        } else if (n > 0) {
            if (n >= g_.min_group) {
                named[static_cast<std::size_t>(n_named++)] = n;
            } else {
                unnamable += n;
                all_namable = false;
            }
        }
    }

    // Lines that fire no rocket or tnt (possible only with none on the board) create none
    // (a) and remove pieces by group taps and disco taps, each of one colour (b, e): every
    // disco ball needs its own tap, and every colour without one a group tap of its own
    // (pieces are never created, so a colour with fewer than min_group pieces has none, nor
    // a disco ball of its own, which needs a group of 9).
    int bound = infinite;
    if (rt == 0 && all_namable) bound = discos + n_named;

    // Lines that fire a rocket or tnt, with a group taps and b >= 1 other taps (the first
    // firing is a tap, c). A colour without a disco ball that no group tap clears loses
    // all its pieces to rocket and tnt areas; those areas hold the rockets and tnt too (d),
    // the ones on the board and the at most min(a, created_most) created (c, e), each of
    // the latter at most max_area_ cells. At best the group taps clear the a largest of
    // those colours whole, and the pieces of the others (`rest`) then need
    // rest <= rt_area - rt + (max_area_ - 1) * created; the line has a + 1 taps or more.
    // Group taps past the n_named colours (on colours with a disco ball, or more on one
    // colour) add only what they may create.
    std::int64_t rest = unnamable;
    for (int k = 0; k < n_named; ++k) rest += named[static_cast<std::size_t>(k)];
    for (int a = 0; a <= n_named + created_most && a + 1 < bound; ++a) {
        if (a > 0 && a <= n_named) {
            // The largest colour not yet counted as cleared (a selection: few colours, and
            // the loop mostly ends after a step or two).
            int top = a - 1;
            for (int k = a; k < n_named; ++k)
                if (named[static_cast<std::size_t>(k)] > named[static_cast<std::size_t>(top)]) top = k;
            std::swap(named[static_cast<std::size_t>(top)], named[static_cast<std::size_t>(a - 1)]);
            rest -= named[static_cast<std::size_t>(a - 1)];
        }
        const int created = std::min(a, created_most);
        if (rt + created == 0) continue;
        if (rest <= rt_area - rt + std::int64_t{max_area_ - 1} * created) {
            bound = a + 1;
            break;
        }
    }
    if (bound > 2) return bound;

    // Any line of one tap (d, e): a chain from a rocket or tnt when one is on the board (a);
    // else a single disco ball with only pieces of its colour; else a group that is every
    // piece, of fewer than 5 (a larger one leaves a power-up).
    const int colors = n_named + (unnamable > 0 ? 1 : 0);
    bool one = false;
    if (rt > 0) one = p.items <= rt_area + disco_area;
    else if (discos > 0) one = discos == 1 && colors == 0;
    else one = colors == 1 && all_namable && p.items <= 4;
    if (bound <= 1 && !one) bound = 2;
    if (bound > 1) {
        // Any line of two taps. First a chain: both chains clear at most rt_area +
        // disco_area (d), or the second tap is a group of at most 4 (larger ones leave a
        // power-up). First a group tap of g pieces of colour c (e): for g <= 4 nothing is
        // left and the second tap is a chain or a group of at most 4; for g >= 5 it leaves a
        // power-up, so the second tap is a chain that fires it (a) and clears the
        // items - g + 1 left: at most rt_area + disco_area and the new power-up's area,
        // max_area_ for a rocket or tnt (5 <= g <= 8), c's other n - g pieces and itself
        // for a disco ball (g >= 9).
        const std::int64_t chains = rt_area + disco_area;
        bool two = p.items <= chains + 4;
        for (int c = 0; c < max_colors && !two; ++c) {
            const int n = p.pieces[static_cast<std::size_t>(c)];
            if (n < g_.min_group) continue;
            std::int64_t most = 0;  // the most items a line of this group tap and one more clears
            const int small = std::min(n, 4);
            if (small >= g_.min_group) most = std::max(most, small + std::max<std::int64_t>(4, chains));
            const int mid = std::min(n, 8);
            if (mid >= 5 && mid >= g_.min_group) most = std::max(most, mid - 1 + chains + max_area_);
            if (n >= 9) most = std::max(most, n + chains);
            two = p.items <= most;
        }
        if (!two) bound = 3;
    }
    return bound;
}

// The taps that may clear the board in one, for a goal with the clear objective (a last tap
// of any other kind leaves an item): with a rocket or tnt on the board, those (a, b); else
// a single disco ball when the pieces are all of its colour; else a group that is every
// piece, of fewer than 5 (a larger one leaves a power-up). Into s.taps (s.groups as taps()).
void Packed::clearing_taps(const Pos& p, Scratch& s) {
    s.taps.clear();
    s.groups.clear();
    s.gcells.clear();
    const Counts& k = p.k;
    int discos = 0, colors = 0, color = -1;
    for (int c = 0; c < max_colors; ++c) {
        discos += k.discos[static_cast<std::size_t>(c)];
        if (k.pieces[static_cast<std::size_t>(c)] > 0) ++colors, color = c;
    }
    if (k.rt() > 0) {
        for (int i = 0; i < g_.n; ++i)
            if (is_p_rt(p.cells[static_cast<std::size_t>(i)])) s.taps.push_back({i, -1});
        return;
    }
    if (discos > 0) {
        if (discos != 1 || colors > 1) return;
        for (int i = 0; i < g_.n; ++i) {
            const std::uint8_t v = p.cells[static_cast<std::size_t>(i)];
            if (is_p_disco(v) && (colors == 0 || v - k_disco == color)) s.taps.push_back({i, -1});
        }
        return;
    }
    if (colors != 1 || k.piece_total >= 5 || k.piece_total < g_.min_group) return;
    for (int i = 0; i < g_.n; ++i) {
        if (!is_p_piece(p.cells[static_cast<std::size_t>(i)])) continue;
        const std::uint64_t stamp = marks_.next();
        flood(p, i, stamp, s.gcells);
        if (static_cast<int>(s.gcells.size()) == k.piece_total) {
            s.groups.push_back({0, k.piece_total, stamp});
            s.taps.push_back({i, 0});
        }
        break;
    }
    base_ = marks_.next();
}

}  // namespace tilelab::collapse::solver_detail
