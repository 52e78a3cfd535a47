// oaq-alphabeta: the alpha-beta sample engine on stdin/stdout; `oaq-alphabeta bench [DEPTH]`
// prints the kit's bench (kit/bench.hpp: the node-count signature) and exits.
#include "alphabeta/alphabeta_engine.hpp"
#include "kit/bench.hpp"

int main(int argc, char** argv) {
    oaq::engines::AlphaBetaEngine engine;
    return oaq::kit::run_main(engine, argc, argv, "oaq-alphabeta");
}
