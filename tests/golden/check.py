#!/usr/bin/env python3
"""Records the CLI's outputs (record.py) into a scratch folder and compares them byte for byte with
tests/data/golden: every file the same, none missing, none extra. On a difference it names the
files and prints the start of a unified diff of the first few.

With --update it records into tests/data/golden instead, for a change of output that is meant;
the commit says why (docs/testing.md "Recorded outputs").

Usage: check.py TILELAB [--update]
"""
import difflib
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402

GOLDEN = os.path.join(record.ROOT, "tests", "data", "golden")
SHOWN_FILES = 3   # files whose diff is printed
SHOWN_LINES = 30  # lines of each diff


def files_under(folder):
    found = set()
    for parent, _, files in os.walk(folder):
        found.update(os.path.relpath(os.path.join(parent, f), folder) for f in files)
    return found


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compare(recorded):
    want, got = files_under(GOLDEN), files_under(recorded)
    changed = sorted(f for f in want & got if read(os.path.join(GOLDEN, f)) != read(os.path.join(recorded, f)))
    missing, extra = sorted(want - got), sorted(got - want)
    if not (changed or missing or extra):
        print(f"golden: {len(want)} recorded outputs, all unchanged")
        return 0
    print(f"golden: {len(changed)} changed, {len(missing)} no longer made, {len(extra)} new "
          f"(of {len(want)} recorded in tests/data/golden)")
    for label, names in (("changed", changed), ("no longer made", missing), ("new", extra)):
        for name in names[:20]:
            print(f"  {label}: {name}")
        if len(names) > 20:
            print(f"  ... and {len(names) - 20} more {label}")
    for name in changed[:SHOWN_FILES]:
        old = read(os.path.join(GOLDEN, name)).decode(errors="replace").splitlines(keepends=True)
        new = read(os.path.join(recorded, name)).decode(errors="replace").splitlines(keepends=True)
        diff = list(difflib.unified_diff(old, new, f"golden/{name}", f"now/{name}"))
        sys.stdout.writelines(line if line.endswith("\n") else line + "\n" for line in diff[:SHOWN_LINES])
        if len(diff) > SHOWN_LINES:
            print(f"... {len(diff) - SHOWN_LINES} more lines of diff")
    print("When the change is meant: python3 tests/golden/check.py build/bin/tilelab --update, "
          "and say why in the commit (docs/testing.md \"Recorded outputs\").")
    return 1


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    if len(args) != 1:
        sys.exit(__doc__.strip().splitlines()[-1])
    threads = os.environ.get("TILELAB_GOLDEN_THREADS", "2")
    if update:
        record.record(args[0], GOLDEN, threads)
        print(f"golden: {len(files_under(GOLDEN))} outputs recorded in tests/data/golden")
        return 0
    with tempfile.TemporaryDirectory(prefix="tilelab-golden-now-") as recorded:
        record.record(args[0], recorded, threads)
        return compare(recorded)


if __name__ == "__main__":
    sys.exit(main())
