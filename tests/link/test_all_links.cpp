// all_links and find_link against the frozen reference search (oracle_reference.cpp): the same
// pairs in the same order with the same turns and the same corners, on seeded random boards of
// every size (up to 150 cells on a side, past one 64-bit word a row or column), every fill,
// both pairing rules, 0..3 turns, border on and off, and fields edited in place.
#include <catch2/catch.hpp>

#include <limits>
#include <sstream>

#include "helpers.hpp"
#include "oracle.hpp"
#include "support/scale.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

namespace {
std::string describe(const LinkPath& l) {
    std::ostringstream s;
    s << "(" << l.a.x << "," << l.a.y << ")-(" << l.b.x << "," << l.b.y << ") turns " << l.turns << ":";
    for (Cell c : l.path) s << " " << c.x << "," << c.y;
    return s.str();
}

// Every element equal: a, b, turns and the corner list.
void require_same(const std::vector<LinkPath>& got, const std::vector<LinkPath>& want) {
    REQUIRE(got.size() == want.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
        INFO("link " << k << ": got " << describe(got[k]) << ", want " << describe(want[k]));
        REQUIRE(got[k].a == want[k].a);
        REQUIRE(got[k].b == want[k].b);
        REQUIRE(got[k].turns == want[k].turns);
        REQUIRE(got[k].path == want[k].path);
    }
}

struct RandomCase {
    Board board;
    LinkRules rules;
};

// A board of `width` x `height` with values of one of three families: a small range 1..V (the
// usual deal), values spread over the whole int32 range (the hashed chains), or, for a sum rule,
// values and their partners; some sums leave values without a partner or with a negative one.
RandomCase random_case(Rng& rng, int width, int height) {
    RandomCase out;
    LinkRules& rules = out.rules;
    rules.max_turns = static_cast<int>(rng.uniform(4));
    rules.border = rng.uniform(2) == 1;
    const bool sum = rng.uniform(2) == 1;
    if (sum) {
        const std::int64_t sums[] = {100, 7, 1, 0, std::int64_t{std::numeric_limits<std::int32_t>::max()} + 5, 2000000000};
        rules.pair = Pairing{Pairing::Rule::sum, sums[rng.uniform(6)]};
    }
    const int tile_percent = static_cast<int>(rng.uniform(101));
    const int blocker_percent = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(101 - tile_percent)));
    const int cells = width * height;
    const int values = 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(std::max(1, cells * tile_percent / 400) + 2)));
    const int family = static_cast<int>(rng.uniform(3));
    std::vector<std::int32_t> spread;
    for (int i = 0; i < values; ++i) spread.push_back(static_cast<std::int32_t>(rng.next() >> 33));
    out.board = Board(width, height, cell::empty);
    for (auto& c : out.board.cells) {
        const int roll = static_cast<int>(rng.uniform(100));
        if (roll < tile_percent) {
            std::int64_t v = family == 1 ? spread[rng.uniform(static_cast<std::uint32_t>(values))]
                                         : 1 + static_cast<std::int64_t>(rng.uniform(static_cast<std::uint32_t>(values)));
            if (family == 2 && sum && rng.uniform(2) == 1 && rules.pair.sum - v >= 0 &&
                rules.pair.sum - v <= std::numeric_limits<std::int32_t>::max())
                v = rules.pair.sum - v;
            c = static_cast<std::int32_t>(v);
        } else if (roll < tile_percent + blocker_percent) {
            // Anything but a tile or empty stops a path like a blocker.
            const std::int32_t walls[] = {cell::blocker, cell::blocker, cell::hole, cell::random};
            c = walls[rng.uniform(4)];
        }
    }
    return out;
}

// Mostly boards of a deal's size; one in ten has a side of 60 to 150 cells, and one in twenty a
// side of 59 to 64 (the ring makes that 61 to 66: around one 64-bit word).
void random_size(Rng& rng, int& width, int& height) {
    width = 1 + static_cast<int>(rng.uniform(24));
    height = 1 + static_cast<int>(rng.uniform(24));
    switch (rng.uniform(20)) {
    case 0:
        width = 60 + static_cast<int>(rng.uniform(91));
        height = 1 + static_cast<int>(rng.uniform(10));
        break;
    case 1:
        height = 60 + static_cast<int>(rng.uniform(91));
        width = 1 + static_cast<int>(rng.uniform(10));
        break;
    case 2:
        (rng.uniform(2) ? width : height) = 59 + static_cast<int>(rng.uniform(6));
        break;
    default:
        break;
    }
}
}  // namespace

