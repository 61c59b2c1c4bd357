// libFuzzer target: the bytes as one shard part of `tilelab pack merge`, merged in a folder that
// holds the pack and level the seed parts were made from, and as what a shard finds at its output
// path (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tilelab::fuzz::fuzz_one(
        "fuzz_merge", [](std::string_view bytes) { return tilelab::fuzz::check_merge(bytes); }, data, size);
}
