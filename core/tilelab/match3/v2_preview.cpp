// Format 2's previews (docs/match3.md "Format version 2" and "Speed"): the first step of a move
// from the board's masks where they can tell (settled boards, moves that fire specials, combos),
// else played on a copy of the state; the counts the greedy bot compares.
#include <algorithm>
#include <bit>
#include <cstring>

#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {

using namespace detail;

namespace {
// The first step of a swap on a settled board whose runs hold no unlocked special, from the masks:
// the clears are the unlocked cells of the (at most four) runs through the two swapped cells (locked
// ones only lose their lock, and nothing fires), and each of its (at most two) groups creates its
// special on its swapped cell (never locked: it was swapped).
struct SettledFirst {
    std::uint32_t keys[64];  // the clears, x << 16 | y, unsorted
    int n = 0;
    RunThrough ta, tb;  // the runs through a (b's item, colour kb) and through b (a's item, colour ka)
    int ka = -1, kb = -1;
    SwapKind kind = SwapKind::illegal;  // what the two items make of the swap (classify_values)
    bool spans = false;                 // ta, tb, ka and kb are known (a move of runs on a settled board)
};
enum class Decided { illegal, legal, no };  // no: the caller plays the first step on a copy

// What classify says of the swap and, for a legal one, its first step, when the masks can tell.
// `masks_ready`: the caller has prepared the masks for this state (clear_counts, once for all moves).
Decided settled_first(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch, SettledFirst& f,
                      bool masks_ready = false) {
    const SwapKind by_values = classify_values(state.board, state.lock, a, b, nullptr);
    f.kind = by_values;
    if (by_values == SwapKind::illegal) return Decided::illegal;
    if (by_values == SwapKind::combo) return Decided::no;
    if (!masks_ready) prepare_masks(state, config.min_match, scratch);
    const Scratch::PreviewMasks& pm = scratch.masks;
    if (!pm.fits || !pm.settled) return Decided::no;
    const Board& board = state.board;
    const int w = board.width, h = board.height;
    const std::int32_t va = board.at(a), vb = board.at(b);
    f.ka = colour(va);
    f.kb = colour(vb);
    if (f.ka >= 0 && f.ka == f.kb) return Decided::no;  // a special and a piece of one colour
    const auto hs = static_cast<std::size_t>(h);
    f.tb = f.ta = RunThrough{};
    if (f.ka >= 0) f.tb = run_through(pm.colour_rows.data() + static_cast<std::size_t>(f.ka) * hs, h, config.min_match, a, b);
    if (f.kb >= 0) f.ta = run_through(pm.colour_rows.data() + static_cast<std::size_t>(f.kb) * hs, h, config.min_match, b, a);
    f.spans = true;
    const int count = f.tb.row + f.tb.col + f.ta.row + f.ta.col;
    if (count == 0) return Decided::illegal;  // the board is settled: only a run through a or b could form
    if (count > 64) return Decided::no;
    // A swapped special (unlocked: it was swapped) in a run of its own colour fires: masks_first or the
    // stepped path plays the move (known before walking the runs' cells).
    if ((cell::is_special(va) && f.tb.row + f.tb.col) || (cell::is_special(vb) && f.ta.row + f.ta.col)) return Decided::no;
    int n = 0;
    bool plain = true;
    const std::int32_t* locks = state.lock ? state.lock->cells.data() : nullptr;
    auto add = [&](Cell at, const RunThrough& t) {
        auto put = [&](int x, int y) {
            const int idx = y * w + x;
            // A locked item loses its lock and stays (not a clear, and it does not fire); an unlocked
            // special would fire (the stepped path then handles the move).
            if (locks && locks[idx] != 0) return;
            const std::int32_t v = x == a.x && y == a.y   ? vb
                                   : x == b.x && y == b.y ? va
                                                          : board.cells[static_cast<std::size_t>(idx)];
            plain &= !cell::is_special(v);  // run cells hold pieces or specials
            f.keys[n++] = static_cast<std::uint32_t>(x) << 16 | static_cast<std::uint32_t>(y);
        };
        for (int x = t.x0; x < t.x0 + t.row; ++x) put(x, at.y);
        for (int y = t.y0; y < t.y0 + t.col; ++y)
            if (y != at.y || !t.row) put(at.x, y);
    };
    add(b, f.tb);
    add(a, f.ta);
    if (!plain) return Decided::no;
    f.n = n;
    return Decided::legal;
}

// Step 2 on a settled board: each of the (at most two) groups, one colour with at most one row and
// one column run, both through the swapped cell it holds, creates its special on that cell (the
// target, or the other swapped cell for the other group; never locked: it was swapped).
void settled_creates(const Config& config, Cell a, Cell b, const SettledFirst& f, Preview& p) {
    p.creates.clear();
    if (!config.specials) return;
    auto create = [&](Cell at, const RunThrough& t, int k) {
        if (!t.row && !t.col) return;
        std::int32_t special;
        if (t.row >= 5 || t.col >= 5) special = cell::color_bomb;
        else if (t.row && t.col) special = cell::special(k, cell::bomb);
        else if (t.row == 4) special = cell::special(k, cell::line_v);
        else if (t.col == 4) special = cell::special(k, cell::line_h);
        else return;
        p.creates.push_back({at, special});
    };
    create(b, f.tb, f.ka);
    create(a, f.ta, f.kb);
    std::sort(p.creates.begin(), p.creates.end());
}

void fill_settled(const Config& config, Cell a, Cell b, SettledFirst& f, Preview& p) {
    std::uint32_t* keys = f.keys;
    const int n = f.n;
    for (int i = 1; i < n; ++i) {
        const std::uint32_t key = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > key; --j) keys[j] = keys[j - 1];
        keys[j] = key;
    }
    p.combo = false;
    p.clears.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        p.clears[static_cast<std::size_t>(i)] = Cell{static_cast<int>(keys[i] >> 16), static_cast<int>(keys[i] & 0xffff)};
    settled_creates(config, a, b, f, p);
}

