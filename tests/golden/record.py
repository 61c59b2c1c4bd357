#!/usr/bin/env python3
"""Records what the CLI prints for every verb on every shipped level (levels/samples, the demo
pack) and on a few generated levels: one file per run, named after the level and the verb,
holding the command, its stdout, its stderr and its exit status (and the file the run wrote, for
the verbs that write one). check.py compares such a recording with tests/data/golden byte for
byte (docs/testing.md "Recorded outputs").

Every run is cheap (small --runs, fixed seeds, the greedy bot where the default one is slow): the
whole recording takes a few seconds on one core. The runs use relative paths inside a scratch copy
of levels/, so no output holds a temporary folder's name. Two things are written in a fixed form:
the thread count of every run, given as TILELAB_GOLDEN_THREADS (default 2) and recorded as
"--threads T" in the command line (every output is the same for any count), and the end of the
pack check's text summary, its time and thread count ("(0.01 s, 2 threads)"), recorded as
"(TIME, THREADS)". No recorded output holds the version.

Usage: record.py TILELAB OUTDIR   (OUTDIR is emptied first)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACK_CHECK_TIME = re.compile(rb"\([0-9.]+ s, [0-9]+ threads?\)")


def section(name, data):
    """A header and the bytes; a last line without its newline is marked."""
    text = b"--- " + name.encode() + b"\n" + data
    if data and not data.endswith(b"\n"):
        text += b"\n--- (no newline at the end of " + name.encode() + b")\n"
    return text


class Recorder:
    def __init__(self, cli, out, work, threads):
        self.cli, self.out, self.work, self.threads = cli, out, work, threads
        self.last_stdout = b""

    def run(self, name, *args, wrote=None):
        """One run of the CLI; OUT/NAME.txt gets the command, stdout, stderr and exit status, and
        with wrote=FILE the file the run wrote (or that it is missing), which is then removed."""
        args = [str(a) for a in args]
        done = subprocess.run([self.cli] + args, cwd=self.work, capture_output=True)
        stdout = done.stdout
        if args[:2] == ["pack", "check"]:
            stdout = PACK_CHECK_TIME.sub(b"(TIME, THREADS)", stdout)
        command = " ".join(args).replace(f"--threads {self.threads}", "--threads T")
        text = b"$ tilelab " + command.encode() + b"\n"
        text += section("stdout", stdout) + section("stderr", done.stderr)
        text += b"--- exit %d\n" % done.returncode
        if wrote:
            path = os.path.join(self.work, wrote)
            if os.path.exists(path):
                with open(path, "rb") as f:
                    text += section(wrote, f.read())
                os.remove(path)
            else:
                text += b"--- " + wrote.encode() + b": not written\n"
        target = os.path.join(self.out, name + ".txt")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(text)
        self.last_stdout = done.stdout
        return done


def cell_pair(a, b):
    return f"{a[0]},{a[1]}:{b[0]},{b[1]}"


def moves_of(kind, analysis):
    """Two move lists from the level's analyze --json: each legal from the start."""
    first, second = [], []
    if kind == "match3":
        hints = analysis.get("hints", [])
        if hints:
            first = [cell_pair(*hints[0]["swap"])]
            second = [cell_pair(*hints[-1]["swap"])]
    elif kind == "link":
        links = analysis.get("links", [])
        if links:
            first = [cell_pair(links[0]["a"], links[0]["b"])]
        second = [cell_pair(a, b) for a, b in analysis.get("solve", {}).get("order", [])]
    elif kind == "lines":
        first = ["row:0:left", "col:1:down"]
        second = analysis.get("solve", {}).get("moves", [])
    elif kind == "slide":
        legal = [d for d, ok in analysis.get("legal", {}).items() if ok]
        first = legal[:1]
        second = analysis.get("solve", {}).get("moves", []) or ["up", "left", "down", "right"]
    return first, second


def level(rec, file, name):
    """Every verb on one level (FILE relative to the scratch folder; NAME the output's folder)."""
    t = ["--threads", rec.threads]
    with open(os.path.join(rec.work, file)) as f:
        kind = json.load(f)["kind"]
    rec.run(f"{name}/validate", "validate", file)
    rec.run(f"{name}/validate-json", "validate", file, "--json")
    rec.run(f"{name}/fmt-check", "fmt", "--check", file)
    rec.run(f"{name}/analyze", "analyze", file)
    rec.run(f"{name}/analyze-json", "analyze", file, "--json")
    first, second = moves_of(kind, json.loads(rec.last_stdout))
    if first:
        rec.run(f"{name}/apply-1", "apply", file, *first, "--json")
    if second:
        rec.run(f"{name}/apply-2", "apply", file, *second, "--json")

    playouts = ["--seed", "1", *t]
    if kind in ("match3", "link"):
        rec.run(f"{name}/estimate", "estimate", file, "--runs", "50", *playouts)
        rec.run(f"{name}/estimate-json", "estimate", file, "--runs", "50", *playouts, "--json")
    elif kind == "slide":
        # The default bot (expectimax) is the slow one: a few runs of it on the samples, greedy
        # elsewhere. A level without a move limit has a curve point for every move up to the
        # longest win (about 1,100 to reach 2048, 140 KB of JSON): the generated levels' JSON is
        # greedy's, which does not reach 2048.
        json_bot = ["--bot", "greedy"] if name.startswith("generated/") else []
        rec.run(f"{name}/estimate", "estimate", file, "--runs", "50", *playouts, "--bot", "greedy")
        rec.run(f"{name}/estimate-json", "estimate", file, "--runs", "8", *playouts, *json_bot, "--json")
    else:
        rec.run(f"{name}/estimate", "estimate", file, "--runs", "50", "--seed", "1")

    # tune: greedy on match3, the quick bot on slide (greedy does not reach 2048).
    if kind in ("match3", "slide"):
        bot = ["--bot", "greedy", "--runs", "50"] if kind == "match3" else ["--bot", "quick", "--runs", "20"]
        rec.run(f"{name}/tune-json", "tune", file, "--target", "50%", "--tolerance", "0.15", *bot, *playouts,
                "--json", "-o", "written/tuned.json", wrote="written/tuned.json")


