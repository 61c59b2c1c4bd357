// Level and pack files: a reader that reports every problem at once, and the canonical writer.
#include "tilelab/io/level_io.hpp"

#include "tilelab/io/json_checker.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <unordered_set>
#include <system_error>
#include <unordered_map>

#include <unistd.h>

namespace tilelab {

using ojson = nlohmann::ordered_json;

namespace {

// ---- Small helpers ------------------------------------------------------------------------------

// Turns a byte offset into a 1-based line and column (columns count bytes).
void line_column(std::string_view text, std::size_t offset, int& line, int& column) {
    offset = std::min(offset, text.size());
    line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    column = static_cast<int>(offset - line_start) + 1;
}

// nlohmann's recursive parser would overflow the stack on absurd nesting: refuse it first.
bool check_depth(std::string_view text, const std::string& file, Diagnostics& out) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char ch = text[i];
        if (in_string) {
            if (ch == '\\') ++i;
            else if (ch == '"') in_string = false;
            continue;
        }
        if (ch == '"') in_string = true;
        else if (ch == '[' || ch == '{') {
            if (++depth > limits::max_json_depth) {
                Diagnostic d;
                d.file = file;
                line_column(text, i, d.line, d.column);
                d.message = "nesting is deeper than " + std::to_string(limits::max_json_depth) + " levels";
                out.push_back(std::move(d));
                return false;
            }
        } else if (ch == ']' || ch == '}') {
            --depth;
        }
    }
    return true;
}

// A byte iterator that tells where the JSON lexer has read to: nlohmann's SAX events carry no
// position, so the handler reads `*reached` to place duplicate keys.
struct CountingIterator {
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;
    const char* p = nullptr;
    const char** reached = nullptr;
    reference operator*() const { return *p; }
    CountingIterator& operator++() {
        ++p;
        *reached = p;
        return *this;
    }
    CountingIterator operator++(int) {
        CountingIterator old = *this;
        ++*this;
        return old;
    }
    friend bool operator==(const CountingIterator& a, const CountingIterator& b) { return a.p == b.p; }
};

// Builds the document from nlohmann's SAX events, refusing duplicate keys (with both places) and
// turning every error nlohmann reports (syntax, invalid UTF-8, control characters, a number out of
// double range) into a located diagnostic instead of an exception.
class DocumentBuilder {
public:
    DocumentBuilder(std::string_view text, const std::string& file, Diagnostics& out, const char** reached)
        : text_(text), file_(file), out_(out), reached_(reached) {}

    ojson root;
    bool failed = false;

    bool null() { return value(nullptr); }
    bool boolean(bool v) { return value(v); }
    bool number_integer(ojson::number_integer_t v) { return value(v); }
    bool number_unsigned(ojson::number_unsigned_t v) { return value(v); }
    bool number_float(ojson::number_float_t v, const std::string&) { return value(v); }
    bool string(std::string& v) { return value(std::move(v)); }
    bool binary(ojson::binary_t& v) { return value(ojson::binary(std::move(v))); }
    bool start_object(std::size_t) { return open(ojson::object()); }
    bool start_array(std::size_t) { return open(ojson::array()); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }

    bool key(std::string& k) {
        // The lexer has just read the key's closing quote: find its opening one.
        std::size_t end = static_cast<std::size_t>(*reached_ - text_.data());
        std::size_t start = key_start(end);
        Frame& frame = stack_.back();
        auto seen = frame.keys.find(k);
        if (seen != frame.keys.end()) {
            int first_line = 0, first_column = 0;
            line_column(text_, seen->second, first_line, first_column);
            error_at(start, "duplicate key " + show_key(k) + " (first at line " + std::to_string(first_line) +
                                ", column " + std::to_string(first_column) + ")");
        } else {
            frame.keys.emplace(k, start);
        }
        frame.key = std::move(k);
        return true;
    }

    bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& e) {
        failed = true;
        std::string what = e.what();
        std::string message;
        std::size_t offset = position > 0 ? position - 1 : 0;
        if (e.id == 406) {
            // out_of_range.406: "number overflow parsing '1e400'"; position is just past the number.
            std::size_t length = std::min(last_token.size(), position);
            offset = position - length;
            message = "the number " + shorten(last_token) + " is out of range (beyond a double)";
        } else {
            // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error while
            //  parsing object key - invalid literal; last read: '{x'; expected string literal"
            auto dash = what.find(" - ");
            message = dash == std::string::npos ? what : what.substr(dash + 3);
            auto last_read = message.find("; last read: ");
            if (last_read != std::string::npos) {
                auto next = message.find("; ", last_read + 2);
                message = message.substr(0, last_read) + (next == std::string::npos ? "" : message.substr(next));
            }
            if (message.rfind("unexpected end of input", 0) == 0)
                message = "the file ends too early" + message.substr(23);
            if (message.rfind("[json.exception.", 0) == 0) {
                auto close = message.find("] ");
                if (close != std::string::npos) message = message.substr(close + 2);
            }
            if (message.rfind("invalid BOM", 0) == 0) offset = 0;
            // Name a non-ASCII byte nlohmann stopped at outside a string.
            if (offset < text_.size() && message.find("UTF-8") == std::string::npos) {
                unsigned char byte = static_cast<unsigned char>(text_[offset]);
                if (byte >= 0x80) {
                    static const char* const hex = "0123456789ABCDEF";
                    message = std::string("unexpected byte 0x") + hex[byte >> 4] + hex[byte & 15] + ": " + message;
                    if (offset == 0 && text_.size() >= 2 &&
                        ((byte == 0xFF && static_cast<unsigned char>(text_[1]) == 0xFE) ||
                         (byte == 0xFE && static_cast<unsigned char>(text_[1]) == 0xFF)))
                        message += " (the file looks like UTF-16; tilelab reads UTF-8)";
                }
            }
        }
        error_at(offset, message);
        return false;
    }

