// lines' entry in the level format (board/kind_format.hpp): its cell tokens (one hex digit, the
// side mask), its rules (fixed rows and columns) and goal read and written.
#include <algorithm>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/lines/lines.hpp"

namespace tilelab::lines {

namespace {

using ojson = nlohmann::ordered_json;

TokenResult parse_token(std::string_view token, const tilelab::Rules&, int) {
    TokenResult r;
    if (token.size() == 1) {
        char ch = token[0];
        int v = -1;
        if (ch >= '0' && ch <= '9') v = ch - '0';
        else if (ch >= 'a' && ch <= 'f') v = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'F') v = ch - 'A' + 10;
        if (v == 0) {
            r.ok = true;
            r.value = cell::empty;
            return r;
        }
        if (v > 0) {
            r.ok = true;
            r.value = v;
            return r;
        }
    }
    r.error = quoted_token(token) + " is not a lines cell (expected one hex digit 1-f, the side mask, or . empty)";
    return r;
}

// One hex digit; a value outside 1..15 is written as empty.
std::string token(std::int32_t value) {
    static constexpr char hex[] = "0123456789abcdef";
    return value >= 1 && value <= 15 ? std::string(1, hex[value]) : std::string(".");
}

void read_rules(JsonChecker& check, const ojson& rules, Level& level, const std::string& p, int) {
    Rules& r = level.rules.as<Rules>();
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
}

void read_goal(JsonChecker& check, const ojson& goal, Level& level, const std::string& p, int) {
    Goal& g = level.goal.as<Goal>();
    const int cells = level.board.width * level.board.height;
    if (auto v = check.find(goal, "closed_groups")) {
        if (auto n = check.integer(*v, p + "/closed_groups", 1, cells, "closed_groups")) g.closed_groups = static_cast<int>(*n);
    }
    if (auto v = check.find(goal, "min_group_size")) {
        if (auto n = check.integer(*v, p + "/min_group_size", 1, cells, "min_group_size"))
            g.min_group_size = static_cast<int>(*n);
    }
    if (auto v = check.find(goal, "all_closed")) {
        if (auto b = check.boolean(*v, p + "/all_closed", "all_closed")) g.all_closed = *b;
    }
}

void write_rules(const Level& level, ojson& rules) {
    const Rules& r = level.rules.as<Rules>();
    if (written_key(level, "rules/fixed_rows", !r.fixed_rows.empty())) rules["fixed_rows"] = r.fixed_rows;
    if (written_key(level, "rules/fixed_cols", !r.fixed_cols.empty())) rules["fixed_cols"] = r.fixed_cols;
}

void write_goal(const Level& level, ojson& goal) {
    const Goal gd;
    const Goal& g = level.goal.as<Goal>();
    if (g.closed_groups) goal["closed_groups"] = *g.closed_groups;
    if (g.min_group_size) goal["min_group_size"] = *g.min_group_size;
    if (written_key(level, "goal/all_closed", g.all_closed != gd.all_closed)) goal["all_closed"] = g.all_closed;
}

}  // namespace

const KindFormat& format() {
    static const KindFormat entry{
        .parse_token = parse_token,
        .token = token,
        .rule_keys = {"fixed_rows", "fixed_cols"},
        .goal_keys = {"moves", "closed_groups", "min_group_size", "all_closed"},
        .read_rules = read_rules,
        .read_goal = read_goal,
        .write_rules = write_rules,
        .write_goal = write_goal,
    };
    return entry;
}

}  // namespace tilelab::lines
