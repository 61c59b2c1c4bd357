// Helpers for the slide tests: boards from ASCII rows and levels from the vectors' JSON.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"

namespace slide_test {

// Rows of tokens separated by single spaces, as the level file writes them.
inline tilelab::Board board_of(const std::vector<std::string>& rows) {
    tilelab::Board b;
    b.height = static_cast<int>(rows.size());
    for (const auto& row : rows) {
        int count = 0;
        std::size_t start = 0;
        while (start <= row.size()) {
            std::size_t end = row.find(' ', start);
            if (end == std::string::npos) end = row.size();
            auto token = tilelab::parse_cell_token(tilelab::Rules(tilelab::Kind::slide), row.substr(start, end - start));
            if (!token.ok) throw std::invalid_argument(token.error);
            b.cells.push_back(token.value);
            ++count;
            start = end + 1;
        }
        b.width = count;
    }
    return b;
}

inline std::vector<std::string> rows_of(const tilelab::Board& b) {
    std::vector<std::string> rows;
    for (int y = 0; y < b.height; ++y) rows.push_back(tilelab::board_row(tilelab::Kind::slide, b, y));
    return rows;
}

inline tilelab::Level slide_level(const std::vector<std::string>& rows, std::uint64_t seed = 1) {
    tilelab::Level level = tilelab::make_blank_level(tilelab::Kind::slide, 1, 1);
    level.board = board_of(rows);
    level.seed = seed;
    return level;
}

// The slide fields of a level object (the vectors use only these); the level parser has its
// own tests, this keeps the rule tests independent of it.
inline tilelab::Level level_of(const nlohmann::json& j) {
    tilelab::Level level = slide_level(j.at("board").get<std::vector<std::string>>(), j.at("seed").get<std::uint64_t>());
    if (j.contains("rules")) {
        const auto& rules = j.at("rules");
        tilelab::slide::Rules& r = level.rules.as<tilelab::slide::Rules>();
        if (rules.contains("score"))
            r.score = rules.at("score") == "pre_merge" ? tilelab::slide::SlideScore::pre_merge
                                                       : tilelab::slide::SlideScore::merged;
        if (rules.contains("spawn")) {
            r.spawn.clear();
            for (const auto& pair : rules.at("spawn")) r.spawn.emplace_back(pair.at(0).get<int>(), pair.at(1).get<int>());
        }
        if (rules.contains("start_tiles")) r.start_tiles = rules.at("start_tiles").get<int>();
    }
    if (j.contains("goal")) {
        const auto& goal = j.at("goal");
        if (goal.contains("target")) level.goal.as<tilelab::slide::Goal>().target = goal.at("target").get<int>();
        if (goal.contains("moves")) level.goal.moves = goal.at("moves").get<int>();
    }
    return level;
}

}  // namespace slide_test
