// The seeded generator against the fixed vectors of docs/randomness.md (tests/data/vectors/rng.json).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "tilelab/random.hpp"

using tilelab::Rng;

TEST_CASE("splitmix64 reproduces the rng vectors", "[random]") {
    auto vectors = nlohmann::json::parse(tilelab::test::slurp(TILELAB_TEST_DATA "/vectors/rng.json"));
    REQUIRE(vectors.at("cases").size() >= 3);
    for (const auto& c : vectors.at("cases")) {
        const std::uint64_t seed = std::stoull(c.at("seed").get<std::string>());
        INFO("seed " << seed);
        Rng rng(seed);
        for (const auto& expected : c.at("next")) CHECK(rng.next() == std::stoull(expected.get<std::string>()));
        Rng draws(seed);
        const auto& ns = c.at("uniform").at("n");
        const auto& want = c.at("uniform").at("draws");
        REQUIRE(ns.size() == want.size());
        for (std::size_t i = 0; i < ns.size(); ++i)
            CHECK(draws.uniform(ns[i].get<std::uint32_t>()) == want[i].get<std::uint32_t>());
    }
}

TEST_CASE("uniform draws stay in range and use the high half of next()", "[random]") {
    Rng a(12345), b(12345);
    for (int i = 0; i < 1000; ++i) {
        std::uint32_t n = 1 + static_cast<std::uint32_t>(i % 97);
        std::uint32_t u = a.uniform(n);
        CHECK(u < n);
        CHECK(u == static_cast<std::uint32_t>((b.next() >> 32) % n));
    }
}

TEST_CASE("playout seeds differ per run and are stable", "[random]") {
    CHECK(tilelab::playout_seed(7, 0) == tilelab::playout_seed(7, 0));
    CHECK(tilelab::playout_seed(7, 0) != tilelab::playout_seed(7, 1));
    CHECK(tilelab::playout_seed(7, 1) != tilelab::playout_seed(8, 1));
}
