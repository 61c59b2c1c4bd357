// The typed events (analysis/events.hpp) of seeded random games on every sample level of every kind:
// what each event says is checked against the move and the states before and after it (the rules
// of docs/match3.md, docs/link.md, docs/lines.md and docs/slide.md), and its JSON (event_json, what
// `tilelab apply --json` prints) against the documented shape: the keys in their order and each
// value from the event's fields.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "support/scale.hpp"
#include "tilelab/analysis/events.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/lines/groups.hpp"
#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2.hpp"
#include "tilelab/slide/moves.hpp"

using namespace tilelab;
using ojson = nlohmann::ordered_json;

namespace {

std::vector<Level> sample_levels(const std::string& kind) {
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(std::string(TILELAB_SOURCE_DIR "/levels/samples/") + kind))
        if (e.path().extension() == ".json") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<Level> levels;
    for (const auto& p : paths) {
        LevelLoad load = load_level(p);
        INFO(p.string());
        REQUIRE(load.level.has_value());
        levels.push_back(*load.level);
    }
    REQUIRE_FALSE(levels.empty());
    return levels;
}

// ---- The JSON shapes, as the docs write them ---------------------------------------------------

std::vector<std::string> keys_of(const ojson& object) {
    std::vector<std::string> keys;
    for (auto it = object.begin(); it != object.end(); ++it) keys.push_back(it.key());
    return keys;
}

ojson xy(Cell c) { return ojson::array({c.x, c.y}); }
ojson xys(const std::vector<Cell>& cells) {
    ojson out = ojson::array();
    for (Cell c : cells) out.push_back(xy(c));
    return out;
}

// The documented keys after "type" and their values, from the event's fields.
struct Documented {
    std::string type;
    std::vector<std::pair<std::string, ojson>> fields;
    void add(std::string key, ojson value) { fields.emplace_back(std::move(key), std::move(value)); }

    void operator()(const event::Swap& e) {
        type = "swap";
        add("a", xy(e.a));
        add("b", xy(e.b));
    }
    void operator()(const event::Clear& e) {
        type = "clear";
        add("step", e.step);
        ojson groups = ojson::array();
        for (const auto& g : e.groups) groups.push_back(ojson{{"cells", xys(g.cells)}, {"points", g.points}});
        add("groups", groups);
        if (e.cells) add("cells", xys(*e.cells));  // format 2 only
        add("points", e.points);
        add("jelly", xys(e.jelly));
    }
    void operator()(const event::Fall& e) {
        type = "fall";
        add("step", e.step);
        add("from", xy(e.from));
        add("to", xy(e.to));
    }
    void operator()(const event::Spawn& e) {
        type = "spawn";
        add("step", e.step);
        add("cell", xy(e.cell));
        add("color", e.color);
    }
    void operator()(const event::Summary& e) {
        type = "summary";
        add("first_step", e.first_step);
        add("last_step", e.last_step);
        add("points", e.points);
        add("cleared", e.cleared);
        add("jelly", e.jelly);
        add("falls", e.falls);
        add("spawns", e.spawns);
        add("cascade_capped", e.cascade_capped);
    }
    void operator()(const event::Combo& e) {
        type = "combo";
        add("step", e.step);
        add("a", xy(e.a));
        add("b", xy(e.b));
        add("area", xys(e.area));
    }
    void operator()(const event::Fired& e) {
        type = "fired";
        add("step", e.step);
        add("cell", xy(e.cell));
        add("token", e.token);
        add("area", xys(e.area));
    }
    void operator()(const event::Unlocked& e) {
        type = "unlocked";
        add("step", e.step);
        add("cell", xy(e.cell));
    }
    void operator()(const event::CrateHit& e) {
        type = "crate_hit";
        add("step", e.step);
        add("cell", xy(e.cell));
        add("hp", e.hp);
    }
    void operator()(const event::Created& e) {
        type = "created";
        add("step", e.step);
        add("cell", xy(e.cell));
        add("token", e.token);
    }
    void operator()(const event::Collected& e) {
        type = "collected";
        add("step", e.step);
        add("cell", xy(e.cell));
    }
    void operator()(const event::Remove& e) {
        type = "remove";
        add("a", xy(e.a));
        add("b", xy(e.b));
        add("turns", e.turns);
        add("path", xys(e.path));
    }
    void operator()(const event::Cleared&) { type = "cleared"; }
    void operator()(const event::Stuck&) { type = "stuck"; }
    void operator()(const event::Shift& e) {
        type = "shift";
        add("axis", e.axis == event::Shift::Axis::row ? "row" : "col");
        add("index", e.index);
        add("step", e.step);
    }
    void operator()(const event::Closed& e) {
        type = "closed";
        add("cells", xys(e.cells));
        add("new", e.is_new);
    }
    void operator()(const event::TileMove& e) {
        type = "move";
        add("id", e.id);
        add("from", xy(e.from));
        add("to", xy(e.to));
    }
    void operator()(const event::TileMerge& e) {
        type = "merge";
        add("ids", ojson::array({e.nearer, e.farther}));
        add("into", e.into);
        add("cell", xy(e.cell));
        add("value", e.value);
    }
    void operator()(const event::TileSpawn& e) {
        type = "spawn";
        add("id", e.id);
        add("cell", xy(e.cell));
        add("value", e.value);
    }
    void operator()(const event::Reshuffle& e) {
        type = "reshuffle";
        add("attempts", e.attempts);
        add("found", e.found);
    }
};

