// libFuzzer target: analyze and apply (parsed moves, then legal moves the bytes choose) on
// whatever loads, with small budgets (see harness.hpp).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string why = tilelab::fuzz::check_play(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!why.empty()) {
        std::fprintf(stderr, "fuzz_play finding: %s\n", why.c_str());
        std::abort();
    }
    return 0;
}
