// oaq-reference: the reference sample engine on stdin/stdout. `oaq-reference bench [depth]`
// prints the bench (reference/bench.hpp: the node-count signature and nodes per CPU-second) and
// exits.
#include <charconv>
#include <iostream>
#include <string_view>

#include "kit/protocol_loop.hpp"
#include "reference/bench.hpp"
#include "reference/reference_engine.hpp"

int main(int argc, char** argv) {
    if (argc >= 2 && std::string_view(argv[1]) == "bench") {
        int depth = oaq::engines::reference::kBenchDepth;
        if (argc >= 3) {
            const std::string_view text = argv[2];
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), depth);
            if (ec != std::errc{} || end != text.data() + text.size() || depth < 1 || depth > 100) {
                std::cerr << "usage: oaq-reference [bench [depth 1..100]]\n";
                return 2;
            }
        }
        oaq::engines::reference::run_bench(depth, &std::cout);
        return 0;
    }
    if (argc >= 2) {
        std::cerr << "usage: oaq-reference [bench [depth]]\n";
        return 2;
    }
    oaq::engines::ReferenceEngine engine;
    return oaq::kit::run_stdio(engine);
}
