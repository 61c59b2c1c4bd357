// The property of issue 33, item 1 for link: a "can never" / "cannot be won" warning is a proof.
// Tiles are removed, so only blockers and (with the border off) the board's edge wall a tile in; on
// every link level the repository ships, on generated levels and on a few hundred random boards,
// whenever `analyze` warns so, the solver finds no order that clears the board within the move
// limit (docs/format.md "Problems").
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "support/shipped_levels.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/random.hpp"

using namespace tilelab;

namespace {

bool never_text(const std::string& m) {
    return m.find("can never") != std::string::npos || m.find("cannot be won") != std::string::npos;
}

struct Tally {
    int levels = 0, with_never = 0, unsolvable = 0;
};

std::map<std::string, Tally> tallies;

void check_level(const Level& level, const std::string& where, Tally& tally) {
    ++tally.levels;
    AnalyzeOptions options;
    options.budget_ms = 120000;  // wall time: far above the search's CPU, so load does not decide
    const Analysis a = kind_ops(Kind::link).analyze(level, options, std::stop_token{});
    bool never = false;
    std::string said;
    for (const Warning& w : a.warnings)
        if (never_text(w.message)) {
            never = true;
            said += w.message + "\n";
        }
    if (a.verdict == Verdict::unsolvable) ++tally.unsolvable;
    if (!never) return;
    ++tally.with_never;
    INFO(where << "\n" << said << write_level(level));
    REQUIRE(a.verdict != Verdict::unknown);  // small boards: the solver always answers
    const bool won = a.verdict == Verdict::solvable &&
                     (!level.goal.moves || static_cast<int>(a.solution.size()) <= *level.goal.moves);
    CHECK_FALSE(won);
}

// A random board of up to 6x6: blockers, tiles in pairs (now and then one more, an odd count), the
// border on or off, sometimes a sum pairing or a tight move limit.
Level random_level(Rng& rng) {
    const int w = 3 + static_cast<int>(rng.uniform(4)), h = 3 + static_cast<int>(rng.uniform(4));
    Board board(w, h, cell::empty);
    std::vector<int> free;
    for (int i = 0; i < w * h; ++i) {
        if (rng.uniform(100) < 22) board.cells[static_cast<std::size_t>(i)] = cell::blocker;
        else free.push_back(i);
    }
    shuffle(free, rng);
    link::LinkRules rules;
    rules.border = rng.uniform(2) == 0;
    rules.max_turns = 1 + static_cast<int>(rng.uniform(2));
    if (rng.uniform(4) == 0) {
        rules.pair.rule = Pairing::Rule::sum;
        rules.pair.sum = 10;
    }
    const int values = 2 + static_cast<int>(rng.uniform(3));
    std::size_t next = 0;
    const std::size_t tiles = free.size() * (1 + rng.uniform(3)) / 4 / 2 * 2;
    while (next + 1 < tiles && next + 1 < free.size()) {
        const int v = 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(values)));
        board.cells[static_cast<std::size_t>(free[next++])] = v;
        board.cells[static_cast<std::size_t>(free[next++])] = static_cast<std::int32_t>(rules.pair.partner(v));
    }
    if (rng.uniform(6) == 0 && next < free.size()) board.cells[static_cast<std::size_t>(free[next++])] = 1;
    Level level = link::testing::link_level(board, rules);
    if (rng.uniform(5) == 0 && next >= 4) level.goal.moves = static_cast<int>(next / 2) - 1;
    return level;
}

}  // namespace

TEST_CASE("link: every 'can never' and 'cannot be won' warning is a proof the solver confirms", "[problems][property]") {
    const std::filesystem::path source = TILELAB_SOURCE_DIR;
    test::for_each_shipped_level(source, Kind::link, [](const Level& level, const std::string& file, const std::string& from) {
        check_level(level, file, tallies[from]);
    });
    // Generated levels (tilelab generate --kind link --blockers N), several seeds.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        GenerateOptions o;
        o.kind = Kind::link;
        o.width = 6 + static_cast<int>(seed % 3);
        o.height = 4 + static_cast<int>(seed % 2);
        o.colors = 4;
        o.copies = seed % 2 == 0 ? 2 : 4;
        o.blockers = static_cast<int>(seed % 5);
        o.seed = seed;
        GenerateResult r = kind_ops(Kind::link).generate(o);
        REQUIRE(r.level.has_value());
        check_level(*r.level, "generated seed " + std::to_string(seed), tallies["generated"]);
    }
    Rng rng(33);
    for (int i = 0; i < 400; ++i) check_level(random_level(rng), "random board " + std::to_string(i), tallies["random boards"]);

    Tally total;
    for (const auto& [name, t] : tallies) {
        std::printf("link proofs, %s: %d levels, %d with a 'can never' warning, %d unsolvable\n", name.c_str(), t.levels,
                    t.with_never, t.unsolvable);
        total.levels += t.levels;
        total.with_never += t.with_never;
    }
    std::printf("link proofs, all: %d levels, %d with a 'can never' warning\n", total.levels, total.with_never);
    CHECK(tallies["random boards"].with_never >= 50);
    CHECK(tallies["tests/data"].with_never >= 1);
}
