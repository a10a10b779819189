#!/usr/bin/env python3
# Converts every file under the given folders with stepscope-cli and
# parses each export with Python's json module, strictly: no NaN or
# Infinity, no invalid UTF-8, no raw control characters.  Not run by
# `meson test` (which checks the exports of tests/data with
# tests/strict-json.c); for the corpus:
#   tests/tools/check-exports-strict.py build/src/cli/stepscope-cli ../shared/corpus
import json
import os
import subprocess
import sys
import tempfile


def refuse_constant(name):
    raise ValueError("not strict JSON: " + name)


def main():
    cli, roots = sys.argv[1], sys.argv[2:]
    converted = refused = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        for root in roots:
            for folder, _, names in os.walk(root):
                for name in sorted(names):
                    path = os.path.join(folder, name)
                    run = subprocess.run([cli, "convert", path, "-o", out],
                                         capture_output=True)
                    if run.returncode != 0:
                        refused += 1
                        continue
                    try:
                        with open(out, "rb") as f:
                            json.loads(f.read().decode("utf-8", errors="strict"),
                                       parse_constant=refuse_constant, strict=True)
                        converted += 1
                    except ValueError as e:
                        failed += 1
                        print(f"{path}: {e}")
    print(f"{converted} exports strict JSON, {failed} not, {refused} inputs not loaded")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
