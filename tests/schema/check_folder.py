#!/usr/bin/env python3
"""Checks a folder of tilelab's JSON Schemas on its own: every schema is valid draft 2020-12, its
$id is its file name (relative: it resolves against where the file is read from), every reference
to another schema names a file of the folder, and the given levels validate, alone and as the
levels of a bundle, and the given bundles validate, with every reference resolved from the folder
alone: no registry given by hand, no network. A bundle with a short row in a level must be
refused, which it is only when bundle.schema.json's "$ref": "level.schema.json" was resolved and
applied.

  check_folder.py SCHEMA_DIR LEVEL_OR_BUNDLE...

Run on levels/schema by check_schemas.py and on the installed share/tilelab/schema by the install
test (tests/install/run_consumer_test.cmake). Prints 'N passed, N failed'."""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def validator_from_folder(folder, name):
    """A validator of folder/name whose references load from the folder as a validator given a file
    finds them: jsonschema 4.10's RefResolver reads file:// URIs, 4.18 and later a registry that
    retrieves from the folder."""
    path = (folder / name).resolve()
    schema = json.loads(path.read_text())
    try:
        from referencing import Registry, Resource
    except ImportError:  # Debian 12's jsonschema 4.10: the base is the file's URI, nothing preloaded
        from jsonschema import RefResolver
        return Draft202012Validator(schema, resolver=RefResolver(base_uri=path.as_uri(), referrer=schema))

    def retrieve(uri):
        return Resource.from_contents(json.loads((folder / uri.rsplit("/", 1)[-1]).read_text()))
    return Draft202012Validator(schema, registry=Registry(retrieve=retrieve))


def problems(folder, files, meta=True):
    """What is wrong with the folder (an empty list: nothing). files: levels and bundles; meta: check
    each schema against the draft 2020-12 meta-schema too (a second or two for level.schema.json)."""
    found = []
    names = sorted(p.name for p in folder.glob("*.schema.json"))
    if not {"level.schema.json", "bundle.schema.json", "pack.schema.json"} <= set(names):
        found.append(f"schemas missing: {names}")
    for name in names:
        schema = json.loads((folder / name).read_text())
        if meta:
            Draft202012Validator.check_schema(schema)
        if schema.get("$id") != name:
            found.append(f"{name}: $id {schema.get('$id')!r}, expected {name!r}")
        for ref in refs(schema):
            target = ref.split("#", 1)[0]
            if target and not (folder / target).is_file():
                found.append(f"{name}: $ref {ref!r} names no file of the folder")

    level_validator = validator_from_folder(folder, "level.schema.json")
    bundle_validator = validator_from_folder(folder, "bundle.schema.json")
    docs = []
    for path in files:
        doc = json.loads(pathlib.Path(path).read_text())
        is_bundle = doc.get("format") == "tilelab.bundle"
        errors = [e.message[:200] for e in (bundle_validator if is_bundle else level_validator).iter_errors(doc)]
        if errors:
            found.append(f"{path}: {errors}")
        if not is_bundle:
            docs.append(doc)
    bundle = {"format": "tilelab.bundle", "version": 1, "name": "check_folder", "levels": docs, "report": []}
    errors = [e.message[:200] for e in bundle_validator.iter_errors(bundle)]
    if errors:
        found.append(f"a bundle of {len(docs)} levels: {errors}")
    if docs:
        broken = json.loads(json.dumps(bundle))
        broken["levels"][0]["board"][0] = broken["levels"][0]["board"][0].rsplit(" ", 1)[0]
        if bundle_validator.is_valid(broken):
            found.append("a bundle whose level has a short row is accepted: level.schema.json was not resolved")
    return found


def main(argv):
    folder = pathlib.Path(argv[1])
    files = argv[2:]
    found = problems(folder, files)
    for problem in found:
        print(f"{folder}: {problem}")
    print(f"{folder}: {len(list(folder.glob('*.schema.json')))} schemas, {len(files)} levels and bundles, references "
          "resolved from the folder alone")
    print(f"{1 if not found else 0} passed, {len(found)} failed")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
