#!/usr/bin/env python3
"""scripts/include_graph.py --check against drawings of the layers that are wrong on purpose.

The repository's ARCHITECTURE.md must pass; the same file with its drawing replaced by a wrong one
must fail, naming what is wrong. Standard library only; no build needed.

Usage: python3 tests/checks/include_graph_test.py [--root DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile

BEGIN, END = "<!-- layer-drawing:begin -->", "<!-- layer-drawing:end -->"

# The drawing ARCHITECTURE.md had before the check: the store above the engine layer.
STORE_ABOVE_ENGINE = r"""
              app
               |
            report
               |
             store
             /    \
     tournament    engine
             \    /
              game
             /    \
         rules    protocol
             \    /
             common
"""

# The app joined to the store as well as to the report, which already links the store.
IMPLIED_LINE = r"""
                 app
                / | \
               /  |  \
          report  |   \
            \     |    \
             \    |     \
              store      \
                          engine
"""

ENGINE_MISSING = r"""
                 app
                /   \
          report
            |
          store
            |
       tournament
               \
                \
                 game
                /    \
           rules     protocol
                \   /
               common
"""


def check(root, doc):
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as f:
        f.write(doc)
    try:
        proc = subprocess.run([sys.executable, os.path.join(root, "scripts", "include_graph.py"),
                               "--root", root, "--check", f.name],
                              capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(f.name)
    return proc.returncode, proc.stderr


def with_drawing(doc, drawing):
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n```" + drawing + "```\n" + END + tail


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    root = os.path.abspath(parser.parse_args().root)
    doc = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    cases = [
        ("the repository's drawing passes", doc, 0, []),
        ("the store drawn above the engine layer fails", with_drawing(doc, STORE_ABOVE_ENGINE), 1,
         ["puts store above engine, but oaq_store does not link oaq_engine",
          "no line from app down to engine"]),
        ("a line a link implies fails", with_drawing(doc, IMPLIED_LINE), 1,
         ["joins app to store directly, but oaq_app reaches oaq_store only through another"]),
        ("a library not drawn fails", with_drawing(doc, ENGINE_MISSING), 1,
         ["engine is not drawn", "leads nowhere down", "no line from app down to engine"]),
        ("no drawing fails", doc.replace(BEGIN, ""), 1, ["no <!-- layer-drawing:begin -->"]),
    ]
    failures = 0
    for name, text, want_rc, want_messages in cases:
        rc, err = check(root, text)
        missing = [m for m in want_messages if m not in err]
        if rc != want_rc or missing:
            failures += 1
            print(f"FAIL {name}: exit {rc} (want {want_rc}); missing {missing}; stderr:\n{err}")
        else:
            print(f"ok   {name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
