#!/usr/bin/env python3
"""A runtime against the conformance vectors: runs a consumer of the installed libtilelab.so (the C
one, c_consumer/main.c, or the C# one under Mono, csharp_consumer/Consumer.cs; both print the same
lines) on every case of every play vector, and checks its start board, board, score, first illegal
move and each move's events against the vector and against `tilelab apply --json` (the installed
CLI); that a game saved halfway and restored plays on to the same board and score. Also a broken
level, a newer format and a text that is not JSON (each with its status code), a malformed move,
and each sample level's analysis and estimate against `tilelab analyze --json` and
`tilelab estimate --json`.
Usage: runtime_vectors.py "CONSUMER COMMAND" TILELAB VECTOR_DIR WORK_DIR LANGUAGE [SAMPLES_DIR]"""
import json
import os
import shlex
import subprocess
import sys

command, cli, vectors, work, language = sys.argv[1:6]
prog = shlex.split(command)
failures = []


def run(args):
    return subprocess.run(args, capture_output=True, text=True)


def parse(out):
    got = {"events": {}}
    for line in out.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("events", "typed"):
            index, _, text = rest.partition(" ")
            got.setdefault(word, {})[int(index)] = json.loads(text)
        elif word in ("start", "board", "score", "moves", "copy", "restore", "restore-cut"):
            got[word] = rest
        elif word == "illegal":
            got["illegal"] = int(rest.split(" ")[0])
    return got


level_path = os.path.join(work, "level.json")
bundle_path = os.path.join(work, "bundle.json")
counts = {}
for name in ("match3_play", "match3v2_play", "slide_play"):
    with open(os.path.join(vectors, name + ".json")) as f:
        cases = json.load(f)["cases"]
    counts[name] = f"{len(cases)} cases"
    # Every case's level in one bundle too: odd cases play the bundle's level, even ones the file's.
    with open(bundle_path, "w") as f:
        json.dump({"format": "tilelab.bundle", "version": 1, "name": name, "levels": [c["level"] for c in cases]}, f)
    for n, case in enumerate(cases):
        where = f"{name} case {n}"
        with open(level_path, "w") as f:
            json.dump(case["level"], f)
        source = ["--bundle", bundle_path, str(n)] if n % 2 else [level_path]
        r = run(prog + source + case["moves"])
        if n % 2 and f"bundle '{name}': {len(cases)} levels" not in r.stdout:
            failures.append(f"{where}: the bundle was not read: {r.stdout.strip()}")
        got = parse(r.stdout)
        expect = case["expect"]
        if r.returncode != (0 if expect["illegal"] is None else 1):
            failures.append(f"{where}: exit {r.returncode}: {r.stderr.strip()}")
            continue
        if "start_board" in expect and got.get("start") != "|".join(expect["start_board"]):
            failures.append(f"{where}: start board {got.get('start')}")
        if got.get("board") != "|".join(expect["board"]):
            failures.append(f"{where}: board {got.get('board')}, expected {'|'.join(expect['board'])}")
        if got.get("score") != str(expect["score"]):
            failures.append(f"{where}: score {got.get('score')}, expected {expect['score']}")
        if got.get("illegal") != expect["illegal"]:
            failures.append(f"{where}: illegal {got.get('illegal')}, expected {expect['illegal']}")
        if got.get("copy") != "same":
            failures.append(f"{where}: the copy made at the start {got.get('copy')}")
        played = len(case["moves"]) if expect["illegal"] is None else expect["illegal"]
        # A file's level (not the bundle's) is saved after half its moves, when play gets that far.
        if n % 2 == 0 and len(case["moves"]) // 2 <= played and (got.get("restore") != "same" or got.get("restore-cut") != "json"):
            failures.append(f"{where}: the game saved halfway: restore {got.get('restore')}, cut short {got.get('restore-cut')}")
        # Each move's events: those `tilelab apply --json` prints for it, without the move index.
        applied = json.loads(run([cli, "apply", level_path] + case["moves"] + ["--json"]).stdout)
        by_move = {}
        for event in applied["events"]:
            event = dict(event)
            by_move.setdefault(event.pop("move"), []).append(event)
        for i in range(played):
            if got["events"].get(i) != by_move.get(i, []):
                failures.append(f"{where}: move {i}'s events differ from tilelab apply's")
                break
            # The typed events (the C consumer writes them out as JSON field by field) say the same.
            if "typed" in got and got["typed"].get(i) != by_move.get(i, []):
                failures.append(f"{where}: move {i}'s typed events differ from tilelab apply's: {got['typed'].get(i)}")
                break

