// The collapse solver's packed board (solver_detail.hpp): the packed cells, the groups and taps of
// a position, what a tap clears and scores (its effect), the position after it (gravity, closing
// columns, reshuffle, as engine.cpp does them), the key of a position, and packing an engine
// state. tests/collapse/test_solver.cpp checks the successors against tap() on random boards.
#include <algorithm>
#include <cstring>
#include <vector>

#include "tilelab/collapse/engine.hpp"
#include "tilelab/collapse/solver_detail.hpp"

namespace tilelab::collapse::solver_detail {

// The packed code of an engine cell, or -1 when it has none.
int pack_cell(std::int32_t v) {
    if (v == cell::empty) return k_empty;
    if (v == cell::blocker) return k_blocker;
    if (v == cell::hole) return k_hole;
    if (v == rocket_h) return k_rocket_h;
    if (v == rocket_v) return k_rocket_v;
    if (v == tnt) return k_tnt;
    if (is_piece(v) && v < max_colors) return k_piece + v;
    if (is_disco(v) && color_of(v) < max_colors) return k_disco + color_of(v);
    return -1;
}

std::int32_t unpack_cell(std::uint8_t v) {
    if (is_p_piece(v)) return v - k_piece;
    if (is_p_disco(v)) return disco(v - k_disco);
    switch (v) {
    case k_rocket_h:
        return rocket_h;
    case k_rocket_v:
        return rocket_v;
    case k_tnt:
        return tnt;
    case k_blocker:
        return cell::blocker;
    case k_hole:
        return cell::hole;
    default:
        return cell::empty;
    }
}

constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// ---- Packed --------------------------------------------------------------------------------

Packed::Packed(const Game& game) : g_(game) {
    marks_.resize(g_.n);
    area_.resize(g_.n);
    fired_.resize(g_.n);
    touched_.assign(static_cast<std::size_t>(g_.w), 0);
    tnt_area_ = std::min(5, g_.w) * std::min(5, g_.h);
    // (c) in clear_bound (solver_bounds.cpp): the rockets and tnt n pieces of one colour can still create.
    const int rt_group = std::max(5, g_.min_group);
    creatable_.assign(static_cast<std::size_t>(g_.n) + 1, 0);
    if (rt_group <= 8)
        for (int n = 0; n <= g_.n; ++n) creatable_[static_cast<std::size_t>(n)] = n / rt_group;
    max_area_ = std::max({g_.w, g_.h, tnt_area_});
}

// ---- Groups and taps ----

// The legal taps of `p`: one per group of at least min_group pieces when it leaves no
// power-up (every cell of the group gives the same result: the same cells clear, nothing is
// placed), one per landing place of the power-up otherwise, and one per power-up.
void Packed::taps(const Pos& p, Scratch& s) {
    s.gcells.clear();
    s.groups.clear();
    s.taps.clear();
    s.taps.reserve(static_cast<std::size_t>(g_.n));
    const int h = g_.h;
    for (int x = 0; x < g_.w; ++x)
        for (int y = 0; y < h; ++y) {
            const int i = x * h + y;
            const std::uint8_t v = p.cells[static_cast<std::size_t>(i)];
            if (is_p_powerup(v)) {
                s.taps.push_back({i, -1});
                continue;
            }
            if (!is_p_piece(v) || marks_.at(i) > base_) continue;
            const std::uint64_t stamp = marks_.next();
            const int start = static_cast<int>(s.gcells.size());
            flood(p, i, stamp, s.gcells);
            const int size = static_cast<int>(s.gcells.size()) - start;
            if (size < g_.min_group) {
                s.gcells.resize(static_cast<std::size_t>(start));
                continue;
            }
            const int gi = static_cast<int>(s.groups.size());
            s.groups.push_back({start, size, stamp});
            if (powerup_for(size, 0, false) == cell::empty) {
                s.taps.push_back({i, gi});
                continue;
            }
            // The power-up lands, after gravity, on the segment's playable row above the items
            // below the tapped cell that stay (those not in the group): cells with the same
            // column, segment and count of such items give the same board.
            landing_.clear();
            for (int k = start; k < start + size; ++k) {
                const int c = s.gcells[static_cast<std::size_t>(k)];
                const int cx = c / h;
                int cy = c % h + 1;
                int below = 0;
                for (; cy < h; ++cy) {
                    const std::uint8_t u = p.cells[static_cast<std::size_t>(cx * h + cy)];
                    if (u == k_blocker) break;
                    if (is_p_item(u) && marks_.at(cx * h + cy) != stamp) ++below;
                }
                const long key = (static_cast<long>(cx) * (h + 1) + cy) * (h + 1) + below;
                if (std::find(landing_.begin(), landing_.end(), key) != landing_.end()) continue;
                landing_.push_back(key);
                s.taps.push_back({c, gi});
            }
        }
    base_ = marks_.next();  // every stamp of this call is now below base_
}

// The groups of pieces of `p`, single pieces included: a rough count of the taps left.
int Packed::components(const Pos& p) {
    int count = 0;
    for (int i = 0; i < g_.n; ++i) {
        if (!is_p_piece(p.cells[static_cast<std::size_t>(i)]) || marks_.at(i) > base_) continue;
        group_buf_.clear();
        flood(p, i, marks_.next(), group_buf_);
        ++count;
    }
    base_ = marks_.next();
    return count;
}

// Some tap is legal on `p`.
bool Packed::has_legal_tap(const Pos& p) {
    if (p.k.rt() > 0) return true;
    for (int c = 0; c < max_colors; ++c)
        if (p.k.discos[static_cast<std::size_t>(c)] > 0) return true;
    if (g_.min_group <= 1) return p.k.piece_total > 0;
    const int h = g_.h;
    if (g_.min_group == 2) {
        for (int x = 0; x < g_.w; ++x)
            for (int y = 0; y < h; ++y) {
                const int i = x * h + y;
                const std::uint8_t v = p.cells[static_cast<std::size_t>(i)];
                if (!is_p_piece(v)) continue;
                if (y + 1 < h && p.cells[static_cast<std::size_t>(i + 1)] == v) return true;
                if (x + 1 < g_.w && p.cells[static_cast<std::size_t>(i + h)] == v) return true;
            }
        return false;
    }
    bool any = false;
    for (int i = 0; i < g_.n && !any; ++i) {
        if (!is_p_piece(p.cells[static_cast<std::size_t>(i)]) || marks_.at(i) > base_) continue;
        group_buf_.clear();
        flood(p, i, marks_.next(), group_buf_);
        any = static_cast<int>(group_buf_.size()) >= g_.min_group;
    }
    base_ = marks_.next();
    return any;
}

// ---- Effects ----

void Packed::effect(const Pos& p, const Scratch& s, const Tap& t, Effect& e) {
    e.cleared.clear();
    e.pieces.fill(0);
    e.discos.fill(0);
    e.rh = e.rv = e.tnt = 0;
    e.items = 0;
    e.jelly_hits = 0;
    e.gain = 0;
    e.created = k_empty;
    const int h = g_.h;
    if (t.group >= 0) {
        const GroupRef& gr = s.groups[static_cast<std::size_t>(t.group)];
        const std::uint8_t v = p.cells[static_cast<std::size_t>(t.cell)];
        int min_x = t.cell / h, max_x = min_x, min_y = t.cell % h, max_y = min_y;
        for (int k = gr.start; k < gr.start + gr.size; ++k) {
            const int c = s.gcells[static_cast<std::size_t>(k)];
            e.cleared.push_back(c);
            min_x = std::min(min_x, c / h), max_x = std::max(max_x, c / h);
            min_y = std::min(min_y, c % h), max_y = std::max(max_y, c % h);
            if (g_.track_jelly && p.jelly[static_cast<std::size_t>(c)] > 0) ++e.jelly_hits;
        }
        const int n = gr.size;
        const int color = v - k_piece;
        e.pieces[static_cast<std::size_t>(color)] = n;
        e.items = n;
        e.gain = g_.scoring == Scoring::linear ? g_.per_piece * n : std::int64_t{n - 2} * (n - 2);
        const std::int32_t made = powerup_for(n, color, max_x - min_x > max_y - min_y);
        if (made != cell::empty) e.created = static_cast<std::uint8_t>(pack_cell(made));
        return;
    }
    // The chain: the union of the areas of every power-up it fires, areas read on the board
    // before the tap (as the engine does), so the order of firing does not matter.
    const std::uint64_t stamp = marks_.next();
    chain_.clear();
    chain_.push_back(t.cell);
    fired_[static_cast<std::size_t>(t.cell)] = stamp;
    auto add = [&](int i) {
        auto& a = area_[static_cast<std::size_t>(i)];
        if (a == stamp) return;
        a = stamp;
        const std::uint8_t u = p.cells[static_cast<std::size_t>(i)];
        if (!is_p_item(u)) return;
        e.cleared.push_back(i);
        if (is_p_powerup(u) && fired_[static_cast<std::size_t>(i)] != stamp) {
            fired_[static_cast<std::size_t>(i)] = stamp;
            chain_.push_back(i);
        }
    };
    for (std::size_t q = 0; q < chain_.size(); ++q) {
        const int c = chain_[q];
        const int cx = c / h, cy = c % h;
        const std::uint8_t u = p.cells[static_cast<std::size_t>(c)];
        if (u == k_rocket_h) {
            for (int x = 0; x < g_.w; ++x) add(x * h + cy);
        } else if (u == k_rocket_v) {
            for (int y = 0; y < h; ++y) add(cx * h + y);
        } else if (u == k_tnt) {
            for (int x = std::max(0, cx - 2); x <= std::min(g_.w - 1, cx + 2); ++x)
                for (int y = std::max(0, cy - 2); y <= std::min(h - 1, cy + 2); ++y) add(x * h + y);
        } else {
            const std::uint8_t piece = static_cast<std::uint8_t>(k_piece + (u - k_disco));
            for (int i = 0; i < g_.n; ++i)
                if (p.cells[static_cast<std::size_t>(i)] == piece || i == c) add(i);
        }
    }
    for (int c : e.cleared) {
        const std::uint8_t u = p.cells[static_cast<std::size_t>(c)];
        if (is_p_piece(u)) ++e.pieces[static_cast<std::size_t>(u - k_piece)];
        else if (is_p_disco(u)) ++e.discos[static_cast<std::size_t>(u - k_disco)];
        else if (u == k_rocket_h) ++e.rh;
        else if (u == k_rocket_v) ++e.rv;
        else ++e.tnt;
        if (g_.track_jelly && p.jelly[static_cast<std::size_t>(c)] > 0) ++e.jelly_hits;
    }
    e.items = static_cast<int>(e.cleared.size());
    e.gain = g_.scoring == Scoring::linear ? g_.per_piece * e.items : 0;
}

// The position after the tap: `out` (its buffers reused) from `p`, its counts `k` (from
// after()). `all_columns`: settle and close every column (a start board may be unsettled);
// otherwise only the columns the tap touched can change, the board being settled and closed
// already.
void Packed::apply(const Pos& p, const Effect& e, const Counts& k, int tap_cell, bool all_columns, Pos& out) {
    out.cells = p.cells;
    out.jelly = p.jelly;
    out.rng = p.rng;
    out.k = k;
    const int h = g_.h;
    const std::uint64_t stamp = marks_.next();
    touched_list_.clear();
    for (int c : e.cleared) {
        out.cells[static_cast<std::size_t>(c)] = k_empty;
        if (g_.track_jelly && out.jelly[static_cast<std::size_t>(c)] > 0) out.jelly[static_cast<std::size_t>(c)] -= 1;
        const int x = c / h;
        if (touched_[static_cast<std::size_t>(x)] != stamp) {
            touched_[static_cast<std::size_t>(x)] = stamp;
            touched_list_.push_back(x);
        }
    }
    if (e.created != k_empty) out.cells[static_cast<std::size_t>(tap_cell)] = e.created;
    bool closing = false;
    if (all_columns) {
        for (int x = 0; x < g_.w; ++x) settle(out, x);
        closing = true;
    } else {
        for (int x : touched_list_) {
            settle(out, x);
            closing = closing || !column_has_item(out, x);
        }
    }
    if (closing) close_columns(out);
    if (g_.reshuffle && !has_legal_tap(out)) reshuffle(out);
}

// ---- The key ----

// Two independent 64-bit hashes of everything the future depends on: the board, the jelly
// (when the goal reads it), the score and counts capped at what the goal asks (more makes
// no difference, as they never fall; a negative score_per_piece makes the score fall, and
// then it is not capped), and the generator when a reshuffle may draw from it.
void Packed::key(const Pos& p, std::uint64_t& k1, std::uint64_t& k2) const {
    std::uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
    auto word = [&](std::uint64_t w) {
        a = mix64(a ^ w);
        b = mix64(b + w * 0x9E3779B97F4A7C15ull + 0xA4093822299F31D0ull);
    };
    auto bytes = [&](const std::vector<std::uint8_t>& v) {
        std::size_t i = 0;
        for (; i + 8 <= v.size(); i += 8) {
            std::uint64_t w;
            std::memcpy(&w, v.data() + i, 8);
            word(w);
        }
        std::uint64_t w = 0;
        std::memcpy(&w, v.data() + i, v.size() - i);
        word(w ^ (static_cast<std::uint64_t>(v.size() - i) << 60));
    };
    bytes(p.cells);
    if (g_.track_jelly) bytes(p.jelly);
    if (g_.want_score) word(static_cast<std::uint64_t>(g_.score_never_falls ? std::min(p.k.score, g_.score_target) : p.k.score));
    if (g_.want_collect)
        for (int c = 0; c < max_colors; ++c)
            if (g_.need[static_cast<std::size_t>(c)] > 0)
                word(static_cast<std::uint64_t>(
                    std::min<std::int64_t>(p.k.collected[static_cast<std::size_t>(c)], g_.need[static_cast<std::size_t>(c)])));
    if (g_.reshuffle) word(p.rng);
    k1 = a;
    k2 = b;
}

// ---- Packing ----

// `p` from an engine state; false when a cell has no packed code.
bool Packed::pack(const State& st, Pos& p) const {
    if (g_.track_jelly && (st.jelly->width != g_.w || st.jelly->height != g_.h)) return false;
    p.cells.assign(static_cast<std::size_t>(g_.n), k_empty);
    if (g_.track_jelly) p.jelly.assign(static_cast<std::size_t>(g_.n), 0);
    for (int y = 0; y < g_.h; ++y)
        for (int x = 0; x < g_.w; ++x) {
            const int code = pack_cell(st.board.at(x, y));
            if (code < 0) return false;
            const auto i = static_cast<std::size_t>(x * g_.h + y);
            p.cells[i] = static_cast<std::uint8_t>(code);
            const auto v = static_cast<std::uint8_t>(code);
            if (is_p_piece(v)) {
                ++p.k.pieces[static_cast<std::size_t>(v - k_piece)];
                ++p.k.piece_total;
            } else if (is_p_disco(v)) {
                ++p.k.discos[static_cast<std::size_t>(v - k_disco)];
            } else if (v == k_rocket_h) {
                ++p.k.rh;
            } else if (v == k_rocket_v) {
                ++p.k.rv;
            } else if (v == k_tnt) {
                ++p.k.tnt;
            }
            if (is_p_item(v)) ++p.k.items;
            if (g_.track_jelly) {
                const std::int32_t layers = st.jelly->at(x, y);
                if (layers > 255) return false;
                p.jelly[i] = static_cast<std::uint8_t>(std::max(layers, 0));
                p.k.jelly_left += std::max(layers, 0);
            }
        }
    p.k.score = st.score;
    for (int c = 0; c < max_colors && c < static_cast<int>(st.collected.size()); ++c)
        p.k.collected[static_cast<std::size_t>(c)] = st.collected[static_cast<std::size_t>(c)];
    p.rng = st.rng.state();
    return true;
}

// The board is settled and every column without items is empty and right of those with:
// what every tap leaves, so that a tap needs to settle only the columns it touched.
bool Packed::normal(const Pos& p) {
    Pos q = p;
    for (int x = 0; x < g_.w; ++x) settle(q, x);
    close_columns(q);
    return q.cells == p.cells;
}

void Packed::flood(const Pos& p, int start, std::uint64_t stamp, std::vector<int>& out) {
    const std::uint8_t v = p.cells[static_cast<std::size_t>(start)];
    const int h = g_.h;
    const std::size_t first = out.size();
    out.push_back(start);
    marks_.at(start) = stamp;
    for (std::size_t q = first; q < out.size(); ++q) {
        const int c = out[q];
        const int x = c / h, y = c % h;
        auto visit = [&](int i) {
            auto& m = marks_.at(i);
            if (m == stamp || p.cells[static_cast<std::size_t>(i)] != v) return;
            m = stamp;
            out.push_back(i);
        };
        if (y > 0) visit(c - 1);
        if (y + 1 < h) visit(c + 1);
        if (x > 0) visit(c - h);
        if (x + 1 < g_.w) visit(c + h);
    }
}

// Items fall straight down within their segment (blockers split a column, holes are
// skipped), as engine.cpp's settle.
void Packed::settle(Pos& p, int x) const {
    std::uint8_t* col = p.cells.data() + static_cast<std::ptrdiff_t>(x) * g_.h;
    int y = g_.h - 1;
    while (y >= 0) {
        int write = y;
        int yy = y;
        for (; yy >= 0 && col[yy] != k_blocker; --yy) {
            const std::uint8_t v = col[yy];
            if (!is_p_item(v)) continue;
            while (col[write] == k_hole) --write;
            if (write != yy) {
                col[write] = v;
                col[yy] = k_empty;
            }
            --write;
        }
        y = yy - 1;
    }
}

bool Packed::column_has_item(const Pos& p, int x) const {
    const std::uint8_t* col = p.cells.data() + static_cast<std::ptrdiff_t>(x) * g_.h;
    for (int y = 0; y < g_.h; ++y)
        if (is_p_item(col[y])) return true;
    return false;
}

// Columns without items close: those with items keep their order from the left, whole
// (blockers and holes too), and empty columns fill the right (engine.cpp close_columns).
void Packed::close_columns(Pos& p) const {
    int to = 0;
    const auto h = static_cast<std::size_t>(g_.h);
    for (int x = 0; x < g_.w; ++x) {
        if (!column_has_item(p, x)) continue;
        if (to != x) std::memmove(p.cells.data() + to * h, p.cells.data() + x * h, h);
        ++to;
    }
    if (to < g_.w) std::memset(p.cells.data() + to * h, k_empty, (g_.w - to) * h);
}

// The pieces, in row-major order, shuffled among their own cells until a tap is legal, at
// most max_reshuffles times (engine.cpp reshuffle_if_dead), drawing from the position's rng.
void Packed::reshuffle(Pos& p) {
    cells_buf_.clear();
    for (int y = 0; y < g_.h; ++y)
        for (int x = 0; x < g_.w; ++x)
            if (is_p_piece(p.cells[static_cast<std::size_t>(x * g_.h + y)])) cells_buf_.push_back(x * g_.h + y);
    values_buf_.clear();
    for (int i : cells_buf_) values_buf_.push_back(p.cells[static_cast<std::size_t>(i)]);
    Rng rng(p.rng);
    for (int attempt = 0; attempt < max_reshuffles; ++attempt) {
        for (std::size_t i = values_buf_.size(); i-- > 1;) {
            const auto j = static_cast<std::size_t>(rng.uniform(static_cast<std::uint32_t>(i + 1)));
            std::swap(values_buf_[i], values_buf_[j]);
        }
        for (std::size_t k = 0; k < cells_buf_.size(); ++k) p.cells[static_cast<std::size_t>(cells_buf_[k])] = values_buf_[k];
        if (has_legal_tap(p)) break;
    }
    p.rng = rng.state();
}

}  // namespace tilelab::collapse::solver_detail
