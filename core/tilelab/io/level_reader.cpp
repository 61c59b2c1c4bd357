// The level reader: every problem of a level file at once, located, never a half-built level; the
// keys every kind shares, and each kind's rules, goal, cells, layers and checks through its entry
// (board/kind_format.hpp); the migration of older format versions (docs/format.md).
#include <algorithm>
#include <functional>
#include <system_error>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/io/format_versions.hpp"
#include "tilelab/io/json_checker.hpp"
#include "tilelab/io/json_text.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab {

using ojson = nlohmann::ordered_json;
using format_versions::key_version;
using format_versions::needs_version;
using format_versions::value_version;

namespace {

using Checker = JsonChecker;

const std::vector<std::string> level_keys = {"format", "version", "id",   "name",  "kind",   "width", "height",
                                             "seed",   "rules",   "goal", "board", "layers", "meta"};

// "min_match is a match3 rule, not a link rule": a key of another kind is explained as such.
std::function<std::string(const std::string&)> other_kind_explainer(Kind kind, bool rules) {
    return [kind, rules](const std::string& key) -> std::string {
        for (int k = 0; k < kind_count; ++k) {
            if (k == static_cast<int>(kind)) continue;
            const KindFormat& other = kind_format(static_cast<Kind>(k));
            const auto& keys = rules ? other.rule_keys : other.goal_keys;
            if (std::find(keys.begin(), keys.end(), key) != keys.end())
                return "'" + key + "' is a " + std::string(kind_name(static_cast<Kind>(k))) + (rules ? " rule" : " goal") +
                       ", not a " + std::string(kind_name(kind)) + " one";
        }
        return {};
    };
}

// The first kind whose levels may hold the layer, for "jelly is a match3 layer, not a link one".
std::string layer_owner(const std::string& layer) {
    for (int k = 0; k < kind_count; ++k) {
        const auto& layers = kind_format(static_cast<Kind>(k)).layers;
        if (std::find(layers.begin(), layers.end(), layer) != layers.end()) return std::string(kind_name(static_cast<Kind>(k)));
    }
    return {};
}

bool allows_layer(Kind kind, const std::string& layer) {
    const auto& layers = kind_format(kind).layers;
    return std::find(layers.begin(), layers.end(), layer) != layers.end();
}

// "match3, link, lines or slide": the kinds, for the message of an unknown kind.
std::vector<std::string> kind_names() {
    std::vector<std::string> names;
    for (int k = 0; k < kind_count; ++k) names.emplace_back(kind_name(static_cast<Kind>(k)));
    return names;
}
std::string kind_list() {
    std::string list;
    for (int k = 0; k < kind_count; ++k) {
        if (k) list += k + 1 < kind_count ? ", " : " or ";
        list += kind_name(static_cast<Kind>(k));
    }
    return list;
}

// A key of a version newer than the file's: "'crates' needs format version 2; this file is ...".
void check_key_version(Checker& check, Kind kind, const std::string& section, const std::string& key, const ojson& value,
                       const std::string& pointer, int version) {
    if (const int since = key_version(kind, section + "/" + key); since > version)
        check.error(pointer, needs_version("'" + key + "'", since, version));
    else if (const auto [needed, what] = value_version(kind, section + "/" + key, value); needed > version)
        check.error(pointer, needs_version(std::string(what), needed, version));
}

// Splits a board row into its cell tokens; false when the spacing is not single spaces.
bool split_row(const std::string& row, std::vector<std::string>& tokens) {
    tokens.clear();
    std::string current;
    bool ok = true;
    for (char ch : row) {
        if (ch == ' ') {
            if (current.empty()) ok = false;
            else tokens.push_back(std::move(current));
            current.clear();
        } else if (ch == '\t' || ch == '\n' || ch == '\r') {
            ok = false;
            if (!current.empty()) tokens.push_back(std::move(current));
            current.clear();
        } else {
            current += ch;
        }
    }
    if (!current.empty()) tokens.push_back(std::move(current));
    else if (!row.empty()) ok = false;
    return ok;
}

// Reads a grid of `height` rows of `width` tokens; `cell_of` turns one token into a value or an error.
std::optional<Grid> read_grid(Checker& check, const ojson& v, const std::string& pointer, int width, int height,
                              const std::function<TokenResult(const std::string&)>& cell_of, const char* what) {
    if (!v.is_array()) {
        check.error(pointer, std::string(what) + " must be an array of row strings, not " + json_type_name(v));
        return std::nullopt;
    }
    int before = check.errors();
    if (static_cast<int>(v.size()) != height)
        check.error(pointer,
                    std::string(what) + " has " + std::to_string(v.size()) + " rows, height is " + std::to_string(height));
    Grid grid(width, height);
    std::vector<std::string> tokens;
    for (std::size_t y = 0; y < v.size(); ++y) {
        std::string row_pointer = pointer + "/" + std::to_string(y);
        if (!v[y].is_string()) {
            check.error(row_pointer, "a row must be a string of cells separated by spaces, not " + json_type_name(v[y]));
            continue;
        }
        if (!split_row(v[y].get<std::string>(), tokens)) check.error(row_pointer, "cells must be separated by single spaces");
        if (static_cast<int>(tokens.size()) != width) {
            check.error(row_pointer, "row has " + std::to_string(tokens.size()) + " cells, width is " + std::to_string(width));
            continue;
        }
        if (static_cast<int>(y) >= height) continue;
        int bad_tokens = 0;
        for (int x = 0; x < width; ++x) {
            TokenResult r = cell_of(tokens[static_cast<std::size_t>(x)]);
            if (r.ok) {
                grid.at(x, static_cast<int>(y)) = r.value;
            } else if (++bad_tokens <= 8) {  // a row of garbage says so eight times, not 256
                check.error(row_pointer, "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): " + r.error);
            }
        }
        if (bad_tokens > 8) check.error(row_pointer, std::to_string(bad_tokens - 8) + " more bad cells in this row");
    }
    if (check.errors() != before) return std::nullopt;
    return grid;
}

// The common part of "rules" and "goal" at `p`: an object whose keys are the kind's (a key of
// another kind is explained as such) and of the file's version; each key is recorded as present.
// False when it is not an object.
bool open_section(Checker& check, const ojson& section, Level& level, const std::string& p, const char* name, int version) {
    const bool rules = std::string_view(name) == "rules";
    if (!section.is_object()) {
        check.error(p, std::string(name) + " must be an object, not " + json_type_name(section));
        return false;
    }
    const KindFormat& format = kind_format(level.kind);
    check.unknown_keys(section, p, rules ? format.rule_keys : format.goal_keys, other_kind_explainer(level.kind, rules));
    for (auto it = section.begin(); it != section.end(); ++it) {
        level.present.insert(std::string(name) + "/" + it.key());
        check_key_version(check, level.kind, name, it.key(), it.value(), p + "/" + escape_pointer_token(it.key()), version);
    }
    return true;
}

// "rules" at `pointer` + "/rules": the common part, then the kind's keys (KindFormat::read_rules).
void read_rules(Checker& check, const ojson& rules, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/rules";
    if (!open_section(check, rules, level, p, "rules", version)) return;
    if (const auto read = kind_format(level.kind).read_rules) read(check, rules, level, p, version);
}

// "goal": the common part and "moves", every kind's, then the kind's keys (KindFormat::read_goal).
void read_goal(Checker& check, const ojson& goal, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/goal";
    if (!open_section(check, goal, level, p, "goal", version)) return;
    if (auto v = check.find(goal, "moves")) {
        if (auto n = check.integer(*v, p + "/moves", 1, limits::max_moves, "moves")) level.goal.moves = static_cast<int>(*n);
    }
    if (const auto read = kind_format(level.kind).read_goal) read(check, goal, level, p, version);
}

}  // namespace

