// slide's entry in the level format (board/kind_format.hpp): its cell tokens (powers of two from 2,
// `#` walls), its rules (the spawn table, start tiles, the score rule) and goal read and written,
// version 3's empty spawn table (no spawns), and a level without spawns starting from its board.
#include "tilelab/board/kind_format.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {

namespace {

using ojson = nlohmann::ordered_json;

bool is_power_of_two(std::int64_t n) { return n >= 2 && (n & (n - 1)) == 0; }

TokenResult parse_token(std::string_view token, const tilelab::Rules&, int) {
    TokenResult r;
    std::int64_t n = 0;
    if (token == "#") {
        r.ok = true;
        r.value = cell::blocker;
        return r;
    }
    if (parse_token_number(token, n) && n >= 2 && n <= limits::max_tile && (n & (n - 1)) == 0) {
        r.ok = true;
        r.value = static_cast<std::int32_t>(n);
        return r;
    }
    r.error = quoted_token(token) + " is not a slide cell (expected a power of two from 2, # wall or . empty)";
    return r;
}

void read_rules(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int version) {
    Rules& r = level.rules.as<Rules>();
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
}

void read_goal(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int) {
    if (auto v = check.find(goal, "target")) {
        auto n = check.integer(*v, p + "/target", limits::min_target, limits::max_target, "target");
        if (n && !is_power_of_two(*n)) check.error(p + "/target", "target " + std::to_string(*n) + " is not a power of two");
        else if (n) level.goal.as<Goal>().target = static_cast<int>(*n);
    }
}

void write_rules(const Level& level, ojson& rules) {
    const Rules defaults;
    const Rules& r = level.rules.as<Rules>();
    if (written_key(level, "rules/spawn", r.spawn != defaults.spawn)) {
        ojson spawn = ojson::array();
        for (auto [value, weight] : r.spawn) spawn.push_back(ojson::array({value, weight}));
        rules["spawn"] = spawn;
    }
    if (r.start_tiles) rules["start_tiles"] = *r.start_tiles;
    if (written_key(level, "rules/score", r.score != defaults.score))
        rules["score"] = r.score == SlideScore::merged ? "merged" : "pre_merge";
}

void write_goal(const Level& level, ojson& goal) {
    const Goal gd;
    const Goal& g = level.goal.as<Goal>();
    if (written_key(level, "goal/target", g.target != gd.target)) goal["target"] = g.target;
}

}  // namespace

const KindFormat& format() {
    static const KindFormat entry{
        .parse_token = parse_token,
        .rule_keys = {"spawn", "start_tiles", "score"},
        .goal_keys = {"moves", "target"},
        .read_rules = read_rules,
        .read_goal = read_goal,
        .write_rules = write_rules,
        .write_goal = write_goal,
        .versioned_values = {{"rules/spawn", 3, "an empty spawn table (no spawns)",
                              [](const ojson& v) { return v.is_array() && v.empty(); }}},
    };
    return entry;
}

}  // namespace tilelab::slide
