// libFuzzer target: analyze and apply (parsed moves, then legal moves the bytes choose) on
// whatever loads, with small budgets (see harness.hpp).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tilelab::fuzz::fuzz_one(
        "fuzz_play", [](std::string_view bytes) { return tilelab::fuzz::check_play(bytes); }, data, size);
}