# link and lines have no play vectors: their sample levels play the solver's solution (whole, for
# the cleared and closed events) and a few more shifts, each move's events against `tilelab apply`.
solved = 0
if len(sys.argv) > 6:
    for kind in ("link", "lines"):
        folder = os.path.join(sys.argv[6], kind)
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            solve = json.loads(run([cli, "analyze", path, "--json"]).stdout).get("solve", {})
            if kind == "link":
                moves = [f"{a[0]},{a[1]}:{b[0]},{b[1]}" for a, b in solve.get("order", [])]
            else:
                moves = solve.get("moves", []) + ["row:0:right", "col:0:down", "row:1:left", "col:1:up"]
            r = run(prog + [path] + moves)
            got = parse(r.stdout)
            applied = json.loads(run([cli, "apply", path] + moves + ["--json"]).stdout)
            by_move = {}
            for event in applied["events"]:
                event = dict(event)
                by_move.setdefault(event.pop("move"), []).append(event)
            played = len(got["events"])
            if played == 0 or got.get("restore") != "same":
                failures.append(f"{kind}/{name}: {played} moves played, restore {got.get('restore')}: {r.stdout.strip()[:200]}")
            for i in range(played):
                if got["events"][i] != by_move.get(i, []) or ("typed" in got and got["typed"].get(i) != by_move.get(i, [])):
                    failures.append(f"{kind}/{name}: move {i}'s events differ from tilelab apply's")
                    break
            solved += 1
    counts["link and lines samples played"] = solved

# A level that is not one: NULL and the located problems; a malformed move: 2 and why.
with open(level_path, "w") as f:
    f.write('{"format": "tilelab.level", "version": 2, "kind": "slide", "id": "x", "name": "x", "width": 3, '
            '"height": 2, "seed": 1, "board": [". . .", ". ."], "goal": {"target": 8}}')
r = run(prog + [level_path])
if r.returncode != 1 or not r.stdout.startswith("error invalid ") or "/board/1: " not in r.stdout:
    failures.append(f"a broken level: exit {r.returncode}, {r.stdout.strip()}")
for text, status in (('{"format": "tilelab.level", "version": 9}', "version"), ('{"format": ', "json")):
    with open(level_path, "w") as f:
        f.write(text)
    r = run(prog + [level_path])
    if r.returncode != 1 or not r.stdout.startswith(f"error {status} "):
        failures.append(f"{text}: expected status {status}: exit {r.returncode}, {r.stdout.strip()}")
with open(level_path, "w") as f:
    json.dump(json.load(open(os.path.join(vectors, "slide_play.json")))["cases"][0]["level"], f)
r = run(prog + [level_path, "sideways"])
if r.returncode != 2 or "\nmalformed 0 " not in r.stdout:
    failures.append(f"a malformed move: exit {r.returncode}, {r.stdout.strip()}")

# Each sample level's analysis and estimate: the bytes the command line prints, without the newline;
# an estimate stopped at its first report of progress says "cancelled".
samples = sys.argv[6] if len(sys.argv) > 6 else None
analysed = 0
if samples:
    out_path = os.path.join(work, "out.json")
    for kind in sorted(os.listdir(samples)):
        for name in sorted(os.listdir(os.path.join(samples, kind)))[:2]:
            path = os.path.join(samples, kind, name)
            where = f"{kind}/{name}"
            analysed += 1
            r = run(prog + ["--analyze", out_path, path])
            cli_text = run([cli, "analyze", path, "--json", "--budget-ms", "2000"]).stdout
            if r.returncode != 0 or open(out_path).read() + "\n" != cli_text:
                failures.append(f"{where}: the analysis differs from tilelab analyze --json: {r.stdout.strip()}")
            r = run(prog + ["--estimate", '{"runs": 40, "seed": 7, "threads": 1}', out_path, path])
            if kind == "lines":
                if r.returncode != 1 or not r.stdout.startswith("estimate unsupported "):
                    failures.append(f"{where}: an estimate of a lines level: {r.stdout.strip()}")
                continue
            cli_text = run([cli, "estimate", path, "--json", "--runs", "40", "--seed", "7", "--threads", "1"]).stdout
            if r.returncode != 0 or open(out_path).read() + "\n" != cli_text:
                failures.append(f"{where}: the estimate differs from tilelab estimate --json: {r.stdout.strip()}")
            if "stopped ok cancelled calls 1" not in r.stdout:
                failures.append(f"{where}: an estimate stopped by its progress callback: {r.stdout.strip()}")

for f in failures[:20]:
    print("FAIL:", f)
if failures:
    print(f"{len(failures)} failures")
    sys.exit(1)
print(f"{language}: " + ", ".join(f"{name} {count}" for name, count in counts.items()) +
      ": start boards, boards, scores, illegal moves, every move's events (as JSON and typed) and games restored halfway "
      "equal; "
      f"a broken level, a newer format, a text that is not JSON and a malformed move refused; {analysed} sample levels' "
      "analyses and estimates equal the command line's")
