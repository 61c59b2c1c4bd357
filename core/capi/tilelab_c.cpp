// The C API of tilelab.h over the core: every call catches what the core may throw, so that no
// exception crosses into C.
#include "tilelab.h"

#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"

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
    std::string why;            // of the last refused move
    std::string events = "[]";  // of the last move played, as JSON
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

// A level or a bundle read from `len` bytes by `parse` (text -> {the value or nothing, its
// diagnostics}): the C object, or NULL with the errors (or what was thrown) in `err`.
template <class Made, class Parse>
Made* load_text(const char* what, const char* bytes, size_t len, char* err, size_t err_len, Parse parse) {
    try {
        if (!bytes && len > 0) {
            copy_out(std::string(what) + ": no bytes given", err, err_len);
            return nullptr;
        }
        auto [value, diagnostics] = parse(std::string_view(bytes ? bytes : "", len));
        if (!value) {
            copy_out(error_lines(diagnostics), err, err_len);
            return nullptr;
        }
        copy_out("", err, err_len);
        return new Made{std::move(*value)};
    } catch (const std::exception& e) {
        copy_out(std::string(what) + ": " + e.what(), err, err_len);
        return nullptr;
    }
}

}  // namespace

extern "C" {

const char* tl_version(void) { return TILELAB_VERSION; }

tl_level* tl_level_load(const char* bytes, size_t len, char* err, size_t err_len) {
    return load_text<tl_level>("tl_level_load", bytes, len, err, err_len, [](std::string_view text) {
        tilelab::LevelLoad load = tilelab::parse_level(text, "level");
        return std::pair{std::move(load.level), std::move(load.diagnostics)};
    });
}

void tl_level_free(tl_level* level) { delete level; }

tl_bundle* tl_bundle_load(const char* bytes, size_t len, char* err, size_t err_len) {
    return load_text<tl_bundle>("tl_bundle_load", bytes, len, err, err_len, [](std::string_view text) {
        tilelab::BundleLoad load = tilelab::parse_bundle(text, "bundle");
        return std::pair{std::move(load.bundle), std::move(load.diagnostics)};
    });
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
        return new tl_game{level->level, tilelab::kind_ops(level->level->kind).start(*level->level), {}, "[]"};
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
        game->events = tilelab::events_json(step.events).dump();
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
    return copy_out(game ? game->events : std::string("[]"), out, out_len);
}

}  // extern "C"
