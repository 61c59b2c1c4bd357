// The match3 format version 2 oracle (oracle_v2) against the conformance vectors, v2 and v1, and on
// small hand-made boards for each combo, special creation and lock rule of docs/match3.md "Format
// version 2".
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <string>

#include "match3/oracle_v2.hpp"
#include "support/vectors.hpp"

using json = nlohmann::json;
using oracle_v2::XY;

namespace {
using test::load_vectors;

json cells_json(const std::vector<XY>& cells) {
    json a = json::array();
    for (XY c : cells) a.push_back({c[0], c[1]});
    return a;
}

// Hints keyed by their swap; the value is what the vector file holds for it.
std::map<std::string, json> hints_by_swap(const oracle_v2::Analysis& a, bool v2) {
    std::map<std::string, json> out;
    for (const auto& h : a.hints) {
        json v = {{"clears", cells_json(h.clears)}};
        if (v2) {
            json creates = json::array();
            for (const auto& c : h.creates) creates.push_back({{"cell", {c.cell[0], c.cell[1]}}, {"token", c.token}});
            v["creates"] = creates;
            v["combo"] = h.combo;
        }
        out[json::array({{h.a[0], h.a[1]}, {h.b[0], h.b[1]}}).dump()] = v;
    }
    return out;
}

std::map<std::string, json> hints_by_swap(const json& hints) {
    std::map<std::string, json> out;
    for (const auto& h : hints) {
        json v = h;
        v.erase("swap");
        out[h.at("swap").dump()] = v;
    }
    return out;
}

int run_analyze_vectors(const std::string& file, bool v2) {
    const json vectors = load_vectors(file);
    REQUIRE(vectors.at("cases").size() >= 10);
    int passed = 0, index = 0;
    for (const auto& c : vectors.at("cases")) {
        INFO(file << " case " << index << ": " << c.at("level").dump());
        ++index;
        const auto got = oracle_v2::analyze(c.at("level"));
        const auto& expect = c.at("expect");
        std::multiset<std::string> got_groups, want_groups;
        for (const auto& g : got.groups) got_groups.insert(cells_json(g).dump());
        for (const auto& g : expect.at("groups")) want_groups.insert(g.at("cells").dump());
        const auto got_hints = hints_by_swap(got, v2);
        const auto want_hints = hints_by_swap(expect.at("hints"));
        CHECK(got.dead == expect.at("dead").get<bool>());
        CHECK(got_groups == want_groups);
        CHECK(json(got_hints).dump(1) == json(want_hints).dump(1));
        if (got.dead == expect.at("dead").get<bool>() && got_groups == want_groups && got_hints == want_hints) ++passed;
    }
    return passed;
}

int run_play_vectors(const std::string& file, bool v2) {
    const json vectors = load_vectors(file);
    REQUIRE(vectors.at("cases").size() >= 10);
    int passed = 0, index = 0;
    for (const auto& c : vectors.at("cases")) {
        INFO(file << " case " << index << ": " << c.dump());
        ++index;
        const auto got = oracle_v2::play(c.at("level"), c.at("moves").get<std::vector<std::string>>());
        const auto& expect = c.at("expect");
        const auto want_start = expect.at("start_board").get<std::vector<std::string>>();
        const auto want_board = expect.at("board").get<std::vector<std::string>>();
        const auto want_score = expect.at("score").get<long long>();
        std::optional<int> want_illegal;
        if (!expect.at("illegal").is_null()) want_illegal = expect.at("illegal").get<int>();
        CHECK(json(got.start_board).dump() == json(want_start).dump());
        CHECK(json(got.board).dump() == json(want_board).dump());
        CHECK(got.score == want_score);
        CHECK(got.illegal == want_illegal);
        bool ok = got.start_board == want_start && got.board == want_board && got.score == want_score &&
                  got.illegal == want_illegal;
        if (v2) {
            CHECK(got.ingredients_collected == expect.at("ingredients_collected").get<int>());
            ok = ok && got.ingredients_collected == expect.at("ingredients_collected").get<int>();
        } else {
            CHECK_FALSE(expect.contains("ingredients_collected"));
        }
        if (ok) ++passed;
    }
    return passed;
}

// A version 2 level around a hand-made board.
json level(std::vector<std::string> board, json rules = {{"colors", 6}}, json layers = nullptr) {
    json l = {{"format", "tilelab.level"}, {"version", 2}, {"id", "t"},      {"name", "t"},   {"kind", "match3"}, {"width", 0},
              {"height", board.size()},    {"seed", 7},    {"rules", rules}, {"board", board}};
    std::size_t w = 0;
    for (char ch : board.at(0)) w += ch == ' ';
    l["width"] = w + 1;
    if (!layers.is_null()) l["layers"] = layers;
    return l;
}

const oracle_v2::Hint* find_hint(const oracle_v2::Analysis& a, XY p, XY q) {
    for (const auto& h : a.hints)
        if (h.a == p && h.b == q) return &h;
    return nullptr;
}

std::vector<XY> row_of(int y, int width) {
    std::vector<XY> v;
    for (int x = 0; x < width; ++x) v.push_back({x, y});
    return v;
}

std::set<XY> set_of(const std::vector<XY>& v) { return {v.begin(), v.end()}; }
}  // namespace