private:
    struct Frame {
        ojson* value;
        std::string key;
        std::unordered_map<std::string, std::size_t> keys;  // key -> offset of its opening quote
    };

    static std::string shorten(const std::string& s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

    std::size_t key_start(std::size_t end) const {
        // text_[end - 1] is the closing quote; a quote is the opening one when an even number of
        // backslashes precede it.
        if (end < 2 || end > text_.size()) return end > 0 ? end - 1 : 0;
        for (std::size_t i = end - 1; i-- > 0;) {
            if (text_[i] != '"') continue;
            std::size_t slashes = 0;
            for (std::size_t j = i; j > 0 && text_[j - 1] == '\\'; --j) ++slashes;
            if (slashes % 2 == 0) return i;
        }
        return 0;
    }

    void error_at(std::size_t offset, std::string message) {
        failed = true;
        Diagnostic d;
        d.file = file_;
        line_column(text_, offset, d.line, d.column);
        d.message = std::move(message);
        out_.push_back(std::move(d));
    }

    ojson* place(ojson&& v) {
        if (stack_.empty()) {
            root = std::move(v);
            return &root;
        }
        ojson& parent = *stack_.back().value;
        if (parent.is_array()) {
            parent.push_back(std::move(v));
            return &parent.back();
        }
        ojson& slot = parent[stack_.back().key];
        slot = std::move(v);
        return &slot;
    }
    bool value(ojson&& v) {
        place(std::move(v));
        return true;
    }
    bool open(ojson&& v) {
        ojson* where = place(std::move(v));
        stack_.push_back(Frame{where, {}, {}});
        return true;
    }
    bool close() {
        if (!stack_.empty()) stack_.pop_back();
        return true;
    }

    std::string_view text_;
    const std::string& file_;
    Diagnostics& out_;
    const char** reached_;
    std::vector<Frame> stack_;
};

// Parses JSON text; every problem becomes "file:line:col: error: ..." and the result is nullopt.
// A UTF-8 byte order mark is skipped with a warning (canonical files have none).
std::optional<ojson> parse_json_text(std::string_view text, const std::string& file, Diagnostics& out) {
    if (!check_depth(text, file, out)) return std::nullopt;
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") {
        Diagnostic d;
        d.severity = Diagnostic::Severity::warning;
        d.file = file;
        d.line = 1;
        d.column = 1;
        d.message = "the file starts with a byte order mark (U+FEFF), ignored; tilelab fmt removes it";
        d.rule = "format.bom";
        out.push_back(std::move(d));
    }
    // nlohmann takes a raw NUL for the end of the input (and would accept a document followed by
    // NULs, as a torn write leaves): refuse any NUL byte first, where it is.
    if (auto nul = text.find('\0'); nul != std::string_view::npos) {
        Diagnostic d;
        d.file = file;
        line_column(text, nul, d.line, d.column);
        d.message = "a NUL byte (JSON text may not contain one; is the file damaged?)";
        out.push_back(std::move(d));
        return std::nullopt;
    }
    const char* reached = text.data();
    DocumentBuilder builder(text, file, out, &reached);
    CountingIterator first{text.data(), &reached};
    CountingIterator last{text.data() + text.size(), &reached};
    try {
        ojson::sax_parse(first, last, &builder);
    } catch (const std::exception& e) {
        // Nothing nlohmann reports should get here; if something does, it is still located.
        Diagnostic d;
        d.file = file;
        line_column(text, static_cast<std::size_t>(reached - text.data()), d.line, d.column);
        d.message = std::string("cannot read this JSON: ") + e.what();
        out.push_back(std::move(d));
        return std::nullopt;
    }
    if (builder.failed) return std::nullopt;
    return std::move(builder.root);
}

using Checker = JsonChecker;

const std::vector<std::string> level_keys = {"format", "version", "id",   "name",   "kind", "width", "height",
                                             "seed",   "rules",   "goal", "board", "layers", "meta"};

// Rules and goal keys per kind, in the canonical order of the contract.
const std::vector<std::string>& rule_keys(Kind kind) {
    static const std::vector<std::string> keys[kind_count] = {
        {"colors", "min_match", "score_per_piece", "specials", "spawn_weights"},
        {"pair", "max_turns", "border"},
        {"fixed_rows", "fixed_cols"},
        {"spawn", "start_tiles", "score"},
    };
    return keys[static_cast<int>(kind)];
}

const std::vector<std::string>& goal_keys(Kind kind) {
    static const std::vector<std::string> keys[kind_count] = {
        {"moves", "score", "jelly", "collect", "crates", "ingredients"},
        {"moves", "clear"},
        {"moves", "closed_groups", "min_group_size", "all_closed"},
        {"moves", "target"},
    };
    return keys[static_cast<int>(kind)];
}

// "min_match is a match3 rule, not a link rule": a key of another kind is explained as such.
std::function<std::string(const std::string&)> other_kind_explainer(Kind kind, bool rules) {
    return [kind, rules](const std::string& key) -> std::string {
        for (int k = 0; k < kind_count; ++k) {
            if (k == static_cast<int>(kind)) continue;
            const auto& keys = rules ? rule_keys(static_cast<Kind>(k)) : goal_keys(static_cast<Kind>(k));
            if (std::find(keys.begin(), keys.end(), key) != keys.end())
                return "'" + key + "' is a " + std::string(kind_name(static_cast<Kind>(k))) + (rules ? " rule" : " goal") +
                       ", not a " + std::string(kind_name(kind)) + " one";
        }
        return {};
    };
}