// A move's events in JSON: each is {"type", then the documented keys in order}, and `apply` prints
// the same objects with "move" first.
void check_json(const std::vector<Event>& events, const std::vector<AppliedEvent>& applied, int move) {
    const ojson json = events_json(events);
    REQUIRE(json.is_array());
    REQUIRE(json.size() == events.size());
    REQUIRE(applied.size() == events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        Documented doc;
        std::visit(doc, events[i]);
        std::vector<std::string> keys{"type"};
        ojson want = ojson::object();
        want["type"] = doc.type;
        for (const auto& [key, value] : doc.fields) {
            keys.push_back(key);
            want[key] = value;
        }
        INFO("event " << i << ": " << json[i].dump());
        CHECK(std::string(event_type(events[i])) == doc.type);
        CHECK(keys_of(json[i]) == keys);
        CHECK(json[i] == want);
        // apply: the same event, caused by move `move`, with "move" before every other key.
        CHECK(applied[i].move == move);
        CHECK(applied[i].event == events[i]);
        const ojson tagged = event_json(applied[i]);
        std::vector<std::string> tagged_keys{"move"};
        tagged_keys.insert(tagged_keys.end(), keys.begin(), keys.end());
        CHECK(keys_of(tagged) == tagged_keys);
        CHECK(tagged.at("move") == move);
        ojson untagged = tagged;
        untagged.erase("move");
        CHECK(untagged.dump() == json[i].dump());
    }
}

// Plays `count` seeded random legal moves (`choose` may prefer some) from the level's start; for each
// move, `check(level, before, move, step)` on the typed events, and the JSON checked as above against
// the events of apply_moves for the same moves.
template <class Check>
int play_random(const Level& level, std::uint64_t seed, int count, const Check& check) {
    const KindOps& game = kind_ops(level.kind);
    State state = game.start(level);
    Rng rng(seed);
    std::vector<Move> played;
    std::vector<std::vector<Event>> events;
    for (int i = 0; i < count; ++i) {
        const std::vector<Move> legal = game.legal_moves(level, state);
        if (legal.empty()) break;
        const Move move = legal[rng.uniform(static_cast<std::uint32_t>(legal.size()))];
        StepResult step = game.play(level, state, move);
        INFO("move " << i << " " << format_move(move));
        REQUIRE(step.legal);
        check(level, state, move, step);
        played.push_back(move);
        events.push_back(step.events);
        state = std::move(step.state);
    }
    // An illegal move has no event.
    const StepResult refused = game.play(level, state, level.kind == Kind::slide ? Move{CellPairMove{}} : Move{Direction::up});
    CHECK_FALSE(refused.legal);
    CHECK(refused.events.empty());
    // apply_moves: the same events, tagged with their moves.
    const ApplyResult applied = apply_moves(level, played);
    REQUIRE_FALSE(applied.illegal.has_value());
    std::size_t at = 0;
    for (std::size_t m = 0; m < events.size(); ++m) {
        INFO("move " << m << " " << format_move(played[m]));
        REQUIRE(at + events[m].size() <= applied.events.size());
        const std::vector<AppliedEvent> of_move(applied.events.begin() + static_cast<std::ptrdiff_t>(at),
                                                applied.events.begin() + static_cast<std::ptrdiff_t>(at + events[m].size()));
        check_json(events[m], of_move, static_cast<int>(m));
        at += events[m].size();
    }
    CHECK(at == applied.events.size());
    CHECK(applied.state == state);
    return static_cast<int>(played.size());
}

