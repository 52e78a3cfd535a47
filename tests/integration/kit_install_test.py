#!/usr/bin/env python3
"""The engine kit outside this tree (issue 13): `cmake --install` the kit into a temporary prefix,
then configure and build a tiny engine that only does `find_package(oaq_kit)` and links `oaq::kit`,
and check that it speaks the protocol, answers `bench` with a node count, and passes
`oaq check-engine`.

Usage: kit_install_test.py --build build --bin build/bin [--cxx g++] [--sanitize address,undefined]
Exits non-zero on a failure.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

CMAKE_LISTS = """cmake_minimum_required(VERSION 3.25)
project(mybot LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(oaq_kit 0.1 REQUIRED)
add_executable(mybot main.cpp)
target_link_libraries(mybot PRIVATE oaq::kit)
"""

# The smallest kit engine: a one-ply search that takes the move with the best score, counting the
# children it makes as its nodes (so the bench has a signature).
MAIN_CPP = """#include "kit/bench.hpp"
#include "rules/position.hpp"
#include "rules/turn.hpp"

class OnePly final : public oaq::kit::Engine {
  public:
    std::string name() const override { return "one-ply"; }
    oaq::rules::Move search(const oaq::kit::SearchRequest& request,
                            oaq::kit::SearchControl& control) override {
        const auto moves = oaq::rules::legal_moves(request.position, request.rules);
        oaq::rules::Move best = moves[0];
        int best_score = -1000000;
        std::uint64_t nodes = 0;
        for (const auto move : moves) {
            const auto child = oaq::rules::play(request.position, move, request.rules);
            ++nodes;
            const int score = oaq::rules::score(child, request.position.side, request.rules) -
                              oaq::rules::score(child, child.side, request.rules);
            if (score > best_score) best_score = score, best = move;
        }
        control.should_stop(nodes);
        return best;
    }
};

int main(int argc, char** argv) {
    OnePly engine;
    return oaq::kit::run_main(engine, argc, argv, "mybot");
}
"""


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} failed ({result.returncode}):\n"
                             f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--cxx", default="")
    parser.add_argument("--sanitize", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="oaq-kit-") as tmp:
        prefix = os.path.join(tmp, "prefix")
        run(["cmake", "--install", args.build, "--prefix", prefix])
        assert os.path.isfile(os.path.join(prefix, "lib", "cmake", "oaq_kit", "oaq_kitConfig.cmake"))
        assert os.path.isfile(os.path.join(prefix, "include", "oaq", "kit", "engine.hpp"))
        src = os.path.join(tmp, "mybot")
        os.mkdir(src)
        with open(os.path.join(src, "CMakeLists.txt"), "w") as f:
            f.write(CMAKE_LISTS)
        with open(os.path.join(src, "main.cpp"), "w") as f:
            f.write(MAIN_CPP)
        configure = ["cmake", "-S", src, "-B", os.path.join(tmp, "b"),
                     f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release"]
        if args.cxx:
            configure.append(f"-DCMAKE_CXX_COMPILER={args.cxx}")
        if args.sanitize:
            configure.append(f"-DCMAKE_CXX_FLAGS=-fsanitize={args.sanitize}")
        run(configure)
        run(["cmake", "--build", os.path.join(tmp, "b"), "-j2"])
        bot = os.path.join(tmp, "b", "mybot")

        session = run([bot], input="ugi\nisready\nposition startpos moves 1L\ngo depth 1\nquit\n")
        assert "id name one-ply" in session.stdout, session.stdout
        assert "option name PlyLimit" in session.stdout, session.stdout
        assert re.search(r"^bestmove [1-5][LR]$", session.stdout, re.M), session.stdout

        bench = run([bot, "bench"]).stdout
        match = re.search(r"^bench: (\d+) nodes, depth \d+, 10 positions", bench, re.M)
        assert match and int(match.group(1)) > 0, bench
        again = run([bot, "bench"]).stdout
        assert re.search(r"^bench: (\d+) nodes", again, re.M).group(1) == match.group(1), \
            "the bench signature changed between two runs"
        line = run([bot], input="bench 2\nquit\n").stdout
        assert re.search(r"^info string bench: \d+ nodes, depth 2", line, re.M), line
        bad = subprocess.run([bot, "bench", "zero"], capture_output=True, text=True, timeout=60)
        assert bad.returncode == 2 and "usage: mybot" in bad.stderr, bad

        check = subprocess.run([os.path.join(args.bin, "oaq"), "check-engine", "--", bot],
                               capture_output=True, text=True, timeout=600)
        assert check.returncode == 0, f"check-engine:\n{check.stdout}\n{check.stderr}"
    print("kit_install: ok")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"FAIL: {e}")
        sys.exit(1)