TEST_CASE("oracle_v2: match3v2_analyze.json, groups hints (clears creates combo) dead") {
    const int passed = run_analyze_vectors("match3v2_analyze.json", true);
    WARN("match3v2_analyze.json: " << passed << " cases pass");
}

TEST_CASE("oracle_v2: match3v2_play.json, start board board score illegal ingredients") {
    const int passed = run_play_vectors("match3v2_play.json", true);
    WARN("match3v2_play.json: " << passed << " cases pass");
}

TEST_CASE("oracle_v2: version 1 vectors, match3_analyze.json (specials off)") {
    const int passed = run_analyze_vectors("match3_analyze.json", false);
    WARN("match3_analyze.json: " << passed << " cases pass");
}

TEST_CASE("oracle_v2: version 1 vectors, match3_play.json (specials off)") {
    const int passed = run_play_vectors("match3_play.json", false);
    WARN("match3_play.json: " << passed << " cases pass");
}

TEST_CASE("oracle_v2: a run of 4 made by a move creates a line special on the target") {
    // Moving (3,1) up into (3,0) makes 0 0 0 0 in row 0: a horizontal run of 4 gives `v`.
    const auto a = oracle_v2::analyze(level({"0 0 0 1 2", "3 4 5 0 1", "1 2 3 4 5"}));
    const auto* h = find_hint(a, {3, 0}, {3, 1});
    REQUIRE(h);
    // Written left/upper first, the target is (3,1): the run is in row 0, so the target is not in
    // the group; the other swapped cell (3,0) is.
    REQUIRE(h->creates.size() == 1);
    CHECK(h->creates[0].cell == XY{3, 0});
    CHECK(h->creates[0].token == "0v");
    CHECK_FALSE(h->combo);
    CHECK(h->clears == std::vector<XY>{{0, 0}, {1, 0}, {2, 0}, {3, 0}});
}

TEST_CASE("oracle_v2: colour bomb + plain piece clears every piece of that colour") {
    const auto a = oracle_v2::analyze(level({"* 2 0 1", "1 0 2 2", "2 1 0 2"}));
    const auto* h = find_hint(a, {0, 0}, {1, 0});
    REQUIRE(h);
    CHECK(h->combo);
    CHECK(h->creates.empty());
    // The 2 moved into (0,0), the bomb into the target (1,0): every 2 on the board, (0,0) (2,1)
    // (3,1) (0,2) (3,2), and both swapped cells.
    CHECK(set_of(h->clears) == std::set<XY>{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {0, 2}, {3, 2}});
}

TEST_CASE("oracle_v2: colour bomb + line special turns the colour's pieces into lines that fire") {
    // 3 plain 1s become `1h` and fire their rows; the swapped `1h` is consumed and does not fire.
    const auto p = oracle_v2::play(level({"* 1h 2 3", "3 1 2 0", "2 3 0 1"}, {{"colors", 4}}), {"0,0:1,0"});
    REQUIRE_FALSE(p.illegal);
    bool combo = false;
    std::set<XY> fired;
    std::set<XY> cleared;
    for (const auto& e : p.events) {
        if (e["type"] == "combo") {
            combo = true;
            CHECK(e["area"].dump() == "[[0,0],[1,0],[1,1],[3,2]]");
        }
        if (e["type"] == "fired" && e["step"] == 1) {
            fired.insert({e["cell"][0].get<int>(), e["cell"][1].get<int>()});
            CHECK(e["token"] == "1h");
        }
        if (e["type"] == "clear" && e["step"] == 1)
            for (const auto& c : e["cells"]) cleared.insert({c[0].get<int>(), c[1].get<int>()});
    }
    CHECK(combo);
    CHECK(fired == std::set<XY>{{1, 1}, {3, 2}});
    // Rows 1 and 2 fired, plus both swapped cells in row 0.
    std::set<XY> want{{0, 0}, {1, 0}};
    for (XY c : row_of(1, 4)) want.insert(c);
    for (XY c : row_of(2, 4)) want.insert(c);
    CHECK(cleared == want);
}