template <class T>
std::vector<const T*> all_of(const std::vector<Event>& events) {
    std::vector<const T*> out;
    for (const Event& e : events)
        if (const T* t = std::get_if<T>(&e)) out.push_back(t);
    return out;
}

bool sorted_unique(const std::vector<Cell>& cells) {
    return std::adjacent_find(cells.begin(), cells.end(), std::greater_equal<>()) == cells.end();
}

bool contains(const std::vector<Cell>& cells, Cell c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); }

// ---- match3 -------------------------------------------------------------------------------------

struct Match3Tally {
    int moves = 0, clears = 0, falls = 0, spawns = 0, combos = 0, fired = 0, created = 0, unlocked = 0, crate_hits = 0,
        collected = 0, jelly = 0, summaries = 0;
};

// A special's token: a colour and h, v or b, or the colour bomb's `*` (docs/format.md).
bool special_token(const std::string& token) {
    if (token == "*") return true;
    if (token.size() < 2) return false;
    const char kind = token.back();
    return (kind == 'h' || kind == 'v' || kind == 'b') &&
           std::all_of(token.begin(), token.end() - 1, [](char c) { return c >= '0' && c <= '9'; });
}

// The area a fired special clears (docs/match3.md "Format version 2"): its row, its column, the
// 3x3 square around it (clipped to the board); a colour bomb's holds its own cell.
void check_fired_area(const event::Fired& f, int width, int height) {
    INFO("fired " << f.token << " at " << f.cell.x << "," << f.cell.y);
    CHECK(contains(f.area, f.cell));
    if (f.token == "*") return;
    std::vector<Cell> want;
    for (int x = 0; x < width; ++x)  // sorted by (x, y), as the area
        for (int y = 0; y < height; ++y) {
            const char kind = f.token.back();
            const bool in = kind == 'h'   ? y == f.cell.y
                            : kind == 'v' ? x == f.cell.x
                                          : std::abs(x - f.cell.x) <= 1 && std::abs(y - f.cell.y) <= 1;
            if (in) want.push_back(Cell{x, y});
        }
    CHECK(f.area == want);
}

