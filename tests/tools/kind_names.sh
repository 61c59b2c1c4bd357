#!/usr/bin/env bash
# "One kind, one folder" (docs/architecture.md): outside the kind folders (core/tilelab/match3, link,
# lines, slide) and the editor's kind files (editor/kinds/match3.cpp ..., the UI's, and
# editor/kinds/match3_edits.cpp ..., the document model's) no source should name a specific kind,
# except the tables that list them (core/tilelab/kinds/table.cpp, core/tilelab/board/kind_data.hpp,
# editor/kinds/table.cpp and editor/kinds/edits_table.cpp: one line per kind each), neither
# `Kind::match3` and the like, nor a kind's headers (`#include "tilelab/match3/..."`), nor anything
# of a kind's namespace (`match3::Rules`, `link::rules_of`); comment lines do not count. Until every
# such place has moved behind the kind
# tables, this is a ratchet: tests/data/kind_names_baseline.txt holds each file's count of them, and
# the check fails when a file has more than its count (a file not listed has 0), naming the lines.
# Fewer is progress: --update rewrites the baseline with today's counts.
# Usage: tests/tools/kind_names.sh [REPO_ROOT] [--update]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
update=0
for arg in "$@"; do
    case $arg in
        --update) update=1 ;;
        *) root=$arg ;;
    esac
done
cd "$root" || exit 2
baseline=tests/data/kind_names_baseline.txt
pattern='Kind::(match3|link|lines|slide)\b|#include "tilelab/(match3|link|lines|slide)/|\b(match3|link|lines|slide)::[A-Za-z_]'
# The lines of the files that name a kind, "FILE:N:line" (comment lines left out).
named() { grep -nE "$pattern" "$@" /dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; }
# Every C++ source of the core, the CLI and the editor outside the kind folders.
mapfile -t files < <(find core editor -name '*.cpp' -o -name '*.hpp' | grep -vE '^core/tilelab/(match3|link|lines|slide)/|^editor/kinds/(match3|link|lines|slide)(_edits)?\.cpp$|^(core/tilelab|editor)/kinds/table\.cpp$|^core/tilelab/board/kind_data\.hpp$|^editor/kinds/edits_table\.cpp$' | sort)
counts=$(named "${files[@]}" | cut -d: -f1 | uniq -c | awk '{print $2 " " $1}')
total=$(awk '{s += $2} END {print s + 0}' <<<"$counts")
if ((update)); then
    printf '%s\n' "$counts" >"$baseline"
    echo "baseline rewritten: $total places in $(grep -c . <<<"$counts") files"
    exit 0
fi
[[ -f $baseline ]] || { echo "no $baseline (run with --update)" >&2; exit 2; }
failed=0
while read -r file n; do
    [[ -n $file ]] || continue
    allowed=$(awk -v f="$file" '$1 == f {print $2}' "$baseline")
    allowed=${allowed:-0}
    if ((n > allowed)); then
        echo "$file names a specific kind $n times (the baseline allows $allowed): move it behind the kind tables" >&2
        named "$file" | sed "s|^|  |" >&2
        failed=1
    fi
done <<<"$counts"
was=$(awk '{s += $2} END {print s + 0}' "$baseline")
((failed)) && exit 1
echo "$total places outside the kind folders name a specific kind (baseline $was)"
((total < was)) && echo "fewer than the baseline: tests/tools/kind_names.sh --update records the progress"
exit 0
