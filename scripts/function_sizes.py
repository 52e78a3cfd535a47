#!/usr/bin/env python3
"""Lists the longest C++ functions: the lines between a function's opening brace line and its
closing brace line (both excluded), found by brace matching after removing comments, strings and
character literals. A function is a top-level or class-level brace block whose header ends with
')' (optionally followed by const, override, noexcept, -> type, or a constructor's initialiser
list). Lambdas count as part of the function that contains them.

Usage: scripts/function_sizes.py [--limit N] [--top K] PATH...   (folders are searched for
*.cpp and *.hpp). Exits 1 when --limit is given and a function is longer.
"""
import argparse
import os
import re
import sys


def strip(text):
    """Blanks out comments, string and char literals (keeping newlines)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'" and i > 0 and text[i - 1].isalnum():
            out.append(c)  # a digit separator (3'600'000), not a character literal
            i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


HEADER_END = re.compile(r"\)\s*(const|override|noexcept|final|mutable|\s|->\s*[\w:<>,\s*&]+)*$")


def functions(path):
    text = strip(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    stack = []  # (kind, start_line, name)
    found = []
    line_of = []
    for ln, line in enumerate(lines, 1):
        line_of.extend([ln] * (len(line) + 1))
    i = 0
    for i, c in enumerate(text):
        if c == "{":
            before = text[:i].rstrip()
            head = before[-400:]
            inside_function = any(k == "function" for k, _, _ in stack)
            is_init = re.search(r"\)\s*:\s*[\w:]+[({]", head[-200:]) and not inside_function
            if not inside_function and (HEADER_END.search(before) or is_init) \
                    and not re.search(r"\b(if|for|while|switch|catch)\s*\([^;{}]*\)\s*$", head) \
                    and not re.search(r"[=\[]\s*[^;{}]*\)\s*(mutable\s*)?(->[^{;]*)?$", head[-120:]):
                m = re.search(r"([\w:~<>]+)\s*\([^;{}]*\)[^;{}()]*$", head)
                stack.append(("function", line_of[i], m.group(1) if m else "?"))
            else:
                stack.append(("block", line_of[i], ""))
        elif c == "}" and stack:
            kind, start, name = stack.pop()
            if kind == "function":
                found.append((line_of[i] - start - 1, path, start, name))
    return found


def main():
    p = argparse.ArgumentParser()
    p.add_argument("paths", nargs="+")
    p.add_argument("--limit", type=int)
    p.add_argument("--top", type=int, default=15)
    args = p.parse_args()
    files = []
    for path in args.paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files += [os.path.join(root, f) for f in names if f.endswith((".cpp", ".hpp"))]
        else:
            files.append(path)
    found = sorted((f for path in sorted(files) for f in functions(path)), reverse=True)
    for size, path, start, name in found[:args.top]:
        print(f"{size:5}  {path}:{start}  {name}")
    if args.limit is not None:
        over = [f for f in found if f[0] > args.limit]
        print(f"{len(over)} functions over {args.limit} lines")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