// What each format version added, one line an item (docs/format.md "Versions and migration"):
// a key of the rules, goal or layers, or a value of a key that an older version already had. In a
// file of an older version each is an error saying which version it needs; the writer writes the
// version a level needs (written_version). Adding a key to a version is one line here.
struct VersionedKey {
    Kind kind;
    const char* key;  // "rules/specials", "goal/crates", "layers/lock"
    int version;      // the version that added it
};
const VersionedKey versioned_keys[] = {
    {Kind::match3, "rules/specials", 2}, {Kind::match3, "rules/spawn_weights", 2}, {Kind::match3, "goal/crates", 2},
    {Kind::match3, "goal/ingredients", 2}, {Kind::match3, "layers/lock", 2},
};
struct VersionedValue {
    Kind kind;
    const char* key;
    int version;
    const char* what;                  // for the message: "an empty spawn table (no spawns)"
    bool (*uses)(const ojson& value);  // the value is the one the version added
};
const VersionedValue versioned_values[] = {
    {Kind::slide, "rules/spawn", 3, "an empty spawn table (no spawns)",
     [](const ojson& v) { return v.is_array() && v.empty(); }},
};

// The version that added `key` ("rules/specials") for the kind: 1 when it was always there.
int key_version(Kind kind, const std::string& key) {
    for (const VersionedKey& k : versioned_keys)
        if (k.kind == kind && key == k.key) return k.version;
    return 1;
}
// The version a key's value needs (1 when every version has it), and what the value is.
std::pair<int, const char*> value_version(Kind kind, const std::string& key, const ojson& value) {
    for (const VersionedValue& v : versioned_values)
        if (v.kind == kind && key == v.key && v.uses(value)) return {v.version, v.what};
    return {1, nullptr};
}
std::string needs_version(const std::string& what, int needed, int version) {
    return what + " needs format version " + std::to_string(needed) + "; this file is version " + std::to_string(version) +
           " (set \"version\": " + std::to_string(needed) + ")";
}
// A key of a version newer than the file's: "'crates' needs format version 2; this file is ...".
void check_key_version(Checker& check, Kind kind, const std::string& section, const std::string& key,
                       const ojson& value, const std::string& pointer, int version) {
    if (const int since = key_version(kind, section + "/" + key); since > version)
        check.error(pointer, needs_version("'" + key + "'", since, version));
    else if (const auto [needed, what] = value_version(kind, section + "/" + key, value); needed > version)
        check.error(pointer, needs_version(std::string(what), needed, version));
}

// "a crate", "an empty cell": what a match3 cell holds, for messages.
std::string describe_match3_cell(std::int32_t c) {
    if (cell::is_crate(c)) return "a crate (c" + std::to_string(cell::crate_hp(c)) + ")";
    switch (c) {
    case cell::empty: return "an empty cell (.)";
    case cell::blocker: return "a blocker (#)";
    case cell::hole: return "a hole (_)";
    case cell::random: return "a random piece (?)";
    case cell::ingredient: return "an ingredient (@)";
    case cell::color_bomb: return "a colour bomb (*)";
    default: return cell::is_special(c) ? "a special piece" : "a piece";
    }
}

bool is_power_of_two(std::int64_t n) { return n >= 2 && (n & (n - 1)) == 0; }

// Splits a board row into its cell tokens; false when the spacing is not single spaces.
bool split_row(const std::string& row, std::vector<std::string>& tokens) {
    tokens.clear();
    std::string current;
    bool ok = true;
    for (char ch : row) {
        if (ch == ' ') {
            if (current.empty()) ok = false;
            else tokens.push_back(std::move(current));
            current.clear();
        } else if (ch == '\t' || ch == '\n' || ch == '\r') {
            ok = false;
            if (!current.empty()) tokens.push_back(std::move(current));
            current.clear();
        } else {
            current += ch;
        }
    }
    if (!current.empty()) tokens.push_back(std::move(current));
    else if (!row.empty()) ok = false;
    return ok;
}

// Reads a grid of `height` rows of `width` tokens; `cell_of` turns one token into a value or an error.
std::optional<Grid> read_grid(Checker& check, const ojson& v, const std::string& pointer, int width, int height,
                              const std::function<TokenResult(const std::string&)>& cell_of, const char* what) {
    if (!v.is_array()) {
        check.error(pointer, std::string(what) + " must be an array of row strings, not " + json_type_name(v));
        return std::nullopt;
    }
    int before = check.errors();
    if (static_cast<int>(v.size()) != height)
        check.error(pointer, std::string(what) + " has " + std::to_string(v.size()) + " rows, height is " +
                                 std::to_string(height));
    Grid grid(width, height);
    std::vector<std::string> tokens;
    for (std::size_t y = 0; y < v.size(); ++y) {
        std::string row_pointer = pointer + "/" + std::to_string(y);
        if (!v[y].is_string()) {
            check.error(row_pointer, "a row must be a string of cells separated by spaces, not " + json_type_name(v[y]));
            continue;
        }
        if (!split_row(v[y].get<std::string>(), tokens))
            check.error(row_pointer, "cells must be separated by single spaces");
        if (static_cast<int>(tokens.size()) != width) {
            check.error(row_pointer, "row has " + std::to_string(tokens.size()) + " cells, width is " +
                                         std::to_string(width));
            continue;
        }
        if (static_cast<int>(y) >= height) continue;
        int bad_tokens = 0;
        for (int x = 0; x < width; ++x) {
            TokenResult r = cell_of(tokens[static_cast<std::size_t>(x)]);
            if (r.ok) {
                grid.at(x, static_cast<int>(y)) = r.value;
            } else if (++bad_tokens <= 8) {  // a row of garbage says so eight times, not 256
                check.error(row_pointer, "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): " + r.error);
            }
        }
        if (bad_tokens > 8)
            check.error(row_pointer, std::to_string(bad_tokens - 8) + " more bad cells in this row");
    }
    if (check.errors() != before) return std::nullopt;
    return grid;
}

