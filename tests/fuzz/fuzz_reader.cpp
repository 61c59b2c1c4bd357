// libFuzzer target: the level and pack reader from raw bytes (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string why = tilelab::fuzz::check_reader(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!why.empty()) {
        std::fprintf(stderr, "fuzz_reader finding: %s\n", why.c_str());
        std::abort();
    }
    return 0;
}
