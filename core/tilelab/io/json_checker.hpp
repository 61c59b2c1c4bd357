// The reader's checker of JSON files: walks a parsed value and records every problem with its JSON
// Pointer, for the level and pack reader (level_reader.cpp, pack_io.cpp), each kind's rules and goal
// (board/kind_format.hpp) and the calibration file (calibration.cpp). In the board layer, under the
// kinds (docs/architecture.md).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/io/diagnostics.hpp"

namespace tilelab {

// "null", "an object", "an array", "a string", "a boolean", "an integer", "a number with a fraction".
std::string json_type_name(const nlohmann::ordered_json& v);
// A key as a JSON Pointer token ("~" -> "~0", "/" -> "~1").
std::string escape_pointer_token(const std::string& key);
// A key quoted for messages, cut at 40 characters.
std::string show_key(const std::string& key);
// The nearest of `known` to `word` (edit distance), for "did you mean" messages (json_checker.cpp).
std::string nearest_word(std::string_view word, const std::vector<std::string>& known);

class JsonChecker {
public:
    using ojson = nlohmann::ordered_json;

    JsonChecker(std::string file, Diagnostics& out) : file_(std::move(file)), out_(out) {}

    void error(const std::string& pointer, std::string message) {
        Diagnostic d;
        d.file = file_;
        d.pointer = pointer;
        d.message = std::move(message);
        out_.push_back(std::move(d));
        ++errors_;
    }
    int errors() const { return errors_; }

    // Reports keys of `object` not in `known`, naming the nearest known key.
    void unknown_keys(const ojson& object, const std::string& pointer, const std::vector<std::string>& known,
                      const std::function<std::string(const std::string&)>& explain = nullptr) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (std::find(known.begin(), known.end(), it.key()) != known.end()) continue;
            std::string why = explain ? explain(it.key()) : std::string();
            if (why.empty()) {
                why = "unknown key " + show_key(it.key());
                std::string nearest = nearest_word(it.key(), known);
                if (!nearest.empty()) why += " (did you mean '" + nearest + "'?)";
            }
            error(pointer + "/" + escape_pointer_token(it.key()), why);
        }
    }

    const ojson* find(const ojson& object, const char* key) const {
        auto it = object.find(key);
        return it == object.end() ? nullptr : &*it;
    }

    std::optional<std::int64_t> integer(const ojson& v, const std::string& pointer, std::int64_t min, std::int64_t max,
                                        const char* what) {
        if (!v.is_number_integer()) {
            error(pointer, std::string(what) + " must be an integer, not " + json_type_name(v));
            return std::nullopt;
        }
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
            error(pointer, std::string(what) + " is out of range (" + std::to_string(min) + ".." + std::to_string(max) + ")");
            return std::nullopt;
        }
        std::int64_t n = v.get<std::int64_t>();
        if (n < min || n > max) {
            error(pointer, std::string(what) + " " + std::to_string(n) + " is out of range (" + std::to_string(min) + ".." +
                               std::to_string(max) + ")");
            return std::nullopt;
        }
        return n;
    }

    std::optional<bool> boolean(const ojson& v, const std::string& pointer, const char* what) {
        if (!v.is_boolean()) {
            error(pointer, std::string(what) + " must be true or false, not " + json_type_name(v));
            return std::nullopt;
        }
        return v.get<bool>();
    }

    std::optional<double> number(const ojson& v, const std::string& pointer, const char* what) {
        if (!v.is_number()) {
            error(pointer, std::string(what) + " must be a number, not " + json_type_name(v));
            return std::nullopt;
        }
        return v.get<double>();
    }

    std::optional<std::string> string(const ojson& v, const std::string& pointer, const char* what) {
        if (!v.is_string()) {
            error(pointer, std::string(what) + " must be a string, not " + json_type_name(v));
            return std::nullopt;
        }
        return v.get<std::string>();
    }

private:
    std::string file_;
    Diagnostics& out_;
    int errors_ = 0;
};

}  // namespace tilelab