TEST_CASE("all_links equals the frozen reference element for element on 6,000 random boards") {
    Rng rng(0x11e4ull);
    std::vector<LinkPath> reused;  // the buffer form, holding the boards before this one
    long links = 0, two_word_boards = 0;
    for (int round = 0; round < test::reps(6000); ++round) {
        int width = 0, height = 0;
        random_size(rng, width, height);
        const RandomCase c = random_case(rng, width, height);
        INFO("round " << round << " " << width << "x" << height << " turns " << c.rules.max_turns << " border " << c.rules.border
                      << " sum " << (c.rules.pair.rule == Pairing::Rule::sum ? c.rules.pair.sum : -1));
        const auto want = oracle::reference_all_links(c.board, c.rules);
        require_same(all_links(c.board, c.rules), want);
        all_links(c.board, c.rules, reused);
        require_same(reused, want);
        const LinkField field(c.board, c.rules.border);
        require_same(all_links(field, c.rules), want);
        links += static_cast<long>(want.size());
        if (width + 2 > 64 || height + 2 > 64) ++two_word_boards;
    }
    CHECK(links > test::reps(100000));
    CHECK(two_word_boards > test::reps(300));
}

TEST_CASE("all_links on full and cleared 18x8 deals equals the frozen reference") {
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(test::reps(300)); ++seed) {
        Board board = kshisen_board(seed);
        Rng rng(seed * 7919);
        LinkRules rules;
        rules.max_turns = static_cast<int>(seed % 4);
        rules.border = seed % 5 != 0;
        // Clear a growing share of the tiles: full, then emptier and emptier.
        for (int share = 0; share <= test::reps(100); share += 10) {
            INFO("seed " << seed << " cleared " << share << "%");
            for (auto& c : board.cells)
                if (rng.uniform(100) < 10) c = cell::empty;
            require_same(all_links(board, rules), oracle::reference_all_links(board, rules));
        }
    }
}

TEST_CASE("a field edited in place gives the reference's links and paths") {
    Rng rng(0xed17ull);
    for (int round = 0; round < test::reps(600); ++round) {
        int width = 0, height = 0;
        random_size(rng, width, height);
        RandomCase c = random_case(rng, width, height);
        LinkField field(c.board, c.rules.border);
        for (int step = 0; step < 8; ++step) {
            // Remove a tile, or put a tile, a blocker or an empty cell anywhere.
            const Cell at{static_cast<int>(rng.uniform(static_cast<std::uint32_t>(width))),
                          static_cast<int>(rng.uniform(static_cast<std::uint32_t>(height)))};
            const std::int32_t values[] = {cell::empty, cell::blocker,
                                           cell::hole,  1,
                                           2,           c.board.cells[rng.uniform(static_cast<std::uint32_t>(c.board.size()))]};
            const std::int32_t v = values[rng.uniform(6)];
            if (v == cell::empty && rng.uniform(2) == 1) field.clear(at);
            else field.set(at, v);
            c.board.at(at) = v;
            INFO("round " << round << " step " << step << " " << width << "x" << height);
            require_same(all_links(field, c.rules), oracle::reference_all_links(c.board, c.rules));
            // Single queries of any two cells, pairing or not, tiles or not.
            for (int q = 0; q < 20; ++q) {
                const Cell a{static_cast<int>(rng.uniform(static_cast<std::uint32_t>(width))),
                             static_cast<int>(rng.uniform(static_cast<std::uint32_t>(height)))};
                const Cell b{static_cast<int>(rng.uniform(static_cast<std::uint32_t>(width))),
                             static_cast<int>(rng.uniform(static_cast<std::uint32_t>(height)))};
                const auto want = oracle::reference_find_link(c.board, c.rules.border, c.rules.max_turns, a, b);
                const auto got = field.find_link(a, b, c.rules.max_turns);
                REQUIRE(got.has_value() == want.has_value());
                REQUIRE(field.links(a, b, c.rules.max_turns) == want.has_value());
                if (want) require_same({*got}, {*want});
            }
        }
    }
}
