// v2.cpp built with its portable code (no SSE2), for test_match3_generic (tests/CMakeLists.txt).
#define TILELAB_V2_GENERIC 1
#include "tilelab/match3/v2.cpp"
