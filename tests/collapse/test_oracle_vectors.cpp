// Every case of tests/data/vectors/collapse_play.json and collapse_analyze.json through the
// collapse oracle; a failing case names its id and the first difference.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "oracle.hpp"

namespace co = collapse_oracle;
using nlohmann::json;

namespace {

json load(const std::string& path) {
    std::ifstream in(path);
    REQUIRE(in.good());
    return json::parse(in);
}

// The first row where the state's board differs from the expected rows, or "".
std::string board_diff(const co::State& s, const json& rows, const char* what) {
    if (static_cast<int>(rows.size()) != static_cast<int>(s.board.size()))
        return std::string(what) + ": " + std::to_string(rows.size()) + " rows expected, got " + std::to_string(s.board.size());
    for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
        const std::string got = co::board_row(s, y);
        if (got != rows[y].get<std::string>())
            return std::string(what) + " row " + std::to_string(y) + ": expected \"" + rows[y].get<std::string>() + "\", got \"" +
                   got + "\"";
    }
    return "";
}

bool parse_tap(const std::string& m, int& x, int& y) {
    char comma = 0;
    std::istringstream in(m);
    return static_cast<bool>(in >> x >> comma >> y) && comma == ',';
}

std::string play_case(const json& c) {
    const co::Level level = co::parse_level(c.at("level"));
    const json& e = c.at("expect");
    co::State s = co::start(level);
    if (auto d = board_diff(s, e.at("start_board"), "start_board"); !d.empty()) return d;
    json illegal = nullptr;
    const json& moves = c.at("moves");
    for (std::size_t i = 0; i < moves.size(); ++i) {
        int x = 0, y = 0;
        if (!parse_tap(moves[i].get<std::string>(), x, y)) return "cannot read tap " + moves[i].dump();
        auto next = co::tap(level, s, x, y);
        if (!next) {
            illegal = static_cast<int>(i);
            break;
        }
        s = *next;
    }
    if (illegal != e.at("illegal")) return "illegal: expected " + e.at("illegal").dump() + ", got " + illegal.dump();
    if (auto d = board_diff(s, e.at("board"), "board"); !d.empty()) return d;
    if (s.score != e.at("score").get<long long>())
        return "score: expected " + e.at("score").dump() + ", got " + std::to_string(s.score);
    return "";
}

std::string analyze_case(const json& c) {
    const co::Level level = co::parse_level(c.at("level"));
    const json& e = c.at("expect");
    const co::State s = co::start(level);
    if (auto d = board_diff(s, e.at("start_board"), "start_board"); !d.empty()) return d;
    json got = json::array();
    for (const auto& g : co::groups(level, s)) {
        json cells = json::array();
        for (const auto& [x, y] : g) cells.push_back({x, y});
        got.push_back(cells);
    }
    if (got != e.at("groups")) {
        const json& want = e.at("groups");
        for (std::size_t i = 0; i < std::max(got.size(), want.size()); ++i) {
            const std::string g = i < got.size() ? got[i].dump() : "(none)";
            const std::string w = i < want.size() ? want[i].dump() : "(none)";
            if (g != w) return "groups[" + std::to_string(i) + "]: expected " + w + ", got " + g;
        }
    }
    const bool dead = co::dead(level, s);
    if (dead != e.at("dead").get<bool>())
        return std::string("dead: expected ") + e.at("dead").dump() + ", got " + (dead ? "true" : "false");
    return "";
}

int run_file(const std::string& path, std::string (*check)(const json&)) {
    const json file = load(path);
    int pass = 0, total = 0;
    for (const auto& c : file.at("cases")) {
        ++total;
        const std::string diff = check(c);
        INFO("case " << c.at("level").at("id").get<std::string>() << ": " << diff);
        CHECK(diff.empty());
        if (diff.empty()) ++pass;
    }
    return total - pass;
}

}  // namespace

// The oracle itself against the vectors (from an independent reference): the engine's
// differential test leans on it, so it has to pass them on its own.
TEST_CASE("collapse: the oracle passes the conformance vectors") {
    const std::string dir = std::string(TILELAB_TEST_DATA) + "/vectors";
    CHECK(run_file(dir + "/collapse_play.json", play_case) == 0);
    CHECK(run_file(dir + "/collapse_analyze.json", analyze_case) == 0);
}
