// The Python module `tilelab` over the C API: Level.load / Level.parse, level.new_game(),
// game.play(move) -> bool, game.board, game.score and the rest (docs/runtimes.md "Python").
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tilelab.h"

namespace py = pybind11;

namespace {

// A string the C API writes, asked for its length first.
template <typename Object>
std::string take(size_t (*get)(const Object*, char*, size_t), const Object* object) {
    std::string text(get(object, nullptr, 0), '\0');
    get(object, text.data(), text.size() + 1);
    return text;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    std::size_t at = 0;
    for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) out.push_back(text.substr(at, nl - at));
    out.push_back(text.substr(at));
    return out;
}

// The C API names the text it read `unnamed` ("level", "bundle") in its messages: `name` instead.
std::string renamed(const std::string& problems, const std::string& unnamed, const std::string& name) {
    std::string message;
    for (const std::string& line : lines(problems))
        message += (message.empty() ? "" : "\n") +
                   (line.rfind(unnamed + ": ", 0) == 0 ? name + line.substr(unnamed.size()) : line);
    return message;
}

// A file's bytes; OSError (with errno) when it cannot be read.
std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errno = errno ? errno : ENOENT;
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
        throw py::error_already_set();
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Raises tilelab.LevelError (a ValueError) with its `status`, the C API's name for the failure.
[[noreturn]] void raise_error(int status, const std::string& message) {
    py::object cls = py::module_::import("tilelab").attr("LevelError");
    py::object error = cls(message);
    error.attr("status") = tl_status_name(status);
    PyErr_SetObject(cls.ptr(), error.ptr());
    throw py::error_already_set();
}

// Text the C API allocated, as a Python object parsed from JSON.
py::object parsed(char* text) {
    std::string copy(text);
    tl_text_free(text);
    return py::module_::import("json").attr("loads")(copy);
}

class Game {
public:
    explicit Game(tl_game* game) : game_(game, tl_game_free) {
        if (!game) throw std::bad_alloc();
    }
    bool play(const std::string& move) {
        const int r = tl_game_play(game_.get(), move.c_str());
        if (r == 2) throw py::value_error("malformed move '" + move + "': " + tl_game_why(game_.get()));
        return r == 0;
    }
    std::string why() const { return tl_game_why(game_.get()); }
    std::vector<std::string> board() const { return lines(take(tl_game_board, game_.get())); }
    long long score() const { return tl_game_score(game_.get()); }
    int moves() const { return tl_game_moves(game_.get()); }
    std::vector<std::string> legal_moves() const { return lines(take(tl_game_legal_moves, game_.get())); }
    py::object events() const { return py::module_::import("json").attr("loads")(take(tl_game_events, game_.get())); }
    Game copy() const { return Game(tl_game_copy(game_.get())); }
    std::string save() const {
        char* text = tl_game_save(game_.get());
        if (!text) throw std::bad_alloc();
        std::string copy(text);
        tl_text_free(text);
        return copy;
    }

private:
    std::shared_ptr<tl_game> game_;
};