TEST_CASE("oracle_v2: colour bomb + colour bomb clears the whole board") {
    const auto a = oracle_v2::analyze(level({"* * 1", "1 2 3", "c2 # 0"}));
    const auto* h = find_hint(a, {0, 0}, {1, 0});
    REQUIRE(h);
    CHECK(h->combo);
    // Every piece and colour bomb; the crate and the blocker are not cleared.
    CHECK(set_of(h->clears) == std::set<XY>{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}});
}

TEST_CASE("oracle_v2: line + line clears the row and the column through the target") {
    const auto a = oracle_v2::analyze(level({"0 1 2 3", "1 2h 3v 0", "2 3 0 1", "3 0 1 2"}));
    const auto* h = find_hint(a, {1, 1}, {2, 1});
    REQUIRE(h);
    CHECK(h->combo);
    std::set<XY> want{{2, 0}, {2, 2}, {2, 3}};
    for (XY c : row_of(1, 4)) want.insert(c);
    CHECK(set_of(h->clears) == want);
}

TEST_CASE("oracle_v2: line + bomb clears three rows and three columns around the target") {
    std::vector<std::string> board = {"0 1 2 3 4 5", "1 2 3 4 5 0", "2 3 4 5 0 1", "3 4 1b 0v 1 2", "4 5 0 1 2 3", "5 0 1 2 3 4"};
    const auto a = oracle_v2::analyze(level(board));
    const auto* h = find_hint(a, {2, 3}, {3, 3});
    REQUIRE(h);
    CHECK(h->combo);
    std::set<XY> want;
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 6; ++x)
            if ((y >= 2 && y <= 4) || (x >= 2 && x <= 4)) want.insert({x, y});
    CHECK(set_of(h->clears) == want);
}

TEST_CASE("oracle_v2: bomb + bomb clears the 5x5 square around the target, cut at the edge") {
    const auto a = oracle_v2::analyze(level({"0 1 2 3 4 5", "1 0b 1b 4 5 0", "2 3 4 5 0 1", "3 4 5 0 1 2"}));
    const auto* h = find_hint(a, {1, 1}, {2, 1});
    REQUIRE(h);
    CHECK(h->combo);
    std::set<XY> want;
    for (int y = 0; y <= 3; ++y)
        for (int x = 0; x <= 4; ++x) want.insert({x, y});
    CHECK(set_of(h->clears) == want);
}

TEST_CASE("oracle_v2: a locked piece in a fired row loses its lock and stays") {
    // Swapping (2,0) and (2,1) makes 2 2h 2 in row 0; the 2h in that run fires row 0, which holds
    // the locked 5 at (4,0).
    const json lock = {{"lock", {"0 0 0 0 1", "0 0 0 0 0", "0 0 0 0 0"}}};
    const auto l = level({"2 2h 3 1 5", "0 1 2 4 0", "3 4 5 0 1"}, {{"colors", 6}}, lock);
    const auto a = oracle_v2::analyze(l);
    const auto* h = find_hint(a, {2, 0}, {2, 1});
    REQUIRE(h);
    CHECK_FALSE(h->combo);
    // The run (0,0) (1,0) (2,0) clears; the 2h fires row 0: (3,0) clears, the locked (4,0) stays.
    CHECK(h->clears == std::vector<XY>{{0, 0}, {1, 0}, {2, 0}, {3, 0}});
    const auto p = oracle_v2::play(l, {"2,0:2,1"});
    REQUIRE_FALSE(p.illegal);
    bool unlocked = false;
    for (const auto& e : p.events)
        if (e["type"] == "unlocked") {
            CHECK(e["cell"] == nlohmann::ordered_json::parse("[4,0]"));
            CHECK(e["step"] == 1);
            unlocked = true;
        }
    CHECK(unlocked);
    // The 5 did not fall or clear: it is still on (4,0) after the move.
    CHECK(p.board[0].substr(p.board[0].size() - 1) == "5");
    // Step 1 scores the run of 3 walked, (3 - 1) * 50 per cleared run cell, plus score_per_piece
    // for (3,0), cleared by the area only; the unlocked 5 scores nothing.
    bool cleared = false;
    for (const auto& e : p.events)
        if (e["type"] == "clear" && e["step"] == 1) {
            CHECK(e["points"] == 3 * 100 + 50);
            CHECK(e["cells"].dump() == "[[0,0],[1,0],[2,0],[3,0]]");
            CHECK(e["groups"] == nlohmann::ordered_json::parse(R"([{"cells":[[0,0],[1,0],[2,0]],"points":300}])"));
            cleared = true;
        }
    CHECK(cleared);
    CHECK(p.score >= 350);
}

