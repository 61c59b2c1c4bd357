// Collapse's cell tokens (docs/collapse.md "Cells").
#include "tilelab/collapse/tokens.hpp"

#include "tilelab/collapse/cells.hpp"

namespace tilelab::collapse {

std::string cell_token(std::int32_t value) {
    switch (value) {
    case rocket_h:
        return "rh";
    case rocket_v:
        return "rv";
    case tnt:
        return "tnt";
    default:
        break;
    }
    if (is_disco(value)) return std::to_string(color_of(value)) + "d";
    return std::to_string(value);
}

TokenResult parse_token(std::string_view token, int colors) {
    TokenResult r;
    auto ok = [&r](std::int32_t v) {
        r.ok = true;
        r.value = v;
        return r;
    };
    if (token == ".") return ok(cell::empty);
    if (token == "#") return ok(cell::blocker);
    if (token == "_") return ok(cell::hole);
    if (token == "?") return ok(cell::random);
    if (token == "rh") return ok(rocket_h);
    if (token == "rv") return ok(rocket_v);
    if (token == "tnt") return ok(tnt);
    const bool is_disco_token = token.size() == 2 && token[1] == 'd';
    if ((token.size() == 1 || is_disco_token) && token[0] >= '0' && token[0] <= '9') {
        const int color = token[0] - '0';
        if (color < colors) return ok(is_disco_token ? disco(color) : color);
    }
    const std::string top = colors > 0 ? std::to_string(colors - 1) : "0";
    r.error = "'" + std::string(token) + "' is not a collapse cell (expected a colour 0.." + top + ", a disco ball 0d.." + top +
              "d, rh, rv, tnt, ?, #, _ or .)";
    return r;
}

}  // namespace tilelab::collapse
