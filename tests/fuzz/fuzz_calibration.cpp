// libFuzzer target: the bytes as the observed CSV of `tilelab calibrate`, its fit and the file it
// writes, and as a calibration file (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string why = tilelab::fuzz::check_calibration(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!why.empty()) {
        std::fprintf(stderr, "fuzz_calibration finding: %s\n", why.c_str());
        std::abort();
    }
    return 0;
}