void read_rules(Checker& check, const ojson& rules, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/rules";
    if (!rules.is_object()) {
        check.error(p, "rules must be an object, not " + json_type_name(rules));
        return;
    }
    check.unknown_keys(rules, p, rule_keys(level.kind), other_kind_explainer(level.kind, true));
    for (auto it = rules.begin(); it != rules.end(); ++it) {
        level.present.insert("rules/" + it.key());
        check_key_version(check, level.kind, "rules", it.key(), it.value(), p + "/" + escape_pointer_token(it.key()), version);
    }
    Rules& r = level.rules;
    switch (level.kind) {
    case Kind::match3:
        if (auto v = check.find(rules, "colors")) {
            if (auto n = check.integer(*v, p + "/colors", limits::min_colors, limits::max_colors, "colors")) r.colors = static_cast<int>(*n);
        }
        if (auto v = check.find(rules, "min_match")) {
            if (auto n = check.integer(*v, p + "/min_match", limits::min_min_match, limits::max_min_match, "min_match")) r.min_match = static_cast<int>(*n);
        }
        if (auto v = check.find(rules, "score_per_piece")) {
            if (auto n = check.integer(*v, p + "/score_per_piece", 0, limits::max_score_per_piece, "score_per_piece"))
                r.score_per_piece = static_cast<int>(*n);
        }
        if (version < 2) break;
        if (auto v = check.find(rules, "specials")) {
            if (auto b = check.boolean(*v, p + "/specials", "specials")) r.specials = *b;
        }
        if (auto v = check.find(rules, "spawn_weights")) {
            const std::string wp = p + "/spawn_weights";
            if (!v->is_array()) {
                check.error(wp, "spawn_weights must be an array of one weight per colour, not " + json_type_name(*v));
                break;
            }
            if (r.colors > 0 && static_cast<int>(v->size()) != r.colors)
                check.error(wp, "spawn_weights has " + std::to_string(v->size()) + (v->size() == 1 ? " weight" : " weights") +
                                    ", colors is " + std::to_string(r.colors) + " (one weight per colour)");
            std::vector<int> weights;
            bool ok = true;
            for (std::size_t i = 0; i < v->size(); ++i) {
                auto n = check.integer((*v)[i], wp + "/" + std::to_string(i), 0, limits::max_spawn_weight, "the weight");
                if (n) weights.push_back(static_cast<int>(*n));
                else ok = false;
            }
            if (ok && !weights.empty() && std::all_of(weights.begin(), weights.end(), [](int w) { return w == 0; }))
                check.error(wp, "every weight is 0: at least one colour must have a weight above 0");
            if (ok && (r.colors == 0 || static_cast<int>(weights.size()) == r.colors)) r.spawn_weights = std::move(weights);
        }
        break;
    case Kind::link:
        if (auto v = check.find(rules, "pair")) {
            if (v->is_string() && v->get<std::string>() == "equal") {
                r.pair = Pairing{};
            } else if (v->is_object() && v->size() == 1 && v->contains("sum")) {
                if (auto n = check.integer(v->at("sum"), p + "/pair/sum", limits::min_pair_sum, limits::max_pair_sum, "the pairing sum"))
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
        break;
    case Kind::lines: {
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
                else
                    out.push_back(static_cast<int>(*n));
            }
        };
        read_indexes("fixed_rows", level.board.height, r.fixed_rows);
        read_indexes("fixed_cols", level.board.width, r.fixed_cols);
        break;
    }
    case Kind::slide:
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
                    else if (value && weight)
                        r.spawn.emplace_back(static_cast<int>(*value), static_cast<int>(*weight));
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
        break;
    }
}

