#include <catch2/catch.hpp>

#include <map>
#include <mutex>

#include "../game/scripted_player.hpp"
#include "rules/position_string.hpp"
#include "tournament/session_runner.hpp"

using namespace oaq;
using tournament::Pairing;
using tournament::SessionStep;

namespace {

// Engines of one index play several sessions at once (concurrency > 1) and share one record of
// what they were sent; the factory is called from the workers too.
std::mutex g_sent_mutex;

// A scripted engine that may take shares, and plays an illegal move at a chosen search.
class SessionEngine : public testing::ScriptedPlayer {
  public:
    SessionEngine(std::string name, bool shares, std::vector<protocol::PositionCommand>* sent)
        : ScriptedPlayer(std::move(name)), shares_(shares), sent_(sent) {}
    void set_session_game(bool session_game) override { session_game_ = session_game; }
    // Without a script: the legal move at a position-dependent index, so games differ (first-legal
    // play sells one side out in a single game).
    Reply search(const protocol::PositionCommand& p, const protocol::Go& g,
                 std::optional<game::Nanoseconds> d, const game::InfoCallback& i) override {
        if (session_game_) {
            std::lock_guard lock(g_sent_mutex);
            sent_->push_back(p);
        }
        if (reply) return ScriptedPlayer::search(p, g, d, i);
        ScriptedPlayer::search(p, g, d, i);
        auto moves = rules::legal_moves(testing::position_of(p, rules::Rules{}), rules::Rules{});
        game::SearchResult r;
        r.move = rules::to_string(moves[(p.moves.size() * kStride) % moves.size()]);
        r.elapsed = think;
        return r;
    }
    static constexpr std::size_t kStride = 1;
    bool takes_shares() const override { return shares_ && session_game_; }
    bool session_game_ = false;

  private:
    bool shares_;
    std::vector<protocol::PositionCommand>* sent_;  // what this engine was sent in session games
};

struct Played {
    Pairing pairing;
    game::GameRecord record;
    std::optional<SessionStep> step;
};

struct Harness {
    bool first_takes_shares = false;
    std::function<void(SessionEngine&)> script;  // applied to engine 1's instances
    std::vector<Played> games;
    std::map<int, std::vector<protocol::PositionCommand>> sent;  // by engine index
    std::atomic<bool> abort{false};
    int abort_after = -1;

    tournament::EngineFactory factory = [this](int index) -> std::unique_ptr<game::Player> {
        std::lock_guard lock(g_sent_mutex);
        auto e = std::make_unique<SessionEngine>("e" + std::to_string(index),
                                                 index == 0 && first_takes_shares, &sent[index]);
        if (index == 1 && script) script(*e);
        return e;
    };
    tournament::SessionSink sink = [this](const Pairing& p, const game::GameRecord& r,
                                          const SessionStep* s) {
        games.push_back({p, r, s ? std::optional<SessionStep>(*s) : std::nullopt});
        if (abort_after >= 0 && static_cast<int>(games.size()) == abort_after) abort = true;
    };
};

tournament::SessionPlan plan_for(std::int64_t sessions, int game_limit, int concurrency = 1) {
    tournament::TournamentPlan base{tournament::Schedule::match(2 * sessions, 0).value(),
                                    {},
                                    {},
                                    {},
                                    concurrency,
                                    {},
                                    {},
                                    {},
                                    {}};
    base.settings.max_plies = 60;
    base.time_controls.assign(2, game::parse_time_control("10+0.1").value());
    return {std::move(base), game_limit, {}};
}

std::vector<tournament::StoredSessionGame> stored_of(const std::vector<Played>& games,
                                                     std::int64_t session) {
    std::vector<tournament::StoredSessionGame> out;
    for (const auto& g : games) {
        if (!g.step || g.step->session_index != session) continue;
        out.push_back(
            {g.pairing.game_index, g.record.final_position, g.record.termination, g.record.result});
    }
    return out;
}

}  // namespace

TEST_CASE("a session plays its games in order from the shares of the wealth, sides alternating",
          "[sessions]") {
    Harness h;
    auto summary = tournament::run_sessions(plan_for(2, 5), h.factory, h.sink, h.abort);
    CHECK(summary.exhausted);
    REQUIRE_FALSE(h.games.empty());
    // Replaying the final positions through the rules' own session gives every step.
    std::map<std::int64_t, rules::Session> replay;
    for (const auto& g : h.games) {
        REQUIRE(g.step);
        const auto s = g.step->session_index;
        replay.try_emplace(s, rules::Rules{}, 5);
        auto& session = replay.at(s);
        const int number = session.next_game();
        CHECK(g.step->game.number == number);
        CHECK(g.pairing.game_index == s * 6 + number - 1);  // 5 games: 6 slots per session
        CHECK(g.pairing.pair_index == g.pairing.game_index / 2);
        // The first player (engine 0) is South in the odd games.
        CHECK(g.pairing.south == (number % 2 == 1 ? 0 : 1));
        CHECK(g.record.start_position == rules::to_string(session.start()));
        auto final = rules::parse_position(g.record.final_position, rules::Rules{}).value();
        auto recorded = session.record(final).value();
        CHECK(recorded.wealth_after == g.step->game.wealth_after);
        CHECK(g.step->end == session.end());
        CHECK(g.step->game.wealth_after[0] + g.step->game.wealth_after[1] == 70);
    }
    for (const auto& [s, session] : replay) CHECK(session.is_over());
}

