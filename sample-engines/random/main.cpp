// oaq-random [--seed N]: the random sample engine on stdin/stdout.
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "kit/protocol_loop.hpp"
#include "random/random_engine.hpp"

int main(int argc, char** argv) {
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
        } else {
            std::cerr << "usage: oaq-random [--seed N]\n";
            return 2;
        }
    }
    oaq::engines::RandomEngine engine(seed);
    return oaq::kit::run_stdio(engine);
}
