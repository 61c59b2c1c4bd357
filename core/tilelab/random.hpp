// The seeded generator every kind draws from: splitmix64 exactly as docs/randomness.md fixes it.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <cstdint>
#include <utility>
#include <vector>

namespace tilelab {

// A runtime in any language reproduces every draw by following next() and uniform() below;
// docs/randomness.md lists the fixed vectors (tests/data/vectors/rng.json) to check against.
class Rng {
public:
    explicit constexpr Rng(std::uint64_t seed = 0) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept {
        state_ += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = state_;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // uniform(n) = (next() >> 32) % n. n must be at least 1.
    constexpr std::uint32_t uniform(std::uint32_t n) noexcept { return static_cast<std::uint32_t>((next() >> 32) % n); }

    constexpr std::uint64_t state() const noexcept { return state_; }
    friend constexpr bool operator==(const Rng&, const Rng&) = default;

private:
    std::uint64_t state_;
};

// A playout's own generator, seeded from (run seed, run index), so that results never depend
// on how runs are spread over threads.
constexpr std::uint64_t playout_seed(std::uint64_t seed, std::uint64_t run_index) noexcept {
    Rng mix(seed ^ (run_index * 0xD1B54A32D192ED03ull));
    mix.next();
    return mix.next();
}

// The generator of a playout's bot (match3 random and mcts, slide random), seeded from the playout's
// own seed: Rng(bot_seed(playout_seed(seed, i))). A bot that draws from it never touches the game's
// refills or spawns, so every bot meets the same draws in run i.
constexpr std::uint64_t bot_seed(std::uint64_t playout_seed_value) noexcept {
    return playout_seed(playout_seed_value ^ 0xB07B07B07B07B07Bull, 0);
}

// Shuffles `items` with draws from `rng`: for i = size down to 2, item i-1 swaps with item
// uniform(i). The draw order is part of how a generated level follows from its seed.
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.uniform(static_cast<std::uint32_t>(i))]);
}

}  // namespace tilelab
