// Test support: how many repetitions a property or differential loop runs, and the CPU time that
// time limits measure (docs/testing.md, "Sizes and soaks").
#pragma once
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <string>

namespace tilelab::test {

// TILELAB_TEST_SCALE: a factor on every loop count that goes through reps() (default 1). The
// sanitizer entries run with less, the soaks (scripts/soak.sh) with 10, which gives at least the
// counts the loops had before they were sized. A value that is not a positive number is an error,
// so that a typo does not silently run the default.
inline double test_scale() {
    static const double scale = [] {
        const char* text = std::getenv("TILELAB_TEST_SCALE");
        if (text == nullptr || *text == '\0') return 1.0;
        char* end = nullptr;
        const double value = std::strtod(text, &end);
        if (end == text || *end != '\0' || !std::isfinite(value) || value <= 0)
            throw std::invalid_argument(std::string("TILELAB_TEST_SCALE is not a positive number: ") + text);
        return value;
    }();
    return scale;
}

// n repetitions at scale 1; n times the scale otherwise, rounded, never below 1.
inline int reps(int n) {
    const double scaled = std::round(static_cast<double>(n) * test_scale());
    return static_cast<int>(std::clamp(scaled, 1.0, static_cast<double>(INT_MAX)));
}

// The CPU time (user + system, every thread) this process has used, in seconds. Time limits in
// tests compare this, not the wall clock: ctest -j2 beside a build must not fail them.
inline double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace tilelab::test
