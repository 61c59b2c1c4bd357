// The level reader: every problem of a level file at once, located, never a half-built level; the
// rules, goal and cells of each kind; the migration of older format versions (docs/format.md).
#include <algorithm>
#include <functional>
#include <system_error>

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

// Rules and goal keys per kind, in the canonical order of docs/format.md "Canonical writing".
const std::vector<std::string>& rule_keys(Kind kind) {
    static const std::vector<std::string> keys[kind_count] = {
        {"colors", "min_match", "score_per_piece", "specials", "spawn_weights"},
        {"pair", "max_turns", "border"},
        {"fixed_rows", "fixed_cols"},
        {"spawn", "start_tiles", "score"},
    };
    return keys[static_cast<int>(kind)];
}

const std::vector<std::string>& goal_keys(Kind kind) {
    static const std::vector<std::string> keys[kind_count] = {
        {"moves", "score", "jelly", "collect", "crates", "ingredients"},
        {"moves", "clear"},
        {"moves", "closed_groups", "min_group_size", "all_closed"},
        {"moves", "target"},
    };
    return keys[static_cast<int>(kind)];
}

// "min_match is a match3 rule, not a link rule": a key of another kind is explained as such.
std::function<std::string(const std::string&)> other_kind_explainer(Kind kind, bool rules) {
    return [kind, rules](const std::string& key) -> std::string {
        for (int k = 0; k < kind_count; ++k) {
            if (k == static_cast<int>(kind)) continue;
            const auto& keys = rules ? rule_keys(static_cast<Kind>(k)) : goal_keys(static_cast<Kind>(k));
            if (std::find(keys.begin(), keys.end(), key) != keys.end())
                return "'" + key + "' is a " + std::string(kind_name(static_cast<Kind>(k))) + (rules ? " rule" : " goal") +
                       ", not a " + std::string(kind_name(kind)) + " one";
        }
        return {};
    };
}

// A key of a version newer than the file's: "'crates' needs format version 2; this file is ...".
void check_key_version(Checker& check, Kind kind, const std::string& section, const std::string& key, const ojson& value,
                       const std::string& pointer, int version) {
    if (const int since = key_version(kind, section + "/" + key); since > version)
        check.error(pointer, needs_version("'" + key + "'", since, version));
    else if (const auto [needed, what] = value_version(kind, section + "/" + key, value); needed > version)
        check.error(pointer, needs_version(std::string(what), needed, version));
}

// "a crate", "an empty cell": what a match3 cell holds, for messages.
std::string describe_match3_cell(std::int32_t c) {
    if (cell::is_crate(c)) return "a crate (c" + std::to_string(cell::crate_hp(c)) + ")";
    switch (c) {
    case cell::empty:
        return "an empty cell (.)";
    case cell::blocker:
        return "a blocker (#)";
    case cell::hole:
        return "a hole (_)";
    case cell::random:
        return "a random piece (?)";
    case cell::ingredient:
        return "an ingredient (@)";
    case cell::color_bomb:
        return "a colour bomb (*)";
    default:
        return cell::is_special(c) ? "a special piece" : "a piece";
    }
}

bool is_power_of_two(std::int64_t n) { return n >= 2 && (n & (n - 1)) == 0; }

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
    check.unknown_keys(section, p, rules ? rule_keys(level.kind) : goal_keys(level.kind),
                       other_kind_explainer(level.kind, rules));
    for (auto it = section.begin(); it != section.end(); ++it) {
        level.present.insert(std::string(name) + "/" + it.key());
        check_key_version(check, level.kind, name, it.key(), it.value(), p + "/" + escape_pointer_token(it.key()), version);
    }
    return true;
}

