// oaq-random [--seed N]: the random sample engine on stdin/stdout.
#include "kit/protocol_loop.hpp"
#include "random/random_engine.hpp"

int main(int argc, char** argv) {
    const auto seed = oaq::kit::parse_seed_flag(argc, argv, "oaq-random");
    if (!seed) return 2;
    oaq::engines::RandomEngine engine(*seed);
    return oaq::kit::run_stdio(engine);
}
