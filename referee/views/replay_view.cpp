#include "views/replay_view.hpp"

#include <fmt/format.h>

#include "views/board_view.hpp"
#include "views/results_json.hpp"

namespace oaq::views {

Replay replay_frames(const store::StoredGame& game) {
    const auto& r = game.record;
    Replay out;
    out.end = fmt::format("\n{} ({}{})\n", result_token(game.row.result),
                          game::to_string(game.row.termination),
                          game.row.detail.empty() ? "" : ": " + game.row.detail);
    auto started = replay_start(r);
    if (!started) {
        out.error = started.error().message;
        return out;
    }
    rules::Game& g = *started;
    out.frames.push_back("start\n" + draw_board(g.position(), g.rules()));
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        const auto side = g.position().side == rules::Side::South ? "South" : "North";
        const auto move = rules::to_string(r.moves[i].move);
        auto after = g.play(r.moves[i].move);
        if (!after) {
            out.error = fmt::format("ply {} (\"{}\"): {}", i + 1, move, after.error().message);
            return out;
        }
        out.frames.push_back(fmt::format("\n{}. {} {}\n", i + 1, side, move) +
                             draw_board(*after, g.rules()));
    }
    return out;
}

}  // namespace oaq::views