TEST_CASE("oracle_v2: a run of 5 crossing a run of 3 makes a colour bomb on the swapped cell") {
    // Column 2 holds 1 1 above (2,2) and row 2 holds 1 1 0 1 1: bringing the 1 of (2,3) up into
    // (2,2) makes a row of 5 crossing a column of 3; a run of 5 wins over the crossing's bomb.
    const auto a = oracle_v2::analyze(level({"0 2 1 3 4", "3 4 1 0 2", "1 1 0 1 1", "2 3 1 4 0"}));
    const auto* h = find_hint(a, {2, 2}, {2, 3});
    REQUIRE(h);
    // The target (2,3) now holds the 0; the other cell (2,2) is in the group: a row of 5 gives a colour bomb.
    REQUIRE(h->creates.size() == 1);
    CHECK(h->creates[0].cell == XY{2, 2});
    CHECK(h->creates[0].token == "*");
}

TEST_CASE("oracle_v2: a locked cell never takes the new special: the next candidate does") {
    // Column 0 holds a vertical run of 4 the designer left, its lowest cell (0,3) locked; the move
    // makes a run of 3 in row 0 elsewhere, so the run of 4's `h` goes to its next candidate, (0,2).
    const json lock = {{"lock", {"0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0", "1 0 0 0 0"}}};
    const auto l = level({"0 1 3 3 2", "0 2 4 1 3", "0 3 1 4 1", "0 4 2 1 4"}, {{"colors", 5}}, lock);
    const auto a = oracle_v2::analyze(l);
    const auto* h = find_hint(a, {4, 0}, {4, 1});
    REQUIRE(h);
    REQUIRE(h->creates.size() == 1);
    CHECK(h->creates[0].cell == XY{0, 2});
    CHECK(h->creates[0].token == "0h");
    // The locked (0,3) is only unlocked, not cleared.
    CHECK(h->clears == std::vector<XY>{{0, 0}, {0, 1}, {0, 2}, {2, 0}, {3, 0}, {4, 0}});
}

TEST_CASE("oracle_v2: a version 1 level has specials off") {
    json l = level({"0 0 0 1 2", "3 4 5 0 1", "1 2 3 4 5"});
    l["version"] = 1;
    const auto a = oracle_v2::analyze(l);
    const auto* h = find_hint(a, {3, 0}, {3, 1});
    REQUIRE(h);
    CHECK(h->creates.empty());
    CHECK(h->clears == std::vector<XY>{{0, 0}, {1, 0}, {2, 0}, {3, 0}});
}

TEST_CASE("oracle_v2: crates lose one hit point next to a run, an ingredient leaves at the bottom") {
    // Moving the 0 of (1,1) up makes 1 1 1 1 in row 1: the crate under (1,1) is hit once, and the
    // ingredient falls from (0,0) to (0,1), the lowest non-hole cell of column 0, and is collected.
    const auto p = oracle_v2::play(level({"@ 1 2 3", "1 0 1 1", "_ c2 3 0"}, {{"colors", 4}}), {"1,1:1,0"});
    REQUIRE_FALSE(p.illegal);
    bool hit = false, collected = false;
    for (const auto& e : p.events) {
        if (e["type"] == "crate_hit" && e["step"] == 1) {
            CHECK(e["cell"] == nlohmann::ordered_json::parse("[1,2]"));
            CHECK(e["hp"] == 1);
            hit = true;
        }
        if (e["type"] == "created" && e["step"] == 1)
            CHECK(e == nlohmann::ordered_json::parse(R"({"type":"created","step":1,"cell":[1,1],"token":"1v"})"));
        if (e["type"] == "collected") {
            CHECK(e == nlohmann::ordered_json::parse(R"({"type":"collected","step":1,"cell":[0,1]})"));
            collected = true;
        }
    }
    CHECK(hit);
    CHECK(collected);
    CHECK(p.ingredients_collected == 1);
    CHECK(p.start_board[0] == "@ 1 2 3");
}

TEST_CASE("oracle_v2: swapping two equal plain pieces or two ingredients is never a move") {
    const auto p = oracle_v2::play(level({"0 0 1 0", "1 2 3 4", "@ @ 2 1"}), {"0,0:1,0"});
    CHECK(p.illegal == 0);
    const auto q = oracle_v2::play(level({"0 0 1 0", "1 2 3 4", "@ @ 2 1"}), {"0,2:1,2"});
    CHECK(q.illegal == 0);
}
