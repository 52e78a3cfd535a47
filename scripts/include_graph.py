#!/usr/bin/env python3
"""The include graph of the referee's libraries, generated from the sources.

For each library folder referee/<lib>, lists the other libraries whose headers its sources include
(`#include "<other>/..."`) and the libraries its CMakeLists.txt links, and checks that every
include is allowed by the links (directly or through a linked library): the build enforces the
same rule, this prints it for people. Output is a Markdown table; with --check FILE it also
verifies that FILE holds that table between the markers
  <!-- include-graph:begin --> and <!-- include-graph:end -->
and exits 1 when it is out of date (ARCHITECTURE.md keeps it; CTest runs the check).

Usage: scripts/include_graph.py [--root DIR] [--check ARCHITECTURE.md] [--write ARCHITECTURE.md]
"""
import argparse
import os
import re
import sys

ORDER = ["common", "rules", "protocol", "game", "engine", "tournament", "store", "report", "app"]
BEGIN, END = "<!-- include-graph:begin -->", "<!-- include-graph:end -->"


def includes(root, lib):
    found = set()
    folder = os.path.join(root, "referee", lib)
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".hpp", ".cpp")):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                m = re.match(r'\s*#include "([a-z_]+)/', line)
                if m and m.group(1) != lib and m.group(1) in ORDER:
                    found.add(m.group(1))
    return found


def links(root, lib):
    path = os.path.join(root, "referee", lib, "CMakeLists.txt")
    if not os.path.exists(path):
        return set()
    text = open(path, encoding="utf-8").read()
    found = set()
    for block in re.findall(r"target_link_libraries\(oaq_%s\b(.*?)\)" % lib, text, re.S):
        found.update(m for m in re.findall(r"\boaq_([a-z_]+)\b", block) if m in ORDER)
    return found


def closure(graph, lib):
    seen, todo = set(), list(graph[lib])
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(graph.get(d, ()))
    return seen


def table(root):
    libs = [l for l in ORDER if os.path.isdir(os.path.join(root, "referee", l))]
    linked = {l: links(root, l) for l in libs}
    rows, errors = [], []
    for lib in libs:
        used = includes(root, lib)
        allowed = closure(linked, lib)
        for bad in sorted(used - allowed):
            errors.append(f"referee/{lib} includes {bad}/ but oaq_{lib} does not link oaq_{bad}")
        rows.append(f"| `{lib}` | {', '.join(f'`{u}`' for u in sorted(used, key=ORDER.index)) or '—'} "
                    f"| {', '.join(f'`{u}`' for u in sorted(linked[lib], key=ORDER.index)) or '—'} |")
    text = "\n".join(["| library | includes headers of | links |", "|---|---|---|", *rows])
    return text, errors


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--check")
    parser.add_argument("--write")
    args = parser.parse_args()
    text, errors = table(args.root)
    for e in errors:
        print("include graph: " + e, file=sys.stderr)
    target = args.check or args.write
    if not target:
        print(text)
        return 1 if errors else 0
    doc = open(target, encoding="utf-8").read()
    if BEGIN not in doc or END not in doc:
        print(f"{target}: no {BEGIN} ... {END} block", file=sys.stderr)
        return 1
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    fresh = head + BEGIN + "\n" + text + "\n" + END + tail
    if args.write:
        open(target, "w", encoding="utf-8").write(fresh)
        return 1 if errors else 0
    if fresh != doc:
        print(f"{target}: the include graph is out of date; run scripts/include_graph.py "
              f"--write {target}", file=sys.stderr)
        return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