void read_goal(Checker& check, const ojson& goal, Level& level, const std::string& pointer, int version) {
    const std::string p = pointer + "/goal";
    if (!goal.is_object()) {
        check.error(p, "goal must be an object, not " + json_type_name(goal));
        return;
    }
    check.unknown_keys(goal, p, goal_keys(level.kind), other_kind_explainer(level.kind, false));
    for (auto it = goal.begin(); it != goal.end(); ++it) {
        level.present.insert("goal/" + it.key());
        check_key_version(check, level.kind, "goal", it.key(), it.value(), p + "/" + escape_pointer_token(it.key()), version);
    }
    Goal& g = level.goal;
    if (auto v = check.find(goal, "moves")) {
        if (auto n = check.integer(*v, p + "/moves", 1, limits::max_moves, "moves")) g.moves = static_cast<int>(*n);
    }
    const int cells = level.board.width * level.board.height;
    switch (level.kind) {
    case Kind::match3:
        if (auto v = check.find(goal, "score")) {
            if (auto n = check.integer(*v, p + "/score", 0, limits::max_score_goal, "score")) g.score = *n;
        }
        if (auto v = check.find(goal, "jelly")) {
            if (auto b = check.boolean(*v, p + "/jelly", "jelly")) g.jelly = *b;
        }
        if (version >= 2) {
            if (auto v = check.find(goal, "crates")) {
                if (auto b = check.boolean(*v, p + "/crates", "crates")) g.crates = *b;
            }
            // At most the number of ingredients on the board: checked once the board is read.
            if (auto v = check.find(goal, "ingredients")) {
                if (auto n = check.integer(*v, p + "/ingredients", 1, std::max(cells, 1), "ingredients"))
                    g.ingredients = static_cast<int>(*n);
            }
        }
        if (auto v = check.find(goal, "collect")) {
            std::string cp = p + "/collect";
            if (!v->is_array()) {
                check.error(cp, "collect must be an array of {\"color\": c, \"count\": n}");
                break;
            }
            for (std::size_t i = 0; i < v->size(); ++i) {
                const ojson& item = (*v)[i];
                std::string ip = cp + "/" + std::to_string(i);
                if (!item.is_object()) {
                    check.error(ip, "a collect entry is {\"color\": c, \"count\": n}, not " + json_type_name(item));
                    continue;
                }
                check.unknown_keys(item, ip, {"color", "count"});
                CollectGoal c;
                bool ok = true;
                if (auto cv = check.find(item, "color")) {
                    auto n = check.integer(*cv, ip + "/color", 0, limits::max_colors - 1, "color");
                    if (n && *n >= level.rules.colors && level.rules.colors > 0) {
                        check.error(ip + "/color", "colour " + std::to_string(*n) + " is out of range (colors is " +
                                                       std::to_string(level.rules.colors) + ")");
                        ok = false;
                    }
                    ok = ok && n.has_value();
                    if (n) c.color = static_cast<int>(*n);
                } else {
                    check.error(ip, "missing \"color\"");
                    ok = false;
                }
                if (auto cv = check.find(item, "count")) {
                    auto n = check.integer(*cv, ip + "/count", 1, limits::max_collect_count, "count");
                    ok = ok && n.has_value();
                    if (n) c.count = static_cast<int>(*n);
                } else {
                    check.error(ip, "missing \"count\"");
                    ok = false;
                }
                if (ok) g.collect.push_back(c);
            }
        }
        break;
    case Kind::link:
        if (auto v = check.find(goal, "clear")) {
            if (auto b = check.boolean(*v, p + "/clear", "clear")) g.clear = *b;
        }
        break;
    case Kind::lines:
        if (auto v = check.find(goal, "closed_groups")) {
            if (auto n = check.integer(*v, p + "/closed_groups", 1, cells, "closed_groups"))
                g.closed_groups = static_cast<int>(*n);
        }
        if (auto v = check.find(goal, "min_group_size")) {
            if (auto n = check.integer(*v, p + "/min_group_size", 1, cells, "min_group_size"))
                g.min_group_size = static_cast<int>(*n);
        }
        if (auto v = check.find(goal, "all_closed")) {
            if (auto b = check.boolean(*v, p + "/all_closed", "all_closed")) g.all_closed = *b;
        }
        break;
    case Kind::slide:
        if (auto v = check.find(goal, "target")) {
            auto n = check.integer(*v, p + "/target", limits::min_target, limits::max_target, "target");
            if (n && !is_power_of_two(*n))
                check.error(p + "/target", "target " + std::to_string(*n) + " is not a power of two");
            else if (n)
                g.target = static_cast<int>(*n);
        }
        break;
    }
}

}  // namespace

// ---- Migration ------------------------------------------------------------------------------------

namespace {
// The file's "version": 1..level_format_version, or nullopt after an error saying what this reader reads.
std::optional<int> read_version(Checker& check, const ojson& value, const std::string& pointer) {
    auto it = value.find("version");
    if (it == value.end()) {
        check.error(pointer, "missing \"version\" (this tilelab writes version " + std::to_string(level_format_version) + ")");
        return std::nullopt;
    }
    auto version = check.integer(*it, pointer + "/version", 1, 1000000, "version");
    if (!version) return std::nullopt;
    if (*version > level_format_version) {
        check.error(pointer + "/version", "version " + std::to_string(*version) +
                                              " is newer than this tilelab reads (up to version " +
                                              std::to_string(level_format_version) + "): update tilelab");
        return std::nullopt;
    }
    return static_cast<int>(*version);
}
}  // namespace

bool migrate_level_json(ojson& value, const std::string& file, const std::string& pointer, Diagnostics& diagnostics) {
    Checker check(file, diagnostics);
    auto version = read_version(check, value, pointer);
    if (!version) return false;
    // Each step upgrades a file by one version.
    if (*version == 1) {
        // Version 2: a match3 level of version 1 plays exactly as before with "specials": false.
        auto kind = value.find("kind");
        auto rules = value.find("rules");
        if (kind != value.end() && *kind == "match3" && rules != value.end() && rules->is_object() && !rules->contains("specials"))
            (*rules)["specials"] = false;
        value["version"] = 2;
        version = 2;
    }
    // Version 3 only adds keys and values (an empty slide spawn table): a version 2 file is one.
    if (*version == 2) value["version"] = 3;
    return true;
}

// ---- Seeds ----------------------------------------------------------------------------------------

ojson seed_to_json(std::uint64_t seed) {
    if (seed <= limits::max_exact_seed) return seed;
    return std::to_string(seed);
}

std::optional<std::uint64_t> parse_seed_text(std::string_view text) {
    if (text.empty() || text.size() > 20) return std::nullopt;
    std::uint64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (UINT64_MAX - digit) / 10) return std::nullopt;
        value = value * 10 + digit;
    }
    return value;
}

// ---- Levels ---------------------------------------------------------------------------------------

