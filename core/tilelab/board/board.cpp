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
