// oaq-greedy [--seed N]: the greedy sample engine on stdin/stdout.
#include "greedy/greedy_engine.hpp"
#include "kit/protocol_loop.hpp"

int main(int argc, char** argv) {
    const auto seed = oaq::kit::parse_seed_flag(argc, argv, "oaq-greedy");
    if (!seed) return 2;
    oaq::engines::GreedyEngine engine(*seed);
    return oaq::kit::run_stdio(engine);
}
