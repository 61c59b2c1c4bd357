// The Python module `tilelab` over the C API: Level.load / Level.parse, level.new_game(),
// game.play(move) -> bool, game.board, game.score and the rest (docs/runtimes.md "Python").
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <fstream>
#include <memory>
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

private:
    std::shared_ptr<tl_game> game_;
};

class Level {
public:
    static Level parse(const std::string& text, const std::string& name) {
        std::string err(1 << 16, '\0');
        tl_level* level = tl_level_load(text.data(), text.size(), err.data(), err.size());
        if (!level) throw py::value_error(renamed(err.c_str(), "level", name));
        return Level(level);
    }
    static Level load(const std::string& path) { return parse(read_file(path), path); }
    std::string kind() const { return tl_level_kind(level_.get()); }
    int width() const { return tl_level_width(level_.get()); }
    int height() const { return tl_level_height(level_.get()); }
    Game new_game() const { return Game(tl_game_new(level_.get())); }

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
        tl_bundle* bundle = tl_bundle_load(text.data(), text.size(), err.data(), err.size());
        if (!bundle) throw py::value_error(renamed(err.c_str(), "bundle", name));
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
    py::class_<Level>(m, "Level", "A level as read (any format version the tool reads)")
        .def_static("load", &Level::load, py::arg("path"),
                    "Reads a level file; ValueError with every problem, located, when it is not a valid level")
        .def_static("parse", &Level::parse, py::arg("text"), py::arg("name") = "level",
                    "Reads a level from its JSON text (`name` names it in messages)")
        .def_property_readonly("kind", &Level::kind, "'match3', 'link', 'lines' or 'slide'")
        .def_property_readonly("width", &Level::width)
        .def_property_readonly("height", &Level::height)
        .def("new_game", &Level::new_game, "A game at the level's start (its random cells drawn from its seed)");
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
        .def("copy", &Game::copy, "A copy of the game as it is now (a saved state)");
}
