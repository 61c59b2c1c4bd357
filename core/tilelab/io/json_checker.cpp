// Helpers of the JSON checker (json_checker.hpp), and the nearest word of "did you mean" messages.
#include "tilelab/io/json_checker.hpp"

#include <algorithm>
#include <vector>

namespace tilelab {

using ojson = nlohmann::ordered_json;

std::string json_type_name(const ojson& v) {
    switch (v.type()) {
    case ojson::value_t::null:
        return "null";
    case ojson::value_t::object:
        return "an object";
    case ojson::value_t::array:
        return "an array";
    case ojson::value_t::string:
        return "a string";
    case ojson::value_t::boolean:
        return "a boolean";
    case ojson::value_t::number_integer:
    case ojson::value_t::number_unsigned:
        return "an integer";
    case ojson::value_t::number_float:
        return "a number with a fraction";
    default:
        return "something else";
    }
}

std::string escape_pointer_token(const std::string& key) {
    std::string out;
    for (char ch : key) {
        if (ch == '~') out += "~0";
        else if (ch == '/') out += "~1";
        else out += ch;
    }
    return out;
}

std::string show_key(const std::string& key) {
    std::string shown = key.size() > 40 ? key.substr(0, 40) + "..." : key;
    return "'" + shown + "'";
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