namespace {
LevelLoad read_level_json(const ojson& input, const std::string& file, const std::string& pointer) {
    LevelLoad result;
    Checker check(file, result.diagnostics);
    if (!input.is_object()) {
        check.error(pointer, "a level is a JSON object, not " + json_type_name(input));
        return result;
    }
    auto format = input.find("format");
    if (format == input.end()) {
        check.error(pointer, "missing \"format\": \"tilelab.level\" (is this a tilelab level?)");
        return result;
    }
    if (!format->is_string() || format->get<std::string>() != "tilelab.level") {
        std::string got = format->is_string() ? format->get<std::string>() : json_type_name(*format);
        std::string hint = got == "tilelab.pack" || got == "tilelab.bundle" ? " (this is a " + got.substr(8) + ", not a level)" : "";
        check.error(pointer + "/format", "format is '" + got + "', expected 'tilelab.level'" + hint);
        return result;
    }
    // A version 1 file is read as version 1 (a key or token of version 2 in it is an error) and
    // migrated below, once read (migrate_level_json does the same to JSON).
    const std::optional<int> file_version = read_version(check, input, pointer);
    if (!file_version) return result;
    const int version = *file_version;
    const ojson& value = input;

    Level level;
    check.unknown_keys(value, pointer, level_keys);

    auto required = [&](const char* key) -> const ojson* {
        auto v = check.find(value, key);
        if (!v) check.error(pointer, std::string("missing \"") + key + "\"");
        return v;
    };
    if (auto v = required("id")) {
        if (auto s = check.string(*v, pointer + "/id", "id")) {
            if (s->empty()) check.error(pointer + "/id", "id must not be empty");
            level.id = *s;
        }
    }
    if (auto v = required("name")) {
        if (auto s = check.string(*v, pointer + "/name", "name")) level.name = *s;
    }
    bool kind_ok = false;
    if (auto v = required("kind")) {
        if (auto s = check.string(*v, pointer + "/kind", "kind")) {
            kind_ok = parse_kind(*s, level.kind);
            if (!kind_ok) {
                std::string msg = "unknown kind " + show_key(*s) + " (expected match3, link, lines or slide";
                std::string nearest = nearest_word(*s, {"match3", "link", "lines", "slide"});
                msg += nearest.empty() ? ")" : "; did you mean '" + nearest + "'?)";
                check.error(pointer + "/kind", msg);
            }
        }
    }
    int width = 0, height = 0;
    if (auto v = required("width")) {
        if (auto n = check.integer(*v, pointer + "/width", 1, max_board_side, "width")) width = static_cast<int>(*n);
    }
    if (auto v = required("height")) {
        if (auto n = check.integer(*v, pointer + "/height", 1, max_board_side, "height")) height = static_cast<int>(*n);
    }
    if (auto v = check.find(value, "seed")) {
        if (v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0)) {
            level.seed = v->get<std::uint64_t>();
        } else if (v->is_string()) {
            if (auto seed = parse_seed_text(v->get<std::string>())) level.seed = *seed;
            else check.error(pointer + "/seed", "seed \"" + v->get<std::string>() +
                                                    "\" is not a decimal integer from 0 to 18446744073709551615");
        } else {
            check.error(pointer + "/seed", "seed must be an integer from 0 to 2^64-1, not " +
                                               (v->is_number_integer() ? std::string("negative") : json_type_name(*v)));
        }
    }
    // Without a kind and a size the board cannot be read; everything else is still checked.
    const bool shape_ok = kind_ok && width > 0 && height > 0;
    level.board = Grid(std::max(width, 0), std::max(height, 0));
    if (kind_ok) {
        if (auto v = check.find(value, "rules")) read_rules(check, *v, level, pointer, version);
        if (level.kind == Kind::match3 && level.rules.colors == 0) {
            auto v = check.find(value, "rules");
            if (!v || (v->is_object() && !v->contains("colors")))
                check.error(pointer + (v ? "/rules" : ""), "a match3 level needs rules.colors (" + std::to_string(limits::min_colors) + ".." + std::to_string(limits::max_colors) + ")");
        }
        if (auto v = check.find(value, "goal")) read_goal(check, *v, level, pointer, version);
    }
    bool board_ok = false;
    if (auto v = required("board"); v && shape_ok) {
        const Kind kind = level.kind;
        const int colors = level.rules.colors;
        auto grid = read_grid(check, *v, pointer + "/board", width, height,
                              [&](const std::string& token) { return parse_cell_token(kind, token, colors, version); }, "board");
        if (grid) level.board = std::move(*grid);
        board_ok = grid.has_value();
    }
    if (auto v = check.find(value, "layers")) {
        std::string lp = pointer + "/layers";
        if (!v->is_object()) {
            check.error(lp, "layers must be an object of named grids, not " + json_type_name(*v));
        } else {
            check.unknown_keys(*v, lp, {"jelly", "lock"});
            if (auto jelly = check.find(*v, "jelly"); jelly && shape_ok) {
                if (level.kind != Kind::match3) {
                    check.error(lp + "/jelly", "jelly is a match3 layer, not a " + std::string(kind_name(level.kind)) + " one");
                } else {
                    auto grid = read_grid(check, *jelly, lp + "/jelly", width, height,
                                          [](const std::string& token) {
                                              TokenResult r;
                                              static_assert(limits::max_jelly_layers == 999, "three digits");
                                              if (!token.empty() && token.size() <= 3 &&
                                                  std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                                                  r.ok = true;
                                                  r.value = std::stoi(token);
                                              } else {
                                                  r.error = "'" + token.substr(0, 16) + "' is not a number of jelly layers (0.." + std::to_string(limits::max_jelly_layers) + ")";
                                              }
                                              return r;
                                          },
                                          "jelly");
                    if (grid) {
                        for (int y = 0; y < height; ++y)
                            for (int x = 0; x < width; ++x)
                                if (grid->at(x, y) > 0 && level.board.at(x, y) == cell::hole)
                                    check.error(lp + "/jelly/" + std::to_string(y),
                                                "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): jelly on a hole");
                        level.jelly = std::move(*grid);
                    }
                }
            }
            if (auto lock = check.find(*v, "lock"); lock && shape_ok) {
                if (level.kind != Kind::match3) {
                    check.error(lp + "/lock", "lock is a match3 layer, not a " + std::string(kind_name(level.kind)) + " one");
                } else if (const int since = key_version(level.kind, "layers/lock"); since > version) {
                    check.error(lp + "/lock", needs_version("'lock'", since, version));
                } else {
                    auto grid = read_grid(check, *lock, lp + "/lock", width, height,
                                          [](const std::string& token) {
                                              TokenResult r;
                                              if (token == "0" || token == "1") {
                                                  r.ok = true;
                                                  r.value = token[0] - '0';
                                              } else {
                                                  r.error = "'" + token.substr(0, 16) + "' is not a lock value (0 or 1)";
                                              }
                                              return r;
                                          },
                                          "lock");
                    if (grid && board_ok) {
                        for (int y = 0; y < height; ++y)
                            for (int x = 0; x < width; ++x) {
                                const std::int32_t c = level.board.at(x, y);
                                if (grid->at(x, y) == 0 || cell::is_value(c) || c == cell::color_bomb) continue;
                                check.error(lp + "/lock/" + std::to_string(y),
                                            "cell (" + std::to_string(x) + ", " + std::to_string(y) + "): a lock on " +
                                                describe_match3_cell(c) + "; a lock goes on a piece, special or colour bomb");
                            }
                    }
                    if (grid) level.lock = std::move(*grid);
                }
            }
        }
    }
    if (auto v = check.find(value, "meta")) level.meta = *v;