// The first step of a move that settled_first leaves to the stepped path (a special, a colour bomb or a
// locked cell in its runs, a combo), from row masks when the board fits them: the runs through the two
// swapped cells (a settled board) or the combo's area, then the firing closure (docs/match3.md "Format
// version 2", step 3: every unlocked special or colour bomb of the set fires once, the swapped items of
// a combo never), then step 4's cleared cells (the unlocked pieces, specials and colour bombs of the
// set). `count` gets how many are cleared and `p`, when given, the preview. `no` where it does not
// apply (a board the masks do not fit, runs on a board that has some already, a special and a piece of
// one colour swapped): the stepped path plays those. The caller has prepared the masks and asked
// settled_first, whose `f` (the swap's kind and, for runs, their spans) it goes on from.
Decided masks_first(const State& state, const Config& config, Cell a, Cell b, Scratch& s, const SettledFirst& f, int& count,
                    Preview* p) {
    using PM = Scratch::PreviewMasks;
    const SwapKind kind = f.kind;
    if (kind == SwapKind::illegal) return Decided::illegal;
    PM& pm = s.masks;
    if (!pm.fits || (kind == SwapKind::runs && !f.spans)) return Decided::no;
    if (kind == SwapKind::runs && f.tb.row + f.tb.col + f.ta.row + f.ta.col == 0)
        return Decided::illegal;  // settled: no other run
    const Board& board = state.board;
    const int w = board.width, h = board.height;
    constexpr int max_rows = 64;  // the masks below live on the stack, and a word of rows says which fire
    if (h > max_rows) return Decided::no;
    prepare_fire_masks(state, pm);
    const int colours = pm.colours;
    if (colours > config.colors) return Decided::no;        // a piece the level's colours do not have
    const std::int32_t va = board.at(a), vb = board.at(b);  // after the swap: vb on a, va on b
    const bool bomb_a = va == cell::color_bomb, bomb_b = vb == cell::color_bomb;
    const bool bomb_colour = kind == SwapKind::combo && bomb_a != bomb_b;  // colour bomb + piece or special
    if (bomb_colour && cell::color_of(bomb_a ? vb : va) >= colours) return Decided::no;
    // Colour bomb + special turns the colour's plain pieces into specials first (below).
    const bool converts = bomb_colour && cell::special_of(bomb_a ? vb : va) != cell::plain;
    const bool by_items = pm.items >= 0;
    const auto hs = static_cast<std::size_t>(h);
    const std::uint64_t row_mask = w == 64 ? ~0ull : (1ull << w) - 1;
    const std::uint64_t bit_a = 1ull << a.x, bit_b = 1ull << b.x;
    const auto ya = static_cast<std::size_t>(a.y), yb = static_cast<std::size_t>(b.y);
    std::uint64_t* const fire = pm.fire.data();
    // set |= a colour's pieces and specials as the swap leaves them (rows a and b patched).
    auto add_colour = [&](std::uint64_t* set, int k) {
        const std::uint64_t* m = pm.colour_rows.data() + static_cast<std::size_t>(k) * hs;
        const std::uint64_t flip = ((m[ya] >> a.x) ^ (m[yb] >> b.x)) & 1u;
        std::uint64_t wa = m[ya] ^ (flip << a.x), wb = m[yb] ^ (flip << b.x);
        if (ya == yb) wa = wb = m[ya] ^ (flip << a.x) ^ (flip << b.x);
        const std::uint64_t sa = set[ya], sb = set[yb];
        for (std::size_t y = 0; y < hs; ++y) set[y] |= m[y];
        set[ya] = sa | wa;
        set[yb] = sb | wb;
    };
    // The set has a spare word above and below (a bomb's square spreads into them, unread). A combo's
    // two swapped items are in it from the start, and never fire (they are consumed).
    std::uint64_t set_rows[max_rows + 2];
    std::uint64_t* set = set_rows + 1;
    std::fill(set_rows, set_rows + hs + 2, 0);
    if (kind == SwapKind::combo) {
        set[ya] |= bit_a;
        set[yb] |= bit_b;
    }
    if (kind == SwapKind::runs) {  // the runs through the swapped cells, as settled_first found them
        auto add_runs = [&](Cell at, const RunThrough& t) {
            if (t.row) set[static_cast<std::size_t>(at.y)] |= (t.row >= 64 ? ~0ull : (1ull << t.row) - 1) << t.x0;
            for (int y = t.y0; y < t.y0 + t.col; ++y) set[static_cast<std::size_t>(y)] |= 1ull << at.x;
        };
        add_runs(b, f.tb);
        add_runs(a, f.ta);
    } else if (bomb_a && bomb_b) {  // the combo's area, centred on the target b
        std::fill(set, set + hs, row_mask);
    } else if (bomb_colour) {
        add_colour(set, cell::color_of(bomb_a ? vb : va));
    } else {
        auto columns_within = [&](int radius) {
            std::uint64_t cols = 0;
            for (int x = std::max(0, b.x - radius); x <= std::min(w - 1, b.x + radius); ++x) cols |= 1ull << x;
            return cols;
        };
        const int radius_bombs = (cell::special_of(va) == cell::bomb) + (cell::special_of(vb) == cell::bomb);
        if (radius_bombs < 2) {  // the rows and columns through the target (and its neighbours)
            const std::uint64_t cols = columns_within(radius_bombs);
            for (int y = 0; y < h; ++y)
                set[static_cast<std::size_t>(y)] |= y >= b.y - radius_bombs && y <= b.y + radius_bombs ? row_mask : cols;
        } else {  // bomb + bomb: the 5x5 square
            const std::uint64_t cols = columns_within(2);
            for (int y = std::max(0, b.y - 2); y <= std::min(h - 1, b.y + 2); ++y) set[static_cast<std::size_t>(y)] |= cols;
        }
    }
    // Step 3, the firing closure: every unlocked special or colour bomb of the set fires once (a
    // colour bomb fired by another item takes the most common colour of the step's start, ties the
    // lowest, none only its own cell), until no item of the set is left to fire. What fires does not
    // depend on the order, so the set is the first one's union with the areas of every item that fires.
    const int common = pm.common;
    std::uint64_t full_rows = 0, cols = 0;  // by the items: rows and columns that fired lines clear
    std::uint64_t columns = 0;              // the columns of the cleared cells
    if (by_items) {
        // On the board's items: those in the set fire, then those their areas hold, and so on (each
        // item's area's items are the board's `hits`); then their areas join the set. The swap moves at
        // most one item in a move of runs (two would be a combo): its cell and what it holds and what
        // holds it are taken for its new cell. A combo's swapped items are not taken.
        const int m = pm.items;
        auto item_at = [&](Cell c) {
            const std::uint64_t any = fire[static_cast<std::size_t>(c.y) * PM::fire_words + PM::fire_any];
            const std::uint64_t bit = 1ull << c.x;
            return any & bit ? __builtin_ctzll(pm.row_items[c.y + 1]) + popcount64(any & (bit - 1)) : -1;
        };
        const int at_a = item_at(a), at_b = item_at(b);
        std::uint64_t out = 0;  // items that cannot fire
        int moved = -1, mx = 0, my = 0;
        std::uint64_t moved_bit = 0, moved_hits = 0, moved_hit_by = 0;
        if (kind == SwapKind::combo) {
            out = (at_a >= 0 ? 1ull << at_a : 0) | (at_b >= 0 ? 1ull << at_b : 0);
        } else if (at_a >= 0 || at_b >= 0) {
            moved = at_a >= 0 ? at_a : at_b;
            const Cell to = at_a >= 0 ? b : a;
            mx = to.x;
            my = to.y;
            moved_bit = 1ull << moved;
            const std::uint64_t* row_at = pm.row_items + my + 1;  // the items of its new row and column
            const std::uint64_t* column_at = pm.col_items + mx + 1;
            const std::uint64_t square = (row_at[-1] | row_at[0] | row_at[1]) & (column_at[-1] | column_at[0] | column_at[1]);
            switch (pm.item_type[moved]) {
            case 0:
                moved_hits = row_at[0];
                break;
            case 1:
                moved_hits = column_at[0];
                break;
            default:
                moved_hits = square;
                break;  // a special: no colour bomb moves in a move of runs
            }
            moved_hits &= ~moved_bit;
            moved_hit_by = ((pm.type_items[0] & row_at[0]) | (pm.type_items[1] & column_at[0]) | (pm.type_items[2] & square) |
                            ((pm.common_items & moved_bit) != 0 && common >= 0 ? pm.type_items[3] : 0)) &
                           ~moved_bit;
        }
        auto item_x = [&](int i) { return i == moved ? mx : pm.item_x[i]; };
        auto item_y = [&](int i) { return i == moved ? my : pm.item_y[i]; };
        std::uint64_t lines_reach = 0;  // the board's items on rows and columns the converted pieces fire
        if (converts) {
            // Colour bomb + special: every unlocked plain piece of the colour (the set less its items,
            // its locked cells and the two swapped cells, which never fire) becomes a special of the
            // swapped one's type and fires with the rest: its row, its column or its square (those
            // pieces are not the board's items; their areas join the set, and the items they hold
            // fire). Played in the rounds below, these moves would cost about twice as much
            // (docs/match3.md "Speed").
            const int type = cell::special_of(bomb_a ? vb : va);
            std::uint64_t pieces[max_rows + 2];
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t* row = fire + y * PM::fire_words;
                pieces[y] = set[y] & ~(row[PM::fire_h] | row[PM::fire_v] | row[PM::fire_b] | row[PM::locked]);
            }
            pieces[ya] &= ~bit_a;
            pieces[yb] &= ~bit_b;
            if (type == cell::line_h) {
                for (std::size_t y = 0; y < hs; ++y) full_rows |= static_cast<std::uint64_t>(pieces[y] != 0) << y;
                for (std::uint64_t r = full_rows; r; r &= r - 1) lines_reach |= pm.row_items[__builtin_ctzll(r) + 1];
            } else if (type == cell::line_v) {
                for (std::size_t y = 0; y < hs; ++y) cols |= pieces[y];
                for (std::uint64_t c = cols; c; c &= c - 1) lines_reach |= pm.col_items[__builtin_ctzll(c) + 1];
            } else {
                for (std::size_t y = 0; y < hs; ++y) {
                    const std::uint64_t spread = (pieces[y] | pieces[y] << 1 | pieces[y] >> 1) & row_mask;
                    set[static_cast<std::ptrdiff_t>(y) - 1] |= spread;  // row -1 is padding: a signed index
                    set[y] |= spread;
                    set[y + 1] |= spread;
                }
            }
        }
        std::uint64_t reach = lines_reach;
        for (int i = 0; i < m; ++i) reach |= (set[pm.item_y[i]] >> pm.item_x[i] & 1u) << i;
        if (moved >= 0) reach = (reach & ~moved_bit) | (set[my] >> mx & 1u) << moved;
        reach &= ~out;
        for (std::uint64_t frontier = reach; frontier;) {
            std::uint64_t next = 0;
            for (std::uint64_t rest = frontier & ~moved_bit; rest; rest &= rest - 1) next |= pm.hits[__builtin_ctzll(rest)];
            if (moved >= 0)
                next = (next & ~moved_bit) | (frontier & moved_bit ? moved_hits : 0) | (frontier & moved_hit_by ? moved_bit : 0);
            frontier = next & ~reach & ~out;
            reach |= frontier;
        }
        for (std::uint64_t r = reach; r; r &= r - 1) {
            const int i = __builtin_ctzll(r);
            const int type = pm.item_type[i];
            const int y = item_y(i);
            const std::uint64_t bit = 1ull << item_x(i);
            full_rows |= static_cast<std::uint64_t>(type == 0) << y;
            cols |= bit & (0 - static_cast<std::uint64_t>(type == 1));
            const std::uint64_t square = (bit | bit << 1 | bit >> 1) & row_mask & (0 - static_cast<std::uint64_t>(type == 2));
            set[y - 1] |= square;
            set[y] |= square;
            set[y + 1] |= square;
        }
        if (reach & pm.type_items[3] && common >= 0) add_colour(set, common);
    } else {
        // Boards with more than 64 items that fire, in rounds on the rows: the items of the set that
        // have not fired fire (found by a branch-free pass, then only those rows visited). The masks
        // as the swap leaves them: in a move of runs the bits of a and b exchanged in place in each
        // row's words (both flip when they differ; the lock layer stays), and back before returning;
        // a combo's swapped items never fire and both are cleared, so their bits need no exchange.
        std::uint64_t* const row_a = fire + ya * PM::fire_words;
        std::uint64_t* const row_b = fire + yb * PM::fire_words;
        auto exchange = [&] {
            for (std::size_t k = 0; k < PM::swapped_words; ++k) {
                const std::uint64_t flip = ((row_a[k] >> a.x) ^ (row_b[k] >> b.x)) & 1u;
                row_a[k] ^= flip << a.x;
                row_b[k] ^= flip << b.x;
            }
        };
        if (kind == SwapKind::runs) exchange();
        const std::uint64_t* H = fire + PM::fire_h;  // row y: H[y * fire_words]
        const std::uint64_t* V = fire + PM::fire_v;
        const std::uint64_t* B = fire + PM::fire_b;
        const std::uint64_t* bombs = fire + PM::fire_bomb;
        const std::uint64_t* F = fire + PM::fire_any;
        std::size_t stride = PM::fire_words;
        std::uint64_t converted[max_rows * 5];
        if (converts) {
            // Every plain piece of the colour becomes a special of that type first: the unlocked ones
            // fire with it (the locked ones only lose their lock), in copies of the fire masks. The set
            // holds exactly the colour's pieces (with a and b, which never fire).
            const int type = cell::special_of(bomb_a ? vb : va);
            const std::size_t t = type == cell::line_h ? 0 : type == cell::line_v ? 1 : 2;
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t* row = fire + y * PM::fire_words;
                std::uint64_t m[3] = {row[PM::fire_h], row[PM::fire_v], row[PM::fire_b]};
                m[t] |= set[y] & ~(m[0] | m[1] | m[2]) & ~row[PM::locked];
                converted[y * 5 + 0] = m[0];
                converted[y * 5 + 1] = m[1];
                converted[y * 5 + 2] = m[2];
                converted[y * 5 + 3] = row[PM::fire_bomb];
                converted[y * 5 + 4] = m[0] | m[1] | m[2] | row[PM::fire_bomb];
            }
            H = converted;
            V = converted + 1;
            B = converted + 2;
            bombs = converted + 3;
            F = converted + 4;
            stride = 5;
        }
        std::uint64_t fired[max_rows], fresh[max_rows];
        std::fill(fired, fired + hs, 0);
        if (kind == SwapKind::combo) {  // a combo's two swapped items
            fired[ya] |= bit_a;
            fired[yb] |= bit_b;
        }
        bool common_in = false;
        for (;;) {
            std::uint64_t rows = 0;
            for (std::size_t y = 0; y < hs; ++y) {
                const std::uint64_t fr = set[y] & F[y * stride] & ~fired[y];
                fresh[y] = fr;
                rows |= static_cast<std::uint64_t>(fr != 0) << y;
            }
            if (!rows) break;
            std::uint64_t fired_cols = 0, bomb_hit = 0;
            do {
                const auto y = static_cast<std::size_t>(__builtin_ctzll(rows));
                rows &= rows - 1;
                const std::uint64_t fr = fresh[y];
                fired[y] |= fr;
                set[y] |= (0 - static_cast<std::uint64_t>((fr & H[y * stride]) != 0)) & row_mask;
                fired_cols |= fr & V[y * stride];
                const std::uint64_t square = fr & B[y * stride];
                const std::uint64_t spread = (square | square << 1 | square >> 1) & row_mask;
                set[static_cast<std::ptrdiff_t>(y) - 1] |= spread;  // row -1 is padding: a signed index
                set[y] |= spread;
                set[y + 1] |= spread;
                bomb_hit |= fr & bombs[y * stride];
            } while (rows);
            for (std::size_t y = 0; y < hs; ++y) set[y] |= fired_cols;
            if (bomb_hit && common >= 0 && !common_in) {
                common_in = true;
                add_colour(set, common);
            }
        }
        for (std::size_t y = 0; y < hs; ++y) {
            set[y] &= fire[y * PM::fire_words + PM::clear_free];
            columns |= set[y];
        }
        if (kind == SwapKind::runs) exchange();  // the board's masks as they were
    }
    // Step 4: what the set clears (as the swap left the board: the clearable cells move with it; the
    // locked ones only lose their lock). The rounds above have done it; by the items, the cells of a
    // move of runs take the other swapped item's clearability (both are unlocked: they were swapped).
    if (by_items) {
        auto with_lines = [&](std::size_t y) { return set[y] | ((0 - (full_rows >> y & 1u)) & row_mask) | cols; };
        const std::uint64_t sa = with_lines(ya), sb = with_lines(yb);
        for (std::size_t y = 0; y < hs; ++y) {
            set[y] = with_lines(y) & fire[y * PM::fire_words + PM::clear_free];
            columns |= set[y];
        }
        if (kind == SwapKind::runs) {
            auto clearable = [](std::int32_t v) { return v >= 0 || v == cell::color_bomb; };
            const std::uint64_t on_a = clearable(vb) ? bit_a : 0, on_b = clearable(va) ? bit_b : 0;
            set[ya] = (set[ya] & ~bit_a) | (sa & on_a);
            set[yb] = (set[yb] & ~bit_b) | (sb & on_b);  // (sb is sa when they share a row)
            columns |= set[ya] | set[yb];
        }
    }
    if (!p) {
        int n = 0;
        for (std::size_t y = 0; y < hs; ++y) n += popcount64(set[y]);
        count = n;
        return Decided::legal;
    }
    p->combo = kind == SwapKind::combo;
    // By column, then row, into the masks' buffer (a board's cells and eight more), written without a
    // branch per cell: every cell of a column that has one is written, and the next one overwrites
    // it unless it is in the set.
    Cell* const cells = pm.cells.data();
    Cell* out = cells;
    if (w <= 16 && h <= 16 && std::endian::native == std::endian::little) {
        // Boards up to 16 x 16: the rows as 16-bit lanes, four rows to a word, so that a column's
        // bits in four rows are four bits 16 apart, which one multiplication gathers (bit dy: row
        // y0 + dy). Each column's bits are then written four rows at a time from a table of the
        // nibble's cells (Cell{0, dy} for each of its bits), offset by (x, y0): four cells stored
        // whatever the nibble, the next four written over those past its count (the buffer has a
        // board's cells and eight more).
        static_assert(sizeof(Cell) == sizeof(std::uint64_t) && sizeof(int) == sizeof(std::uint32_t));
        using u64x2 = std::uint64_t __attribute__((vector_size(16)));  // two cells
        struct Nibbles {
            u64x2 cells[16][2];  // up to four Cell{0, dy}: dy in the high half
            std::uint8_t count[16];
        };
        static constexpr Nibbles nibbles = [] {
            Nibbles t{};
            for (unsigned m = 0; m < 16; ++m) {
                std::uint64_t cells[4] = {0, 0, 0, 0};
                unsigned k = 0;
                for (unsigned dy = 0; dy < 4; ++dy)
                    if (m >> dy & 1u) cells[k++] = static_cast<std::uint64_t>(dy) << 32;
                t.cells[m][0] = u64x2{cells[0], cells[1]};
                t.cells[m][1] = u64x2{cells[2], cells[3]};
                t.count[m] = static_cast<std::uint8_t>(k);
            }
            return t;
        }();
        const int groups = (h + 3) / 4;
        std::uint64_t packed[4] = {0, 0, 0, 0};
        for (int y = 0; y < h; ++y) packed[y >> 2] |= set[y] << (16 * (y & 3));
        // Every column and every nibble of the board's rows is written, whether the set has cells
        // there or not (an empty nibble stores four cells and moves on by none): the loops' trip
        // counts are the board's, the same for every move. Trimming them to the set's columns and
        // rows would make each loop's end depend on the move, and those mispredictions cost more
        // than the stores they save (bench_match3 v2; docs/match3.md "Speed").
        const u64x2 next_group = {4ull << 32, 4ull << 32};
        for (int x = 0; x < w; ++x) {
            u64x2 at = {static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(x)};  // the group's (x, y0) twice
            for (int g = 0; g < groups; ++g) {
                // Bits x, x + 16, x + 32, x + 48 to bits 48..51 (the other partial products fall
                // below bit 48 or past bit 63).
                const auto nibble = static_cast<std::size_t>((packed[g] >> x & 0x0001000100010001ull) * 0x0001000200040008ull >>
                                                             48);
                const u64x2 first = nibbles.cells[nibble][0] + at, second = nibbles.cells[nibble][1] + at;
                std::memcpy(static_cast<void*>(out), &first, sizeof first);
                std::memcpy(static_cast<void*>(out + 2), &second, sizeof second);
                out += nibbles.count[nibble];
                at += next_group;
            }
        }
        columns = 0;
    }
    while (columns) {
        const int x = __builtin_ctzll(columns);
        columns &= columns - 1;
        if constexpr (std::endian::native == std::endian::little) {
            // Cell{x, y} as one 64-bit store: x in the low half, y counting in the high one.
            static_assert(sizeof(Cell) == sizeof(std::uint64_t) && sizeof(int) == sizeof(std::uint32_t));
            std::uint64_t xy = static_cast<std::uint32_t>(x);
            for (std::size_t y = 0; y < hs; ++y) {
                std::memcpy(static_cast<void*>(out), &xy, sizeof xy);  // std::bit_cast, which not every library has
                out += set[y] >> x & 1u;
                xy += 1ull << 32;
            }
        } else {
            for (int y = 0; y < h; ++y) {
                *out = Cell{x, y};
                out += set[static_cast<std::size_t>(y)] >> x & 1u;
            }
        }
    }
    count = static_cast<int>(out - cells);
    p->clears.assign(cells, out);
    if (kind == SwapKind::runs) settled_creates(config, a, b, f, *p);
    else p->creates.clear();
    return Decided::legal;
}

