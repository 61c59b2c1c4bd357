#include "tilelab/kinds/state_io.hpp"

#include <charconv>
#include <limits>
#include <set>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/kinds/table.hpp"

namespace tilelab {

namespace {

using ojson = nlohmann::ordered_json;

ojson rows_of(const Grid& grid, bool board, Kind kind) {
    ojson rows = ojson::array();
    for (int y = 0; y < grid.height; ++y) rows.push_back(board ? board_row(kind, grid, y) : layer_row(grid, y));
    return rows;
}

// A refused state: the message names the place.
struct Refused : std::runtime_error {
    Refused(const std::string& message, StateProblem why) : std::runtime_error(message), problem(why) {}
    StateProblem problem;
};

[[noreturn]] void refuse(const std::string& where, const std::string& what, StateProblem why = StateProblem::invalid) {
    throw Refused(where.empty() ? what : where + ": " + what, why);
}

std::int64_t integer(const ojson& doc, const std::string& key, std::int64_t lo, std::int64_t hi) {
    const ojson& v = doc.at(key);
    if (!v.is_number_integer()) refuse("/" + key, "expected an integer");
    const bool is_unsigned = v.is_number_unsigned();
    const auto n = is_unsigned ? 0 : v.get<std::int64_t>();
    if (is_unsigned && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) refuse("/" + key, "out of range");
    const std::int64_t value = is_unsigned ? static_cast<std::int64_t>(v.get<std::uint64_t>()) : n;
    if (value < lo || value > hi)
        refuse("/" + key, std::to_string(value) + " is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
    return value;
}

// The tokens of row `y` of `key`: exactly `width` of them, separated by single spaces.
std::vector<std::string_view> row_tokens(const ojson& rows, const std::string& key, int y, int width) {
    const std::string where = "/" + key + "/" + std::to_string(y);
    if (!rows[static_cast<std::size_t>(y)].is_string()) refuse(where, "expected a string");
    const std::string& row = rows[static_cast<std::size_t>(y)].get_ref<const std::string&>();
    std::vector<std::string_view> tokens;
    std::string_view rest = row;
    while (true) {
        const auto space = rest.find(' ');
        tokens.push_back(rest.substr(0, space));
        if (tokens.back().empty()) refuse(where, "cells are separated by single spaces");
        if (space == std::string_view::npos) break;
        rest.remove_prefix(space + 1);
    }
    if (static_cast<int>(tokens.size()) != width)
        refuse(where, "row has " + std::to_string(tokens.size()) + " cells, width is " + std::to_string(width));
    return tokens;
}

const ojson& rows_at(const ojson& doc, const std::string& key, int height) {
    const ojson& rows = doc.at(key);
    if (!rows.is_array()) refuse("/" + key, "expected an array of rows");
    if (static_cast<int>(rows.size()) != height)
        refuse("/" + key, std::to_string(rows.size()) + " rows, height is " + std::to_string(height));
    return rows;
}

// A grid of numbers (a layer, slide's ids), each from lo to hi(x, y).
template <class High>
Grid number_grid(const ojson& doc, const std::string& key, int width, int height, std::int64_t lo, High hi) {
    const ojson& rows = rows_at(doc, key, height);
    Grid grid(width, height, 0);
    for (int y = 0; y < height; ++y) {
        const auto tokens = row_tokens(rows, key, y, width);
        for (int x = 0; x < width; ++x) {
            std::int64_t n = 0;
            const std::string_view t = tokens[static_cast<std::size_t>(x)];
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
            const std::string where = "/" + key + "/" + std::to_string(y);
            if (ec != std::errc() || end != t.data() + t.size()) refuse(where, "'" + std::string(t) + "' is not a number");
            if (n < lo || n > hi(x, y))
                refuse(where, "cell " + std::to_string(x) + ": " + std::to_string(n) + " is out of range (" + std::to_string(lo) +
                                  " to " + std::to_string(hi(x, y)) + ")");
            grid.at(x, y) = static_cast<std::int32_t>(n);
        }
    }
    return grid;
}

}  // namespace

std::string save_state(const Level& level, const State& state) {
    ojson doc{{"format", "tilelab.state"},
              {"version", 1},
              {"level", level.id},
              {"width", state.board.width},
              {"height", state.board.height},
              {"board", rows_of(state.board, true, level.kind)},
              {"score", state.score},
              {"moves", state.moves},
              {"rng", std::to_string(state.rng.state())}};
    if (state.jelly) doc["jelly"] = rows_of(*state.jelly, false, level.kind);
    if (state.lock) doc["lock"] = rows_of(*state.lock, false, level.kind);
    if (state.ingredients != 0) doc["ingredients"] = state.ingredients;
    if (!state.collected.empty()) doc["collected"] = state.collected;
    if (state.ids.width > 0) {
        doc["ids"] = rows_of(state.ids, false, level.kind);
        doc["next_id"] = state.next_id;
    }
    return doc.dump();
}

std::optional<State> restore_state(const Level& level, std::string_view text, std::string& error, StateProblem* problem) {
    auto fail = [&](std::string message, StateProblem why) {
        error = std::move(message);
        if (problem) *problem = why;
        return std::nullopt;
    };
    if (problem) *problem = StateProblem::none;
    try {
        ojson doc;
        try {
            doc = ojson::parse(text);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(std::string("not JSON: ") + e.what(), StateProblem::json);
        }
        if (!doc.is_object()) refuse("", "expected an object");
        if (!doc.contains("format") || doc["format"] != "tilelab.state") refuse("/format", "expected \"tilelab.state\"");
        if (!doc.contains("version")) refuse("", "'version' is missing");
        if (integer(doc, "version", 1, std::numeric_limits<int>::max()) != 1)
            refuse("/version", "version " + doc["version"].dump() + " is newer than this tilelab reads (1)",
                   StateProblem::version);
        // What the level's kind keeps beside the board: the start state has exactly those parts.
        const State start = kind_ops(level.kind).start(level);
        std::set<std::string> allowed{"format", "version", "level", "width", "height",
                                      "board",  "score",   "moves", "rng",   "ingredients"};
        if (start.jelly) allowed.insert("jelly");
        if (start.lock) allowed.insert("lock");
        if (!start.collected.empty()) allowed.insert("collected");
        if (start.ids.width > 0) allowed.insert({"ids", "next_id"});
        for (const auto& [key, value] : doc.items())
            if (!allowed.count(key)) refuse("/" + key, "not a key of a " + std::string(kind_name(level.kind)) + " game's state");
        for (const char* key :
             {"level", "width", "height", "board", "score", "moves", "rng", "jelly", "lock", "collected", "ids", "next_id"})
            if (allowed.count(key) && !doc.contains(key)) refuse("", std::string("'") + key + "' is missing");
        if (!doc["level"].is_string() || doc["level"].get<std::string>() != level.id)
            refuse("/level", "the state is of level " + doc["level"].dump() + ", not \"" + level.id + "\"");
        const int w = level.width(), h = level.height();
        if (integer(doc, "width", 0, 65536) != w || integer(doc, "height", 0, 65536) != h)
            refuse("/width", "the state is " + doc["width"].dump() + "x" + doc["height"].dump() + ", the level " +
                                 std::to_string(w) + "x" + std::to_string(h));

        State state = start;
        const ojson& rows = rows_at(doc, "board", h);
        for (int y = 0; y < h; ++y) {
            const auto tokens = row_tokens(rows, "board", y, w);
            for (int x = 0; x < w; ++x) {
                const TokenResult t = parse_cell_token(level.rules, tokens[static_cast<std::size_t>(x)], level.version);
                const std::string where = "/board/" + std::to_string(y);
                if (!t.ok) refuse(where, t.error);
                if (t.value == cell::random)
                    refuse(where, "cell " + std::to_string(x) + ": '?' is drawn at level start: a state has its piece");
                state.board.at(x, y) = t.value;
            }
        }
        state.score = integer(doc, "score", 0, std::numeric_limits<std::int64_t>::max());
        state.moves = static_cast<int>(integer(doc, "moves", 0, std::numeric_limits<int>::max()));
        const ojson& rng = doc["rng"];
        std::uint64_t seed = 0;
        const std::string digits = rng.is_string() ? rng.get<std::string>() : std::string();
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
            refuse("/rng", "expected the generator's state as a string of decimal digits");
        state.rng = Rng(seed);
        // Layers only ever lose what the level put there.
        if (start.jelly)
            state.jelly = number_grid(doc, "jelly", w, h, 0,
                                      [&](int x, int y) -> std::int64_t { return level.jelly ? level.jelly->at(x, y) : 0; });
        if (start.lock)
            state.lock = number_grid(doc, "lock", w, h, 0,
                                     [&](int x, int y) -> std::int64_t { return level.lock ? level.lock->at(x, y) : 0; });
        state.ingredients = doc.contains("ingredients")
                                ? static_cast<int>(integer(doc, "ingredients", 0, std::int64_t{w} * h * 1000))
                                : 0;
        if (!start.collected.empty()) {
            const ojson& c = doc["collected"];
            if (!c.is_array() || c.size() != start.collected.size())
                refuse("/collected", "expected " + std::to_string(start.collected.size()) + " counts, one per colour");
            for (std::size_t i = 0; i < c.size(); ++i) {
                if (!c[i].is_number_integer() || c[i].get<std::int64_t>() < 0 ||
                    c[i].get<std::int64_t>() > std::numeric_limits<int>::max())
                    refuse("/collected/" + std::to_string(i), "expected a count");
                state.collected[i] = c[i].get<int>();
            }
        }
        if (start.ids.width > 0) {
            state.next_id = static_cast<int>(integer(doc, "next_id", 0, std::numeric_limits<int>::max()));
            state.ids = number_grid(doc, "ids", w, h, -1, [&](int, int) -> std::int64_t { return state.next_id - 1; });
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    if ((state.ids.at(x, y) >= 0) != cell::is_value(state.board.at(x, y)))
                        refuse("/ids/" + std::to_string(y),
                               "cell " + std::to_string(x) +
                                   (state.ids.at(x, y) >= 0 ? ": an id on a cell without a tile" : ": a tile without an id"));
        }
        error.clear();
        return state;
    } catch (const Refused& e) {
        return fail(e.what(), e.problem);
    } catch (const std::exception& e) {
        return fail(std::string("not a state: ") + e.what(), StateProblem::invalid);
    }
}

}  // namespace tilelab
