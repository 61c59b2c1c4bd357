// The canonical writer: keys in the format's order, two-space indent, one board row a line, a
// final newline, the version a level needs (docs/format.md "Canonical writing"); each kind's rules
// and goal through its entry (board/kind_format.hpp).
#include <algorithm>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/io/canonical_json.hpp"
#include "tilelab/io/format_versions.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab {

using ojson = nlohmann::ordered_json;
using format_versions::key_version;
using format_versions::value_version;

ojson seed_to_json(std::uint64_t seed) {
    if (seed <= limits::max_exact_seed) return seed;
    return std::to_string(seed);
}

namespace {

void write_inline(std::string& out, const ojson& v) {
    if (v.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (i) out += ", ";
            write_inline(out, v[i]);
        }
        out += ']';
    } else if (v.is_object()) {
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) out += ", ";
            first = false;
            out += ojson(it.key()).dump();
            out += ": ";
            write_inline(out, it.value());
        }
        out += '}';
    } else {
        out += v.dump(-1, ' ', false, ojson::error_handler_t::replace);
    }
}

// Objects open one key a line; a grid (array of row strings) one row a line; other arrays inline.
void write_block(std::string& out, const ojson& v, int indent, bool grid) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
    if (v.is_object() && !v.empty()) {
        out += "{\n";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) out += ",\n";
            first = false;
            out += inner + ojson(it.key()).dump() + ": ";
            write_block(out, it.value(), indent + 2, false);
        }
        out += "\n" + pad + "}";
    } else if (grid && v.is_array() && !v.empty()) {
        out += "[\n";
        for (std::size_t i = 0; i < v.size(); ++i) {
            out += inner;
            write_inline(out, v[i]);
            out += i + 1 < v.size() ? ",\n" : "\n";
        }
        out += pad + "]";
    } else {
        write_inline(out, v);
    }
}

}  // namespace

std::string write_document(const ojson& doc, const std::vector<std::string>& grid_keys,
                           const std::vector<std::string>& grid_parents) {
    // The top object by hand, so that grids (board, layers.*, pack levels) go one row a line.
    std::string out = "{\n";
    bool first = true;
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (!first) out += ",\n";
        first = false;
        out += "  " + ojson(it.key()).dump() + ": ";
        const bool is_grid = std::find(grid_keys.begin(), grid_keys.end(), it.key()) != grid_keys.end();
        const bool holds_grids = std::find(grid_parents.begin(), grid_parents.end(), it.key()) != grid_parents.end();
        if (holds_grids && it.value().is_object() && !it.value().empty()) {
            out += "{\n";
            bool first_inner = true;
            for (auto g = it.value().begin(); g != it.value().end(); ++g) {
                if (!first_inner) out += ",\n";
                first_inner = false;
                out += "    " + ojson(g.key()).dump() + ": ";
                write_block(out, g.value(), 4, true);
            }
            out += "\n  }";
        } else {
            write_block(out, it.value(), 2, is_grid);
        }
    }
    out += "\n}\n";
    return out;
}

namespace {
// The version a level is written at: its own (the file's, kept by `fmt`; a new level's is the
// newest), raised to the oldest version that holds every key, value and cell token `doc` uses
// (versioned_keys, versioned_values, parse_cell_token), so a writer never writes a file its own
// version forbids. What a version 1 level's migration set is left unwritten (KindFormat::write_v1:
// match3's "specials": false).
int written_version(const Level& level, ojson& doc) {
    int version = std::clamp(level.version, 1, level_format_version);
    if (const auto write_v1 = kind_format(level.kind).write_v1; version < 2 && write_v1) write_v1(level, doc);
    for (const char* section : {"rules", "goal", "layers"}) {
        auto it = doc.find(section);
        if (it == doc.end()) continue;
        for (auto item = it->begin(); item != it->end(); ++item) {
            const std::string key = std::string(section) + "/" + item.key();
            version = std::max({version, key_version(level.kind, key), value_version(level.kind, key, item.value()).first});
        }
    }
    if (version < level_format_version) {
        for (const ojson& row : doc["board"]) {
            const std::string text = row.get<std::string>();
            for (std::size_t at = 0; at < text.size() && version < level_format_version;) {
                const std::size_t end = std::min(text.find(' ', at), text.size());
                while (version < level_format_version &&
                       !parse_cell_token(level.rules, std::string_view(text).substr(at, end - at), version).ok)
                    ++version;
                at = end + 1;
            }
        }
    }
    return version;
}
}  // namespace

ojson level_to_json(const Level& level) {
    ojson doc;
    doc["format"] = "tilelab.level";
    doc["version"] = level_format_version;  // the written version, set once the rest is written
    doc["id"] = level.id;
    doc["name"] = level.name;
    doc["kind"] = std::string(kind_name(level.kind));
    doc["width"] = level.board.width;
    doc["height"] = level.board.height;
    doc["seed"] = seed_to_json(level.seed);

    const KindFormat& format = kind_format(level.kind);
    ojson rules = ojson::object();
    if (format.write_rules) format.write_rules(level, rules);
    if (!rules.empty()) doc["rules"] = rules;

    ojson goal = ojson::object();
    if (level.goal.moves) goal["moves"] = *level.goal.moves;
    if (format.write_goal) format.write_goal(level, goal);
    if (!goal.empty()) doc["goal"] = goal;

    ojson board = ojson::array();
    for (int y = 0; y < level.board.height; ++y) board.push_back(board_row(level.kind, level.board, y));
    doc["board"] = board;
    ojson layers = ojson::object();
    for (const auto& [name, grid] : {std::pair{"jelly", &level.jelly}, std::pair{"lock", &level.lock}}) {
        if (!*grid) continue;
        ojson rows = ojson::array();
        for (int y = 0; y < (*grid)->height; ++y) rows.push_back(layer_row(**grid, y));
        layers[name] = rows;
    }
    if (!layers.empty()) doc["layers"] = layers;
    if (!level.meta.is_null()) doc["meta"] = level.meta;
    doc["version"] = written_version(level, doc);
    return doc;
}

std::string write_level(const Level& level) { return write_document(level_to_json(level), {"board"}, {"layers"}); }

}  // namespace tilelab
