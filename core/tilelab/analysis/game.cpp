// Move strings, names, and the JSON of cells and boards: the kind-agnostic face.
#include "tilelab/analysis/game.hpp"

#include <charconv>

namespace tilelab {

std::string_view direction_name(Direction d) {
    switch (d) {
    case Direction::up:
        return "up";
    case Direction::down:
        return "down";
    case Direction::left:
        return "left";
    case Direction::right:
        return "right";
    }
    return "up";
}

std::string_view verdict_name(Verdict v) {
    switch (v) {
    case Verdict::none:
        return "none";
    case Verdict::solvable:
        return "solvable";
    case Verdict::unsolvable:
        return "unsolvable";
    case Verdict::unknown:
        return "unknown";
    }
    return "none";
}

std::string format_move(const Move& move) {
    if (const auto* p = std::get_if<CellPairMove>(&move))
        return std::to_string(p->a.x) + "," + std::to_string(p->a.y) + ":" + std::to_string(p->b.x) + "," +
               std::to_string(p->b.y);
    if (const auto* s = std::get_if<ShiftMove>(&move)) {
        if (s->axis == ShiftMove::Axis::row) return "row:" + std::to_string(s->index) + (s->step < 0 ? ":left" : ":right");
        return "col:" + std::to_string(s->index) + (s->step < 0 ? ":up" : ":down");
    }
    if (const auto* t = std::get_if<TapMove>(&move)) return std::to_string(t->at.x) + "," + std::to_string(t->at.y);
    return std::string(direction_name(std::get<Direction>(move)));
}

void write_solve_json(const Analysis& analysis, JsonWriter& out) {
    if (!analysis.solved) return;
    out.key("solve").begin_object();
    out.key("verdict").value(verdict_name(analysis.verdict));
    out.key("moves").begin_array();
    for (const Move& m : analysis.solution) out.value(format_move(m));
    out.end_array();
    out.end_object();
}

std::string format_cell(Cell c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")"; }

std::string format_cells(const std::vector<Cell>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) out += " ";
        out += format_cell(cells[i]);
    }
    return out;
}

namespace {
bool parse_small_int(std::string_view text, int& out) {
    if (text.empty() || text.size() > 6) return false;
    bool negative = text[0] == '-';
    std::string_view digits = negative ? text.substr(1) : text;
    if (digits.empty()) return false;
    for (char ch : digits)
        if (ch < '0' || ch > '9') return false;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    if (ec != std::errc() || ptr != digits.data() + digits.size()) return false;
    if (negative) out = -out;
    return true;
}

bool parse_cell_text(std::string_view text, Cell& out) {
    auto comma = text.find(',');
    if (comma == std::string_view::npos) return false;
    return parse_small_int(text.substr(0, comma), out.x) && parse_small_int(text.substr(comma + 1), out.y);
}
}  // namespace

std::optional<Move> parse_cell_pair_move(Kind kind, std::string_view text, std::string& error) {
    auto colon = text.find(':');
    CellPairMove m;
    if (colon == std::string_view::npos || !parse_cell_text(text.substr(0, colon), m.a) ||
        !parse_cell_text(text.substr(colon + 1), m.b)) {
        error = "'" + std::string(text) + "' is not a " + std::string(kind_name(kind)) +
                " move (expected x1,y1:x2,y2, for example 0,0:1,0)";
        return std::nullopt;
    }
    return Move{m};
}

std::optional<Move> parse_shift_move(std::string_view text, std::string& error) {
    ShiftMove m;
    auto first = text.find(':');
    auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    bool ok = second != std::string_view::npos;
    if (ok) {
        std::string_view axis = text.substr(0, first);
        std::string_view index = text.substr(first + 1, second - first - 1);
        std::string_view dir = text.substr(second + 1);
        ok = parse_small_int(index, m.index);
        if (axis == "row" && (dir == "left" || dir == "right")) {
            m.axis = ShiftMove::Axis::row;
            m.step = dir == "left" ? -1 : 1;
        } else if (axis == "col" && (dir == "up" || dir == "down")) {
            m.axis = ShiftMove::Axis::col;
            m.step = dir == "up" ? -1 : 1;
        } else {
            ok = false;
        }
    }
    if (!ok) {
        error = "'" + std::string(text) + "' is not a lines move (expected row:Y:left|right or col:X:up|down)";
        return std::nullopt;
    }
    return Move{m};
}

std::optional<Move> parse_tap_move(Kind kind, std::string_view text, std::string& error) {
    TapMove m;
    if (!parse_cell_text(text, m.at)) {
        error = "'" + std::string(text) + "' is not a " + std::string(kind_name(kind)) + " move (expected x,y, for example 2,3)";
        return std::nullopt;
    }
    return Move{m};
}

std::optional<Move> parse_direction_move(std::string_view text, std::string& error) {
    for (Direction d : all_directions)
        if (direction_name(d) == text) return Move{d};
    error = "'" + std::string(text) + "' is not a slide move (expected up, down, left or right)";
    return std::nullopt;
}

nlohmann::ordered_json cell_json(Cell c) { return nlohmann::ordered_json::array({c.x, c.y}); }

nlohmann::ordered_json cells_json(const std::vector<Cell>& cells) {
    auto out = nlohmann::ordered_json::array();
    for (Cell c : cells) out.push_back(cell_json(c));
    return out;
}

nlohmann::ordered_json board_json(Kind kind, const Board& board) {
    auto rows = nlohmann::ordered_json::array();
    for (int y = 0; y < board.height; ++y) rows.push_back(board_row(kind, board, y));
    return rows;
}

}  // namespace tilelab
