// The link solver: can the whole board be cleared? Depth-first search over pairings with safe
// moves, dead-position pruning and a memo of positions already proved hopeless.
//
// Why it works (docs/link.md "Solver"): removing tiles only empties cells, so a pair that links
// keeps linking until one of its tiles goes. Hence
//  - removing every remaining tile of a value (its last two, or four that clear one pair after
//    the other) never spoils a solution: such removals are made at once, without branching;
//  - the only real choices are which tiles of a value pair with each other (for four copies, one
//    of three matchings), so moves that fix the same matching are tried once;
//  - a position is the set of remaining tiles; a Zobrist hash of it keys the memo.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <unordered_set>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

using Clock = std::chrono::steady_clock;

struct PositionKey {
    std::uint64_t low = 0, high = 0;  // two independent Zobrist hashes: a false match needs both
    friend bool operator==(const PositionKey&, const PositionKey&) = default;
};
struct PositionKeyHash {
    std::size_t operator()(const PositionKey& k) const { return static_cast<std::size_t>(k.low); }
};

struct TilePair {
    int first = 0, second = 0;  // tile indices
};

class Solver {
public:
    Solver(const Board& board, const LinkRules& rules, const SolveOptions& options)
        : rules_(rules), options_(options), field_(board, rules.border) {
        // Tiles in row-major order; groups of values that pair with each other.
        std::map<std::int64_t, int> group_index;  // by the smaller value of the group
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                std::int32_t v = board.at(x, y);
                if (!cell::is_value(v)) continue;
                std::int64_t key = std::min<std::int64_t>(v, rules.pair.partner(v));
                auto [it, added] = group_index.emplace(key, static_cast<int>(groups_.size()));
                if (added) groups_.emplace_back();
                const int g = it->second;
                groups_[static_cast<std::size_t>(g)].push_back(static_cast<int>(cells_.size()));
                cells_.push_back(Cell{x, y});
                values_.push_back(v);
                group_of_.push_back(g);
            }
        alive_.assign(cells_.size(), 1);
        remaining_ = static_cast<int>(cells_.size());
        group_left_.resize(groups_.size());
        for (std::size_t g = 0; g < groups_.size(); ++g) group_left_[g] = static_cast<int>(groups_[g].size());
        Rng rng(0x6c696e6b5a6f6272ull);  // fixed: keys only need to be distinct, not secret
        for (std::size_t i = 0; i < cells_.size(); ++i) {
            zobrist_low_.push_back(rng.next());
            zobrist_high_.push_back(rng.next());
            key_.low ^= zobrist_low_[i];
            key_.high ^= zobrist_high_[i];
        }
    }

    SolveResult run() {
        const auto started = Clock::now();
        deadline_ = started + std::chrono::milliseconds(std::max(0, options_.budget_ms));
        SolveResult result;
        result.verdict = search();
        if (result.verdict == Verdict::solvable)
            for (const TilePair& p : log_) result.order.push_back(CellPairMove{cells_[static_cast<std::size_t>(p.first)], cells_[static_cast<std::size_t>(p.second)]});
        result.nodes = nodes_;
        result.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
        return result;
    }