// ---- Migration ------------------------------------------------------------------------------------

namespace {
// The file's "version": 1..level_format_version, or nullopt after an error saying what this reader reads.
std::optional<int> read_version(Checker& check, const ojson& value, const std::string& pointer) {
    auto it = value.find("version");
    if (it == value.end()) {
        check.error(pointer, "missing \"version\" (this tilelab writes version " + std::to_string(level_format_version) + ")");
        return std::nullopt;
    }
    auto version = check.integer(*it, pointer + "/version", 1, 1000000, "version");
    if (!version) return std::nullopt;
    if (*version > level_format_version) {
        check.error(pointer + "/version", "version " + std::to_string(*version) +
                                              " is newer than this tilelab reads (up to version " +
                                              std::to_string(level_format_version) + "): update tilelab");
        return std::nullopt;
    }
    return static_cast<int>(*version);
}
}  // namespace

bool migrate_level_json(ojson& value, const std::string& file, const std::string& pointer, Diagnostics& diagnostics) {
    Checker check(file, diagnostics);
    auto version = read_version(check, value, pointer);
    if (!version) return false;
    // Each step upgrades a file by one version.
    if (*version == 1) {
        // Version 2: a level of version 1 plays exactly as before with the kind's migrated rules
        // (match3: "specials": false).
        auto kind_value = value.find("kind");
        auto rules = value.find("rules");
        Kind kind{};
        if (kind_value != value.end() && kind_value->is_string() && parse_kind(kind_value->get<std::string>(), kind) &&
            rules != value.end() && rules->is_object()) {
            if (const auto migrate = kind_format(kind).migrate_v1_rules_json) migrate(*rules);
        }
        value["version"] = 2;
        version = 2;
    }
    // Version 3 only adds keys and values (an empty slide spawn table): a version 2 file is one.
    if (*version == 2) value["version"] = 3;
    return true;
}

