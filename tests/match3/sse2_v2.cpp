// v2.cpp built with SSE2 and without its AVX-512 writer of the cleared cells, for test_match3_sse2
// (tests/CMakeLists.txt): on a CPU with AVX-512 the core's build writes with it, so the SSE2 writer
// is tested here.
#define TILELAB_V2_NO_AVX512 1
#include "tilelab/match3/v2.cpp"