    if (level.kind == Kind::match3 && level.goal.jelly && !level.jelly)
        check.error(pointer + "/goal/jelly", "the goal is to clear jelly, but the level has no jelly layer");
    if (level.kind == Kind::match3 && board_ok) {
        const auto& cells = level.board.cells;
        if (level.goal.crates && std::none_of(cells.begin(), cells.end(), cell::is_crate))
            check.error(pointer + "/goal/crates", "the goal is to clear crates, but the board has no crate");
        if (level.goal.ingredients) {
            const auto on_board = std::count(cells.begin(), cells.end(), cell::ingredient);
            if (*level.goal.ingredients > on_board)
                check.error(pointer + "/goal/ingredients",
                            "the goal is to collect " + std::to_string(*level.goal.ingredients) + " ingredients, but the board has " +
                                (on_board == 0 ? std::string("no ingredient (@)") : "only " + std::to_string(on_board) + " (@)"));
        }
    }

    if (check.errors() == 0) {
        // Migration in memory: a version 1 match3 level plays as "specials": false, exactly as
        // before. The level keeps its file's version: the writer writes it back as it was
        // (written_version), `fmt --upgrade` sets the newest.
        if (version < 2 && level.kind == Kind::match3) {
            level.rules.specials = false;
            level.present.insert("rules/specials");
        }
        level.version = version;
        result.level = std::move(level);
    }
    return result;
}

}  // namespace

// Never throws: a problem the checks above missed still becomes a diagnostic, not an exception
// in the caller (the editor, a runtime).
LevelLoad level_from_json(const ojson& input, const std::string& file, const std::string& pointer) {
    try {
        return read_level_json(input, file, pointer);
    } catch (const std::exception& e) {
        LevelLoad result;
        Diagnostic d;
        d.file = file;
        d.pointer = pointer;
        d.message = std::string("cannot read this level: ") + e.what();
        result.diagnostics.push_back(std::move(d));
        return result;
    }
}

std::string over_limit_message(std::size_t size, std::size_t limit) {
    return "the file is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(limit);
}

std::size_t max_bytes_of_format(std::string_view format) {
    return format == "tilelab.bundle" ? limits::max_bundle_bytes : limits::max_file_bytes;
}

std::optional<ojson> parse_json_document(std::string_view text, const std::string& file, Diagnostics& diagnostics,
                                         std::size_t max_bytes) {
    if (text.size() > max_bytes) {
        Diagnostic d;
        d.file = file;
        d.message = over_limit_message(text.size(), max_bytes);
        diagnostics.push_back(std::move(d));
        return std::nullopt;
    }
    return parse_json_text(text, file, diagnostics);
}

LevelLoad parse_level(std::string_view text, const std::string& file) {
    LevelLoad result;
    if (text.size() > limits::max_file_bytes) {
        Diagnostic d;
        d.file = file;
        d.message = over_limit_message(text.size(), limits::max_file_bytes);
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    auto value = parse_json_text(text, file, result.diagnostics);
    if (!value) return result;
    LevelLoad level = level_from_json(*value, file);
    result.level = std::move(level.level);
    result.diagnostics.insert(result.diagnostics.end(), level.diagnostics.begin(), level.diagnostics.end());
    return result;
}

std::optional<std::string> read_text_file(const std::filesystem::path& path, Diagnostics& diagnostics,
                                          std::size_t max_bytes) {
    auto fail = [&](const std::string& message) -> std::optional<std::string> {
        Diagnostic d;
        d.file = path.string();
        d.message = message;
        diagnostics.push_back(std::move(d));
        return std::nullopt;
    };
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return fail("is a directory, not a file");
    auto size = std::filesystem::file_size(path, ec);
    if (ec) return fail(ec == std::errc::no_such_file_or_directory ? "no such file" : "cannot read: " + ec.message());
    if (size > max_bytes) return fail(over_limit_message(size, max_bytes));
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot open for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return fail("read error");
    return buffer.str();
}

LevelLoad load_level(const std::filesystem::path& path) {
    LevelLoad result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_level(*text, path.string());
}

// ---- The canonical writer ------------------------------------------------------------------------------

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

bool wants(const Level& level, const std::string& key, bool differs) {
    return differs || level.present.count(key) > 0;
}

}  // namespace

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

// ---- Packs ------------------------------------------------------------------------------------------

