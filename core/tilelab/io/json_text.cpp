// The located JSON reader under every tilelab file: parsing with a line and column (or JSON Pointer)
// for every problem, the size and depth limits, and what a file says it is (the spelling
// suggestions, nearest_word, are the checker's: json_checker.cpp).
#include "tilelab/io/json_text.hpp"

#include "tilelab/io/json_checker.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unordered_map>

namespace tilelab {

using ojson = nlohmann::ordered_json;

namespace {

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
            error_at(start, "duplicate key " + show_key(k) + " (first at line " + std::to_string(first_line) + ", column " +
                                std::to_string(first_column) + ")");
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
            if (message.rfind("unexpected end of input", 0) == 0) message = "the file ends too early" + message.substr(23);
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

}  // namespace

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

std::optional<std::string> read_text_file(const std::filesystem::path& path, Diagnostics& diagnostics, std::size_t max_bytes) {
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

}  // namespace tilelab
