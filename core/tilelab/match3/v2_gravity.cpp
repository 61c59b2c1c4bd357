// Format 2's steps 7 and 8 (docs/match3.md "Format version 2"): gravity, refill and exits, with
// events or on boards the byte rows do not fit (a quiet step's gravity and refill from its byte rows
// are v2_rules.cpp's, beside the step).
#include <algorithm>

#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2 {
namespace detail {
// Gravity in column x with events (or on boards over 64 rows): segment by segment from the bottom.
int fall_column(View& v, int x, std::vector<Event>* events, int step) {
    const int w = v.w, h = v.h;
    int fallen = 0;
    int bottom = h - 1;
    while (bottom >= 0) {
        if (v.splitter(bottom * w + x)) {
            --bottom;
            continue;
        }
        int top = bottom;
        while (top > 0 && !v.splitter((top - 1) * w + x)) --top;
        int write = bottom;
        auto skip_holes = [&] {
            while (write >= top && v.at(write * w + x) == cell::hole) --write;
        };
        skip_holes();
        for (int r = bottom; r >= top; --r) {
            const std::int32_t item = v.at(r * w + x);
            if (!is_item(item)) continue;
            if (write != r) {
                v.at(write * w + x) = item;
                ++fallen;
                if (events) events->emplace_back(event::Fall{step, Cell{x, r}, Cell{x, write}});
            }
            --write;
            skip_holes();
        }
        for (int r = write; r >= top; --r)
            if (v.at(r * w + x) != cell::hole) v.at(r * w + x) = cell::empty;
        bottom = top - 1;
    }
    return fallen;
}

// Step 7's gravity: items fall in each column's segments (split by blockers, crates and locked items),
// skipping holes. Returns how many moved.
int gravity(View& v, std::vector<Event>* events, int step, bool whole) {
    int fallen = 0;
    const int w = v.w, h = v.h;
    if (!events && !whole && w <= 256) {
        // Without events only the columns where an unlocked item lies above an empty cell of its
        // segment (holes let it through) move: in every other column the passes below write every
        // cell back where it was. One pass from the bottom row, along memory, finds them.
        // Branch-free on int32 lanes, so the compiler vectorises the inner loops. Per column: the
        // lowest empty cell of the segment being read (-1: none yet), the lowest of those an item
        // falls into (-1: nothing falls; no cell below it is written), and whether the column holds
        // anything but unlocked items and empty cells.
        alignas(64) std::int32_t seg_low[256], low[256], other[256] = {};
        std::fill_n(seg_low, w, -1);
        std::fill_n(low, w, -1);
        const std::int32_t* lock = v.lock ? v.lock->cells.data() : nullptr;
        for (int y = h - 1; y >= 0; --y) {
            const std::int32_t* row = v.board.cells.data() + static_cast<std::ptrdiff_t>(y) * w;
            auto pass = [&](auto locked_at) {
                for (int x = 0; x < w; ++x) {
                    const std::int32_t c = row[x];
                    const std::int32_t item = (c >= 0) | (c == cell::color_bomb) | (c == cell::ingredient);
                    const std::int32_t crate = static_cast<std::uint32_t>(c - cell::crate(cell::max_crate_hp)) <
                                               static_cast<std::uint32_t>(cell::max_crate_hp);
                    const std::int32_t split = (c == cell::blocker) | crate | (item & locked_at(x));
                    const std::int32_t below = seg_low[x];
                    const std::int32_t falls = item & (split ^ 1);
                    low[x] = std::max(low[x], falls ? below : -1);
                    seg_low[x] = split ? -1 : (below < 0 && c == cell::empty) ? y : below;
                    other[x] |= (c < cell::empty) & (item ^ 1);
                }
            };
            if (lock) {
                const std::int32_t* lrow = lock + static_cast<std::ptrdiff_t>(y) * w;
                pass([lrow](int x) { return static_cast<std::int32_t>(lrow[x] != 0); });
            } else {
                pass([](int) { return std::int32_t{0}; });
            }
        }
        for (int x = 0; x < w; ++x) {
            if (low[x] < 0) continue;
            fallen += !v.lock && !other[x] ? fall_regular(v, x) : h <= 64 ? fall_segments(v, x) : fall_column(v, x, nullptr, 0);
            if (v.changes) v.changes->mark(x, 0, low[x]);
        }
        return fallen;
    }
    if (v.changes)  // any cell may be written
        for (int x = 0; x < w; ++x) v.changes->mark(x, 0, h - 1);
    // Per column: whether it has an empty cell, and whether it holds anything but unlocked items and
    // empty cells; read row by row (the inner loop runs along memory and vectorises).
    const bool narrow = w <= 64;
    std::uint8_t col_empty[64] = {}, col_other[64] = {};
    for (int y = 0; narrow && y < h; ++y) {
        const std::int32_t* row = v.board.cells.data() + static_cast<std::ptrdiff_t>(y) * w;
        for (int x = 0; x < w; ++x) {
            const std::int32_t c = row[x];
            col_empty[x] |= c == cell::empty;
            col_other[x] |= !(c >= cell::empty || c == cell::color_bomb || c == cell::ingredient);
        }
    }
    for (int x = 0; x < w; ++x) {
        bool has_empty = false, regular = !v.lock;  // regular: only unlocked items and empty cells
        if (narrow) {
            has_empty = col_empty[x];
            regular &= !col_other[x];
        } else {
            for (int y = 0; y < h; ++y) {
                const std::int32_t c = v.at(y * w + x);
                has_empty |= c == cell::empty;
                regular &= c >= cell::empty || c == cell::color_bomb || c == cell::ingredient;
            }
        }
        if (!has_empty) continue;
        if (regular && !events) {
            fallen += fall_regular(v, x);
            continue;
        }
        if (!events && h <= 64) {
            fallen += fall_segments(v, x);
            continue;
        }
        fallen += fall_column(v, x, events, step);
    }
    return fallen;
}

// Refill: empty cells above each column's first splitter, columns left to right, bottom-most first.
int refill(View& v, const Config& config, Rng& rng, std::vector<Event>* events, int step) {
    int filled = 0;
    for (int x = 0; x < v.w; ++x) {
        bool has_empty = false;  // a column without an empty cell draws nothing
        for (int y = 0; y < v.h; ++y) has_empty |= v.at(y * v.w + x) == cell::empty;
        if (!has_empty) continue;
        int end = 0;
        while (end < v.h && !v.splitter(end * v.w + x)) ++end;
        for (int y = end - 1; y >= 0; --y) {
            if (v.at(y * v.w + x) != cell::empty) continue;
            const std::int32_t k = config.draw(rng);
            v.at(y * v.w + x) = k;
            if (v.changes) v.changes->mark(x, y, y);
            ++filled;
            if (events) events->emplace_back(event::Spawn{step, Cell{x, y}, k});
        }
    }
    return filled;
}

}  // namespace detail