private:
    bool pairs(int i, int j) const { return rules_.pair.pairs(values_[static_cast<std::size_t>(i)], values_[static_cast<std::size_t>(j)]); }
    bool linked(int i, int j) const {
        return field_.links(cells_[static_cast<std::size_t>(i)], cells_[static_cast<std::size_t>(j)], rules_.max_turns);
    }

    void remove(int i, int j) {
        for (int t : {i, j}) {
            auto ti = static_cast<std::size_t>(t);
            alive_[ti] = 0;
            field_.clear(cells_[ti]);
            key_.low ^= zobrist_low_[ti];
            key_.high ^= zobrist_high_[ti];
            --group_left_[static_cast<std::size_t>(group_of_[ti])];
        }
        remaining_ -= 2;
        log_.push_back(TilePair{std::min(i, j), std::max(i, j)});
    }

    void undo_to(std::size_t mark) {
        while (log_.size() > mark) {
            TilePair p = log_.back();
            log_.pop_back();
            for (int t : {p.first, p.second}) {
                auto ti = static_cast<std::size_t>(t);
                alive_[ti] = 1;
                field_.set(cells_[ti], values_[ti]);
                key_.low ^= zobrist_low_[ti];
                key_.high ^= zobrist_high_[ti];
                ++group_left_[static_cast<std::size_t>(group_of_[ti])];
            }
            remaining_ += 2;
        }
    }

    // The live tiles of a group, at most `cap` of them written to `out`; returns how many.
    int live_tiles(std::size_t g, int* out, int cap) const {
        int n = 0;
        for (int t : groups_[g])
            if (alive_[static_cast<std::size_t>(t)]) {
                if (n < cap) out[n] = t;
                ++n;
            }
        return n;
    }

    // Safe removals until none is left: a group's last two tiles when they link, and a group's
    // last four when one pair links and the other pair links after it.
    void close_safe_moves() {
        bool changed = true;
        while (changed) {
            changed = false;
            for (std::size_t g = 0; g < groups_.size(); ++g) {
                int left = group_left_[g];
                if (left != 2 && left != 4) continue;
                int t[4];
                live_tiles(g, t, 4);
                if (left == 2) {
                    if (pairs(t[0], t[1]) && linked(t[0], t[1])) {
                        remove(t[0], t[1]);
                        changed = true;
                    }
                    continue;
                }
                // Four tiles: the three matchings {01,23}, {02,13}, {03,12}.
                static constexpr int matchings[3][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}};
                for (const auto& m : matchings) {
                    int p = t[m[0]], q = t[m[1]], r = t[m[2]], s = t[m[3]];
                    if (!pairs(p, q) || !pairs(r, s)) continue;
                    bool pq = linked(p, q);
                    bool rs = linked(r, s);
                    if (!pq && !rs) continue;
                    if (pq) {
                        const std::size_t mark = log_.size();
                        remove(p, q);
                        if (linked(r, s)) {
                            remove(r, s);
                            changed = true;
                            break;
                        }
                        undo_to(mark);
                    } else {
                        const std::size_t mark = log_.size();
                        remove(r, s);
                        if (linked(p, q)) {
                            remove(p, q);
                            changed = true;
                            break;
                        }
                        undo_to(mark);
                    }
                }
            }
        }
    }

    // The branching moves of a position: pairs of groups with more than two tiles left; of the
    // moves that fix the same matching of a four-tile group, only one.
    std::vector<TilePair> branch_moves() const {
        std::vector<TilePair> moves;
        std::vector<int> scores;
        for (std::size_t g = 0; g < groups_.size(); ++g) {
            int left = group_left_[g];
            if (left <= 2) continue;
            std::vector<int> t(static_cast<std::size_t>(left));
            live_tiles(g, t.data(), left);
            bool seen_matching[4] = {false, false, false, false};
            for (int i = 0; i < left; ++i)
                for (int j = i + 1; j < left; ++j) {
                    int p = t[static_cast<std::size_t>(i)], q = t[static_cast<std::size_t>(j)];
                    if (!pairs(p, q)) continue;
                    int matching = -1;
                    if (left == 4) {
                        // The matching is named by the partner of tile 0.
                        matching = i == 0 ? j : (6 - i - j);  // 1+2+3 = 6: the index not in {i, j, 0}
                        if (seen_matching[matching]) continue;
                    }
                    if (!linked(p, q)) continue;
                    if (matching >= 0) seen_matching[matching] = true;
                    moves.push_back(TilePair{p, q});
                    scores.push_back(score(p, q, t));
                }
        }
        // Best first.
        std::vector<std::size_t> order(moves.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return scores[l] > scores[r]; });
        std::vector<TilePair> sorted;
        sorted.reserve(moves.size());
        for (std::size_t i : order) sorted.push_back(moves[i]);
        return sorted;
    }

    // Move ordering: leave the group's other tiles close together (they must link later).
    int score(int p, int q, const std::vector<int>& group) const {
        int s = 0;
        std::vector<Cell> rest;
        for (int t : group)
            if (t != p && t != q) rest.push_back(cells_[static_cast<std::size_t>(t)]);
        if (rest.size() == 2) s -= std::abs(rest[0].x - rest[1].x) + std::abs(rest[0].y - rest[1].y);
        return s;
    }

    bool out_of_time() {
        if ((++nodes_ & 63) != 0) return aborted_;
        if (options_.stop.stop_requested() || Clock::now() >= deadline_) aborted_ = true;
        if (options_.progress && !cells_.empty()) {
            double done = 1.0 - static_cast<double>(best_remaining_) / static_cast<double>(cells_.size());
            options_.progress->fraction.store(done, std::memory_order_relaxed);
        }
        return aborted_;
    }

    bool balanced() const {
        for (std::size_t g = 0; g < groups_.size(); ++g) {
            // Equal values (or a value that is its own partner): an even count; otherwise as
            // many of each value as of its partner.
            int first = 0, other = 0;
            std::int64_t v0 = values_[static_cast<std::size_t>(groups_[g][0])];
            for (int t : groups_[g]) (values_[static_cast<std::size_t>(t)] == v0 ? first : other)++;
            if (rules_.pair.partner(v0) == v0 ? (first % 2 != 0) : (first != other)) return false;
        }
        return true;
    }

    Verdict search() {
        if (!balanced()) return Verdict::unsolvable;
        struct Frame {
            std::size_t undo_mark;
            std::vector<TilePair> moves;
            std::size_t next = 0;
            PositionKey key;
        };
        std::vector<Frame> stack;
        // Settles the position reached: true when solved; otherwise pushes a frame to explore.
        auto enter = [&](std::size_t mark) -> bool {
            close_safe_moves();
            best_remaining_ = std::min(best_remaining_, remaining_);
            if (remaining_ == 0) return true;
            if (hopeless_.count(key_)) {
                undo_to(mark);
                return false;
            }
            std::vector<TilePair> moves = branch_moves();
            if (moves.empty()) {
                hopeless_.insert(key_);
                undo_to(mark);
                return false;
            }
            stack.push_back(Frame{mark, std::move(moves), 0, key_});
            return false;
        };
        best_remaining_ = remaining_;
        if (enter(0)) return Verdict::solvable;
        while (!stack.empty()) {
            if (out_of_time()) return Verdict::unknown;
            Frame& top = stack.back();
            if (top.next < top.moves.size()) {
                TilePair m = top.moves[top.next++];
                const std::size_t mark = log_.size();
                remove(m.first, m.second);
                if (enter(mark)) return Verdict::solvable;
            } else {
                hopeless_.insert(top.key);
                undo_to(top.undo_mark);
                stack.pop_back();
            }
        }
        return Verdict::unsolvable;
    }

    LinkRules rules_;
    SolveOptions options_;
    LinkField field_;
    std::vector<Cell> cells_;
    std::vector<std::int32_t> values_;
    std::vector<int> group_of_;
    std::vector<std::vector<int>> groups_;
    std::vector<int> group_left_;
    std::vector<char> alive_;
    int remaining_ = 0;
    int best_remaining_ = 0;
    std::vector<std::uint64_t> zobrist_low_, zobrist_high_;
    PositionKey key_;
    std::vector<TilePair> log_;  // removals so far, in order: the solution when solved
    std::unordered_set<PositionKey, PositionKeyHash> hopeless_;
    Clock::time_point deadline_;
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
};

}  // namespace

SolveResult solve(const Board& board, const LinkRules& rules, const SolveOptions& options) {
    Solver solver(board, rules, options);
    return solver.run();
}

}  // namespace tilelab::link
