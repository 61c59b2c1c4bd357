// libFuzzer target: the bytes as one shard part of `tilelab pack merge`, merged in a folder that
// holds the pack and level the seed parts were made from, and as what a shard finds at its output
// path (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string why = tilelab::fuzz::check_merge(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!why.empty()) {
        std::fprintf(stderr, "fuzz_merge finding: %s\n", why.c_str());
        std::abort();
    }
    return 0;
}