std::optional<std::uint64_t> parse_seed_text(std::string_view text) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

// ---- Levels ---------------------------------------------------------------------------------------

namespace {
LevelLoad read_level_json(const ojson& input, const std::string& file, const std::string& pointer) {
    LevelLoad result;
    Checker check(file, result.diagnostics);
    if (!input.is_object()) {
        check.error(pointer, "a level is a JSON object, not " + json_type_name(input));
        return result;
    }
    auto format = input.find("format");
    if (format == input.end()) {
        check.error(pointer, "missing \"format\": \"tilelab.level\" (is this a tilelab level?)");
        return result;
    }
    if (!format->is_string() || format->get<std::string>() != "tilelab.level") {
        std::string got = format->is_string() ? format->get<std::string>() : json_type_name(*format);
        std::string hint = got == "tilelab.pack" || got == "tilelab.bundle" ? " (this is a " + got.substr(8) + ", not a level)"
                                                                            : "";
        check.error(pointer + "/format", "format is '" + got + "', expected 'tilelab.level'" + hint);
        return result;
    }
    // A version 1 file is read as version 1 (a key or token of version 2 in it is an error) and
    // migrated below, once read (migrate_level_json does the same to JSON).
    const std::optional<int> file_version = read_version(check, input, pointer);
    if (!file_version) return result;
    const int version = *file_version;
    const ojson& value = input;

    Level level;
    check.unknown_keys(value, pointer, level_keys);

    auto required = [&](const char* key) -> const ojson* {
        auto v = check.find(value, key);
        if (!v) check.error(pointer, std::string("missing \"") + key + "\"");
        return v;
    };
    if (auto v = required("id")) {
        if (auto s = check.string(*v, pointer + "/id", "id")) {
            if (s->empty()) check.error(pointer + "/id", "id must not be empty");
            level.id = *s;
        }
    }
    if (auto v = required("name")) {
        if (auto s = check.string(*v, pointer + "/name", "name")) level.name = *s;
    }
    bool kind_ok = false;
    if (auto v = required("kind")) {
        if (auto s = check.string(*v, pointer + "/kind", "kind")) {
            Kind kind{};
            kind_ok = parse_kind(*s, kind);
            if (kind_ok) {
                level.set_kind(kind);  // the kind's rules and goal, read below
            } else {
                std::string msg = "unknown kind " + show_key(*s) + " (expected " + kind_list();
                std::string nearest = nearest_word(*s, kind_names());
                msg += nearest.empty() ? ")" : "; did you mean '" + nearest + "'?)";
                check.error(pointer + "/kind", msg);
            }
        }
    }
    int width = 0, height = 0;
    if (auto v = required("width")) {
        if (auto n = check.integer(*v, pointer + "/width", 1, max_board_side, "width")) width = static_cast<int>(*n);
    }
    if (auto v = required("height")) {
        if (auto n = check.integer(*v, pointer + "/height", 1, max_board_side, "height")) height = static_cast<int>(*n);
    }
    if (auto v = check.find(value, "seed")) {
        if (v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0)) {
            level.seed = v->get<std::uint64_t>();
        } else if (v->is_string()) {
            if (auto seed = parse_seed_text(v->get<std::string>())) level.seed = *seed;
            else
                check.error(pointer + "/seed",
                            "seed \"" + v->get<std::string>() + "\" is not a decimal integer from 0 to 18446744073709551615");
        } else {
            check.error(pointer + "/seed", "seed must be an integer from 0 to 2^64-1, not " +
                                               (v->is_number_integer() ? std::string("negative") : json_type_name(*v)));
        }
    }
    // Without a kind and a size the board cannot be read; everything else is still checked.
    const bool shape_ok = kind_ok && width > 0 && height > 0;
    level.board = Grid(std::max(width, 0), std::max(height, 0));
    if (kind_ok) {
        if (auto v = check.find(value, "rules")) read_rules(check, *v, level, pointer, version);
        if (const auto check_rules = kind_format(level.kind).check_rules)
            check_rules(check, check.find(value, "rules"), level, pointer);
        if (auto v = check.find(value, "goal")) read_goal(check, *v, level, pointer, version);
    }
    bool board_ok = false;
    if (auto v = required("board"); v && shape_ok) {
        const Rules& rules = level.rules;
        auto grid = read_grid(
            check, *v, pointer + "/board", width, height,
            [&](const std::string& token) { return parse_cell_token(rules, token, version); }, "board");
        if (grid) level.board = std::move(*grid);
        board_ok = grid.has_value();
    }
    if (auto v = check.find(value, "layers")) {
        std::string lp = pointer + "/layers";
        if (!v->is_object()) {
            check.error(lp, "layers must be an object of named grids, not " + json_type_name(*v));
        } else {
            check.unknown_keys(*v, lp, {"jelly", "lock"});
            // A layer of the kind's (KindFormat::layers) and of the file's version, read as a grid
            // of `cell_of` tokens, then its cells checked against the board by the kind.
            auto read_layer = [&](const char* name, std::optional<Grid>& out,
                                  const std::function<TokenResult(const std::string&)>& cell_of) {
                auto layer = check.find(*v, name);
                if (!layer || !shape_ok) return;
                const std::string np = lp + "/" + name;
                if (!allows_layer(level.kind, name)) {
                    check.error(np, std::string(name) + " is a " + layer_owner(name) + " layer, not a " +
                                        std::string(kind_name(level.kind)) + " one");
                } else if (const int since = key_version(level.kind, std::string("layers/") + name); since > version) {
                    check.error(np, needs_version("'" + std::string(name) + "'", since, version));
                } else if (auto grid = read_grid(check, *layer, np, width, height, cell_of, name)) {
                    if (const auto check_layer = kind_format(level.kind).check_layer)
                        check_layer(check, level, name, *grid, np, board_ok);
                    out = std::move(*grid);
                }
            };
            read_layer("jelly", level.jelly, [](const std::string& token) {
                TokenResult r;
                static_assert(limits::max_jelly_layers == 999, "three digits");
                if (!token.empty() && token.size() <= 3 &&
                    std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                    r.ok = true;
                    r.value = std::stoi(token);
                } else {
                    r.error = "'" + token.substr(0, 16) + "' is not a number of jelly layers (0.." +
                              std::to_string(limits::max_jelly_layers) + ")";
                }
                return r;
            });
            read_layer("lock", level.lock, [](const std::string& token) {
                TokenResult r;
                if (token == "0" || token == "1") {
                    r.ok = true;
                    r.value = token[0] - '0';
                } else {
                    r.error = "'" + token.substr(0, 16) + "' is not a lock value (0 or 1)";
                }
                return r;
            });
        }
    }
    if (auto v = check.find(value, "meta")) level.meta = *v;

