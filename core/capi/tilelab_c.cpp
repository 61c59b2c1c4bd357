// The C API of tilelab.h over the core: every call catches what the core may throw, so that no
// exception crosses into C.
#include "tilelab.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/json_writer.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/state_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"

// A level and the games started from it share it: a copy of a game (a saved state) copies only
// its state.
struct tl_level {
    explicit tl_level(tilelab::Level read) : level(std::make_shared<const tilelab::Level>(std::move(read))) {}
    std::shared_ptr<const tilelab::Level> level;
};

struct tl_bundle {
    tilelab::Bundle bundle;
};

struct tl_game {
    std::shared_ptr<const tilelab::Level> level;
    tilelab::State state;
    std::string why;                     // of the last refused move
    std::vector<tilelab::Event> events;  // of the last move played
    // Their JSON, made on the first tl_game_events after the move (a caller asks for the size, then
    // the text: one conversion serves both).
    mutable std::optional<std::string> events_text;
};

namespace {

// snprintf's contract: the whole length back, at most out_len - 1 bytes and a NUL written.
size_t copy_out(const std::string& text, char* out, size_t out_len) {
    if (out && out_len > 0) {
        const size_t n = text.size() < out_len - 1 ? text.size() : out_len - 1;
        std::memcpy(out, text.data(), n);
        out[n] = '\0';
    }
    return text.size();
}

// The errors among `diagnostics`, one a line, as the tool prints them.
std::string error_lines(const tilelab::Diagnostics& diagnostics) {
    std::string text;
    for (const auto& d : diagnostics)
        if (d.severity == tilelab::Diagnostic::Severity::error) text += (text.empty() ? "" : "\n") + d.format();
    return text;
}

// The core's cells as the C API's: the same two ints.
static_assert(sizeof(tl_cell) == sizeof(tilelab::Cell) && offsetof(tl_cell, x) == offsetof(tilelab::Cell, x) &&
                  offsetof(tl_cell, y) == offsetof(tilelab::Cell, y),
              "tl_cell and tilelab::Cell have one layout");
const tl_cell* view(const std::vector<tilelab::Cell>& cells) {
    return cells.empty() ? nullptr : reinterpret_cast<const tl_cell*>(cells.data());
}
tl_cell cell(tilelab::Cell c) { return tl_cell{c.x, c.y}; }

// One typed event as tl_event's fields (tilelab.h says which field holds what for each type).
struct EventView {
    tl_event& e;
    void cells(const std::vector<tilelab::Cell>& list) const {
        e.cells = view(list);
        e.cell_count = list.size();
    }
    void operator()(const tilelab::event::Swap& v) const {
        e.type = TL_EVENT_SWAP;
        e.a = cell(v.a);
        e.b = cell(v.b);
    }
    void operator()(const tilelab::event::Clear& v) const {
        e.type = TL_EVENT_CLEAR;
        e.step = v.step;
        if (v.cells) {
            cells(*v.cells);
            static const tl_cell none{0, 0};
            if (!e.cells) e.cells = &none;  // format 2 lists its cells, even none: not NULL, count 0
        }
        e.value = v.points;
        e.jelly = view(v.jelly);
        e.jelly_count = v.jelly.size();
        e.group_count = v.groups.size();
    }
    void operator()(const tilelab::event::Fall& v) const {
        e.type = TL_EVENT_FALL;
        e.step = v.step;
        e.a = cell(v.from);
        e.b = cell(v.to);
    }
    void operator()(const tilelab::event::Spawn& v) const {
        e.type = TL_EVENT_SPAWN;
        e.step = v.step;
        e.a = cell(v.cell);
        e.value = v.color;
    }
    void operator()(const tilelab::event::Summary& v) const {
        e.type = TL_EVENT_SUMMARY;
        e.step = v.first_step;
        e.last_step = v.last_step;
        e.value = v.points;
        e.cleared = v.cleared;
        e.jelly_layers = v.jelly;
        e.falls = v.falls;
        e.spawns = v.spawns;
        e.flag = v.cascade_capped ? 1 : 0;
    }
    void operator()(const tilelab::event::Combo& v) const {
        e.type = TL_EVENT_COMBO;
        e.step = v.step;
        e.a = cell(v.a);
        e.b = cell(v.b);
        cells(v.area);
    }
    void operator()(const tilelab::event::Fired& v) const {
        e.type = TL_EVENT_FIRED;
        e.step = v.step;
        e.a = cell(v.cell);
        e.token = v.token.c_str();
        cells(v.area);
    }
    void operator()(const tilelab::event::Unlocked& v) const {
        e.type = TL_EVENT_UNLOCKED;
        e.step = v.step;
        e.a = cell(v.cell);
    }
    void operator()(const tilelab::event::CrateHit& v) const {
        e.type = TL_EVENT_CRATE_HIT;
        e.step = v.step;
        e.a = cell(v.cell);
        e.value = v.hp;
    }
    void operator()(const tilelab::event::Created& v) const {
        e.type = TL_EVENT_CREATED;
        e.step = v.step;
        e.a = cell(v.cell);
        e.token = v.token.c_str();
    }
    void operator()(const tilelab::event::Collected& v) const {
        e.type = TL_EVENT_COLLECTED;
        e.step = v.step;
        e.a = cell(v.cell);
    }
    void operator()(const tilelab::event::Remove& v) const {
        e.type = TL_EVENT_REMOVE;
        e.a = cell(v.a);
        e.b = cell(v.b);
        e.value = v.turns;
        cells(v.path);
    }
    void operator()(const tilelab::event::Cleared&) const { e.type = TL_EVENT_CLEARED; }
    void operator()(const tilelab::event::Stuck&) const { e.type = TL_EVENT_STUCK; }
    void operator()(const tilelab::event::Shift& v) const {
        e.type = TL_EVENT_SHIFT;
        e.step = v.step;
        e.value = v.index;
        e.flag = v.axis == tilelab::event::Shift::Axis::col ? 1 : 0;
    }
    void operator()(const tilelab::event::Closed& v) const {
        e.type = TL_EVENT_CLOSED;
        cells(v.cells);
        e.flag = v.is_new ? 1 : 0;
    }
    void operator()(const tilelab::event::TileMove& v) const {
        e.type = TL_EVENT_TILE_MOVE;
        e.id = v.id;
        e.a = cell(v.from);
        e.b = cell(v.to);
    }
    void operator()(const tilelab::event::TileMerge& v) const {
        e.type = TL_EVENT_TILE_MERGE;
        e.id = v.nearer;
        e.other = v.farther;
        e.into = v.into;
        e.a = cell(v.cell);
        e.value = v.value;
    }
    void operator()(const tilelab::event::TileSpawn& v) const {
        e.type = TL_EVENT_TILE_SPAWN;
        e.id = v.id;
        e.a = cell(v.cell);
        e.value = v.value;
    }
    void operator()(const tilelab::event::Reshuffle& v) const {
        e.type = TL_EVENT_RESHUFFLE;
        e.value = v.attempts;
        e.flag = v.found ? 1 : 0;
    }
};

// The code of a failed read: a place given as line:column is the JSON parser's; a newer format
// version is the reader's message at /version (tests/install/runtime_vectors.py checks both).
tl_status status_of(const tilelab::Diagnostics& diagnostics) {
    for (const auto& d : diagnostics) {
        if (d.severity != tilelab::Diagnostic::Severity::error) continue;
        if (d.line > 0) return TL_ERROR_JSON;
        if (d.pointer == "/version" && d.message.find("is newer than this tilelab reads") != std::string::npos)
            return TL_ERROR_VERSION;
    }
    return TL_ERROR_INVALID;
}

// A level or a bundle read from `len` bytes by `parse` (text -> {the value or nothing, its
// diagnostics}): the C object in *out, or NULL with the errors (or what was thrown) in `err`.
template <class Made, class Parse>
tl_status load_text(const char* what, const char* bytes, size_t len, Made** out, char* err, size_t err_len, Parse parse) {
    if (out) *out = nullptr;
    try {
        if ((!bytes && len > 0) || !out) {
            copy_out(std::string(what) + (out ? ": no bytes given" : ": no place given for the result"), err, err_len);
            return TL_ERROR_ARGUMENT;
        }
        auto [value, diagnostics] = parse(std::string_view(bytes ? bytes : "", len));
        if (!value) {
            copy_out(error_lines(diagnostics), err, err_len);
            return status_of(diagnostics);
        }
        *out = new Made{std::move(*value)};
        copy_out("", err, err_len);
        return TL_OK;
    } catch (const std::bad_alloc&) {
        copy_out(std::string(what) + ": out of memory", err, err_len);
        return TL_ERROR_MEMORY;
    } catch (const std::exception& e) {
        copy_out(std::string(what) + ": " + e.what(), err, err_len);
        return TL_ERROR_INTERNAL;
    }
}

// A copy of `text` the caller frees with tl_text_free (std::free).
char* new_text(const std::string& text) {
    char* out = static_cast<char*>(std::malloc(text.size() + 1));
    if (out) std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

// Runs `work` for a call that hands text back. `work` returns {TL_OK, the text} or {a code, what
// went wrong}: *json is the text or NULL, `err` the message; exceptions become codes.
template <class Work>
tl_status text_call(const char* what, char** json, char* err, size_t err_len, Work work) {
    if (json) *json = nullptr;
    if (!json) {
        copy_out(std::string(what) + ": no place given for the result", err, err_len);
        return TL_ERROR_ARGUMENT;
    }
    try {
        const auto [status, text] = work();
        if (status != TL_OK) {
            copy_out(std::string(what) + ": " + text, err, err_len);
            return status;
        }
        *json = new_text(text);
        if (!*json) {
            copy_out(std::string(what) + ": out of memory", err, err_len);
            return TL_ERROR_MEMORY;
        }
        copy_out("", err, err_len);
        return TL_OK;
    } catch (const std::bad_alloc&) {
        copy_out(std::string(what) + ": out of memory", err, err_len);
        return TL_ERROR_MEMORY;
    } catch (const std::exception& e) {
        copy_out(std::string(what) + ": " + e.what(), err, err_len);
        return TL_ERROR_INTERNAL;
    }
}

// The estimate options `text` gives (tl_level_estimate's keys), over the command line's defaults;
// false with a message on an unknown key or a value out of the flag's range.
bool estimate_options(const tilelab::Level& level, const char* text, tilelab::EstimateOptions& options, std::string& error) {
    namespace limits = tilelab::limits;
    options.threads = 1;
    options.time_budget_ms = tilelab::default_playout_budget_ms;
    options.curve_cap = 2 * level.goal.moves.value_or(0);
    if (!text || !*text) return true;
    const auto doc = nlohmann::ordered_json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        error = "the options are not a JSON object";
        return false;
    }
    auto integer = [&](const std::string& key, std::int64_t lo, std::int64_t hi, auto& into) {
        const auto& v = doc[key];
        // nlohmann reads a non-negative integer as unsigned: compare it as such.
        const bool fits = v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
                                                       static_cast<std::int64_t>(v.get<std::uint64_t>()) >= lo
                          : v.is_number_integer() ? v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi
                                                  : false;
        if (!fits) {
            error = "\"" + key + "\" takes an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
            return false;
        }
        into = static_cast<std::remove_reference_t<decltype(into)>>(v.get<std::int64_t>());
        return true;
    };
    for (const auto& [key, value] : doc.items()) {
        bool ok = true;
        if (key == "runs") ok = integer(key, 1, limits::max_runs, options.runs);
        else if (key == "threads") ok = integer(key, 1, limits::max_threads, options.threads);
        else if (key == "rollouts") ok = integer(key, 1, limits::max_rollouts, options.rollouts);
        else if (key == "playout_budget_ms") ok = integer(key, 0, limits::max_playout_budget_ms, options.time_budget_ms);
        else if (key == "curve_cap") ok = integer(key, 0, limits::max_curve_cap, options.curve_cap);
        else if (key == "seed") {
            ok = value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
            if (ok) options.seed = value.get<std::uint64_t>();
            else error = "\"seed\" takes an integer from 0 to 2^64 - 1";
        } else if (key == "bot") {
            ok = value.is_string();
            if (ok) options.bot = value.get<std::string>();
            else error = "\"bot\" takes a bot's name";
        } else if (key == "precision") {
            ok = value.is_number() && value.get<double>() >= 0 && value.get<double>() <= 0.5;
            if (ok) options.precision = value.get<double>();
            else error = "\"precision\" takes a half-width from 0 to 0.5";
        } else {
            error = "unknown option \"" + key +
                    "\" (runs, seed, bot, rollouts, threads, playout_budget_ms, precision, curve_cap)";
            ok = false;
        }
        if (!ok) return false;
    }
    return true;
}

}  // namespace

