#!/usr/bin/python3
"""Every command's --json output against its JSON schema (docs/schema/<command>.schema.json):
each case of tests/cli/json_cases.py, and a sweep merged from two shares (merge.schema.json).
The schemas are strict (no field outside them) and every field has a description, so a new
field fails here until it is documented. Needs Debian's python3-jsonschema.
Usage: json_schemas.py SIMTRAIN_BINARY PROJECT_ROOT"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from json_cases import CASES, expected_exit  # noqa: E402

COMMANDS = {"run", "replay", "memory", "compare", "plan", "sweep", "merge", "advise", "collective", "validate", "serve"}


def undocumented(schema, path="$"):
    """Paths of properties without a description, and objects that allow fields not listed."""
    if not isinstance(schema, dict):
        return []
    bad = []
    if "properties" in schema and schema.get("additionalProperties") is not False:
        bad.append(f"{path}: lists its fields but allows others (additionalProperties: false)")
    for name, sub in schema.get("properties", {}).items():
        if not (isinstance(sub, dict) and sub.get("description", "").strip()):
            bad.append(f"{path}.{name}: no description")
        bad += undocumented(sub, f"{path}.{name}")
    for key in ("items", "additionalProperties"):
        bad += undocumented(schema.get(key), f"{path}[]" if key == "items" else f"{path}.*")
    for name, sub in schema.get("$defs", {}).items():
        bad += undocumented(sub, f"#/$defs/{name}")
    for key in ("anyOf", "oneOf", "allOf"):
        for i, sub in enumerate(schema.get(key, [])):
            bad += undocumented(sub, f"{path}/{key}[{i}]")
    return bad


def main():
    binary, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    folder = root / "docs" / "schema"
    schemas = {p.name[: -len(".schema.json")]: json.loads(p.read_text()) for p in folder.glob("*.schema.json")}
    failures = []
    if set(schemas) != COMMANDS:
        failures.append(f"docs/schema holds {sorted(schemas)}, expected one per command: {sorted(COMMANDS)}")
    store = {(folder / f"{name}.schema.json").as_uri(): s for name, s in schemas.items()}
    validators = {}
    for name, schema in schemas.items():
        jsonschema.Draft202012Validator.check_schema(schema)
        failures += [f"{name}.schema.json {b}" for b in undocumented(schema)]
        resolver = jsonschema.RefResolver((folder / f"{name}.schema.json").as_uri(), schema, store=store)
        validators[name] = jsonschema.Draft202012Validator(schema, resolver=resolver)

    def check(name, args, text):
        doc = json.loads(text)
        for e in sorted(validators[name].iter_errors(doc), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            failures.append(f"simtrain {' '.join(args)} --json: {where}: {e.message[:300]}")

    def output(args):
        done = subprocess.run([binary, *args, "--json"], cwd=root, capture_output=True, text=True)
        if done.returncode != expected_exit(args):
            failures.append(f"simtrain {' '.join(args)} --json: exit {done.returncode}: {done.stderr[:500]}")
            return None
        return done.stdout

    seen = set()
    for name, args in CASES:
        text = output(args)
        if text is not None:
            check(name, args, text)
            seen.add(name)
    with tempfile.TemporaryDirectory() as tmp:  # merge: a sweep's two shares
        sweep = ["sweep", "tests/data/journal_t3/s.yaml", "--sweep", "batch_per_gpu=32,64", "--steps", "1", "--no-progress"]
        for k in (1, 2):
            subprocess.run([binary, *sweep, "--shard", f"{k}/2", "--journal", f"{tmp}/p{k}.jsonl"], cwd=root,
                           capture_output=True, check=True)
        args = ["merge", f"{tmp}/p1.jsonl", f"{tmp}/p2.jsonl"]
        text = output(args)
        if text is not None:
            check("merge", args, text)
            seen.add("merge")
    if seen != COMMANDS:
        failures.append(f"commands without a case: {sorted(COMMANDS - seen)}")
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"ok: {len(CASES) + 1} outputs of {len(seen)} commands valid against docs/schema/, every field described")
    return 0


if __name__ == "__main__":
    sys.exit(main())