    if (const auto check_level = kind_format(level.kind).check_level) check_level(check, level, pointer, board_ok);

    if (check.errors() == 0) {
        // Migration in memory: a version 1 level plays exactly as before (match3: "specials":
        // false). The level keeps its file's version: the writer writes it back as it was
        // (written_version), `fmt --upgrade` sets the newest.
        if (const auto migrate = kind_format(level.kind).migrate_v1_level; version < 2 && migrate) migrate(level);
        level.version = version;
        result.level = std::move(level);
    }
    return result;
}

}  // namespace

// Never throws: a problem the checks above missed still becomes a diagnostic, not an exception
// in the caller (the editor, a runtime).
LevelLoad level_from_json(const ojson& input, const std::string& file, const std::string& pointer) {
    try {
        return read_level_json(input, file, pointer);
    } catch (const std::exception& e) {
        LevelLoad result;
        Diagnostic d;
        d.file = file;
        d.pointer = pointer;
        d.message = std::string("cannot read this level: ") + e.what();
        result.diagnostics.push_back(std::move(d));
        return result;
    }
}

LevelLoad parse_level(std::string_view text, const std::string& file) {
    LevelLoad result;
    if (text.size() > limits::max_file_bytes) {
        Diagnostic d;
        d.file = file;
        d.message = over_limit_message(text.size(), limits::max_file_bytes);
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    auto value = parse_json_text(text, file, result.diagnostics);
    if (!value) return result;
    LevelLoad level = level_from_json(*value, file);
    result.level = std::move(level.level);
    result.diagnostics.insert(result.diagnostics.end(), level.diagnostics.begin(), level.diagnostics.end());
    return result;
}

LevelLoad load_level(const std::filesystem::path& path) {
    LevelLoad result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_level(*text, path.string());
}

}  // namespace tilelab
