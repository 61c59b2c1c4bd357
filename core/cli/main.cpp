// The `tilelab` command: dispatches to one file per verb.
#include <cstdio>
int main() { std::puts("tilelab: under construction"); return 2; }