void check_match3_move(const Level& level, const State& before, const Move& move, const StepResult& step, Match3Tally& tally) {
    const auto& swap = std::get<CellPairMove>(move);
    const std::vector<Event>& events = step.events;
    const bool v2 = match3::v2::active(level);
    const int w = level.width(), h = level.height();
    ++tally.moves;
    // One swap, first: the move's cells.
    REQUIRE_FALSE(events.empty());
    const auto* first = std::get_if<event::Swap>(&events.front());
    REQUIRE(first != nullptr);
    CHECK(first->a == swap.a);
    CHECK(first->b == swap.b);
    CHECK(all_of<event::Swap>(events).size() == 1);
    // Steps count from 1, in order; each step has one clear; the clears' points (and a summary's)
    // are the move's score gain.
    int step_of_last = 0;
    std::int64_t points = 0;
    int summaries = 0;
    for (std::size_t i = 1; i < events.size(); ++i) {
        const Event& e = events[i];
        std::visit(
            [&](const auto& ev) {
                using T = std::decay_t<decltype(ev)>;
                if constexpr (std::is_same_v<T, event::Summary>) {
                    CHECK(i + 1 == events.size());  // the last event
                    CHECK(ev.first_step == step_of_last + 1);
                    CHECK(ev.last_step >= ev.first_step);
                    CHECK(ev.cascade_capped == (ev.last_step >= match3::max_cascade_steps));
                    points += ev.points;
                    ++summaries;
                } else if constexpr (std::is_same_v<T, event::Swap>) {
                } else if constexpr (requires { ev.step; }) {
                    CHECK((ev.step == step_of_last || ev.step == step_of_last + 1));
                    if constexpr (std::is_same_v<T, event::Clear>) {
                        CHECK(ev.step == step_of_last + 1);  // one clear a step, the step's first event after its areas
                        step_of_last = ev.step;
                    }
                } else {
                    FAIL("a match3 move lists only match3 events: " << event_type(e));
                }
            },
            e);
    }
    tally.summaries += summaries;
    const match3::v2::Config config = match3::v2::Config::of(level);
    const bool combo = v2 && match3::v2::classify(before.board, before.lock, swap.a, swap.b, config.min_match) ==
                                 match3::v2::SwapKind::combo;
    for (const event::Clear* c : all_of<event::Clear>(events)) {
        ++tally.clears;
        CHECK(c->cells.has_value() == v2);                             // format 1 lists no cleared cells
        if (!(combo && c->step == 1)) CHECK_FALSE(c->groups.empty());  // a combo's step may have no run
        std::int64_t sum = 0;
        for (const auto& g : c->groups) {
            CHECK(sorted_unique(g.cells));
            CHECK(static_cast<int>(g.cells.size()) >= level.rules.as<match3::Rules>().min_match);
            sum += g.points;
        }
        points += c->points;
        CHECK(sorted_unique(c->jelly));
        tally.jelly += static_cast<int>(c->jelly.size());
        if (!c->cells) {
            CHECK(sum == c->points);  // format 1: the groups' points are the step's
            continue;
        }
        // Format 2: runs score as in format 1 (the groups' points), every other cleared cell
        // score_per_piece.
        CHECK(sorted_unique(*c->cells));
        for (Cell j : c->jelly) CHECK(contains(*c->cells, j));
        std::int64_t off_runs = 0;
        for (Cell cleared : *c->cells)
            off_runs += std::none_of(c->groups.begin(), c->groups.end(),
                                     [&](const auto& g) { return contains(g.cells, cleared); });
        CHECK(c->points == sum + off_runs * config.score_per_piece);
    }
    CHECK(points == step.state.score - before.score);
    // Falls stay in their column and go down; spawns draw a colour of the level.
    for (const event::Fall* f : all_of<event::Fall>(events)) {
        ++tally.falls;
        CHECK(f->from.x == f->to.x);
        CHECK(f->to.y > f->from.y);
    }
    const int colours = v2 ? std::max(config.colors, static_cast<int>(config.weights.size()))
                           : match3::RulesConfig::of(level).colors;
    for (const event::Spawn* s : all_of<event::Spawn>(events)) {
        ++tally.spawns;
        CHECK(s->color >= 0);
        CHECK(s->color < colours);
        CHECK(level.board.contains(s->cell));
    }
    if (!v2) {
        for (const Event& e : events)
            CHECK((std::holds_alternative<event::Swap>(e) || std::holds_alternative<event::Clear>(e) ||
                   std::holds_alternative<event::Fall>(e) || std::holds_alternative<event::Spawn>(e) ||
                   std::holds_alternative<event::Summary>(e)));
        return;
    }
    // Format 2: the first step as the preview (another code path: bitboards) sees it: the cells it
    // clears, the specials it creates, whether it is a combo.
    auto step_cells = [&](int s) {
        for (const event::Clear* c : all_of<event::Clear>(events))
            if (c->step == s) return *c->cells;
        return std::vector<Cell>{};
    };
    match3::v2::Scratch scratch;
    if (match3::v2::match_groups(before.board, config.min_match).empty()) {
        const auto preview = match3::v2::preview(before, config, swap.a, swap.b, scratch);
        REQUIRE(preview.has_value());
        CHECK(step_cells(1) == preview->clears);
        std::vector<std::pair<Cell, std::string>> created, want_created;
        for (const event::Created* c : all_of<event::Created>(events))
            if (c->step == 1) created.emplace_back(c->cell, c->token);
        for (const auto& [cell, special] : preview->creates) want_created.emplace_back(cell, match3::v2::token(special));
        std::sort(created.begin(), created.end());  // the events list them in row-major order
        std::sort(want_created.begin(), want_created.end());
        CHECK(created == want_created);
        CHECK(preview->combo == !all_of<event::Combo>(events).empty());
    }
    const auto combos = all_of<event::Combo>(events);
    CHECK(combos.size() == (combo ? 1u : 0u));
    for (const event::Combo* c : combos) {
        ++tally.combos;
        CHECK(c->step == 1);
        CHECK(c->a == swap.a);
        CHECK(c->b == swap.b);
        CHECK(sorted_unique(c->area));
        CHECK(contains(c->area, c->a));
        CHECK(contains(c->area, c->b));
    }
    for (const event::Fired* f : all_of<event::Fired>(events)) {
        ++tally.fired;
        CHECK(special_token(f->token));
        CHECK(sorted_unique(f->area));
        check_fired_area(*f, w, h);
        CHECK(contains(step_cells(f->step), f->cell));  // a fired item is cleared
    }
    for (const event::Created* c : all_of<event::Created>(events)) {
        ++tally.created;
        CHECK(special_token(c->token));
        CHECK(level.board.contains(c->cell));
    }
    // An unlocked cell was locked before the move; a crate hit keeps hp >= 0.
    for (const event::Unlocked* u : all_of<event::Unlocked>(events)) {
        ++tally.unlocked;
        REQUIRE(before.lock.has_value());
        CHECK(before.lock->at(u->cell) != 0);
        CHECK(step.state.lock->at(u->cell) == 0);
    }
    for (const event::CrateHit* c : all_of<event::CrateHit>(events)) {
        ++tally.crate_hits;
        CHECK(c->hp >= 0);
        CHECK(cell::is_crate(before.board.at(c->cell)));
    }
    // An ingredient leaves at its column's exit: the column's lowest cell that is not a hole.
    for (const event::Collected* c : all_of<event::Collected>(events)) {
        ++tally.collected;
        int exit = h - 1;
        while (exit >= 0 && level.board.at(c->cell.x, exit) == cell::hole) --exit;
        CHECK(c->cell.y == exit);
    }
    CHECK(static_cast<int>(all_of<event::Collected>(events).size()) == step.state.ingredients - before.ingredients);
}

}  // namespace

