// byte_board.cpp built with its portable code (no SSE2), for test_match3_generic (tests/CMakeLists.txt).
#define TILELAB_BYTE_BOARD_GENERIC 1
#include "tilelab/match3/byte_board.cpp"
