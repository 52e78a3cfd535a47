#include "fake_engines.hpp"

#include <variant>

#include "protocol/codec.hpp"
#include "rules/position_string.hpp"
#include "rules/turn.hpp"

namespace oaq::engine::test {

namespace {

std::optional<protocol::Command> decoded(const std::string& line) {
    auto command = protocol::decode_command(line);
    if (!command) return std::nullopt;
    return *command;
}

// Whether the last `go` before the current line (the last heard) is infinite and not yet stopped.
bool is_searching_infinite(const std::vector<std::string>& heard) {
    for (auto line = heard.rbegin() + 1; line < heard.rend(); ++line) {
        auto command = decoded(*line);
        if (!command) continue;
        if (std::holds_alternative<protocol::Stop>(*command)) return false;
        if (auto* go = std::get_if<protocol::Go>(&*command)) return go->infinite;
    }
    return false;
}

}  // namespace

HeardGame game_heard(const std::vector<std::string>& heard) {
    HeardGame game;
    protocol::PositionCommand position;
    for (const auto& line : heard) {
        auto command = decoded(line);
        if (!command) continue;
        if (auto* set = std::get_if<protocol::SetOption>(&*command); set && set->name == "Rules") {
            if (auto rules = rules::parse_rules(set->value)) game.rules = *rules;
        } else if (auto* pos = std::get_if<protocol::PositionCommand>(&*command)) {
            position = *pos;
        }
    }
    auto start = rules::parse_position(position.fen ? *position.fen : "startpos", game.rules);
    game.position = start ? *start : rules::start_position(game.rules);
    for (const auto& text : position.moves) {
        auto move = rules::parse_move(text);
        if (!move || !rules::is_legal(game.position, *move, game.rules)) break;
        game.position = rules::play(game.position, *move, game.rules);
    }
    return game;
}

std::string first_legal_move(const HeardGame& game) {
    auto legal = rules::legal_moves(game.position, game.rules);
    return legal.empty() ? "1L" : rules::to_string(legal[0]);
}

void answer(Reply& reply, const std::string& move) {
    reply.say("info depth 1 score cp 0 nodes 1 pv " + move).say("bestmove " + move);
}

FakeEngine well_behaved_engine(Clock::duration think) {
    FakeEngine engine;
    engine.on["ugi"] = [](Reply& r) {
        r.say("id name fake-engine")
            .say("id author oaq")
            .say("option name Rules type string default standard")
            .say("option name Hash type spin default 16 min 1 max 1024")
            .say("option name PlyLimit type spin default 300 min 0 max 2147483647")
            .say("ugiok");
    };
    engine.on["isready"] = [](Reply& r) { r.say("readyok"); };
    engine.on["go"] = [think](Reply& r) {
        auto command = decoded(r.line());
        if (command && std::get<protocol::Go>(*command).infinite) return;
        r.after(think);
        answer(r, first_legal_move(game_heard(r.heard())));
    };
    engine.on["stop"] = [](Reply& r) {
        if (is_searching_infinite(r.heard())) answer(r, first_legal_move(game_heard(r.heard())));
    };
    engine.on["quit"] = [](Reply& r) { r.exit({false, 0}); };
    return engine;
}

FakeEngine engine_with(const std::string& word, Handler handler) {
    auto engine = well_behaved_engine();
    engine.on[word] = std::move(handler);
    return engine;
}

EngineConfig fake_engine_config() {
    EngineConfig c;
    c.engine.name = "fake";
    c.engine.command = "fake-engine";
    return c;
}

}  // namespace oaq::engine::test
