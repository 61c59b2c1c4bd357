// Kind names, the cell tokens of the level file (each kind's through its KindFormat entry), and
// board rows as the file writes them.
#include "tilelab/board/board.hpp"

#include <charconv>

#include "tilelab/board/kind_format.hpp"

namespace tilelab {

namespace {
constexpr std::string_view kind_names[kind_count] = {"match3", "link", "lines", "slide", "collapse"};
}  // namespace

bool parse_token_number(std::string_view text, std::int64_t& out) {
    if (text.empty() || text.size() > 12) return false;
    for (char ch : text)
        if (ch < '0' || ch > '9') return false;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size();
}

std::vector<std::pair<int, int>> read_collect(JsonChecker& check, const nlohmann::ordered_json& value, const std::string& p,
                                              int colors, int max_color) {
    std::vector<std::pair<int, int>> out;
    if (!value.is_array()) {
        check.error(p, "collect must be an array of {\"color\": c, \"count\": n}");
        return out;
    }
    for (std::size_t i = 0; i < value.size(); ++i) {
        const nlohmann::ordered_json& item = value[i];
        const std::string ip = p + "/" + std::to_string(i);
        if (!item.is_object()) {
            check.error(ip, "a collect entry is {\"color\": c, \"count\": n}, not " + json_type_name(item));
            continue;
        }
        check.unknown_keys(item, ip, {"color", "count"});
        std::pair<int, int> entry{0, 0};
        bool ok = true;
        if (auto cv = check.find(item, "color")) {
            auto n = check.integer(*cv, ip + "/color", 0, max_color, "color");
            if (n && *n >= colors && colors > 0) {
                check.error(ip + "/color",
                            "colour " + std::to_string(*n) + " is out of range (colors is " + std::to_string(colors) + ")");
                ok = false;
            }
            ok = ok && n.has_value();
            if (n) entry.first = static_cast<int>(*n);
        } else {
            check.error(ip, "missing \"color\"");
            ok = false;
        }
        if (auto cv = check.find(item, "count")) {
            auto n = check.integer(*cv, ip + "/count", 1, limits::max_collect_count, "count");
            ok = ok && n.has_value();
            if (n) entry.second = static_cast<int>(*n);
        } else {
            check.error(ip, "missing \"count\"");
            ok = false;
        }
        if (ok) out.push_back(entry);
    }
    return out;
}

std::string quoted_token(std::string_view token) {
    std::string out = "'";
    out += token.size() > 16 ? std::string(token.substr(0, 16)) + "..." : std::string(token);
    out += "'";
    return out;
}

std::string_view kind_name(Kind kind) { return kind_names[static_cast<int>(kind)]; }

bool parse_kind(std::string_view text, Kind& out) {
    for (int i = 0; i < kind_count; ++i)
        if (kind_names[i] == text) {
            out = static_cast<Kind>(i);
            return true;
        }
    return false;
}

TokenResult parse_cell_token(const Rules& rules, std::string_view token, int version) {
    if (token == ".") {
        TokenResult r;
        r.ok = true;
        r.value = cell::empty;
        return r;
    }
    return kind_format(rules.kind()).parse_token(token, rules, version);
}

std::string cell_token(Kind kind, std::int32_t value) {
    switch (value) {
    case cell::empty:
        return ".";
    case cell::blocker:
        return "#";
    case cell::hole:
        return "_";
    case cell::random:
        return "?";
    default:
        break;
    }
    const KindFormat& format = kind_format(kind);
    return format.token ? format.token(value) : std::to_string(value);
}

std::string board_row(Kind kind, const Grid& grid, int y) {
    std::string row;
    for (int x = 0; x < grid.width; ++x) {
        if (x) row += ' ';
        row += cell_token(kind, grid.at(x, y));
    }
    return row;
}

std::string layer_row(const Grid& grid, int y) {
    std::string row;
    for (int x = 0; x < grid.width; ++x) {
        if (x) row += ' ';
        row += std::to_string(grid.at(x, y));
    }
    return row;
}

}  // namespace tilelab
