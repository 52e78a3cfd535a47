// oaq-greedy [--seed N]: the greedy sample engine on stdin/stdout.
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "greedy/greedy_engine.hpp"
#include "kit/protocol_loop.hpp"

int main(int argc, char** argv) {
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            std::cerr << "usage: oaq-greedy [--seed N]\n";
            return 2;
        }
    }
    oaq::engines::GreedyEngine engine(seed);
    return oaq::kit::run_stdio(engine);
}
