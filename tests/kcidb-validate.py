# Why Python: it checks the KCIDB document the way KCIDB's own kcidb-io
# does, with the jsonschema library (draft 7 and its format checker,
# rfc3987 for URIs): a Python-only tool, and the verdict KCIDB would give.
"""Check a KCIDB document the way a KCIDB submission is checked.

    kcidb-validate.py SCHEMA DOC    exit 0 valid, 1 invalid (says why), 2 usage

1. The JSON schema (bench/kcidb/kcidb-schema-v5.3.json), applied as kcidb-io's
   Version.validate_exactly() does: jsonschema with the draft-7 format
   checker (URIs are checked when python3-rfc3987 is installed).
2. What the schema cannot say and KCIDB's description requires: each id and
   *_id starts with the submitting CI system's name, the object's origin,
   and a colon; ids are unique per object type; every build names a
   checkout and every test a build of the document (patchbench sends them
   together).
"""
import json
import sys

import jsonschema


def fail(why):
    print(f"kcidb-validate: invalid: {why}")
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    with open(sys.argv[2], encoding="utf-8") as f:
        doc = json.load(f)
    try:
        jsonschema.validate(instance=doc, schema=schema,
                            format_checker=jsonschema.draft7_format_checker)
    except jsonschema.exceptions.ValidationError as e:
        where = "/".join(str(p) for p in e.absolute_path)
        fail(f"schema: at {where or 'the top'}: {e.message}")
    ids = {}
    for kind in ("checkouts", "builds", "tests"):
        ids[kind] = set()
        for obj in doc.get(kind, []):
            prefix = obj["origin"] + ":"
            for key, value in obj.items():
                if (key == "id" or key.endswith("_id")) and not value.startswith(prefix):
                    fail(f"{kind}: {key} {value!r} does not start with its origin {prefix!r}")
            if obj["id"] in ids[kind]:
                fail(f"{kind}: id {obj['id']!r} used twice")
            ids[kind].add(obj["id"])
    for build in doc.get("builds", []):
        if build["checkout_id"] not in ids["checkouts"]:
            fail(f"build {build['id']!r}: no checkout {build['checkout_id']!r}")
    for test in doc.get("tests", []):
        if test["build_id"] not in ids["builds"]:
            fail(f"test {test['id']!r}: no build {test['build_id']!r}")
    print(f"kcidb-validate: valid: {len(ids['checkouts'])} checkouts, "
          f"{len(ids['builds'])} builds, {len(ids['tests'])} tests")


if __name__ == "__main__":
    main()
