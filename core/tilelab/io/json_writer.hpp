// A streaming JSON writer whose bytes equal nlohmann::ordered_json::dump(2) of the same document
// (two-space indents, "key": value, empty containers as {} and []): the CLI's large outputs (a
// 256x256 board's hints) go to the stream as they are made instead of through a JSON tree ten
// times the output's size. Keys and values come in document order; the caller nests
// begin_*/end_* correctly.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/board.hpp"

namespace tilelab {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out) : out_(out) {}
    ~JsonWriter() { flush(); }
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    JsonWriter& begin_object() { return open('{', false); }
    JsonWriter& end_object() { return close('}'); }
    JsonWriter& begin_array() { return open('[', true); }
    JsonWriter& end_array() { return close(']'); }
    // The next member of the open object; its value follows.
    JsonWriter& key(std::string_view name);
    JsonWriter& value(bool v);
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(const std::string& v) { return value(std::string_view(v)); }
    // Any JSON value, written as dump(2) writes it at this depth.
    JsonWriter& value(const nlohmann::ordered_json& v);
    // A cell as [x, y]; a list of cells as an array of them (the outputs' cell shapes).
    JsonWriter& cell(Cell c);
    JsonWriter& cells(const std::vector<Cell>& list);
    // Writes what is buffered to the stream (also at destruction).
    void flush();

private:
    struct Open {
        bool array;
        bool empty = true;
    };
    JsonWriter& open(char bracket, bool array);
    JsonWriter& close(char bracket);
    void before_value();  // the separator and indent of an array element; nothing after a key
    void indent(std::size_t depth) { buffer_.append(2 * depth, ' '); }
    void string(std::string_view s);
    void maybe_flush() {
        if (buffer_.size() >= (1u << 16)) flush();
    }

    std::ostream& out_;
    std::string buffer_;
    std::vector<Open> open_;
    bool after_key_ = false;
};

}  // namespace tilelab
