// match3's entry in the level format (board/kind_format.hpp): its cell tokens (colours, `?`, `#`,
// `_`, and version 2's specials, colour bombs, ingredients and crates), its rules and goal read and
// written, its layers (jelly, lock) and their checks, what version 2 added, and how a version 1
// level migrates ("specials": false; docs/format.md "Versions and migration").
#include <algorithm>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {

namespace {

using ojson = nlohmann::ordered_json;

// A match3 token of format version 2: `Nh`, `Nv`, `Nb`, `*`, `@`, `c1`..`c5`. Returns false when
// the token is none of them (nor looks like one); else fills `r` with the value or an error.
bool parse_v2_token(std::string_view token, int colors, int version, TokenResult& r) {
    std::int64_t n = 0;
    enum class Shape { none, color_bomb, ingredient, crate, special } shape = Shape::none;
    int type = 0;
    if (token == "*") shape = Shape::color_bomb;
    else if (token == "@") shape = Shape::ingredient;
    else if (token.size() >= 2 && token[0] == 'c' && parse_token_number(token.substr(1), n)) shape = Shape::crate;
    else if (token.size() >= 2 && parse_token_number(token.substr(0, token.size() - 1), n) && token.back() >= 'a' &&
             token.back() <= 'z') {
        type = token.back() == 'h' ? cell::line_h : token.back() == 'v' ? cell::line_v : token.back() == 'b' ? cell::bomb : 0;
        if (type == 0) {
            if (version < 2) return false;  // the version 1 message lists what is allowed
            r.error = quoted_token(token) +
                      " is not a match3 cell (a special piece is a colour and h (clears its row), "
                      "v (clears its column) or b (bomb), as " +
                      std::to_string(n) + "h)";
            return true;
        }
        shape = Shape::special;
    }
    if (shape == Shape::none) return false;
    if (version < 2) {
        const char* what = shape == Shape::color_bomb   ? "a colour bomb"
                           : shape == Shape::ingredient ? "an ingredient"
                           : shape == Shape::crate      ? "a crate"
                                                        : "a special piece";
        r.error = quoted_token(token) + " (" + what + ") needs format version 2; this file is version " +
                  std::to_string(version) + " (set \"version\": 2)";
        return true;
    }
    switch (shape) {
    case Shape::color_bomb:
        r.value = cell::color_bomb;
        break;
    case Shape::ingredient:
        r.value = cell::ingredient;
        break;
    case Shape::crate:
        if (n < 1 || n > cell::max_crate_hp) {
            r.error = quoted_token(token) + " is not a crate (a crate has 1.." + std::to_string(cell::max_crate_hp) +
                      " hit points: c1..c" + std::to_string(cell::max_crate_hp) + ")";
            return true;
        }
        r.value = cell::crate(static_cast<int>(n));
        break;
    case Shape::special:
        if (n >= colors) {
            r.error = "colour " + std::to_string(n) + " of the special " + quoted_token(token) + " is out of range (colors is " +
                      std::to_string(colors) + ")";
            return true;
        }
        r.value = cell::special(static_cast<int>(n), type);
        break;
    case Shape::none:
        return false;
    }
    r.ok = true;
    return true;
}

TokenResult parse_token(std::string_view token, const tilelab::Rules& rules, int version) {
    const int colors = rules.as<Rules>().colors;
    TokenResult r;
    std::int64_t n = 0;
    if (token == "?") {
        r.ok = true;
        r.value = cell::random;
        return r;
    }
    if (token == "#") {
        r.ok = true;
        r.value = cell::blocker;
        return r;
    }
    if (token == "_") {
        r.ok = true;
        r.value = cell::hole;
        return r;
    }
    if (parse_token_number(token, n) && n < colors) {
        r.ok = true;
        r.value = static_cast<std::int32_t>(n);
        return r;
    }
    if (parse_token_number(token, n)) {
        r.error = "colour " + std::string(token) + " is out of range (colors is " + std::to_string(colors) + ")";
        return r;
    }
    if (parse_v2_token(token, colors, version, r)) return r;
    if (version < 2) {
        r.error = quoted_token(token) + " is not a match3 cell (expected a colour 0.." +
                  std::to_string(colors > 0 ? colors - 1 : 0) + ", ? random, # blocker, _ hole or . empty)";
    } else {
        const std::string last = std::to_string(colors > 0 ? colors - 1 : 0);
        r.error = quoted_token(token) + " is not a match3 cell (expected a colour 0.." + last + ", a special 0h.." + last +
                  "h, 0v.." + last + "v or 0b.." + last + "b, * colour bomb, @ ingredient, c1..c" +
                  std::to_string(cell::max_crate_hp) + " crate, ? random, # blocker, _ hole or . empty)";
    }
    return r;
}

std::string token(std::int32_t value) {
    if (value == cell::color_bomb) return "*";
    if (value == cell::ingredient) return "@";
    if (cell::is_crate(value)) return "c" + std::to_string(cell::crate_hp(value));
    if (cell::is_special(value)) {
        static constexpr char types[] = " hvb";
        const int type = cell::special_of(value);
        return std::to_string(cell::color_of(value)) + (type >= 1 && type <= 3 ? std::string(1, types[type]) : "?");
    }
    return std::to_string(value);
}

// "a crate", "an empty cell": what a match3 cell holds, for messages.
std::string describe_cell(std::int32_t c) {
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

void read_rules(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int version) {
    Rules& r = level.rules.as<Rules>();
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
    if (version < 2) return;
    if (auto v = check.find(rules, "specials")) {
        if (auto b = check.boolean(*v, p + "/specials", "specials")) r.specials = *b;
    }
    if (auto v = check.find(rules, "spawn_weights")) {
        const std::string wp = p + "/spawn_weights";
        if (!v->is_array()) {
            check.error(wp, "spawn_weights must be an array of one weight per colour, not " + json_type_name(*v));
            return;
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
}

// A match3 level needs its number of colours.
void check_rules(JsonChecker& check, const ojson* rules, const Level& level, const std::string& pointer) {
    if (level.rules.as<Rules>().colors != 0) return;
    if (!rules || (rules->is_object() && !rules->contains("colors")))
        check.error(pointer + (rules ? "/rules" : ""), "a match3 level needs rules.colors (" +
                                                           std::to_string(limits::min_colors) + ".." +
                                                           std::to_string(limits::max_colors) + ")");
}

void read_goal(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int version) {
    Goal& g = level.goal.as<Goal>();
    const int colors = level.rules.as<Rules>().colors;
    const int cells = level.board.width * level.board.height;
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
    if (auto v = check.find(goal, "collect"))
        for (const auto& [color, count] : read_collect(check, *v, p + "/collect", colors, limits::max_colors - 1))
            g.collect.push_back(CollectGoal{color, count});
}

// Jelly never on a hole; a lock only on a piece, a special or a colour bomb (once the board is read).
void check_layer(JsonChecker& check, const Level& level, std::string_view layer, const Grid& grid, const std::string& p,
                 bool board_ok) {
    const int width = level.board.width, height = level.board.height;
    if (layer == "jelly") {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                if (grid.at(x, y) > 0 && level.board.at(x, y) == cell::hole)
                    check.error(p + "/" + std::to_string(y),
                                "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): jelly on a hole");
    } else if (layer == "lock" && board_ok) {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const std::int32_t c = level.board.at(x, y);
                if (grid.at(x, y) == 0 || cell::is_value(c) || c == cell::color_bomb) continue;
                check.error(p + "/" + std::to_string(y), "cell (" + std::to_string(x) + ", " + std::to_string(y) +
                                                             "): a lock on " + describe_cell(c) +
                                                             "; a lock goes on a piece, special or colour bomb");
            }
    }
}

// The goal against the board and layers: jelly to clear needs a jelly layer, crates a crate, and
// the ingredients to collect that many on the board.
void check_level(JsonChecker& check, const Level& level, const std::string& pointer, bool board_ok) {
    const Goal& goal = level.goal.as<Goal>();
    if (goal.jelly && !level.jelly)
        check.error(pointer + "/goal/jelly", "the goal is to clear jelly, but the level has no jelly layer");
    if (!board_ok) return;
    const auto& cells = level.board.cells;
    if (goal.crates && std::none_of(cells.begin(), cells.end(), cell::is_crate))
        check.error(pointer + "/goal/crates", "the goal is to clear crates, but the board has no crate");
    if (goal.ingredients) {
        const auto on_board = std::count(cells.begin(), cells.end(), cell::ingredient);
        if (*goal.ingredients > on_board)
            check.error(pointer + "/goal/ingredients",
                        "the goal is to collect " + std::to_string(*goal.ingredients) + " ingredients, but the board has " +
                            (on_board == 0 ? std::string("no ingredient (@)") : "only " + std::to_string(on_board) + " (@)"));
    }
}

void write_rules(const Level& level, ojson& rules) {
    const Rules defaults;
    const Rules& r = level.rules.as<Rules>();
    rules["colors"] = r.colors;
    if (written_key(level, "rules/min_match", r.min_match != defaults.min_match)) rules["min_match"] = r.min_match;
    if (written_key(level, "rules/score_per_piece", r.score_per_piece != defaults.score_per_piece))
        rules["score_per_piece"] = r.score_per_piece;
    if (written_key(level, "rules/specials", r.specials != defaults.specials)) rules["specials"] = r.specials;
    if (!r.spawn_weights.empty()) rules["spawn_weights"] = r.spawn_weights;
}

void write_goal(const Level& level, ojson& goal) {
    const Goal gd;
    const Goal& g = level.goal.as<Goal>();
    if (g.score) goal["score"] = *g.score;
    if (written_key(level, "goal/jelly", g.jelly != gd.jelly)) goal["jelly"] = g.jelly;
    if (written_key(level, "goal/collect", !g.collect.empty())) {
        ojson collect = ojson::array();
        for (const auto& c : g.collect) collect.push_back(ojson{{"color", c.color}, {"count", c.count}});
        goal["collect"] = collect;
    }
    if (written_key(level, "goal/crates", g.crates != gd.crates)) goal["crates"] = g.crates;
    if (g.ingredients) goal["ingredients"] = *g.ingredients;
}

}  // namespace

const KindFormat& format() {
    static const KindFormat entry{
        .parse_token = parse_token,
        .token = token,
        .rule_keys = {"colors", "min_match", "score_per_piece", "specials", "spawn_weights"},
        .goal_keys = {"moves", "score", "jelly", "collect", "crates", "ingredients"},
        .read_rules = read_rules,
        .check_rules = check_rules,
        .read_goal = read_goal,
        .layers = {"jelly", "lock"},
        .check_layer = check_layer,
        .check_level = check_level,
        .write_rules = write_rules,
        .write_goal = write_goal,
        .versioned_keys =
            {{"rules/specials", 2}, {"rules/spawn_weights", 2}, {"goal/crates", 2}, {"goal/ingredients", 2}, {"layers/lock", 2}},
        // A version 1 level plays as "specials": false, exactly as before; written back at version 1,
        // the migrated key is left out.
        .migrate_v1_rules_json =
            [](ojson& rules) {
                if (!rules.contains("specials")) rules["specials"] = false;
            },
        .migrate_v1_level =
            [](Level& level) {
                level.rules.as<Rules>().specials = false;
                level.present.insert("rules/specials");
            },
        .write_v1 =
            [](const Level& level, ojson& doc) {
                if (level.rules.as<Rules>().specials || !doc.contains("rules")) return;
                doc["rules"].erase("specials");
                if (doc["rules"].empty()) doc.erase("rules");
            },
        .blank_cell = cell::random,
        .blank_rules =
            [](Level& level) {
                level.rules.as<Rules>().colors = 5;
                level.present.insert("rules/colors");
            },
    };
    return entry;
}

}  // namespace tilelab::match3
