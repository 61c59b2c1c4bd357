// collapse's entry in the level format (board/kind_format.hpp, docs/collapse.md "The level
// file"): its cell tokens, its rules and goal read and written, its jelly layer and the checks of
// the goal against the board. The kind came with format version 3: an older file is refused.
#include <algorithm>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/collapse/tokens.hpp"

namespace tilelab::collapse {

namespace {

using ojson = nlohmann::ordered_json;

constexpr int first_version = 3;
constexpr int max_colors = 9;  // one digit a colour, as the tokens write it ("3", "3d")
constexpr int max_min_group = 16;

TokenResult parse_cell(std::string_view token, const tilelab::Rules& rules, int) {
    return parse_token(token, rules.as<Rules>().colors);
}

// The level's pointer from its rules' (".../rules" less "/rules").
std::string level_pointer(const std::string& rules_pointer) {
    return rules_pointer.substr(0, rules_pointer.size() - std::string_view("/rules").size());
}

void read_rules(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int version) {
    if (version < first_version)
        check.error(level_pointer(p) + "/version", "the collapse kind needs format version 3; this file is version " +
                                                       std::to_string(version) + " (set \"version\": 3)");
    Rules& r = level.rules.as<Rules>();
    if (auto v = check.find(rules, "colors")) {
        if (auto n = check.integer(*v, p + "/colors", limits::min_colors, max_colors, "colors")) r.colors = static_cast<int>(*n);
    }
    if (auto v = check.find(rules, "min_group")) {
        if (auto n = check.integer(*v, p + "/min_group", 1, max_min_group, "min_group")) r.min_group = static_cast<int>(*n);
    }
    if (auto v = check.find(rules, "score")) {
        if (v->is_string() && v->get<std::string>() == "linear") r.score = Scoring::linear;
        else if (v->is_string() && v->get<std::string>() == "samegame") r.score = Scoring::samegame;
        else check.error(p + "/score", "score must be \"linear\" or \"samegame\"");
    }
    if (auto v = check.find(rules, "score_per_piece")) {
        if (auto n = check.integer(*v, p + "/score_per_piece", 0, limits::max_score_per_piece, "score_per_piece"))
            r.score_per_piece = static_cast<int>(*n);
    }
    if (auto v = check.find(rules, "refill")) {
        if (auto b = check.boolean(*v, p + "/refill", "refill")) r.refill = *b;
    }
    if (auto v = check.find(rules, "reshuffle")) {
        if (auto b = check.boolean(*v, p + "/reshuffle", "reshuffle")) r.reshuffle = *b;
    }
}

// A collapse level needs its number of colours.
void check_rules(JsonChecker& check, const ojson* rules, const Level& level, const std::string& pointer) {
    if (rules_of(level).colors != 0) return;
    if (!rules || (rules->is_object() && !rules->contains("colors")))
        check.error(pointer + (rules ? "/rules" : ""), "a collapse level needs rules.colors (" +
                                                           std::to_string(limits::min_colors) + ".." +
                                                           std::to_string(max_colors) + ")");
}

void read_goal(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int) {
    Goal& g = level.goal.as<Goal>();
    const int colors = rules_of(level).colors;
    if (auto v = check.find(goal, "score")) {
        if (auto n = check.integer(*v, p + "/score", 0, limits::max_score_goal, "score")) g.score = *n;
    }
    if (auto v = check.find(goal, "jelly")) {
        if (auto b = check.boolean(*v, p + "/jelly", "jelly")) g.jelly = *b;
    }
    if (auto v = check.find(goal, "clear")) {
        if (auto b = check.boolean(*v, p + "/clear", "clear")) g.clear = *b;
    }
    if (auto v = check.find(goal, "collect"))
        for (const auto& [color, count] : read_collect(check, *v, p + "/collect", colors, max_colors - 1))
            g.collect.push_back(CollectTarget{color, count});
}

// Jelly never on a hole.
void check_layer(JsonChecker& check, const Level& level, std::string_view layer, const Grid& grid, const std::string& p, bool) {
    if (layer != "jelly") return;
    for (int y = 0; y < level.board.height; ++y)
        for (int x = 0; x < level.board.width; ++x)
            if (grid.at(x, y) > 0 && level.board.at(x, y) == cell::hole)
                check.error(p + "/" + std::to_string(y),
                            "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): jelly on a hole");
}

// A jelly goal needs a jelly layer.
void check_level(JsonChecker& check, const Level& level, const std::string& pointer, bool) {
    if (goal_of(level).jelly && !level.jelly)
        check.error(pointer + "/goal/jelly", "the goal is to clear jelly, but the level has no jelly layer");
}

void write_rules(const Level& level, ojson& out) {
    const Rules d;
    const Rules& r = rules_of(level);
    out["colors"] = r.colors;
    if (written_key(level, "rules/min_group", r.min_group != d.min_group)) out["min_group"] = r.min_group;
    if (written_key(level, "rules/score", r.score != d.score)) out["score"] = r.score == Scoring::linear ? "linear" : "samegame";
    if (written_key(level, "rules/score_per_piece", r.score_per_piece != d.score_per_piece))
        out["score_per_piece"] = r.score_per_piece;
    if (written_key(level, "rules/refill", r.refill != d.refill)) out["refill"] = r.refill;
    if (written_key(level, "rules/reshuffle", r.reshuffle != d.reshuffle)) out["reshuffle"] = r.reshuffle;
}

void write_goal(const Level& level, ojson& out) {
    const Goal& g = goal_of(level);
    if (g.score) out["score"] = *g.score;
    if (!g.collect.empty() || level.present.count("goal/collect")) {
        ojson list = ojson::array();
        for (const CollectTarget& t : g.collect) list.push_back(ojson{{"color", t.color}, {"count", t.count}});
        out["collect"] = std::move(list);
    }
    if (written_key(level, "goal/jelly", g.jelly)) out["jelly"] = g.jelly;
    if (written_key(level, "goal/clear", g.clear)) out["clear"] = g.clear;
}

void blank_rules(Level& level) {
    Rules& r = level.rules.as<Rules>();
    r.colors = 4;
    r.reshuffle = true;  // new levels reshuffle a dead board, as the games do
    level.goal.as<Goal>().score = 1000;
}

}  // namespace

const KindFormat& format() {
    static const KindFormat entry{
        .parse_token = parse_cell,
        .token = cell_token,
        .rule_keys = {"colors", "min_group", "score", "score_per_piece", "refill", "reshuffle"},
        .goal_keys = {"moves", "score", "collect", "jelly", "clear"},
        .read_rules = read_rules,
        .check_rules = check_rules,
        .read_goal = read_goal,
        .layers = {"jelly"},
        .check_layer = check_layer,
        .check_level = check_level,
        .write_rules = write_rules,
        .write_goal = write_goal,
        .blank_cell = cell::random,
        .blank_rules = blank_rules,
    };
    return entry;
}

}  // namespace tilelab::collapse