TEST_CASE("events: match3 sample levels, seeded random moves, typed events as the rules and docs say") {
    Match3Tally tally;
    const int seeds = std::max(1, test::reps(6));
    for (const Level& level : sample_levels("match3")) {
        INFO(level.id);
        for (int seed = 0; seed < seeds; ++seed)
            play_random(level, 1000 + static_cast<std::uint64_t>(seed), 40,
                        [&](const Level& l, const State& before, const Move& m, const StepResult& s) {
                            check_match3_move(l, before, m, s, tally);
                        });
    }
    WARN("match3: " << tally.moves << " moves, " << tally.clears << " clears, " << tally.falls << " falls, " << tally.spawns
                    << " spawns, " << tally.combos << " combos, " << tally.fired << " fired, " << tally.created << " created, "
                    << tally.unlocked << " unlocked, " << tally.crate_hits << " crate hits, " << tally.collected << " collected");
    // The samples reach every event of both formats.
    CHECK(tally.clears > 0);
    CHECK(tally.falls > 0);
    CHECK(tally.spawns > 0);
    CHECK(tally.jelly > 0);
    CHECK(tally.combos > 0);
    CHECK(tally.fired > 0);
    CHECK(tally.created > 0);
    CHECK(tally.unlocked > 0);
    CHECK(tally.crate_hits > 0);
    CHECK(tally.collected > 0);
}