// The first step of a legal move of `kind`, played on the scratch's copy of the state, into p.
void preview_stepped(const State& state, const Config& config, Cell a, Cell b, SwapKind kind, Scratch& scratch, Preview& p) {
    State& trial = scratch.trial;
    trial.board = state.board;
    trial.lock = state.lock;
    trial.jelly.reset();
    trial.score = 0;
    trial.ingredients = 0;
    trial.collected.assign(static_cast<std::size_t>(config.colors), 0);
    std::swap(trial.board.at(a), trial.board.at(b));
    FirstStep first{a, b, kind == SwapKind::combo};
    scratch.first_step_only = true;
    resolve_step(trial, config, Mode::lookahead, &first, scratch, nullptr, 1, nullptr);
    scratch.first_step_only = false;
    // What the step cleared and created stays in the scratch's buffers (no report copies).
    p.combo = first.combo;
    // The cleared cells come in row-major order; the preview lists them by column, then row: a
    // counting sort on the column keeps each column's cells in row order.
    const int w = state.board.width;
    const std::vector<int>& cleared = scratch.cleared_cells;
    std::vector<int>& start = scratch.column_start;
    start.assign(static_cast<std::size_t>(w) + 1, 0);
    for (int idx : cleared) ++start[static_cast<std::size_t>(idx % w) + 1];
    for (int x = 0; x < w; ++x) start[static_cast<std::size_t>(x) + 1] += start[static_cast<std::size_t>(x)];
    p.clears.resize(cleared.size());
    for (int idx : cleared)
        p.clears[static_cast<std::size_t>(start[static_cast<std::size_t>(idx % w)]++)] = Cell{idx % w, idx / w};
    p.creates.clear();
    for (const auto& [idx, special] : scratch.created) p.creates.push_back({Cell{idx % w, idx / w}, special});
    std::sort(p.creates.begin(), p.creates.end());
}
}  // namespace

