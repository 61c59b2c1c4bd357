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
        // The static map for the dead-position test: walls (blockers, and the ring without the
        // border) and which tile sits on each padded cell.
        pw_ = board.width + 2;
        ph_ = board.height + 2;
        wall_.assign(static_cast<std::size_t>(pw_ * ph_), rules.border ? 0 : 1);
        tile_at_.assign(static_cast<std::size_t>(pw_ * ph_), -1);
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                auto pi = static_cast<std::size_t>((y + 1) * pw_ + x + 1);
                std::int32_t v = board.at(x, y);
                wall_[pi] = cell::is_value(v) || v == cell::empty ? 0 : 1;
            }
        for (std::size_t i = 0; i < cells_.size(); ++i)
            tile_at_[static_cast<std::size_t>((cells_[i].y + 1) * pw_ + cells_[i].x + 1)] = static_cast<int>(i);
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
        // Restarts: a depth-first search that commits early to a bad pairing can spend its whole
        // budget under it (a heavy tail). Each run stops after a node limit that grows by half
        // each time and orders equal-looking moves differently; the memo of hopeless positions
        // carries over (it is sound whatever the order), so each run starts wiser.
        result.verdict = Verdict::none;
        std::uint64_t limit = 2000;
        for (int run = 0; result.verdict == Verdict::none; ++run) {
            noise_ = run == 0 ? 0 : 7;
            noise_rng_ = Rng(0x5eed0000ull + static_cast<std::uint64_t>(run));
            run_limit_ = nodes_ + limit;
            limit += limit / 2;
            result.verdict = search();
            if (result.verdict == Verdict::none) undo_to(0);
        }
        if (result.verdict == Verdict::solvable)
            for (const TilePair& p : log_)
                result.order.push_back(
                    CellPairMove{cells_[static_cast<std::size_t>(p.first)], cells_[static_cast<std::size_t>(p.second)]});
        result.nodes = nodes_;
        result.elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
        return result;
    }