class Level {
public:
    static Level parse(const std::string& text, const std::string& name) {
        std::string err(1 << 16, '\0');
        tl_level* level = nullptr;
        const tl_status status = tl_level_read(text.data(), text.size(), &level, err.data(), err.size());
        if (status != TL_OK) raise_error(status, renamed(err.c_str(), "level", name));
        return Level(level);
    }
    static Level load(const std::string& path) { return parse(read_file(path), path); }
    std::string kind() const { return tl_level_kind(level_.get()); }
    int width() const { return tl_level_width(level_.get()); }
    int height() const { return tl_level_height(level_.get()); }
    Game new_game() const { return Game(tl_game_new(level_.get())); }
    Game restore_game(const std::string& state) const {
        std::string err(1 << 12, '\0');
        tl_game* game = nullptr;
        const tl_status status = tl_game_restore(level_.get(), state.data(), state.size(), &game, err.data(), err.size());
        if (status != TL_OK) raise_error(status, err.c_str());
        return Game(game);
    }
    py::object analyze(int budget_ms) const {
        std::string err(1 << 12, '\0');
        char* text = nullptr;
        tl_status status;
        {
            py::gil_scoped_release release;
            status = tl_level_analyze(level_.get(), budget_ms, &text, err.data(), err.size());
        }
        if (status != TL_OK) raise_error(status, err.c_str());
        return parsed(text);
    }
    // The options as the C API reads them: the keys given (not None), as JSON.
    py::object estimate(const py::dict& options, const py::object& progress) const {
        const std::string text = py::str(py::module_::import("json").attr("dumps")(options));
        std::string err(1 << 12, '\0');
        char* out = nullptr;
        struct Call {
            const py::object* progress;
            py::object raised;  // what the callback raised: the estimate stops, then it is raised
        } call{&progress, py::none()};
        auto report = [](double done, void* user) -> int {
            auto* c = static_cast<Call*>(user);
            py::gil_scoped_acquire hold;
            try {
                return py::bool_((*c->progress)(done)) ? 0 : 1;
            } catch (py::error_already_set& e) {
                c->raised = e.value();
                return 1;
            }
        };
        tl_status status;
        {
            py::gil_scoped_release release;
            status = tl_level_estimate(level_.get(), text.c_str(), progress.is_none() ? nullptr : +report, &call, &out,
                                       err.data(), err.size());
        }
        if (!call.raised.is_none()) {
            tl_text_free(out);
            PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(call.raised.ptr())), call.raised.ptr());
            throw py::error_already_set();
        }
        if (status != TL_OK) raise_error(status, err.c_str());
        return parsed(out);
    }

    // A level the caller owns from now on (tl_bundle_level's).
    static Level own(tl_level* level) { return Level(level); }

private:
    explicit Level(tl_level* level) : level_(level, tl_level_free) {}
    std::shared_ptr<tl_level> level_;
};

// A whole pack as `tilelab pack export` writes it.
class Bundle {
public:
    static Bundle parse(const std::string& text, const std::string& name = "bundle") {
        std::string err(1 << 16, '\0');
        tl_bundle* bundle = nullptr;
        const tl_status status = tl_bundle_read(text.data(), text.size(), &bundle, err.data(), err.size());
        if (status != TL_OK) raise_error(status, renamed(err.c_str(), "bundle", name));
        return Bundle(bundle);
    }
    static Bundle load(const std::string& path) { return parse(read_file(path), path); }
    std::string name() const { return tl_bundle_name(bundle_.get()); }
    const std::vector<Level>& levels() const { return levels_; }
    py::object summary(int index) const {
        if (index < 0 || index >= tl_bundle_count(bundle_.get())) throw py::index_error("no level " + std::to_string(index));
        std::string text(tl_bundle_summary(bundle_.get(), index, nullptr, 0), '\0');
        tl_bundle_summary(bundle_.get(), index, text.data(), text.size() + 1);
        return py::module_::import("json").attr("loads")(text);
    }

private:
    // Its levels are taken out once, here: `levels` gives the same Level objects on every access.
    explicit Bundle(tl_bundle* bundle) : bundle_(bundle, tl_bundle_free) {
        for (int i = 0; i < tl_bundle_count(bundle); ++i) levels_.push_back(Level::own(tl_bundle_level(bundle, i)));
    }
    std::shared_ptr<tl_bundle> bundle_;
    std::vector<Level> levels_;
};

}  // namespace

