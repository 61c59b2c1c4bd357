// libFuzzer target: the bytes as the observed CSV of `tilelab calibrate`, its fit and the file it
// writes, and as a calibration file (see harness.hpp for the checks).
#include <cstdio>
#include <cstdlib>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tilelab::fuzz::fuzz_one(
        "fuzz_calibration", [](std::string_view bytes) { return tilelab::fuzz::check_calibration(bytes); }, data, size);
}