void read_rules(Checker& check, const ojson& rules, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/rules";
    if (!open_section(check, rules, level, p, "rules", version)) return;
    Rules& r = level.rules;
    switch (level.kind) {
    case Kind::match3:
        if (auto v = check.find(rules, "colors")) {
            if (auto n = check.integer(*v, p + "/colors", limits::min_colors, limits::max_colors, "colors"))
                r.colors = static_cast<int>(*n);
        }
        if (auto v = check.find(rules, "min_match")) {
            if (auto n = check.integer(*v, p + "/min_match", limits::min_min_match, limits::max_min_match, "min_match"))
                r.min_match = static_cast<int>(*n);
        }
        if (auto v = check.find(rules, "score_per_piece")) {
            if (auto n = check.integer(*v, p + "/score_per_piece", 0, limits::max_score_per_piece, "score_per_piece"))
                r.score_per_piece = static_cast<int>(*n);
        }
        if (version < 2) break;
        if (auto v = check.find(rules, "specials")) {
            if (auto b = check.boolean(*v, p + "/specials", "specials")) r.specials = *b;
        }
        if (auto v = check.find(rules, "spawn_weights")) {
            const std::string wp = p + "/spawn_weights";
            if (!v->is_array()) {
                check.error(wp, "spawn_weights must be an array of one weight per colour, not " + json_type_name(*v));
                break;
            }
            if (r.colors > 0 && static_cast<int>(v->size()) != r.colors)
                check.error(wp, "spawn_weights has " + std::to_string(v->size()) + (v->size() == 1 ? " weight" : " weights") +
                                    ", colors is " + std::to_string(r.colors) + " (one weight per colour)");
            std::vector<int> weights;
            bool ok = true;
            for (std::size_t i = 0; i < v->size(); ++i) {
                auto n = check.integer((*v)[i], wp + "/" + std::to_string(i), 0, limits::max_spawn_weight, "the weight");
                if (n) weights.push_back(static_cast<int>(*n));
                else ok = false;
            }
            if (ok && !weights.empty() && std::all_of(weights.begin(), weights.end(), [](int w) { return w == 0; }))
                check.error(wp, "every weight is 0: at least one colour must have a weight above 0");
            if (ok && (r.colors == 0 || static_cast<int>(weights.size()) == r.colors)) r.spawn_weights = std::move(weights);
        }
        break;
    case Kind::link:
        if (auto v = check.find(rules, "pair")) {
            if (v->is_string() && v->get<std::string>() == "equal") {
                r.pair = Pairing{};
            } else if (v->is_object() && v->size() == 1 && v->contains("sum")) {
                if (auto n = check.integer(v->at("sum"), p + "/pair/sum", limits::min_pair_sum, limits::max_pair_sum,
                                           "the pairing sum"))
                    r.pair = Pairing{Pairing::Rule::sum, *n};
            } else {
                check.error(p + "/pair", "pair must be \"equal\" or {\"sum\": N}");
            }
        }
        if (auto v = check.find(rules, "max_turns")) {
            if (auto n = check.integer(*v, p + "/max_turns", 0, limits::max_turns, "max_turns"))
                r.max_turns = static_cast<int>(*n);
        }
        if (auto v = check.find(rules, "border")) {
            if (auto b = check.boolean(*v, p + "/border", "border")) r.border = *b;
        }
        break;
    case Kind::lines: {
        auto read_indexes = [&](const char* key, int limit, std::vector<int>& out) {
            auto v = check.find(rules, key);
            if (!v) return;
            std::string kp = p + "/" + key;
            if (!v->is_array()) {
                check.error(kp, std::string(key) + " must be an array of indexes, not " + json_type_name(*v));
                return;
            }
            for (std::size_t i = 0; i < v->size(); ++i) {
                auto n = check.integer((*v)[i], kp + "/" + std::to_string(i), 0, limit - 1, "the index");
                if (!n) continue;
                if (std::find(out.begin(), out.end(), *n) != out.end())
                    check.error(kp + "/" + std::to_string(i), "index " + std::to_string(*n) + " is listed twice");
                else out.push_back(static_cast<int>(*n));
            }
        };
        read_indexes("fixed_rows", level.board.height, r.fixed_rows);
        read_indexes("fixed_cols", level.board.width, r.fixed_cols);
        break;
    }
    case Kind::slide:
        if (auto v = check.find(rules, "spawn")) {
            std::string sp = p + "/spawn";
            if (!v->is_array()) {
                check.error(sp, "spawn must be an array of [value, weight] pairs ([] for no spawns), not " + json_type_name(*v));
            } else if (v->empty()) {
                if (version >= 3) r.spawn.clear();  // no tile appears after a move (or at start)
            } else {
                r.spawn.clear();
                for (std::size_t i = 0; i < v->size(); ++i) {
                    const ojson& pair = (*v)[i];
                    std::string ip = sp + "/" + std::to_string(i);
                    if (!pair.is_array() || pair.size() != 2) {
                        check.error(ip, "a spawn entry is [value, weight], not " + json_type_name(pair));
                        continue;
                    }
                    auto value = check.integer(pair[0], ip + "/0", 2, limits::max_tile, "the spawn value");
                    auto weight = check.integer(pair[1], ip + "/1", 1, limits::max_spawn_weight, "the spawn weight");
                    if (value && !is_power_of_two(*value))
                        check.error(ip + "/0", "the spawn value " + std::to_string(*value) + " is not a power of two");
                    else if (value && weight) r.spawn.emplace_back(static_cast<int>(*value), static_cast<int>(*weight));
                }
            }
        }
        if (auto v = check.find(rules, "start_tiles")) {
            if (auto n = check.integer(*v, p + "/start_tiles", 0, level.board.width * level.board.height, "start_tiles")) {
                r.start_tiles = static_cast<int>(*n);
                if (*n > 0 && r.spawn.empty())
                    check.error(p + "/start_tiles", "start_tiles is " + std::to_string(*n) +
                                                        ", but the spawn table is empty (no spawns): a level without "
                                                        "spawns places its start tiles on the board; set start_tiles to 0");
            }
        }
        if (auto v = check.find(rules, "score")) {
            if (v->is_string() && v->get<std::string>() == "merged") r.score = SlideScore::merged;
            else if (v->is_string() && v->get<std::string>() == "pre_merge") r.score = SlideScore::pre_merge;
            else check.error(p + "/score", "score must be \"merged\" or \"pre_merge\"");
        }
        break;
    }
}

