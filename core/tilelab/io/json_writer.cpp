// The streaming JSON writer (json_writer.hpp): nlohmann's dump(2) layout, written as it goes.
#include "tilelab/io/json_writer.hpp"

#include <charconv>

namespace tilelab {

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (open_.empty()) return;
    Open& top = open_.back();
    buffer_ += top.empty ? "\n" : ",\n";
    top.empty = false;
    indent(open_.size());
}

JsonWriter& JsonWriter::open(char bracket, bool array) {
    before_value();
    buffer_ += bracket;
    open_.push_back(Open{array});
    return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
    const bool empty = open_.back().empty;
    open_.pop_back();
    if (!empty) {
        buffer_ += '\n';
        indent(open_.size());
    }
    buffer_ += bracket;
    maybe_flush();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    Open& top = open_.back();
    buffer_ += top.empty ? "\n" : ",\n";
    top.empty = false;
    indent(open_.size());
    string(name);
    buffer_ += ": ";
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    before_value();
    buffer_ += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t v) {
    before_value();
    char digits[24];
    auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    buffer_.append(digits, end);
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v) {
    before_value();
    string(v);
    return *this;
}

JsonWriter& JsonWriter::value(const nlohmann::ordered_json& v) {
    before_value();
    // dump(2) of the value alone, each of its lines after the first moved to this depth (a JSON
    // string holds no raw line break, so every '\n' of the text is a line of the layout).
    const std::string text = v.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    const std::string margin(2 * open_.size(), ' ');
    for (char c : text) {
        buffer_ += c;
        if (c == '\n') buffer_ += margin;
    }
    maybe_flush();
    return *this;
}

JsonWriter& JsonWriter::cell(Cell c) { return begin_array().value(c.x).value(c.y).end_array(); }

JsonWriter& JsonWriter::cells(const std::vector<Cell>& list) {
    begin_array();
    for (Cell c : list) cell(c);
    return end_array();
}

void JsonWriter::string(std::string_view s) {
    bool plain = true;
    for (unsigned char c : s)
        if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) plain = false;
    if (plain) {
        buffer_ += '"';
        buffer_ += s;
        buffer_ += '"';
    } else {
        buffer_ += nlohmann::ordered_json(std::string(s)).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    }
}

void JsonWriter::flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
}

}  // namespace tilelab