TEST_CASE("a player that does not take shares is sent the position without them", "[sessions]") {
    Harness h;
    h.first_takes_shares = true;
    tournament::run_sessions(plan_for(1, 6), h.factory, h.sink, h.abort);
    bool shares_seen = false;
    for (const auto& p : h.sent[0]) {
        if (p.fen && rules::parse_position(*p.fen, rules::Rules{}).value().shares.any())
            shares_seen = true;
    }
    CHECK_FALSE(h.sent[1].empty());
    for (const auto& p : h.sent[1]) {
        if (p.fen) CHECK_FALSE(rules::parse_position(*p.fen, rules::Rules{}).value().shares.any());
    }
    // The scripted play leaves a player short after game 1: later games have shares, and only
    // engine 0 (which takes them) is sent them.
    bool any_shares = false;
    for (const auto& g : h.games) any_shares |= g.step->game.start.shares.any();
    CHECK(any_shares);
    CHECK(shares_seen);
}

TEST_CASE("a failure in a session game: the faulty side keeps its score, the other gets T minus it",
          "[sessions]") {
    Harness h;
    h.script = [](SessionEngine& e) {
        e.reply = [&e](const protocol::PositionCommand& p, const protocol::Go&, int n) {
            if (n == 2) {  // its third search: an illegal move
                game::SearchResult r;
                r.move = "9X";
                return testing::ScriptedPlayer::Reply(r);
            }
            return e.first_legal(p);
        };
    };
    tournament::run_sessions(plan_for(1, 3), h.factory, h.sink, h.abort);
    REQUIRE_FALSE(h.games.empty());
    const auto& g = h.games.front();
    REQUIRE(game::is_failure(g.record.termination));
    const auto pos = rules::parse_position(g.record.final_position, rules::Rules{}).value();
    const int faulty_score = rules::score(pos, rules::Side::North, rules::Rules{});  // engine 1
    CHECK(g.step->game.wealth_after[1] == faulty_score);
    CHECK(g.step->game.wealth_after[0] == 70 - faulty_score);
    CHECK(g.record.result == rules::Result::SouthWin);
}

TEST_CASE("a session interrupted and resumed plays the games of the uninterrupted run",
          "[sessions]") {
    Harness whole;
    tournament::run_sessions(plan_for(2, 4, 2), whole.factory, whole.sink, whole.abort);

    Harness cut;
    cut.abort_after = 2;
    auto first = tournament::run_sessions(plan_for(2, 4), cut.factory, cut.sink, cut.abort);
    CHECK_FALSE(first.exhausted);
    std::vector<Played> stored;
    for (const auto& g : cut.games) {
        if (g.step) stored.push_back(g);
    }
    Harness rest;
    auto plan = plan_for(2, 4, 2);
    for (std::int64_t s = 0; s < 2; ++s) {
        auto games = stored_of(stored, s);
        if (!games.empty()) plan.stored[s] = games;
    }
    auto second = tournament::run_sessions(std::move(plan), rest.factory, rest.sink, rest.abort);
    CHECK(second.exhausted);
    stored.insert(stored.end(), rest.games.begin(), rest.games.end());

    auto key = [](const std::vector<Played>& games) {
        std::map<std::int64_t, std::pair<std::string, std::array<int, 2>>> out;
        for (const auto& g : games) {
            if (!g.step) continue;
            std::string moves;
            for (const auto& m : g.record.moves) moves += rules::to_string(m.move) + " ";
            out[g.pairing.game_index] = {g.record.start_position + " | " + moves,
                                         g.step->game.wealth_after};
        }
        return out;
    };
    CHECK(key(stored) == key(whole.games));
}

TEST_CASE("rebuild_session refuses stored games that are not the session's", "[sessions]") {
    auto bad = tournament::rebuild_session(rules::Rules{}, 4,
                                           {{0, "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0",
                                             game::Termination::Normal, rules::Result::Draw}});
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message.find("game 1") != std::string::npos);
}

TEST_CASE("a session game ended by the ply limit is recorded from its settled final position",
          "[sessions]") {
    Harness h;
    auto plan = plan_for(1, 2);
    plan.base.settings.max_plies = 4;  // every game stops at its ply limit
    tournament::run_sessions(std::move(plan), h.factory, h.sink, h.abort);
    REQUIRE(h.games.size() == 2);
    for (const auto& g : h.games) {
        CHECK(g.record.termination == game::Termination::PlyLimit);
        REQUIRE(g.step);
        CHECK(g.step->game.wealth_after[0] + g.step->game.wealth_after[1] == 70);
    }
    CHECK(h.games.back().step->end == rules::SessionEnd::GameLimit);
}
