#!/usr/bin/env bash
# Comments, docs, scripts and tests point to the repository's own docs (docs/rules.md and the
# per-kind pages), never to files outside it: fails, listing each place, when core/ editor/ tests/
# (but tests/data) scripts/ tools/ docs/ or README.md name RULES.md, CONTRACT.md, ../shared or a
# "seed 00N" tutorial (also when a line break splits "seed" from its number).
# Usage: tests/tools/no_outside_refs.sh [REPO_ROOT]   (default: the repository this script is in)
set -uo pipefail
root=${1:-"$(cd "$(dirname "$0")/../.." && pwd)"}
cd "$root" || exit 2
paths=(core editor tests scripts tools docs README.md)
files='RULES\.md|CONTRACT\.md|\.\./shared|\bRULES('"'"'|[[:space:]])+(§|"|section)'
seeds='\bseed[ _-]?0[0-9]{2}\b'
common=(-rIn --exclude=no_outside_refs.sh)
found=$({ grep "${common[@]}" -E "$files" "${paths[@]}"; grep "${common[@]}" -iE "$seeds" "${paths[@]}"; } 2>/dev/null |
        grep -v '^tests/data/')
# "seed" at the end of one line and "00N" at the start of the next (a comment or a wrapped paragraph).
wrapped=$(grep "${common[@]}" -iE -A1 '\bseed$' "${paths[@]}" 2>/dev/null |
          grep -iE '^[^:]+-[0-9]+-[[:space:]]*(//|#)?[[:space:]]*0[0-9]{2}\b' | grep -v '^tests/data/')
if [[ -n $found || -n $wrapped ]]; then
    echo "references to files outside the repository (point to docs/ instead: docs/rules.md, docs/match3.md, ...):" >&2
    [[ -n $found ]] && echo "$found" >&2
    [[ -n $wrapped ]] && sed 's/$/   (the line after "seed")/' <<<"$wrapped" >&2
    exit 1
fi
echo "no references outside the repository"
