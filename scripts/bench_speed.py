#!/usr/bin/env python3
"""Search speed of the reference engine and oaq-alphabeta on the same positions: the lines of
`oaq-reference bench` (its fixed set), each searched to a fixed depth by a fresh engine process,
nodes from the engine's last `info` line, time as the process's user CPU time (so a loaded machine
changes the figure less than wall time would). Prints nodes per CPU-second for each engine.

usage: scripts/bench_speed.py [--bin build/bin] [--ref-depth 16] [--ab-depth 11]
Standard library only.
"""
import argparse
import re
import resource
import subprocess


def bench_lines(binary, depth):
    out = subprocess.run([f"{binary}/oaq-reference", "bench", str(depth)], capture_output=True,
                         text=True, check=True).stdout
    lines = []
    for line in out.splitlines():
        m = re.match(r"(\S+) \[(.*)\]: nodes (\d+)", line)
        if m:
            lines.append((m.group(1), m.group(2), int(m.group(3))))
    return lines, out.splitlines()[-1]


def search(engine, rules, moves, depth):
    script = f"setoption name Rules value {rules}\nposition startpos"
    if moves:
        script += f" moves {moves}"
    script += f"\ngo depth {depth}\n"
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run([engine], input=script, capture_output=True, text=True, check=True).stdout
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    nodes = [int(m.group(1)) for m in re.finditer(r"\bnodes (\d+)", out)]
    return (nodes[-1] if nodes else 0), cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin")
    ap.add_argument("--ref-depth", type=int, default=16)
    ap.add_argument("--ab-depth", type=int, default=11)
    args = ap.parse_args()
    lines, summary = bench_lines(args.bin, args.ref_depth)
    print(f"oaq-reference bench {args.ref_depth}: {summary}")
    for name, depth in (("oaq-reference", args.ref_depth), ("oaq-alphabeta", args.ab_depth)):
        total_nodes = 0
        total_cpu = 0.0
        for rules, moves, _ in lines:
            nodes, cpu = search(f"{args.bin}/{name}", rules, moves, depth)
            total_nodes += nodes
            total_cpu += cpu
        print(f"{name} depth {depth}: {total_nodes} nodes in {total_cpu:.2f} s of CPU, "
              f"{total_nodes / max(total_cpu, 1e-9) / 1e6:.2f} M nodes per CPU-second "
              f"(process start and table allocation included)")


if __name__ == "__main__":
    main()