void read_goal(Checker& check, const ojson& goal, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/goal";
    if (!open_section(check, goal, level, p, "goal", version)) return;
    Goal& g = level.goal;
    if (auto v = check.find(goal, "moves")) {
        if (auto n = check.integer(*v, p + "/moves", 1, limits::max_moves, "moves")) g.moves = static_cast<int>(*n);
    }
    const int cells = level.board.width * level.board.height;
    switch (level.kind) {
    case Kind::match3:
        if (auto v = check.find(goal, "score")) {
            if (auto n = check.integer(*v, p + "/score", 0, limits::max_score_goal, "score")) g.score = *n;
        }
        if (auto v = check.find(goal, "jelly")) {
            if (auto b = check.boolean(*v, p + "/jelly", "jelly")) g.jelly = *b;
        }
        if (version >= 2) {
            if (auto v = check.find(goal, "crates")) {
                if (auto b = check.boolean(*v, p + "/crates", "crates")) g.crates = *b;
            }
            // At most the number of ingredients on the board: checked once the board is read.
            if (auto v = check.find(goal, "ingredients")) {
                if (auto n = check.integer(*v, p + "/ingredients", 1, std::max(cells, 1), "ingredients"))
                    g.ingredients = static_cast<int>(*n);
            }
        }
        if (auto v = check.find(goal, "collect")) {
            std::string cp = p + "/collect";
            if (!v->is_array()) {
                check.error(cp, "collect must be an array of {\"color\": c, \"count\": n}");
                break;
            }
            for (std::size_t i = 0; i < v->size(); ++i) {
                const ojson& item = (*v)[i];
                std::string ip = cp + "/" + std::to_string(i);
                if (!item.is_object()) {
                    check.error(ip, "a collect entry is {\"color\": c, \"count\": n}, not " + json_type_name(item));
                    continue;
                }
                check.unknown_keys(item, ip, {"color", "count"});
                CollectGoal c;
                bool ok = true;
                if (auto cv = check.find(item, "color")) {
                    auto n = check.integer(*cv, ip + "/color", 0, limits::max_colors - 1, "color");
                    if (n && *n >= level.rules.colors && level.rules.colors > 0) {
                        check.error(ip + "/color", "colour " + std::to_string(*n) + " is out of range (colors is " +
                                                       std::to_string(level.rules.colors) + ")");
                        ok = false;
                    }
                    ok = ok && n.has_value();
                    if (n) c.color = static_cast<int>(*n);
                } else {
                    check.error(ip, "missing \"color\"");
                    ok = false;
                }
                if (auto cv = check.find(item, "count")) {
                    auto n = check.integer(*cv, ip + "/count", 1, limits::max_collect_count, "count");
                    ok = ok && n.has_value();
                    if (n) c.count = static_cast<int>(*n);
                } else {
                    check.error(ip, "missing \"count\"");
                    ok = false;
                }
                if (ok) g.collect.push_back(c);
            }
        }
        break;
    case Kind::link:
        if (auto v = check.find(goal, "clear")) {
            if (auto b = check.boolean(*v, p + "/clear", "clear")) g.clear = *b;
        }
        break;
    case Kind::lines:
        if (auto v = check.find(goal, "closed_groups")) {
            if (auto n = check.integer(*v, p + "/closed_groups", 1, cells, "closed_groups"))
                g.closed_groups = static_cast<int>(*n);
        }
        if (auto v = check.find(goal, "min_group_size")) {
            if (auto n = check.integer(*v, p + "/min_group_size", 1, cells, "min_group_size"))
                g.min_group_size = static_cast<int>(*n);
        }
        if (auto v = check.find(goal, "all_closed")) {
            if (auto b = check.boolean(*v, p + "/all_closed", "all_closed")) g.all_closed = *b;
        }
        break;
    case Kind::slide:
        if (auto v = check.find(goal, "target")) {
            auto n = check.integer(*v, p + "/target", limits::min_target, limits::max_target, "target");
            if (n && !is_power_of_two(*n)) check.error(p + "/target", "target " + std::to_string(*n) + " is not a power of two");
            else if (n) g.target = static_cast<int>(*n);
        }
        break;
    }
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
        // Version 2: a match3 level of version 1 plays exactly as before with "specials": false.
        auto kind = value.find("kind");
        auto rules = value.find("rules");
        if (kind != value.end() && *kind == "match3" && rules != value.end() && rules->is_object() &&
            !rules->contains("specials"))
            (*rules)["specials"] = false;
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
            kind_ok = parse_kind(*s, level.kind);
            if (!kind_ok) {
                std::string msg = "unknown kind " + show_key(*s) + " (expected match3, link, lines or slide";
                std::string nearest = nearest_word(*s, {"match3", "link", "lines", "slide"});
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
        if (level.kind == Kind::match3 && level.rules.colors == 0) {
            auto v = check.find(value, "rules");
            if (!v || (v->is_object() && !v->contains("colors")))
                check.error(pointer + (v ? "/rules" : ""), "a match3 level needs rules.colors (" +
                                                               std::to_string(limits::min_colors) + ".." +
                                                               std::to_string(limits::max_colors) + ")");
        }
        if (auto v = check.find(value, "goal")) read_goal(check, *v, level, pointer, version);
    }
    bool board_ok = false;
    if (auto v = required("board"); v && shape_ok) {
        const Kind kind = level.kind;
        const int colors = level.rules.colors;
        auto grid = read_grid(
            check, *v, pointer + "/board", width, height,
            [&](const std::string& token) { return parse_cell_token(kind, token, colors, version); }, "board");
        if (grid) level.board = std::move(*grid);
        board_ok = grid.has_value();
    }
    if (auto v = check.find(value, "layers")) {
        std::string lp = pointer + "/layers";
        if (!v->is_object()) {
            check.error(lp, "layers must be an object of named grids, not " + json_type_name(*v));
        } else {
            check.unknown_keys(*v, lp, {"jelly", "lock"});
            if (auto jelly = check.find(*v, "jelly"); jelly && shape_ok) {
                if (level.kind != Kind::match3) {
                    check.error(lp + "/jelly", "jelly is a match3 layer, not a " + std::string(kind_name(level.kind)) + " one");
                } else {
                    auto grid = read_grid(
                        check, *jelly, lp + "/jelly", width, height,
                        [](const std::string& token) {
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
                        },
                        "jelly");
                    if (grid) {
                        for (int y = 0; y < height; ++y)
                            for (int x = 0; x < width; ++x)
                                if (grid->at(x, y) > 0 && level.board.at(x, y) == cell::hole)
                                    check.error(lp + "/jelly/" + std::to_string(y),
                                                "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): jelly on a hole");
                        level.jelly = std::move(*grid);
                    }
                }
            }
            if (auto lock = check.find(*v, "lock"); lock && shape_ok) {
                if (level.kind != Kind::match3) {
                    check.error(lp + "/lock", "lock is a match3 layer, not a " + std::string(kind_name(level.kind)) + " one");
                } else if (const int since = key_version(level.kind, "layers/lock"); since > version) {
                    check.error(lp + "/lock", needs_version("'lock'", since, version));
                } else {
                    auto grid = read_grid(
                        check, *lock, lp + "/lock", width, height,
                        [](const std::string& token) {
                            TokenResult r;
                            if (token == "0" || token == "1") {
                                r.ok = true;
                                r.value = token[0] - '0';
                            } else {
                                r.error = "'" + token.substr(0, 16) + "' is not a lock value (0 or 1)";
                            }
                            return r;
                        },
                        "lock");
                    if (grid && board_ok) {
                        for (int y = 0; y < height; ++y)
                            for (int x = 0; x < width; ++x) {
                                const std::int32_t c = level.board.at(x, y);
                                if (grid->at(x, y) == 0 || cell::is_value(c) || c == cell::color_bomb) continue;
                                check.error(lp + "/lock/" + std::to_string(y),
                                            "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): a lock on " +
                                                describe_match3_cell(c) + "; a lock goes on a piece, special or colour bomb");
                            }
                    }
                    if (grid) level.lock = std::move(*grid);
                }
            }
        }
    }
    if (auto v = check.find(value, "meta")) level.meta = *v;

    if (level.kind == Kind::match3 && level.goal.jelly && !level.jelly)
        check.error(pointer + "/goal/jelly", "the goal is to clear jelly, but the level has no jelly layer");
    if (level.kind == Kind::match3 && board_ok) {
        const auto& cells = level.board.cells;
        if (level.goal.crates && std::none_of(cells.begin(), cells.end(), cell::is_crate))
            check.error(pointer + "/goal/crates", "the goal is to clear crates, but the board has no crate");
        if (level.goal.ingredients) {
            const auto on_board = std::count(cells.begin(), cells.end(), cell::ingredient);
            if (*level.goal.ingredients > on_board)
                check.error(pointer + "/goal/ingredients",
                            "the goal is to collect " + std::to_string(*level.goal.ingredients) +
                                " ingredients, but the board has " +
                                (on_board == 0 ? std::string("no ingredient (@)") : "only " + std::to_string(on_board) + " (@)"));
        }
    }

    if (check.errors() == 0) {
        // Migration in memory: a version 1 match3 level plays as "specials": false, exactly as
        // before. The level keeps its file's version: the writer writes it back as it was
        // (written_version), `fmt --upgrade` sets the newest.
        if (version < 2 && level.kind == Kind::match3) {
            level.rules.specials = false;
            level.present.insert("rules/specials");
        }
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