def record(cli, out, threads="2"):
    cli = os.path.abspath(cli)
    out = os.path.abspath(out)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with tempfile.TemporaryDirectory(prefix="tilelab-golden-") as work:
        shutil.copytree(os.path.join(ROOT, "levels"), os.path.join(work, "levels"))
        os.makedirs(os.path.join(work, "generated"))
        os.makedirs(os.path.join(work, "written"))
        rec = Recorder(cli, out, work, str(threads))

        # The help texts.
        rec.run("help/tilelab", "--help")
        for verb in ("validate", "fmt", "analyze", "apply", "generate", "estimate", "tune", "calibrate", "pack"):
            rec.run(f"help/{verb}", verb, "--help")

        # Generated levels: each kind at a small size, a few seeds; the level is generate's stdout.
        def generate(name, *args):
            rec.run(f"generated/{name}/generate", "generate", *args)
            with open(os.path.join(work, "generated", name + ".json"), "wb") as f:
                f.write(rec.last_stdout)

        for seed in (1, 2, 3):
            generate(f"match3-{seed}", "--kind", "match3", "--width", 7, "--height", 7, "--seed", seed)
            generate(f"link-{seed}", "--kind", "link", "--width", 6, "--height", 4, "--seed", seed)
            generate(f"lines-{seed}", "--kind", "lines", "--width", 5, "--height", 5, "--scramble", 3, "--seed", seed)
            generate(f"slide-{seed}", "--kind", "slide", "--width", 4, "--height", 4, "--seed", seed)
        generate("match3-items", "--kind", "match3", "--width", 8, "--height", 8, "--crates", 3, "--ingredients", 2,
                 "--locks", 3, "--seed", 4)
        generate("link-sum", "--kind", "link", "--width", 6, "--height", 6, "--pair", "sum:10", "--blockers", 3,
                 "--copies", 4, "--seed", 5)
        # To a target: lines by its proved optimum, match3 by the greedy bot's pass rate.
        generate("lines-moves-3", "--kind", "lines", "--width", 5, "--height", 5, "--moves", 3, "--seed", 6)
        generate("match3-target", "--kind", "match3", "--width", 6, "--height", 6, "--target-pass", "50%",
                 "--tolerance", 0.2, "--bot", "greedy", "--runs", 100, "--threads", rec.threads, "--seed", 7)

        levels = []
        for folder in ("levels/samples", "generated"):
            for parent, _, files in os.walk(os.path.join(work, folder)):
                levels += [os.path.relpath(os.path.join(parent, f), work) for f in files if f.endswith(".json")]
        for file in sorted(levels):
            name = file[len("levels/"):] if file.startswith("levels/") else file
            level(rec, file, name[: -len(".json")])

        # The demo pack: validate, check (text, JSON, a --range that fails), export and report.
        pack = "levels/packs/demo.json"
        options = ["--runs", "20", "--seed", "1", "--bot", "greedy", "--threads", rec.threads]
        rec.run("packs/demo/validate", "validate", pack)
        rec.run("packs/demo/check", "pack", "check", pack, *options)
        rec.run("packs/demo/check-json", "pack", "check", pack, *options, "--json")
        rec.run("packs/demo/check-range", "pack", "check", pack, *options, "--range", "20%:90%")
        rec.run("packs/demo/export", "pack", "export", pack, *options, "-o", "written/bundle.json",
                wrote="written/bundle.json")
        rec.run("packs/demo/report", "pack", "report", pack, *options, "-o", "written/report.html",
                wrote="written/report.html")
        # pack tune last: without --dry-run it rewrites the levels of the scratch copy. The default
        # bots, 10 runs a level: a tolerance that one level misses, then one they all meet.
        ramp = ["--ramp", "0.85:0.35", "--runs", "10", "--seed", "1", "--threads", rec.threads]
        rec.run("packs/demo/tune-dry-run", "pack", "tune", pack, *ramp, "--tolerance", "0.2", "--dry-run")
        rec.run("packs/demo/tune-json", "pack", "tune", pack, *ramp, "--tolerance", "0.35", "--json",
                wrote="levels/samples/match3/01-intro.json")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    record(sys.argv[1], sys.argv[2], os.environ.get("TILELAB_GOLDEN_THREADS", "2"))
