#!/usr/bin/env bash
# Two rules of the core's sources (docs/architecture.md): no source file under core/ is over 1,000
# lines (a subject that grows past it is split by subject), and no CPU-specific intrinsics (the
# fast paths are plain C++: 64-bit words and GCC's vector extensions, docs/match3.md "One code
# path"). Fails listing each file or line. A grep, well under a second.
# Usage: tests/tools/core_sources.sh [REPO_ROOT]   (default: the repository this script is in)
set -uo pipefail
root=${1:-"$(cd "$(dirname "$0")/../.." && pwd)"}
cd "$root" || exit 2
status=0
long=$(find core -name '*.cpp' -o -name '*.hpp' | sort | xargs wc -l | awk '$2 != "total" && $1 > 1000')
if [[ -n $long ]]; then
    echo "core source files over 1,000 lines (split them by subject):" >&2
    echo "$long" >&2
    status=1
fi
intrinsics=$(grep -rnE '[a-z]*intrin\.h|__m(64|128|256|512)|\b_mm(256|512)?_|__builtin_ia32|target\("|cpu_supports' core)
if [[ -n $intrinsics ]]; then
    echo "CPU-specific intrinsics in the core (docs/architecture.md: plain C++ only):" >&2
    echo "$intrinsics" >&2
    status=1
fi
((status)) || echo "no core source over 1,000 lines, no CPU-specific intrinsics"
exit "$status"
