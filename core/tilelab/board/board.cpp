// Cell tokens of the level file per kind, and board rows as the file writes them.
#include "tilelab/board/board.hpp"

#include <charconv>

#include "tilelab/limits.hpp"

namespace tilelab {

namespace {
constexpr std::string_view kind_names[kind_count] = {"match3", "link", "lines", "slide"};

bool parse_int(std::string_view text, std::int64_t& out) {
    if (text.empty() || text.size() > 12) return false;
    for (char ch : text)
        if (ch < '0' || ch > '9') return false;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size();
}

std::string quoted(std::string_view token) {
    std::string out = "'";
    out += token.size() > 16 ? std::string(token.substr(0, 16)) + "..." : std::string(token);
    out += "'";
    return out;
}
}  // namespace

std::string_view kind_name(Kind kind) { return kind_names[static_cast<int>(kind)]; }

bool parse_kind(std::string_view text, Kind& out) {
    for (int i = 0; i < kind_count; ++i)
        if (kind_names[i] == text) {
            out = static_cast<Kind>(i);
            return true;
        }
    return false;
}

namespace {
// A match3 token of format version 2: `Nh`, `Nv`, `Nb`, `*`, `@`, `c1`..`c5`. Returns false when
// the token is none of them (nor looks like one); else fills `r` with the value or an error.
bool parse_match3_v2_token(std::string_view token, int colors, int version, TokenResult& r) {
    std::int64_t n = 0;
    enum class Shape { none, color_bomb, ingredient, crate, special } shape = Shape::none;
    int type = 0;
    if (token == "*") shape = Shape::color_bomb;
    else if (token == "@") shape = Shape::ingredient;
    else if (token.size() >= 2 && token[0] == 'c' && parse_int(token.substr(1), n)) shape = Shape::crate;
    else if (token.size() >= 2 && parse_int(token.substr(0, token.size() - 1), n) && token.back() >= 'a' && token.back() <= 'z') {
        type = token.back() == 'h' ? cell::line_h : token.back() == 'v' ? cell::line_v : token.back() == 'b' ? cell::bomb : 0;
        if (type == 0) {
            if (version < 2) return false;  // the version 1 message lists what is allowed
            r.error = quoted(token) +
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
        r.error = quoted(token) + " (" + what + ") needs format version 2; this file is version " + std::to_string(version) +
                  " (set \"version\": 2)";
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
            r.error = quoted(token) + " is not a crate (a crate has 1.." + std::to_string(cell::max_crate_hp) +
                      " hit points: c1..c" + std::to_string(cell::max_crate_hp) + ")";
            return true;
        }
        r.value = cell::crate(static_cast<int>(n));
        break;
    case Shape::special:
        if (n >= colors) {
            r.error = "colour " + std::to_string(n) + " of the special " + quoted(token) + " is out of range (colors is " +
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
}  // namespace

TokenResult parse_cell_token(Kind kind, std::string_view token, int colors, int version) {
    TokenResult r;
    if (token == ".") {
        r.ok = true;
        r.value = cell::empty;
        return r;
    }
    std::int64_t n = 0;
    switch (kind) {
    case Kind::match3:
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
        if (parse_int(token, n) && n < colors) {
            r.ok = true;
            r.value = static_cast<std::int32_t>(n);
            return r;
        }
        if (parse_int(token, n)) {
            r.error = "colour " + std::string(token) + " is out of range (colors is " + std::to_string(colors) + ")";
            return r;
        }
        if (parse_match3_v2_token(token, colors, version, r)) return r;
        if (version < 2) {
            r.error = quoted(token) + " is not a match3 cell (expected a colour 0.." +
                      std::to_string(colors > 0 ? colors - 1 : 0) + ", ? random, # blocker, _ hole or . empty)";
        } else {
            const std::string last = std::to_string(colors > 0 ? colors - 1 : 0);
            r.error = quoted(token) + " is not a match3 cell (expected a colour 0.." + last + ", a special 0h.." + last +
                      "h, 0v.." + last + "v or 0b.." + last + "b, * colour bomb, @ ingredient, c1..c" +
                      std::to_string(cell::max_crate_hp) + " crate, ? random, # blocker, _ hole or . empty)";
        }
        return r;
    case Kind::link:
        if (token == "#") {
            r.ok = true;
            r.value = cell::blocker;
            return r;
        }
        if (parse_int(token, n) && n >= 1 && n <= limits::max_link_value) {
            r.ok = true;
            r.value = static_cast<std::int32_t>(n);
            return r;
        }
        r.error = quoted(token) + " is not a link cell (expected a value 1.." + std::to_string(limits::max_link_value) +
                  ", # blocker or . empty)";
        return r;
    case Kind::lines:
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
        r.error = quoted(token) + " is not a lines cell (expected one hex digit 1-f, the side mask, or . empty)";
        return r;
    case Kind::slide:
        if (token == "#") {
            r.ok = true;
            r.value = cell::blocker;
            return r;
        }
        if (parse_int(token, n) && n >= 2 && n <= limits::max_tile && (n & (n - 1)) == 0) {
            r.ok = true;
            r.value = static_cast<std::int32_t>(n);
            return r;
        }
        r.error = quoted(token) + " is not a slide cell (expected a power of two from 2, # wall or . empty)";
        return r;
    }
    return r;
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
    if (kind == Kind::match3) {
        if (value == cell::color_bomb) return "*";
        if (value == cell::ingredient) return "@";
        if (cell::is_crate(value)) return "c" + std::to_string(cell::crate_hp(value));
        if (cell::is_special(value)) {
            static constexpr char types[] = " hvb";
            const int type = cell::special_of(value);
            return std::to_string(cell::color_of(value)) + (type >= 1 && type <= 3 ? std::string(1, types[type]) : "?");
        }
    }
    if (kind == Kind::lines) {
        static constexpr char hex[] = "0123456789abcdef";
        return value >= 1 && value <= 15 ? std::string(1, hex[value]) : std::string(".");
    }
    return std::to_string(value);
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
