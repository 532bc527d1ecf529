"""Validates declarative effect files against Documentation/effect.schema.json with the
standard validator (jsonschema, draft 2020-12), for DeclarativeSchemaTests.

Usage: validate_effects.py SCHEMA FILE...
Prints one line per file: `valid FILE` or `invalid FILE: MESSAGE`; exits 0 unless the
schema itself is not a valid draft 2020-12 schema (exit 2).
"""
import json
import sys

import jsonschema


def main() -> int:
    schema_path, files = sys.argv[1], sys.argv[2:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print(f"schema-error {error.message}")
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            print(f"invalid {path}: not JSON: {error}")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path)
            print(f"invalid {path}: {where}: {first.message}")
        else:
            print(f"valid {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