PackLoad parse_pack(std::string_view text, const std::string& file) {
    PackLoad result;
    auto value = parse_json_text(text, file, result.diagnostics);
    if (!value) return result;
    Checker check(file, result.diagnostics);
    if (!value->is_object()) {
        check.error("", "a pack is a JSON object, not " + json_type_name(*value));
        return result;
    }
    auto format = value->find("format");
    if (format == value->end() || !format->is_string() || format->get<std::string>() != "tilelab.pack") {
        std::string got = format == value->end() ? "missing" : format->is_string() ? "'" + format->get<std::string>() + "'" : json_type_name(*format);
        check.error(format == value->end() ? "" : "/format", "format is " + got + ", expected 'tilelab.pack'");
        return result;
    }
    check.unknown_keys(*value, "", {"format", "version", "name", "levels", "meta"});
    Pack pack;
    if (auto v = check.find(*value, "version")) {
        if (auto n = check.integer(*v, "/version", 1, 1000000, "version")) {
            if (*n > 1) check.error("/version", "version " + std::to_string(*n) + " is newer than this tilelab reads (1)");
            pack.version = 1;
        }
    } else {
        check.error("", "missing \"version\"");
    }
    if (auto v = check.find(*value, "name")) {
        if (auto s = check.string(*v, "/name", "name")) pack.name = *s;
    } else {
        check.error("", "missing \"name\"");
    }
    if (auto v = check.find(*value, "levels")) {
        if (!v->is_array()) {
            check.error("/levels", "levels must be an array of level file paths, not " + json_type_name(*v));
        } else if (v->size() > static_cast<std::size_t>(limits::max_pack_levels)) {
            check.error("/levels", "the pack lists " + std::to_string(v->size()) + " levels, over the limit of " +
                                       std::to_string(limits::max_pack_levels) + ": split it into smaller packs");
        } else {
            std::unordered_set<std::string> listed;
            for (std::size_t i = 0; i < v->size(); ++i) {
                std::string ip = "/levels/" + std::to_string(i);
                auto s = check.string((*v)[i], ip, "a level path");
                if (!s) continue;
                if (s->empty()) check.error(ip, "a level path must not be empty");
                else if (!listed.insert(*s).second) check.error(ip, "'" + *s + "' is listed twice");
                else pack.levels.push_back(*s);
            }
        }
    } else {
        check.error("", "missing \"levels\"");
    }
    if (auto v = check.find(*value, "meta")) pack.meta = *v;
    if (check.errors() == 0) result.pack = std::move(pack);
    return result;
}

PackLoad load_pack(const std::filesystem::path& path) {
    PackLoad result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_pack(*text, path.string());
}

std::string write_pack(const Pack& pack) {
    ojson doc;
    doc["format"] = "tilelab.pack";
    doc["version"] = 1;
    doc["name"] = pack.name;
    doc["levels"] = pack.levels;
    if (!pack.meta.is_null()) doc["meta"] = pack.meta;
    return write_document(doc, {"levels"}, {});
}

namespace {

// Reads events up to the top-level "format" value, then stops: nlohmann's SAX parser keeps its own
// stack (no recursion), so any nesting is safe, and a bundle is not parsed whole to be named.
struct FormatSniffer : nlohmann::json_sax<ojson> {
    int depth = 0;
    bool format_next = false;
    std::string format;

    // Any value but a string right after the top-level "format" key ends the search, unnamed.
    bool null() override { return !format_next; }
    bool boolean(bool) override { return !format_next; }
    bool number_integer(number_integer_t) override { return !format_next; }
    bool number_unsigned(number_unsigned_t) override { return !format_next; }
    bool number_float(number_float_t, const string_t&) override { return !format_next; }
    bool string(string_t& s) override {
        if (!format_next) return true;
        format = s;
        return false;
    }
    bool binary(binary_t&) override { return !format_next; }
    bool start_object(std::size_t) override {
        if (format_next) return false;
        ++depth;
        return true;
    }
    bool key(string_t& k) override {
        format_next = depth == 1 && k == "format";
        return true;
    }
    bool end_object() override {
        --depth;
        return true;
    }
    bool start_array(std::size_t) override {
        if (depth == 0 || format_next) return false;  // not an object, or "format" is not a string
        ++depth;
        return true;
    }
    bool end_array() override {
        --depth;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

}  // namespace

std::string sniff_format(std::string_view text) {
    if (text.size() > limits::max_bundle_bytes) return {};
    FormatSniffer sniffer;
    ojson::sax_parse(text.begin(), text.end(), &sniffer, nlohmann::detail::input_format_t::json, false);
    return sniffer.format;
}

std::string nearest_word(std::string_view word, const std::vector<std::string>& known) {
    std::string best;
    std::size_t best_distance = std::string::npos;
    for (const auto& candidate : known) {
        // Levenshtein distance, two rows.
        std::vector<std::size_t> prev(candidate.size() + 1), cur(candidate.size() + 1);
        for (std::size_t j = 0; j <= candidate.size(); ++j) prev[j] = j;
        for (std::size_t i = 1; i <= word.size(); ++i) {
            cur[0] = i;
            for (std::size_t j = 1; j <= candidate.size(); ++j) {
                std::size_t cost = word[i - 1] == candidate[j - 1] ? 0 : 1;
                cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            }
            std::swap(prev, cur);
        }
        std::size_t d = prev[candidate.size()];
        if (d < best_distance) {
            best_distance = d;
            best = candidate;
        }
    }
    // Only suggest a word that is plausibly what was meant.
    if (best_distance == std::string::npos || best_distance > std::max<std::size_t>(2, word.size() / 2)) return {};
    return best;
}

}  // namespace tilelab