private:
    bool pairs(int i, int j) const {
        return rules_.pair.pairs(values_[static_cast<std::size_t>(i)], values_[static_cast<std::size_t>(j)]);
    }
    // Link answers are cached (boards of up to 512 tiles: n^2 slots) and kept as long as they
    // stay true, by the rule the solver rests on: removals only empty cells (docs/link.md).
    // - "links", found at a position, holds at every position reached from it by more removals:
    //   while the first `depth` removals of the log are the same pushes (a push's id names its
    //   whole prefix, since an entry below it cannot change without popping it first);
    // - "does not link" holds at every position reached from it by undoing removals only: until
    //   the next removal.
    // The answers are the ones field_.links gives, so the search visits the same positions.
    bool linked(int i, int j) const {
        const std::size_t n = cells_.size();
        if (n > 512)
            return field_.links(cells_[static_cast<std::size_t>(i)], cells_[static_cast<std::size_t>(j)], rules_.max_turns);
        const std::size_t slot = static_cast<std::size_t>(std::min(i, j)) * n + static_cast<std::size_t>(std::max(i, j));
        if (link_memo_.empty()) link_memo_.assign(n * n, LinkMemo{});
        LinkMemo& memo = link_memo_[slot];
        if (memo.state == LinkMemo::links && memo.depth <= log_.size() &&
            (memo.depth == 0 || log_id_[memo.depth - 1] == memo.stamp))
            return true;
        if (memo.state == LinkMemo::apart && memo.stamp == removals_) return false;
        const bool value = field_.links(cells_[static_cast<std::size_t>(i)], cells_[static_cast<std::size_t>(j)],
                                        rules_.max_turns);
        if (value) {
            memo.state = LinkMemo::links;
            memo.depth = static_cast<std::uint32_t>(log_.size());
            memo.stamp = log_id_.empty() ? 0 : log_id_.back();
        } else {
            memo.state = LinkMemo::apart;
            memo.stamp = removals_;
        }
        return value;
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
        ++removals_;
        log_.push_back(TilePair{std::min(i, j), std::max(i, j)});
        log_id_.push_back(++next_push_id_);
    }

    void undo_to(std::size_t mark) {
        while (log_.size() > mark) {
            TilePair p = log_.back();
            log_.pop_back();
            log_id_.pop_back();
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
                if (work_interrupted()) return;
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
    bool asleep(int p, int q, const std::vector<TilePair>& sleep) const {
        const int lo = std::min(p, q), hi = std::max(p, q);
        const std::size_t n = cells_.size();
        if (!sleep_stamp_.empty())
            return sleep_stamp_[static_cast<std::size_t>(lo) * n + static_cast<std::size_t>(hi)] == sleep_generation_;
        for (const TilePair& s : sleep)
            if (s.first == lo && s.second == hi) return true;
        return false;
    }

    // Marks the sleeping pairs for constant-time look-ups (boards of up to 512 tiles).
    void mark_asleep(const std::vector<TilePair>& sleep) const {
        const std::size_t n = cells_.size();
        if (n > 512) return;
        if (sleep_stamp_.empty()) sleep_stamp_.assign(n * n, 0);
        ++sleep_generation_;
        for (const TilePair& s : sleep)
            sleep_stamp_[static_cast<std::size_t>(s.first) * n + static_cast<std::size_t>(s.second)] = sleep_generation_;
    }

    std::vector<TilePair> branch_moves(const std::vector<TilePair>& sleep) const {
        mark_asleep(sleep);
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
                    if (work_interrupted()) return {};
                    int p = t[static_cast<std::size_t>(i)], q = t[static_cast<std::size_t>(j)];
                    if (!pairs(p, q)) continue;
                    int matching = -1;
                    if (left == 4) {
                        // The matching is named by the partner of tile 0.
                        matching = i == 0 ? j : (6 - i - j);  // 1+2+3 = 6: the index not in {i, j, 0}
                        if (seen_matching[matching]) continue;
                    }
                    if (matching >= 0) {
                        // A matching already proved hopeless here (asleep) under either of its pairs.
                        int r = -1, u = -1;
                        for (int k = 0; k < 4; ++k)
                            if (k != i && k != j) (r < 0 ? r : u) = t[static_cast<std::size_t>(k)];
                        if (asleep(p, q, sleep) || asleep(r, u, sleep)) {
                            seen_matching[matching] = true;
                            continue;
                        }
                    } else if (asleep(p, q, sleep)) {
                        continue;
                    }
                    if (!linked(p, q)) continue;
                    if (matching >= 0) seen_matching[matching] = true;
                    moves.push_back(TilePair{p, q});
                    scores.push_back(score(p, q, t) * 8 +
                                     (noise_ ? static_cast<int>(noise_rng_.uniform(static_cast<std::uint32_t>(noise_ + 1))) : 0));
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
        if (group.size() != 4) return 0;
        Cell rest[2];
        int n = 0;
        for (int t : group)
            if (t != p && t != q && n < 2) rest[n++] = cells_[static_cast<std::size_t>(t)];
        return -(std::abs(rest[0].x - rest[1].x) + std::abs(rest[0].y - rest[1].y));
    }

    // Long single steps (the pairs of a value with thousands of tiles, long chains of safe
    // moves on the largest boards) check the clock too, so the budget and the stop request hold.
    bool work_interrupted() const {
        if ((++work_ & 4095) != 0) return aborted_;
        if (options_.stop.stop_requested() || Clock::now() >= deadline_) aborted_ = true;
        return aborted_;
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

    // Depth-first search with sleep sets. Once a move m has been tried at a position and failed,
    // a sibling branch need not try m again while m's tiles remain: whatever it reaches with m is
    // reachable from the failed position (moves only empty cells, so the sibling's removals stay
    // legal after m), hence hopeless too. This explores each set of removals once instead of
    // every order of it, and stays sound with the memo: a position is recorded as hopeless only
    // when every move not asleep failed, and the asleep ones are hopeless by the argument above.
    Verdict search() {
        if (!balanced()) return Verdict::unsolvable;
        struct Frame {
            std::size_t undo_mark;
            std::vector<TilePair> moves;
            std::vector<TilePair> sleep;
            std::size_t next = 0;
            PositionKey key;
        };
        std::vector<Frame> stack;
        // Settles the position reached: true when solved; otherwise pushes a frame to explore.
        auto enter = [&](std::size_t mark, std::vector<TilePair> sleep) -> bool {
            close_safe_moves();
            if (aborted_) return false;
            best_remaining_ = std::min(best_remaining_, remaining_);
            if (remaining_ == 0) return true;
            if (hopeless_.count(key_)) {
                undo_to(mark);
                return false;
            }
            std::erase_if(sleep, [&](const TilePair& s) {
                return !alive_[static_cast<std::size_t>(s.first)] || !alive_[static_cast<std::size_t>(s.second)];
            });
            std::vector<TilePair> moves;
            if (!dead_position()) moves = branch_moves(sleep);
            if (aborted_) return false;  // unsettled: never recorded as hopeless
            if (moves.empty()) {
                hopeless_.insert(key_);
                undo_to(mark);
                return false;
            }
            stack.push_back(Frame{mark, std::move(moves), std::move(sleep), 0, key_});
            return false;
        };
        best_remaining_ = remaining_;
        if (enter(0, {})) return Verdict::solvable;
        if (aborted_) return Verdict::unknown;
        while (!stack.empty()) {
            if (out_of_time()) return Verdict::unknown;
            if (nodes_ >= run_limit_) return Verdict::none;  // restart
            Frame& top = stack.back();
            if (top.next < top.moves.size()) {
                std::vector<TilePair> sleep = top.sleep;
                for (std::size_t k = 0; k < top.next; ++k) sleep.push_back(top.moves[k]);
                TilePair m = top.moves[top.next++];
                const std::size_t mark = log_.size();
                remove(m.first, m.second);
                if (enter(mark, std::move(sleep))) return Verdict::solvable;
            } else {
                hopeless_.insert(top.key);
                undo_to(top.undo_mark);
                stack.pop_back();
            }
        }
        return aborted_ ? Verdict::unknown : Verdict::unsolvable;
    }

    // ---- Dead positions -----------------------------------------------------------------------
    //
    // A group with two tiles left that do not link now waits for other tiles to go. Take every
    // path shape within max_turns that no wall blocks (the paths it would have if every other
    // tile were gone): if each of them crosses a tile of group w, the pair can only go after w.
    // When w also has two tiles left, "after w" is a strict precedence; a cycle of precedences
    // can never be played out, so the position is dead. (Two crossed pairs, A B over B A, are
    // the common case.) The test is skipped for 3 turns, where the path shapes are too many.

    // Collects the groups of live tiles on the straight segment from p to q (padded, exclusive
    // of p, inclusive of q unless q is the end). Returns false when a wall is on it.
    bool walk_segment(int px, int py, int qx, int qy, bool include_end, std::vector<int>& groups) const {
        const int dx = (qx > px) - (qx < px), dy = (qy > py) - (qy < py);
        for (int x = px + dx, y = py + dy;; x += dx, y += dy) {
            const bool at_end = x == qx && y == qy;
            if (at_end && !include_end) return true;
            auto pi = static_cast<std::size_t>(y * pw_ + x);
            if (wall_[pi]) return false;
            int t = tile_at_[pi];
            // Only groups with two tiles left can make a precedence cycle: the others are skipped
            // here, which empties the intersection early on busy boards.
            if (t >= 0 && alive_[static_cast<std::size_t>(t)] &&
                group_left_[static_cast<std::size_t>(group_of_[static_cast<std::size_t>(t)])] == 2)
                groups.push_back(group_of_[static_cast<std::size_t>(t)]);
            if (at_end) return true;
        }
    }

    // Groups with two tiles left that every wall-free path shape of the pair crosses; false when
    // no shape is wall-free.
    bool pair_needs(int ta, int tb, std::vector<int>& needs) const {
        const Cell a = cells_[static_cast<std::size_t>(ta)], b = cells_[static_cast<std::size_t>(tb)];
        const int ax = a.x + 1, ay = a.y + 1, bx = b.x + 1, by = b.y + 1;
        bool any = false;
        std::vector<int> on_path;
        auto consider = [&](std::initializer_list<Cell> corners) {
            on_path.clear();
            const Cell* c = corners.begin();
            for (std::size_t i = 1; i < corners.size(); ++i)
                if (!walk_segment(c[i - 1].x, c[i - 1].y, c[i].x, c[i].y, i + 1 < corners.size(), on_path)) return;
            if (!any) {
                any = true;
                if (on_path.empty()) {
                    needs.clear();
                    return;
                }
                needs = on_path;
                std::sort(needs.begin(), needs.end());
                needs.erase(std::unique(needs.begin(), needs.end()), needs.end());
                return;
            }
            std::erase_if(needs, [&](int g) { return std::find(on_path.begin(), on_path.end(), g) == on_path.end(); });
        };
        auto done = [&] { return any && needs.empty(); };
        if (ax == bx || ay == by) consider({Cell{ax, ay}, Cell{bx, by}});
        if (rules_.max_turns >= 1 && ax != bx && ay != by) {
            consider({Cell{ax, ay}, Cell{bx, ay}, Cell{bx, by}});
            if (done()) return true;
            consider({Cell{ax, ay}, Cell{ax, by}, Cell{bx, by}});
        }
        if (rules_.max_turns >= 2) {
            if (ax != bx)
                for (int y = 0; y < ph_ && !done(); ++y)
                    if (y != ay && y != by) consider({Cell{ax, ay}, Cell{ax, y}, Cell{bx, y}, Cell{bx, by}});
            if (ay != by)
                for (int x = 0; x < pw_ && !done(); ++x)
                    if (x != ax && x != bx) consider({Cell{ax, ay}, Cell{x, ay}, Cell{x, by}, Cell{bx, by}});
        }
        return any;
    }

    bool dead_position() {
        if (rules_.max_turns > 2) return false;
        // Precedences among groups with two tiles left (after the safe moves none of them links).
        waiting_.clear();
        for (std::size_t g = 0; g < groups_.size(); ++g)
            if (group_left_[g] == 2) waiting_.push_back(static_cast<int>(g));
        if (waiting_.empty()) return false;
        slot_of_.assign(groups_.size(), -1);
        for (std::size_t i = 0; i < waiting_.size(); ++i) slot_of_[static_cast<std::size_t>(waiting_[i])] = static_cast<int>(i);
        after_.assign(waiting_.size(), {});
        std::vector<int> needs;
        for (std::size_t i = 0; i < waiting_.size(); ++i) {
            int t[2];
            live_tiles(static_cast<std::size_t>(waiting_[i]), t, 2);
            if (!pair_needs(t[0], t[1], needs)) return true;  // walls alone keep them apart
            for (int g : needs)
                if (slot_of_[static_cast<std::size_t>(g)] >= 0) after_[i].push_back(slot_of_[static_cast<std::size_t>(g)]);
        }
        // A cycle in "must go after" (depth-first search with colours).
        std::vector<char> colour(waiting_.size(), 0);
        std::vector<std::pair<int, std::size_t>> path;
        for (std::size_t root = 0; root < waiting_.size(); ++root) {
            if (colour[root]) continue;
            path.push_back({static_cast<int>(root), 0});
            colour[root] = 1;
            while (!path.empty()) {
                auto& [node, next] = path.back();
                const auto& out = after_[static_cast<std::size_t>(node)];
                if (next < out.size()) {
                    int to = out[next++];
                    if (colour[static_cast<std::size_t>(to)] == 1) return true;
                    if (colour[static_cast<std::size_t>(to)] == 0) {
                        colour[static_cast<std::size_t>(to)] = 1;
                        path.push_back({to, 0});
                    }
                } else {
                    colour[static_cast<std::size_t>(node)] = 2;
                    path.pop_back();
                }
            }
        }
        return false;
    }

    int pw_ = 2, ph_ = 2;
    std::vector<char> wall_;
    std::vector<int> tile_at_;
    std::vector<int> waiting_, slot_of_;
    std::vector<std::vector<int>> after_;

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
    mutable bool aborted_ = false;
    mutable std::uint64_t work_ = 0;
    std::uint64_t run_limit_ = 0;
    std::vector<std::uint64_t> log_id_;  // a unique id per push of log_, in step with it
    std::uint64_t next_push_id_ = 0;
    std::uint64_t removals_ = 0;  // removals made so far (undos do not count)
    mutable std::uint32_t sleep_generation_ = 0;
    mutable std::vector<std::uint32_t> sleep_stamp_;
    struct LinkMemo {
        enum : std::uint8_t { unknown, links, apart };
        std::uint64_t stamp = 0;  // links: the id of push `depth` (0 for none); apart: removals_
        std::uint32_t depth = 0;  // links: the log's length when it was found
        std::uint8_t state = unknown;
    };
    mutable std::vector<LinkMemo> link_memo_;
    int noise_ = 0;
    mutable Rng noise_rng_;
};

}  // namespace

SolveResult solve(const Board& board, const LinkRules& rules, const SolveOptions& options) {
    Solver solver(board, rules, options);
    return solver.run();
}

}  // namespace tilelab::link
