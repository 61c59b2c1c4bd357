// The library's headers need C++20 (defaulted comparisons, std::stop_token); a program compiled
// as an older C++ gets this one clear message instead of errors deep in a template: the #error
// says why, and the include of a file that does not exist ends the compile there. CMake users get
// C++20 from the package's usage requirement (docs/runtimes.md "C++").
#pragma once
// clang-format off
#if !defined(__cplusplus) || __cplusplus < 202002L
#error "tilelab requires C++20: compile with -std=c++20 (pkg-config --cflags tilelab-core gives it; CMake's tilelab::core asks for it)"
#include <tilelab-requires-cxx20>
#endif
// clang-format on
