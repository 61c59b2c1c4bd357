// libFuzzer target: the level and pack reader from raw bytes (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tilelab::fuzz::fuzz_one(
        "fuzz_reader", [](std::string_view bytes) { return tilelab::fuzz::check_reader(bytes); }, data, size);
}
