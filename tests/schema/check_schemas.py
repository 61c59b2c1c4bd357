#!/usr/bin/env python3
"""Checks every shipped level, pack and test vector level against levels/schema/ (JSON Schema 2020-12),
and checks that the schema rejects a sample of the bad-input corpus the reader rejects. Given the
tilelab binary as a second argument, it also checks a calibration file written by `tilelab calibrate`."""
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema
from jsonschema import Draft202012Validator

root = pathlib.Path(sys.argv[1])
schema_dir = root / "levels" / "schema"
schemas = {name: json.loads((schema_dir / f"{name}.schema.json").read_text()) for name in ("level", "pack", "bundle", "calibration", "part")}
for schema in schemas.values():
    Draft202012Validator.check_schema(schema)

try:  # jsonschema >= 4.18 resolves "$ref": "level.schema.json" through a registry
    from referencing import Registry, Resource
    registry = Registry().with_resources(
        [(s["$id"], Resource.from_contents(s)) for s in schemas.values()]
        + [(f"{n}.schema.json", Resource.from_contents(s)) for n, s in schemas.items()])
    validators = {n: Draft202012Validator(s, registry=registry) for n, s in schemas.items()}
except ImportError:  # Debian 12's jsonschema 4.10
    store = {s["$id"]: s for s in schemas.values()}
    validators = {n: Draft202012Validator(s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
                  for n, s in schemas.items()}

failures = 0
checked = 0

def check(path, kind, doc=None):
    global failures, checked
    doc = doc if doc is not None else json.loads(path.read_text())
    errors = sorted(validators[kind].iter_errors(doc), key=lambda e: list(e.path))
    checked += 1
    for e in errors:
        failures += 1
        print(f"{path}: /{'/'.join(map(str, e.path))}: {e.message}")

for path in sorted((root / "levels").rglob("*.json")):
    if "schema" in path.parts:
        continue
    fmt = json.loads(path.read_text()).get("format")
    check(path, {"tilelab.level": "level", "tilelab.pack": "pack", "tilelab.bundle": "bundle"}[fmt])

# The version 1 copies of the samples (the migration tests' inputs) stay valid too.
for path in sorted((root / "tests" / "data" / "v1-levels").rglob("*.json")):
    check(path, "level")

for path in sorted((root / "tests" / "data" / "vectors").glob("*.json")):
    for i, case in enumerate(json.loads(path.read_text())["cases"]):
        if "level" in case:
            check(pathlib.Path(f"{path}#{i}"), "level", case["level"])

# The schema must also refuse what the reader refuses, for the faults a schema can see.
must_fail = ["root-array", "missing-format", "wrong-format", "version-newer", "unknown-kind", "unknown-key",
             "absurd-size", "double-space", "bad-token-lines", "rule-of-other-kind", "match3-no-colors",
             "jelly-other-kind", "unknown-layer", "link-pair", "link-max-turns", "goal-unknown-key", "negative-seed", "seed-string-not-digits",
             "missing-board", "v2-bad-tokens", "v2-token-in-v1", "v2-keys-in-v1", "v2-keys-other-kind", "v2-lock",
             "v2-spawn-weights-negative", "v2-spawn-weights-zero"]
for name in must_fail:
    doc = json.loads((root / "tests" / "data" / "bad" / f"{name}.json").read_text())
    checked += 1
    if validators["level"].is_valid(doc):
        failures += 1
        print(f"bad/{name}.json: the schema accepts a file the reader rejects")

# A calibration file as `tilelab calibrate` writes it, on the demo pack with a made-up CSV.
if len(sys.argv) > 2:
    pack = root / "levels" / "packs" / "demo.json"
    ids = []
    for entry in json.loads(pack.read_text())["levels"]:
        level = json.loads((pack.parent / entry).read_text())
        if level["kind"] in ("match3", "slide"):
            ids.append(level["id"])
    with tempfile.TemporaryDirectory() as tmp:
        csv = pathlib.Path(tmp) / "observed.csv"
        cal = pathlib.Path(tmp) / "cal.json"
        csv.write_text("id,attempts,passes\n" + "".join(f"{id},{1000 + 100 * i},{(1000 + 100 * i) * (5 + 7 * i) // 100}\n"
                                                         for i, id in enumerate(ids)))
        run = subprocess.run([sys.argv[2], "calibrate", str(csv), "--pack", str(pack), "--runs", "20", "--bot", "greedy",
                              "--threads", "2", "-o", str(cal)], capture_output=True, text=True)
        if run.returncode != 0:
            failures += 1
            print(f"tilelab calibrate failed ({run.returncode}): {run.stderr}")
        else:
            doc = json.loads(cal.read_text())
            check(cal, "calibration", doc)
            broken = dict(doc)
            del broken["b"]
            checked += 1
            if validators["calibration"].is_valid(broken):
                failures += 1
                print("calibration: the schema accepts a file without \"b\"")

print(f"{checked} passed, {failures} failed" if failures == 0 else f"{checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