using namespace detail;

// A refill colour (docs/randomness.md "match3: refills"); here, beside the refills that draw it.
std::int32_t Config::draw(Rng& rng) const {
    if (weights.empty()) return static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(colors)));
    const std::uint32_t r = rng.uniform(weight_sum);
    std::uint32_t running = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        running += weights[k];
        if (running > r) return static_cast<std::int32_t>(k);
    }
    return static_cast<std::int32_t>(weights.size() - 1);
}

namespace {
// Step 8 once: ingredients on the lowest non-hole cell of their column are removed (events in
// row-major order: a column whose bottom is a hole has its exit higher up).
int collect_exits(View& v, std::vector<Event>* events, int step) {
    std::vector<int> collected;
    for (int x = 0; x < v.w; ++x) {
        int y = v.h - 1;
        while (y >= 0 && v.at(y * v.w + x) == cell::hole) --y;
        if (y < 0 || v.at(y * v.w + x) != cell::ingredient) continue;
        v.at(y * v.w + x) = cell::empty;
        collected.push_back(y * v.w + x);
    }
    if (events) {
        std::sort(collected.begin(), collected.end());
        for (int idx : collected) events->emplace_back(event::Collected{step, Cell{idx % v.w, idx / v.w}});
    }
    return static_cast<int>(collected.size());
}
}  // namespace

int run_exits(State& state, const Config& config, Mode mode, Scratch& s, std::vector<Event>* events, int step) {
    View v = view_of(state);
    if (s.changes.on) v.changes = &s.changes;
    int total = 0;
    for (int round = 0; round <= v.w * v.h; ++round) {
        const int got = collect_exits(v, events, step);
        if (got == 0) break;
        total += got;
        s.falls += gravity(v, events, step, s.reference_steps);
        if (mode != Mode::lookahead) s.spawns += refill(v, config, state.rng, events, step);
    }
    state.ingredients += total;
    return total;
}

}  // namespace tilelab::match3::v2
