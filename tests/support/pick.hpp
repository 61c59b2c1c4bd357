// Test support: a uniform draw in [0, n) from tilelab's generator, for tests that make random boards.
#pragma once
#include <cstdint>

#include "tilelab/random.hpp"

namespace tilelab::test {

inline int pick(Rng& rng, int n) { return static_cast<int>(rng.uniform(static_cast<std::uint32_t>(n))); }

}  // namespace tilelab::test