TEST_CASE("events: a match3 cascade past the event cap ends in one summary, in both formats") {
    for (bool specials : {false, true}) {
        INFO("format " << (specials ? 2 : 1));
        Level level = make_blank_level(Kind::match3, 16, 16);
        level.rules.as<match3::Rules>().colors = 2;
        level.rules.as<match3::Rules>().min_match = 2;
        level.rules.as<match3::Rules>().specials = specials;
        level.seed = 4;
        Rng rng(17);
        for (auto& c : level.board.cells) c = static_cast<std::int32_t>(rng.uniform(2));
        Match3Tally tally;
        play_random(level, 5, 1, [&](const Level& l, const State& before, const Move& m, const StepResult& s) {
            check_match3_move(l, before, m, s, tally);
        });
        CHECK(tally.summaries == 1);
    }
}

TEST_CASE("events: link sample levels, seeded random removals to the end, typed events as the rules and docs say") {
    int removes = 0, cleared = 0, stuck = 0;
    const int seeds = std::max(1, test::reps(6));
    for (const Level& level : sample_levels("link")) {
        INFO(level.id);
        for (int seed = 0; seed < seeds; ++seed)
            play_random(level, 2000 + static_cast<std::uint64_t>(seed), 1000,
                        [&](const Level& l, const State&, const Move& m, const StepResult& s) {
                            const auto& pair = std::get<CellPairMove>(m);
                            REQUIRE_FALSE(s.events.empty());
                            const auto* r = std::get_if<event::Remove>(&s.events.front());
                            REQUIRE(r != nullptr);
                            ++removes;
                            // The pair, and its path: corner points from one tile to the other, each
                            // segment straight, `turns` corners between.
                            CHECK(((r->a == pair.a && r->b == pair.b) || (r->a == pair.b && r->b == pair.a)));
                            REQUIRE(r->path.size() >= 2);
                            CHECK(r->path.front() == r->a);
                            CHECK(r->path.back() == r->b);
                            CHECK(r->turns == static_cast<int>(r->path.size()) - 2);
                            for (std::size_t i = 1; i < r->path.size(); ++i) {
                                CHECK(r->path[i] != r->path[i - 1]);
                                CHECK((r->path[i].x == r->path[i - 1].x || r->path[i].y == r->path[i - 1].y));
                            }
                            // Then cleared (no tile left) or stuck (tiles, no pair links), or nothing.
                            bool tiles = false;
                            for (std::int32_t c : s.state.board.cells) tiles |= cell::is_value(c);
                            const bool links = !kind_ops(Kind::link).legal_moves(l, s.state).empty();
                            std::vector<Event> want{*r};
                            if (!tiles) want.emplace_back(event::Cleared{});
                            else if (!links) want.emplace_back(event::Stuck{});
                            CHECK(s.events == want);
                            cleared += !tiles;
                            stuck += tiles && !links;
                        });
    }
    CHECK(removes > 0);
    CHECK(cleared + stuck > 0);  // every game is played to its end
}

TEST_CASE("events: lines sample levels, seeded random shifts, typed events as the rules and docs say") {
    int shifts = 0, closed = 0, made = 0;
    const int seeds = std::max(1, test::reps(6));
    for (const Level& level : sample_levels("lines")) {
        INFO(level.id);
        for (int seed = 0; seed < seeds; ++seed)
            play_random(level, 3000 + static_cast<std::uint64_t>(seed), 30,
                        [&](const Level&, const State& before, const Move& m, const StepResult& s) {
                            const auto& shift = std::get<ShiftMove>(m);
                            REQUIRE_FALSE(s.events.empty());
                            const auto* e = std::get_if<event::Shift>(&s.events.front());
                            REQUIRE(e != nullptr);
                            ++shifts;
                            CHECK((e->axis == event::Shift::Axis::row) == (shift.axis == ShiftMove::Axis::row));
                            CHECK(e->index == shift.index);
                            CHECK(e->step == shift.step);
                            // One closed event per closed group after the shift, in group order.
                            std::vector<std::vector<Cell>> groups, listed;
                            int before_closed = 0;
                            for (const CellGroup& g : lines::match_groups(s.state.board))
                                if (g.closed) groups.push_back(g.cells);
                            for (const CellGroup& g : lines::match_groups(before.board)) before_closed += g.closed;
                            int fresh = 0;
                            for (std::size_t i = 1; i < s.events.size(); ++i) {
                                const auto* c = std::get_if<event::Closed>(&s.events[i]);
                                REQUIRE(c != nullptr);
                                ++closed;
                                listed.push_back(c->cells);
                                fresh += c->is_new;
                                // A group off the shifted line holds the same tiles as before the
                                // shift, and was closed then: never new.
                                const bool touches = std::any_of(c->cells.begin(), c->cells.end(), [&](Cell cell) {
                                    return shift.axis == ShiftMove::Axis::row ? cell.y == shift.index : cell.x == shift.index;
                                });
                                if (!touches) CHECK_FALSE(c->is_new);
                            }
                            made += fresh;
                            CHECK(listed == groups);
                            if (static_cast<int>(groups.size()) > before_closed) CHECK(fresh > 0);
                        });
    }
    CHECK(shifts > 0);
    CHECK(closed > 0);
    CHECK(made > 0);
}

