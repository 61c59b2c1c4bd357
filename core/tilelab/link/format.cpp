// link's entry in the level format (board/kind_format.hpp): its cell tokens (values 1..max, `#`),
// its rules (the pairing, turns, the border) and goal read and written.
#include "tilelab/board/kind_format.hpp"
#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

using ojson = nlohmann::ordered_json;

TokenResult parse_token(std::string_view token, const tilelab::Rules&, int) {
    TokenResult r;
    std::int64_t n = 0;
    if (token == "#") {
        r.ok = true;
        r.value = cell::blocker;
        return r;
    }
    if (parse_token_number(token, n) && n >= 1 && n <= limits::max_link_value) {
        r.ok = true;
        r.value = static_cast<std::int32_t>(n);
        return r;
    }
    r.error = quoted_token(token) + " is not a link cell (expected a value 1.." + std::to_string(limits::max_link_value) +
              ", # blocker or . empty)";
    return r;
}

void read_rules(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int) {
    Rules& r = level.rules.as<Rules>();
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
        if (auto n = check.integer(*v, p + "/max_turns", 0, limits::max_turns, "max_turns")) r.max_turns = static_cast<int>(*n);
    }
    if (auto v = check.find(rules, "border")) {
        if (auto b = check.boolean(*v, p + "/border", "border")) r.border = *b;
    }
}

void read_goal(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int) {
    if (auto v = check.find(goal, "clear")) {
        if (auto b = check.boolean(*v, p + "/clear", "clear")) level.goal.as<Goal>().clear = *b;
    }
}

void write_rules(const Level& level, ojson& rules) {
    const Rules defaults;
    const Rules& r = level.rules.as<Rules>();
    if (written_key(level, "rules/pair", !(r.pair == defaults.pair))) {
        if (r.pair.rule == Pairing::Rule::equal) rules["pair"] = "equal";
        else rules["pair"] = ojson{{"sum", r.pair.sum}};
    }
    if (written_key(level, "rules/max_turns", r.max_turns != defaults.max_turns)) rules["max_turns"] = r.max_turns;
    if (written_key(level, "rules/border", r.border != defaults.border)) rules["border"] = r.border;
}

void write_goal(const Level& level, ojson& goal) {
    const Goal gd;
    const Goal& g = level.goal.as<Goal>();
    if (written_key(level, "goal/clear", g.clear != gd.clear)) goal["clear"] = g.clear;
}

}  // namespace

const KindFormat& format() {
    static const KindFormat entry{
        .parse_token = parse_token,
        .rule_keys = {"pair", "max_turns", "border"},
        .goal_keys = {"moves", "clear"},
        .read_rules = read_rules,
        .read_goal = read_goal,
        .write_rules = write_rules,
        .write_goal = write_goal,
    };
    return entry;
}

}  // namespace tilelab::link