PYBIND11_MODULE(tilelab, m) {
    m.doc() = "tilelab: play tile-matching puzzle levels with the rules of the tool and the editor";
    m.attr("__version__") = tl_version();
    py::exec(R"(
class LevelError(ValueError):
    """A level, bundle or saved game that is not one, or a call refused. `status` names the failure as
    the C API does: 'argument', 'json', 'invalid', 'version', 'memory', 'unsupported', 'internal';
    the message holds every problem, one a line, located."""
    status = "invalid"
)",
             m.attr("__dict__"));
    py::class_<Level>(m, "Level", "A level as read (any format version the tool reads)")
        .def_static("load", &Level::load, py::arg("path"),
                    "Reads a level file; ValueError with every problem, located, when it is not a valid level")
        .def_static("parse", &Level::parse, py::arg("text"), py::arg("name") = "level",
                    "Reads a level from its JSON text (`name` names it in messages)")
        .def_property_readonly("kind", &Level::kind, "'match3', 'link', 'lines' or 'slide'")
        .def_property_readonly("width", &Level::width)
        .def_property_readonly("height", &Level::height)
        .def("new_game", &Level::new_game, "A game at the level's start (its random cells drawn from its seed)")
        .def("restore_game", &Level::restore_game, py::arg("state"),
             "A game of this level in the state `state` holds (Game.save's text); LevelError when it is not one")
        .def("analyze", &Level::analyze, py::arg("budget_ms") = 2000,
             "`tilelab analyze LEVEL --json` of the level's start, as a dict")
        .def(
            "estimate",
            [](const Level& level, std::optional<int> runs, std::optional<unsigned long long> seed,
               std::optional<std::string> bot, std::optional<int> threads, std::optional<int> rollouts,
               std::optional<int> playout_budget_ms, std::optional<double> precision, std::optional<int> curve_cap,
               const py::object& progress) {
                py::dict options;
                if (runs) options["runs"] = *runs;
                if (seed) options["seed"] = *seed;
                if (bot) options["bot"] = *bot;
                if (threads) options["threads"] = *threads;
                if (rollouts) options["rollouts"] = *rollouts;
                if (playout_budget_ms) options["playout_budget_ms"] = *playout_budget_ms;
                if (precision) options["precision"] = *precision;
                if (curve_cap) options["curve_cap"] = *curve_cap;
                return level.estimate(options, progress);
            },
            py::kw_only(), py::arg("runs") = py::none(), py::arg("seed") = py::none(), py::arg("bot") = py::none(),
            py::arg("threads") = py::none(), py::arg("rollouts") = py::none(), py::arg("playout_budget_ms") = py::none(),
            py::arg("precision") = py::none(), py::arg("curve_cap") = py::none(), py::arg("progress") = py::none(),
            "`tilelab estimate LEVEL --json` with these options (the flags of the same names), as a dict. `progress(done)` "
            "is called about every 100 ms with the share of runs done; returning False stops the estimate (its result "
            "then says 'cancelled')");
    py::class_<Bundle>(m, "Bundle", "A whole pack as `tilelab pack export` writes it")
        .def_static("load", &Bundle::load, py::arg("path"), "Reads a bundle file; ValueError with every problem, located")
        .def_static("parse", &Bundle::parse, py::arg("text"), py::arg("name") = "bundle", "Reads a bundle from its JSON text")
        .def_property_readonly("name", &Bundle::name, "The pack's name")
        .def_property_readonly("levels", &Bundle::levels, "Its levels in pack order, each a Level of its own")
        .def("summary", &Bundle::summary, py::arg("index"), "Level `index`'s analysis summary (None when absent)");
    py::class_<Game>(m, "Game", "A game in play")
        .def("play", &Game::play, py::arg("move"),
             "Plays a move in the tool's syntax: True when played, False when illegal here (the game is "
             "unchanged; `why` says why); ValueError when malformed")
        .def_property_readonly("why", &Game::why, "Why the last move was not played")
        .def_property_readonly("board", &Game::board, "The board's rows as the level format writes them")
        .def_property_readonly("score", &Game::score)
        .def_property_readonly("moves", &Game::moves, "Moves played since the start")
        .def_property_readonly("legal_moves", &Game::legal_moves, "The legal moves now, as play() takes them")
        .def_property_readonly("events", &Game::events, "The last move's events, as `tilelab apply --json` prints them")
        .def("copy", &Game::copy, "A copy of the game as it is now (a saved state)")
        .def("save", &Game::save, "The game's state as text, for Level.restore_game (docs/runtimes.md \"Saving a game\")");
}
