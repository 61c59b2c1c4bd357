// An analysis as `tilelab analyze --json` writes it (without "problems"), parsed back: for tests
// that compare its members with the vectors and the oracles.
#pragma once
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tilelab/io/json_writer.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab::test {

inline std::string analysis_json_text(Kind kind, const Analysis& analysis) {
    std::ostringstream text;
    {
        JsonWriter out(text);
        out.begin_object();
        kind_ops(kind).write_analysis_json(analysis, out);
        out.end_object();
    }
    return text.str();
}

inline nlohmann::json analysis_json(Kind kind, const Analysis& analysis) {
    return nlohmann::json::parse(analysis_json_text(kind, analysis));
}

}  // namespace tilelab::test
