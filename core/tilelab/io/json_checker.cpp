// Helpers of the JSON checker (json_checker.hpp).
#include "tilelab/io/json_checker.hpp"

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

}  // namespace tilelab
