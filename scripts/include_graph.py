#!/usr/bin/env python3
"""The include graph of the referee's libraries, generated from the sources.

For each library folder referee/<lib>, lists the other libraries whose headers its sources include
(`#include "<other>/..."`) and the libraries its CMakeLists.txt links, and checks that every
include is allowed by the links (directly or through a linked library): the build enforces the
same rule, this prints it for people. Output is a Markdown table; with --check FILE it also
verifies that FILE holds that table between the markers
  <!-- include-graph:begin --> and <!-- include-graph:end -->
and that the drawing between
  <!-- layer-drawing:begin --> and <!-- layer-drawing:end -->
joins exactly the libraries that link each other directly (each library drawn once, above the
libraries it links; a link implied by another is not drawn), and exits 1 when either is wrong
(ARCHITECTURE.md keeps both; CTest runs the check).

The drawing is read as a grid: a library's name is a node, `|`, `/` and `\` are lines, each going
down one row per character (`|` straight, `/` one column left, `\` one column right) from the
node above to the node below; text in parentheses is a comment and is ignored.

Usage: scripts/include_graph.py [--root DIR] [--check ARCHITECTURE.md] [--write ARCHITECTURE.md]
"""
import argparse
import os
import re
import sys

ORDER = ["common", "rules", "protocol", "game", "engine", "tournament", "store", "views", "report",
         "live", "app"]
BEGIN, END = "<!-- include-graph:begin -->", "<!-- include-graph:end -->"
DRAWING_BEGIN, DRAWING_END = "<!-- layer-drawing:begin -->", "<!-- layer-drawing:end -->"
STEP = {"|": (0, 0), "/": (1, -1), "\\": (-1, 1)}  # line character: (column above, column below)


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


def direct_links(linked):
    """The links no other link implies: the edges a drawing of the layers shows."""
    edges = set()
    for lib, deps in linked.items():
        for dep in deps:
            if not any(dep in closure(linked, other) for other in deps if other != dep):
                edges.add((lib, dep))
    return edges


def uncomment(line):
    """The line with text in parentheses (and the parentheses) blanked, columns kept."""
    out, depth = [], 0
    for ch in line:
        depth += ch == "("
        out.append(" " if depth else ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def drawing_nodes(grid, first, errors):
    nodes = {}  # library -> (row, first column, last column)
    for r, line in enumerate(grid):
        for m in re.finditer(r"\S+", line):
            word = m.group(0)
            if set(word) <= set(STEP):
                continue
            if word not in ORDER:
                errors.append(f"line {first + r}: '{word}' is not a library "
                              f"(comments go in parentheses)")
            elif word in nodes:
                errors.append(f"line {first + r}: {word} is drawn twice")
            else:
                nodes[word] = (r, m.start(), m.end() - 1)
    return nodes


def drawing_edges(text, first):
    """(edges drawn as (upper, lower) library pairs, errors) of a drawing's text, whose first line
    is line `first` of its file."""
    grid = ["" if l.startswith("```") else uncomment(l) for l in text.split("\n")]
    errors = []
    nodes = drawing_nodes(grid, first, errors)

    def at(r, c):
        if r < 0 or r >= len(grid) or c < 0:
            return None
        if c < len(grid[r]) and grid[r][c] in STEP:
            return (r, c)
        for lib, (nr, c0, c1) in nodes.items():
            if nr == r and c0 - 1 <= c <= c1 + 1:
                return lib
        return None

    def step(r, c, way):
        up, down = STEP[grid[r][c]]
        return at(r - 1, c + up) if way == "up" else at(r + 1, c + down)

    edges = set()
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch not in STEP:
                continue
            for way in ("up", "down"):
                if step(r, c, way) is None:
                    errors.append(f"line {first + r}, column {c + 1}: '{ch}' leads nowhere {way}")
            if not isinstance(step(r, c, "up"), str):
                continue
            top, cell = step(r, c, "up"), (r, c)
            while isinstance(cell, tuple):
                cell = step(*cell, "down")
            if cell is not None:
                edges.add((top, cell))
    for lib in ORDER:
        if lib not in nodes:
            errors.append(f"{lib} is not drawn")
    return edges, errors


def check_drawing(doc, linked):
    """Errors of the drawing in doc against the link graph."""
    if DRAWING_BEGIN not in doc or DRAWING_END not in doc:
        return [f"no {DRAWING_BEGIN} ... {DRAWING_END} block"]
    head, rest = doc.split(DRAWING_BEGIN, 1)
    drawn, errors = drawing_edges(rest.split(DRAWING_END, 1)[0], head.count("\n") + 1)
    wanted = direct_links(linked)
    for upper, lower in sorted(drawn - wanted):
        if lower in closure(linked, upper):
            errors.append(f"the drawing joins {upper} to {lower} directly, but oaq_{upper} reaches "
                          f"oaq_{lower} only through another library: draw the line to that one")
        else:
            errors.append(f"the drawing puts {upper} above {lower}, but oaq_{upper} does not "
                          f"link oaq_{lower}")
    for upper, lower in sorted(wanted - drawn):
        errors.append(f"the drawing has no line from {upper} down to {lower} "
                      f"(oaq_{upper} links oaq_{lower})")
    return errors


def link_graph(root):
    libs = [l for l in ORDER if os.path.isdir(os.path.join(root, "referee", l))]
    return libs, {l: links(root, l) for l in libs}


def table(root):
    libs, linked = link_graph(root)
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
    drawing_errors = check_drawing(doc, link_graph(args.root)[1])
    for e in drawing_errors:
        print(f"{target}: layer drawing: {e}", file=sys.stderr)
    return 1 if errors or drawing_errors else 0


if __name__ == "__main__":
    sys.exit(main())
