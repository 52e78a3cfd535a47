// oaq-mcts: the Monte Carlo tree search sample engine on stdin/stdout.
#include "kit/protocol_loop.hpp"
#include "mcts/mcts_engine.hpp"

int main() {
    oaq::engines::MctsEngine engine;
    return oaq::kit::run_stdio(engine);
}