TEST_CASE("events: slide sample levels, seeded random moves, the events replayed give the board after") {
    int moves = 0, merges = 0, spawns = 0;
    const int seeds = std::max(1, test::reps(6));
    for (const Level& level : sample_levels("slide")) {
        INFO(level.id);
        const slide::SpawnTable table = slide::SpawnTable::of(level.rules.as<slide::Rules>());
        for (int seed = 0; seed < seeds; ++seed)
            play_random(level, 4000 + static_cast<std::uint64_t>(seed), 60,
                        [&](const Level&, const State& before, const Move&, const StepResult& s) {
                            // id -> (cell, value) before the move, then each event applied in order.
                            std::map<int, std::pair<Cell, std::int32_t>> tiles;
                            for (int y = 0; y < before.board.height; ++y)
                                for (int x = 0; x < before.board.width; ++x)
                                    if (cell::is_value(before.board.at(x, y)))
                                        tiles[before.ids.at(x, y)] = {{x, y}, before.board.at(x, y)};
                            bool spawned = false;
                            for (const Event& e : s.events) {
                                CHECK_FALSE(spawned);  // the spawn comes last
                                if (const auto* m = std::get_if<event::TileMove>(&e)) {
                                    ++moves;
                                    REQUIRE(tiles.count(m->id) == 1);
                                    CHECK(tiles[m->id].first == m->from);
                                    CHECK(m->from != m->to);
                                    tiles[m->id].first = m->to;
                                } else if (const auto* g = std::get_if<event::TileMerge>(&e)) {
                                    ++merges;
                                    REQUIRE(tiles.count(g->nearer) == 1);
                                    REQUIRE(tiles.count(g->farther) == 1);
                                    CHECK(tiles[g->nearer].first == g->cell);
                                    CHECK(tiles[g->farther].first == g->cell);
                                    CHECK(tiles[g->nearer].second == tiles[g->farther].second);
                                    CHECK(g->value == 2 * tiles[g->nearer].second);
                                    CHECK(tiles.count(g->into) == 0);
                                    tiles.erase(g->nearer);
                                    tiles.erase(g->farther);
                                    tiles[g->into] = {g->cell, g->value};
                                } else if (const auto* n = std::get_if<event::TileSpawn>(&e)) {
                                    ++spawns;
                                    spawned = true;
                                    CHECK(n->id == s.state.next_id - 1);
                                    CHECK(std::find(table.values.begin(), table.values.end(), n->value) != table.values.end());
                                    for (const auto& [id, tile] : tiles) CHECK(tile.first != n->cell);
                                    tiles[n->id] = {n->cell, n->value};
                                } else {
                                    FAIL("a slide move lists only move, merge and spawn: " << event_type(e));
                                }
                            }
                            Board rebuilt = before.board;
                            for (auto& c : rebuilt.cells)
                                if (cell::is_value(c)) c = cell::empty;
                            for (const auto& [id, tile] : tiles) {
                                CHECK(rebuilt.at(tile.first) == cell::empty);
                                rebuilt.at(tile.first) = tile.second;
                                CHECK(s.state.ids.at(tile.first) == id);
                            }
                            CHECK(rebuilt == s.state.board);
                        });
    }
    CHECK(moves > 0);
    CHECK(merges > 0);
    CHECK(spawns > 0);
}
