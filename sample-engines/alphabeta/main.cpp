// oaq-alphabeta: the alpha-beta sample engine on stdin/stdout.
#include "alphabeta/alphabeta_engine.hpp"
#include "kit/protocol_loop.hpp"

int main() {
    oaq::engines::AlphaBetaEngine engine;
    return oaq::kit::run_stdio(engine);
}