bool preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch, Preview& out) {
    SettledFirst f;
    prepare_masks(state, config.min_match, scratch);
    switch (settled_first(state, config, a, b, scratch, f, true)) {
    case Decided::illegal:
        return false;
    case Decided::legal:
        fill_settled(config, a, b, f, out);
        return true;
    case Decided::no:
        break;
    }
    int cleared = 0;
    switch (masks_first(state, config, a, b, scratch, f, cleared, &out)) {
    case Decided::illegal:
        return false;
    case Decided::legal:
        return true;
    case Decided::no:
        break;
    }
    const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
    if (kind == SwapKind::illegal) return false;
    preview_stepped(state, config, a, b, kind, scratch, out);
    return true;
}

std::optional<Preview> preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch) {
    Preview p;
    if (!preview(state, config, a, b, scratch, p)) return std::nullopt;
    return p;
}

void clear_counts(const State& state, const Config& config, const std::vector<CellPairMove>& moves, Scratch& scratch,
                  std::vector<std::size_t>& counts) {
    counts.resize(moves.size());
    prepare_masks(state, config.min_match, scratch);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        SettledFirst f;
        const Cell a = moves[i].a, b = moves[i].b;
        switch (settled_first(state, config, a, b, scratch, f, true)) {
        case Decided::illegal:
            counts[i] = 0;
            continue;
        case Decided::legal:
            counts[i] = static_cast<std::size_t>(f.n);
            continue;
        case Decided::no:
            break;
        }
        int cleared = 0;
        switch (masks_first(state, config, a, b, scratch, f, cleared, nullptr)) {
        case Decided::illegal:
            counts[i] = 0;
            continue;
        case Decided::legal:
            counts[i] = static_cast<std::size_t>(cleared);
            continue;
        case Decided::no:
            break;
        }
        // The stepped path plays on the scratch's trial, never on the masks: they stay this state's.
        const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
        if (kind == SwapKind::illegal) {
            counts[i] = 0;
            continue;
        }
        preview_stepped(state, config, a, b, kind, scratch, scratch.count_preview);
        counts[i] = scratch.count_preview.clears.size();
    }
}

std::optional<std::size_t> clear_count(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch) {
    SettledFirst f;
    prepare_masks(state, config.min_match, scratch);
    switch (settled_first(state, config, a, b, scratch, f, true)) {
    case Decided::illegal:
        return std::nullopt;
    case Decided::legal:
        return static_cast<std::size_t>(f.n);
    case Decided::no:
        break;
    }
    int cleared = 0;
    switch (masks_first(state, config, a, b, scratch, f, cleared, nullptr)) {
    case Decided::illegal:
        return std::nullopt;
    case Decided::legal:
        return static_cast<std::size_t>(cleared);
    case Decided::no:
        break;
    }
    const SwapKind kind = classify(state.board, state.lock, a, b, config.min_match);
    if (kind == SwapKind::illegal) return std::nullopt;
    Preview& p = scratch.count_preview;
    preview_stepped(state, config, a, b, kind, scratch, p);
    return p.clears.size();
}

}  // namespace tilelab::match3::v2
