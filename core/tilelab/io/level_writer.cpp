// The canonical writer: keys in the format's order, two-space indent, one board row a line, a
// final newline, the version a level needs (docs/format.md "Canonical writing").
#include <algorithm>

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

bool wants(const Level& level, const std::string& key, bool differs) { return differs || level.present.count(key) > 0; }

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
// version forbids. A version 1 match3 level's "specials": false (its migration) is left unwritten.
int written_version(const Level& level, ojson& doc) {
    int version = std::clamp(level.version, 1, level_format_version);
    if (version < 2 && level.kind == Kind::match3 && !level.rules.specials && doc.contains("rules")) {
        doc["rules"].erase("specials");
        if (doc["rules"].empty()) doc.erase("rules");
    }
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
                       !parse_cell_token(level.kind, std::string_view(text).substr(at, end - at), level.rules.colors, version).ok)
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

    const Rules defaults;
    const Rules& r = level.rules;
    ojson rules = ojson::object();
    switch (level.kind) {
    case Kind::match3:
        rules["colors"] = r.colors;
        if (wants(level, "rules/min_match", r.min_match != defaults.min_match)) rules["min_match"] = r.min_match;
        if (wants(level, "rules/score_per_piece", r.score_per_piece != defaults.score_per_piece))
            rules["score_per_piece"] = r.score_per_piece;
        if (wants(level, "rules/specials", r.specials != defaults.specials)) rules["specials"] = r.specials;
        if (!r.spawn_weights.empty()) rules["spawn_weights"] = r.spawn_weights;
        break;
    case Kind::link:
        if (wants(level, "rules/pair", !(r.pair == defaults.pair))) {
            if (r.pair.rule == Pairing::Rule::equal) rules["pair"] = "equal";
            else rules["pair"] = ojson{{"sum", r.pair.sum}};
        }
        if (wants(level, "rules/max_turns", r.max_turns != defaults.max_turns)) rules["max_turns"] = r.max_turns;
        if (wants(level, "rules/border", r.border != defaults.border)) rules["border"] = r.border;
        break;
    case Kind::lines:
        if (wants(level, "rules/fixed_rows", !r.fixed_rows.empty())) rules["fixed_rows"] = r.fixed_rows;
        if (wants(level, "rules/fixed_cols", !r.fixed_cols.empty())) rules["fixed_cols"] = r.fixed_cols;
        break;
    case Kind::slide:
        if (wants(level, "rules/spawn", r.spawn != defaults.spawn)) {
            ojson spawn = ojson::array();
            for (auto [value, weight] : r.spawn) spawn.push_back(ojson::array({value, weight}));
            rules["spawn"] = spawn;
        }
        if (r.start_tiles) rules["start_tiles"] = *r.start_tiles;
        if (wants(level, "rules/score", r.score != defaults.score))
            rules["score"] = r.score == SlideScore::merged ? "merged" : "pre_merge";
        break;
    }
    if (!rules.empty()) doc["rules"] = rules;

    const Goal gd;
    const Goal& g = level.goal;
    ojson goal = ojson::object();
    if (g.moves) goal["moves"] = *g.moves;
    switch (level.kind) {
    case Kind::match3:
        if (g.score) goal["score"] = *g.score;
        if (wants(level, "goal/jelly", g.jelly != gd.jelly)) goal["jelly"] = g.jelly;
        if (wants(level, "goal/collect", !g.collect.empty())) {
            ojson collect = ojson::array();
            for (const auto& c : g.collect) collect.push_back(ojson{{"color", c.color}, {"count", c.count}});
            goal["collect"] = collect;
        }
        if (wants(level, "goal/crates", g.crates != gd.crates)) goal["crates"] = g.crates;
        if (g.ingredients) goal["ingredients"] = *g.ingredients;
        break;
    case Kind::link:
        if (wants(level, "goal/clear", g.clear != gd.clear)) goal["clear"] = g.clear;
        break;
    case Kind::lines:
        if (g.closed_groups) goal["closed_groups"] = *g.closed_groups;
        if (g.min_group_size) goal["min_group_size"] = *g.min_group_size;
        if (wants(level, "goal/all_closed", g.all_closed != gd.all_closed)) goal["all_closed"] = g.all_closed;
        break;
    case Kind::slide:
        if (wants(level, "goal/target", g.target != gd.target)) goal["target"] = g.target;
        break;
    }
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