extern "C" {

const char* tl_version(void) { return TILELAB_VERSION; }

const char* tl_status_name(int status) {
    switch (status) {
    case TL_OK:
        return "ok";
    case TL_ERROR_ARGUMENT:
        return "argument";
    case TL_ERROR_JSON:
        return "json";
    case TL_ERROR_INVALID:
        return "invalid";
    case TL_ERROR_VERSION:
        return "version";
    case TL_ERROR_MEMORY:
        return "memory";
    case TL_ERROR_UNSUPPORTED:
        return "unsupported";
    case TL_ERROR_INTERNAL:
        return "internal";
    default:
        return "unknown";
    }
}

void tl_text_free(char* text) { std::free(text); }

tl_status tl_level_read(const char* bytes, size_t len, tl_level** out, char* err, size_t err_len) {
    return load_text<tl_level>("tl_level_read", bytes, len, out, err, err_len, [](std::string_view text) {
        tilelab::LevelLoad load = tilelab::parse_level(text, "level");
        return std::pair{std::move(load.level), std::move(load.diagnostics)};
    });
}

tl_level* tl_level_load(const char* bytes, size_t len, char* err, size_t err_len) {
    tl_level* level = nullptr;
    tl_level_read(bytes, len, &level, err, err_len);
    return level;
}

void tl_level_free(tl_level* level) { delete level; }

tl_status tl_bundle_read(const char* bytes, size_t len, tl_bundle** out, char* err, size_t err_len) {
    return load_text<tl_bundle>("tl_bundle_read", bytes, len, out, err, err_len, [](std::string_view text) {
        tilelab::BundleLoad load = tilelab::parse_bundle(text, "bundle");
        return std::pair{std::move(load.bundle), std::move(load.diagnostics)};
    });
}

tl_bundle* tl_bundle_load(const char* bytes, size_t len, char* err, size_t err_len) {
    tl_bundle* bundle = nullptr;
    tl_bundle_read(bytes, len, &bundle, err, err_len);
    return bundle;
}

void tl_bundle_free(tl_bundle* bundle) { delete bundle; }
const char* tl_bundle_name(const tl_bundle* bundle) { return bundle ? bundle->bundle.name.c_str() : ""; }
int tl_bundle_count(const tl_bundle* bundle) { return bundle ? static_cast<int>(bundle->bundle.levels.size()) : 0; }

tl_level* tl_bundle_level(const tl_bundle* bundle, int index) {
    if (!bundle || index < 0 || static_cast<std::size_t>(index) >= bundle->bundle.levels.size()) return nullptr;
    try {
        return new tl_level{bundle->bundle.levels[static_cast<std::size_t>(index)]};
    } catch (...) {
        return nullptr;
    }
}

size_t tl_bundle_summary(const tl_bundle* bundle, int index, char* out, size_t out_len) {
    try {
        const auto& report = bundle ? bundle->bundle.report : nlohmann::ordered_json();
        const bool has = report.is_array() && index >= 0 && static_cast<std::size_t>(index) < report.size();
        return copy_out(has ? report[static_cast<std::size_t>(index)].dump() : "null", out, out_len);
    } catch (...) {
        return copy_out("null", out, out_len);
    }
}

const char* tl_level_kind(const tl_level* level) { return level ? tilelab::kind_name(level->level->kind).data() : ""; }
int tl_level_width(const tl_level* level) { return level ? level->level->width() : 0; }
int tl_level_height(const tl_level* level) { return level ? level->level->height() : 0; }

tl_game* tl_game_new(const tl_level* level) {
    if (!level) return nullptr;
    try {
        return new tl_game{level->level, tilelab::kind_ops(level->level->kind).start(*level->level), {}, {}, {}};
    } catch (...) {
        return nullptr;
    }
}

tl_game* tl_game_copy(const tl_game* game) {
    if (!game) return nullptr;
    try {
        return new tl_game(*game);
    } catch (...) {
        return nullptr;
    }
}

void tl_game_free(tl_game* game) { delete game; }

int tl_game_play(tl_game* game, const char* move) {
    if (!game) return 2;
    try {
        std::string error;
        const auto parsed = tilelab::parse_move(game->level->kind, move ? move : "", error);
        if (!parsed) {
            game->why = error;
            return 2;
        }
        tilelab::StepResult step = tilelab::kind_ops(game->level->kind).play(*game->level, game->state, *parsed);
        if (!step.legal) {
            game->why = step.why;
            return 1;
        }
        game->events = std::move(step.events);
        game->events_text.reset();
        game->state = std::move(step.state);
        game->why.clear();
        return 0;
    } catch (const std::exception& e) {
        game->why = e.what();
        return 2;
    }
}

const char* tl_game_why(const tl_game* game) { return game ? game->why.c_str() : ""; }

size_t tl_game_board(const tl_game* game, char* out, size_t out_len) {
    if (!game) return copy_out("", out, out_len);
    try {
        std::string text;
        for (int y = 0; y < game->state.board.height; ++y)
            text += (y ? "\n" : "") + tilelab::board_row(game->level->kind, game->state.board, y);
        return copy_out(text, out, out_len);
    } catch (...) {
        return copy_out("", out, out_len);
    }
}

long long tl_game_score(const tl_game* game) { return game ? static_cast<long long>(game->state.score) : 0; }
int tl_game_moves(const tl_game* game) { return game ? game->state.moves : 0; }

size_t tl_game_legal_moves(const tl_game* game, char* out, size_t out_len) {
    if (!game) return copy_out("", out, out_len);
    try {
        std::string text;
        for (const tilelab::Move& m : tilelab::kind_ops(game->level->kind).legal_moves(*game->level, game->state))
            text += (text.empty() ? "" : "\n") + tilelab::format_move(m);
        return copy_out(text, out, out_len);
    } catch (...) {
        return copy_out("", out, out_len);
    }
}

size_t tl_game_events(const tl_game* game, char* out, size_t out_len) {
    try {
        if (!game) return copy_out("[]", out, out_len);
        if (!game->events_text) game->events_text = tilelab::events_json(game->events).dump();
        return copy_out(*game->events_text, out, out_len);
    } catch (...) {
        return copy_out("[]", out, out_len);
    }
}

size_t tl_game_event_count(const tl_game* game) { return game ? game->events.size() : 0; }

int tl_game_event(const tl_game* game, size_t index, tl_event* out) {
    if (!game || !out || index >= game->events.size()) return 1;
    const tilelab::Event& event = game->events[index];
    tl_event e{};
    e.name = tilelab::event_type(event).data();  // a literal: NUL-terminated
    std::visit(EventView{e}, event);
    *out = e;
    return 0;
}

int tl_game_event_group(const tl_game* game, size_t index, size_t group, const tl_cell** cells, size_t* count,
                        long long* points) {
    if (!game || index >= game->events.size()) return 1;
    const auto* clear = std::get_if<tilelab::event::Clear>(&game->events[index]);
    if (!clear || group >= clear->groups.size()) return 1;
    const tilelab::event::ClearGroup& g = clear->groups[group];
    if (cells) *cells = view(g.cells);
    if (count) *count = g.cells.size();
    if (points) *points = g.points;
    return 0;
}

char* tl_game_save(const tl_game* game) {
    if (!game) return nullptr;
    try {
        return new_text(tilelab::save_state(*game->level, game->state));
    } catch (...) {
        return nullptr;
    }
}

tl_status tl_game_restore(const tl_level* level, const char* text, size_t len, tl_game** out, char* err, size_t err_len) {
    if (out) *out = nullptr;
    if (!level || !out || (!text && len > 0)) {
        copy_out("tl_game_restore: a level, the state's text and a place for the game are needed", err, err_len);
        return TL_ERROR_ARGUMENT;
    }
    try {
        std::string error;
        tilelab::StateProblem problem = tilelab::StateProblem::none;
        std::optional<tilelab::State> state = tilelab::restore_state(*level->level, std::string_view(text ? text : "", len),
                                                                     error, &problem);
        if (!state) {
            copy_out("state: " + error, err, err_len);
            return problem == tilelab::StateProblem::json      ? TL_ERROR_JSON
                   : problem == tilelab::StateProblem::version ? TL_ERROR_VERSION
                                                               : TL_ERROR_INVALID;
        }
        *out = new tl_game{level->level, std::move(*state), {}, {}, {}};
        copy_out("", err, err_len);
        return TL_OK;
    } catch (const std::bad_alloc&) {
        copy_out("tl_game_restore: out of memory", err, err_len);
        return TL_ERROR_MEMORY;
    } catch (const std::exception& e) {
        copy_out(std::string("tl_game_restore: ") + e.what(), err, err_len);
        return TL_ERROR_INTERNAL;
    }
}

tl_status tl_level_analyze(const tl_level* level, int budget_ms, char** json, char* err, size_t err_len) {
    return text_call("tl_level_analyze", json, err, err_len, [&]() -> std::pair<tl_status, std::string> {
        if (!level) return {TL_ERROR_ARGUMENT, "no level given"};
        if (budget_ms < 0 || budget_ms > tilelab::limits::max_budget_ms)
            return {TL_ERROR_ARGUMENT, "budget_ms takes 0 to " + std::to_string(tilelab::limits::max_budget_ms)};
        tilelab::AnalyzeOptions options;
        options.budget_ms = budget_ms;
        const tilelab::KindOps& ops = tilelab::kind_ops(level->level->kind);
        const tilelab::Analysis analysis = ops.analyze(*level->level, options, tilelab::StopToken{});
        std::ostringstream text;
        {
            tilelab::JsonWriter out(text);
            out.begin_object();
            ops.write_analysis_json(analysis, out);
            out.key("problems").value(tilelab::problems_json(analysis.warnings));
            out.end_object();
        }
        return {TL_OK, text.str()};
    });
}

tl_status tl_level_estimate(const tl_level* level, const char* options_json, tl_progress_fn progress, void* user, char** json,
                            char* err, size_t err_len) {
    return text_call("tl_level_estimate", json, err, err_len, [&]() -> std::pair<tl_status, std::string> {
        if (!level) return {TL_ERROR_ARGUMENT, "no level given"};
        const tilelab::Level& lv = *level->level;
        tilelab::EstimateOptions options;
        std::string bad;
        if (!estimate_options(lv, options_json, options, bad)) return {TL_ERROR_ARGUMENT, bad};
        const auto playouts = tilelab::kind_ops(lv.kind).playouts;
        if (!playouts)
            return {TL_ERROR_UNSUPPORTED,
                    std::string(tilelab::kind_name(lv.kind)) + " levels have a solver instead of bots: see tl_level_analyze"};
        tilelab::EstimateResult result;
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
        // No threads: the runs on this one, without a timer.
        (void)progress;
        (void)user;
        options.threads = 1;
        options.time_budget_ms = 0;
        result = playouts(lv, options, tilelab::StopToken{}, nullptr);
#else
        // The playouts on a worker; this thread reports their progress and passes on a stop.
        tilelab::Progress shared_progress;
        tilelab::StopSource stop;
        std::string failure;
        std::mutex m;
        std::condition_variable cv;
        bool done = false;
        std::thread worker([&] {
            try {
                result = playouts(lv, options, stop.get_token(), &shared_progress);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            std::lock_guard lock(m);
            done = true;
            cv.notify_one();
        });
        {
            std::unique_lock lock(m);
            while (!cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; }))
                if (progress && !stop.stop_requested()) {
                    lock.unlock();
                    if (progress(std::min(1.0, shared_progress.fraction.load()), user) != 0) stop.request_stop();
                    lock.lock();
                }
        }
        worker.join();
        if (!failure.empty()) return {TL_ERROR_ARGUMENT, failure};
#endif
        result.json["problems"] = tilelab::problems_json(tilelab::problem_list(lv));
        return {TL_OK, result.json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)};
    });
}

}  // extern "C"
