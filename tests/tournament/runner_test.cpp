#include <catch2/catch.hpp>

#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "../game/scripted_player.hpp"
#include "tournament/openings.hpp"
#include "tournament/runner.hpp"

using namespace oaq;
using tournament::Pairing;

namespace {

// A scripted engine that notices being used by two games at once.
class ExclusiveEngine : public testing::ScriptedPlayer {
  public:
    ExclusiveEngine(std::string name, std::atomic<int>& overlaps)
        : ScriptedPlayer(std::move(name)), overlaps_(overlaps) {}
    Reply search(const protocol::PositionCommand& p, const protocol::Go& g,
                 std::optional<game::Nanoseconds> d, const game::InfoCallback& i) override {
        if (busy_.exchange(true)) ++overlaps_;
        std::this_thread::yield();
        auto r = ScriptedPlayer::search(p, g, d, i);
        busy_ = false;
        return r;
    }

  private:
    std::atomic<bool> busy_{false};
    std::atomic<int>& overlaps_;
};

struct Harness {
    std::atomic<int> overlaps{0};
    std::atomic<int> created{0};
    std::vector<std::pair<Pairing, game::GameRecord>> games;
    tournament::EngineFactory factory = [this](int index) -> std::unique_ptr<game::Player> {
        ++created;
        return std::make_unique<ExclusiveEngine>("e" + std::to_string(index), overlaps);
    };
    tournament::GameSink sink = [this](const Pairing& p, const game::GameRecord& r) {
        games.emplace_back(p, r);
    };
};

tournament::TournamentPlan plan_for(tournament::Schedule schedule, int concurrency) {
    tournament::TournamentPlan plan{std::move(schedule), {}, {}, {}, concurrency, {}, {}, {}, {}};
    plan.settings.max_plies = 40;
    plan.time_controls.assign(static_cast<std::size_t>(plan.schedule.engines()),
                              game::parse_time_control("10+0.1").value());
    return plan;
}

}  // namespace

TEST_CASE("a round robin at concurrency 2 plays every game once with exclusive engines",
          "[runner]") {
    Harness h;
    std::atomic<bool> abort{false};
    auto plan = plan_for(tournament::Schedule::round_robin(4, 1, 0).value(), 2);
    auto summary = tournament::run_tournament(plan, h.factory, h.sink, abort);
    CHECK(summary.played == 12);
    CHECK(summary.exhausted);
    REQUIRE(h.games.size() == 12);
    std::set<std::int64_t> indices;
    for (auto& [p, r] : h.games) {
        indices.insert(p.game_index);
        CHECK(r.south().name == "e" + std::to_string(p.south));
        CHECK(r.north().name == "e" + std::to_string(p.north));
        // The seats carry the run's engine indices: the recorder's ids, never found by name.
        CHECK(r.south().engine == p.south);
        CHECK(r.north().engine == p.north);
        CHECK(r.termination != game::Termination::Aborted);
    }
    CHECK(indices.size() == 12);
    CHECK(h.overlaps == 0);
    // Each engine needs at most two instances at concurrency 2.
    CHECK(h.created <= 8);
}

TEST_CASE("a round robin keeps two engine instances per game played at once plus one per engine",
          "[runner][edges]") {
    std::atomic<int> overlaps{0}, live{0}, most{0}, made{0};
    std::vector<int> done_calls;
    std::mutex done_mutex;
    // An instance that counts how many are alive (made and not destroyed).
    struct Counted : ExclusiveEngine {
        Counted(std::string name, std::atomic<int>& overlaps, std::atomic<int>& alive)
            : ExclusiveEngine(std::move(name), overlaps), alive_(alive) {}
        ~Counted() override { --alive_; }
        std::atomic<int>& alive_;
    };
    tournament::EngineFactory factory = [&](int index) -> std::unique_ptr<game::Player> {
        ++made;
        const int now = ++live;
        for (int seen = most; now > seen && !most.compare_exchange_weak(seen, now);) {
        }
        return std::make_unique<Counted>("e" + std::to_string(index), overlaps, live);
    };
    std::atomic<int> games{0};
    tournament::GameSink sink = [&](const Pairing&, const game::GameRecord&) { ++games; };
    std::atomic<bool> abort{false};
    auto plan = plan_for(tournament::Schedule::round_robin(6, 2, 0).value(), 4);
    plan.on_engine_done = [&](int index, const game::Player&) {
        std::lock_guard lock(done_mutex);
        done_calls.push_back(index);
    };
    tournament::run_tournament(plan, factory, sink, abort);
    CHECK(games == 60);
    CHECK(overlaps == 0);
    CHECK(tournament::max_engine_instances(4, 6) == 14);
    CHECK(most <= 14);  // not one per engine and worker (24)
    CHECK(live == 0);   // every instance is gone at the end
    // Every instance, retired early or at the end, was reported once.
    CHECK(static_cast<int>(done_calls.size()) == made);
}

TEST_CASE("games already stored are skipped on resume", "[runner]") {
    Harness h;
    std::atomic<bool> abort{false};
    auto plan = plan_for(tournament::Schedule::match(10, 0).value(), 1);
    plan.skip = {0, 1, 2, 7};
    tournament::run_tournament(plan, h.factory, h.sink, abort);
    std::set<std::int64_t> played;
    for (auto& [p, r] : h.games) played.insert(p.game_index);
    CHECK(played == std::set<std::int64_t>{3, 4, 5, 6, 8, 9});
}

TEST_CASE("should_stop ends the run after the running games finish", "[runner]") {
    Harness h;
    std::atomic<bool> abort{false};
    auto plan = plan_for(tournament::Schedule::match(100, 0).value(), 1);
    auto summary = tournament::run_tournament(plan, h.factory, h.sink, abort,
                                              [&] { return h.games.size() >= 6; });
    CHECK(h.games.size() == 6);
    CHECK_FALSE(summary.exhausted);
}

TEST_CASE("an abort hands out no new game", "[runner]") {
    Harness h;
    std::atomic<bool> abort{false};
    h.sink = [&](const Pairing& p, const game::GameRecord& r) {
        h.games.emplace_back(p, r);
        if (h.games.size() == 3) abort = true;
    };
    auto plan = plan_for(tournament::Schedule::match(50, 0).value(), 1);
    auto summary = tournament::run_tournament(plan, h.factory, h.sink, abort);
    CHECK(h.games.size() == 3);
    CHECK_FALSE(summary.exhausted);
}

TEST_CASE("each opening is played twice with colours swapped", "[runner]") {
    Harness h;
    std::atomic<bool> abort{false};
    rules::Rules r;
    auto plan = plan_for(tournament::Schedule::match(6, 0).value(), 2);
    plan.opening_for = [&](std::int64_t i) { return tournament::random_opening(r, 4, 42, i); };
    tournament::run_tournament(plan, h.factory, h.sink, abort);
    std::map<std::int64_t, std::vector<std::pair<Pairing, game::GameRecord>>> by_pair;
    for (auto& g : h.games) by_pair[g.first.pair_index].push_back(g);
    REQUIRE(by_pair.size() == 3);
    for (auto& [pair, games] : by_pair) {
        REQUIRE(games.size() == 2);
        CHECK(games[0].second.opening == games[1].second.opening);
        CHECK(games[0].second.south().name == games[1].second.north().name);
        CHECK(games[0].second.opening.text().size() > 0);
    }
}

TEST_CASE("random openings are reproducible and differ between indices", "[openings]") {
    rules::Rules r;
    auto a = tournament::random_opening(r, 8, 7, 3);
    CHECK(a.moves.size() == 8);
    CHECK(tournament::random_opening(r, 8, 7, 3).moves == a.moves);
    CHECK(tournament::random_opening(r, 8, 7, 4).moves != a.moves);
    CHECK(tournament::random_opening(r, 8, 8, 3).moves != a.moves);
}

TEST_CASE("opening lines are move lists or position strings, checked for legality", "[openings]") {
    rules::Rules r;
    auto moves = tournament::parse_opening_line("1R 3L\r", r, 300);
    REQUIRE(moves);
    CHECK(moves->position == "startpos");
    CHECK(moves->moves == std::vector<std::string>{"1R", "3L"});
    auto fen =
        tournament::parse_opening_line("Q8,3,1,1,1,5,5,3,1,3,3,3 S 9+1 4+0 0 0 moves 1L", r, 300);
    REQUIRE(fen);
    CHECK(fen->position == "Q8,3,1,1,1,5,5,3,1,3,3,3 S 9+1 4+0 0 0");
    CHECK(fen->moves == std::vector<std::string>{"1L"});
    auto bad = tournament::parse_opening_line("1R 9L", r, 300);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message.find("move 2") != std::string::npos);
    CHECK_FALSE(tournament::parse_opening_line("Q8,3,1 S 9+1 4+0 0 0", r, 300));
}

TEST_CASE("a book line keeps the position after it, so a game does not replay it",
          "[openings][record]") {
    rules::Rules r;
    auto line = tournament::parse_opening_line("1R 3L", r, 300);
    REQUIRE(line);
    REQUIRE(line->start.has_value());
    CHECK(rules::to_string(*line->start) == "Q8,3,1,1,1,5,5,3,1,3,3,3 S 9+1 4+0 0 0");
    CHECK(*line->start == tournament::opening_start(*line, r, 300).value());
    // A game given the kept start plays from it, as it would after replaying the line.
    game::Opening replayed = *line;
    replayed.start.reset();
    std::atomic<int> overlaps{0};
    ExclusiveEngine a1("a", overlaps), b1("b", overlaps), a2("a", overlaps), b2("b", overlaps);
    game::GameSettings settings;
    settings.max_plies = 6;
    settings.south_tc = settings.north_tc = game::parse_time_control("depth=1").value();
    settings.opening = *line;
    const std::atomic<bool> no_abort{false};
    const auto kept = game::play_game(a1, b1, settings, no_abort);
    settings.opening = replayed;
    const auto again = game::play_game(a2, b2, settings, no_abort);
    CHECK(kept.start_position == again.start_position);
    CHECK(kept.opening.text() == again.opening.text());
    CHECK(kept.final_position == again.final_position);
}

TEST_CASE("an engine that fails to start N games in a row is given up on for the rest of the run",
          "[runner][handshake]") {
    // Engine 1 never gets through its handshake; engines 0 and 2 are fine.
    std::atomic<int> overlaps{0}, made_broken{0};
    std::mutex prepares_mutex;
    std::map<int, int> prepares;  // engine index -> prepare() calls
    struct Counting : ExclusiveEngine {
        Counting(std::string name, std::atomic<int>& overlaps, int index, std::mutex& m,
                 std::map<int, int>& calls)
            : ExclusiveEngine(std::move(name), overlaps), index_(index), m_(m), calls_(calls) {}
        Expected<Ok, game::PlayerFailure> prepare(const rules::Rules& r, int limit) override {
            {
                std::lock_guard lock(m_);
                ++calls_[index_];
            }
            return ExclusiveEngine::prepare(r, limit);
        }
        int index_;
        std::mutex& m_;
        std::map<int, int>& calls_;
    };
    tournament::EngineFactory factory = [&](int index) -> std::unique_ptr<game::Player> {
        auto e = std::make_unique<Counting>("e" + std::to_string(index), overlaps, index,
                                            prepares_mutex, prepares);
        if (index == 1) {
            ++made_broken;
            e->prepare_result =
                game::PlayerFailure{game::Termination::Stall, "no ugiok within 10000 ms", {}};
        }
        return e;
    };
    std::vector<game::GameRecord> records;
    tournament::GameSink sink = [&](const Pairing&, const game::GameRecord& r) {
        records.push_back(r);
    };
    std::atomic<bool> abort{false};
    auto plan = plan_for(tournament::Schedule::round_robin(3, 4, 0).value(), 1);
    plan.max_start_failures = 3;
    const auto summary = tournament::run_tournament(plan, factory, sink, abort);
    CHECK(summary.exhausted);
    REQUIRE(records.size() == 24);  // 3 pairings x 4 rounds x 2 colours: every game recorded
    int broken_games = 0, given_up = 0;
    for (const auto& r : records) {
        const bool south_broken = r.south().name == "e1", north_broken = r.north().name == "e1";
        if (!south_broken && !north_broken) {
            CHECK(r.termination != game::Termination::Stall);
            continue;
        }
        ++broken_games;
        // Every game of the broken engine is its loss by the handshake's failure.
        CHECK(r.termination == game::Termination::Stall);
        CHECK(r.result == (south_broken ? rules::Result::NorthWin : rules::Result::SouthWin));
        if (r.detail.find(": not started: failed to start in 3 games in a row") !=
            std::string::npos) {
            ++given_up;
            CHECK(r.detail.find("(last: no ugiok within 10000 ms)") != std::string::npos);
        }
    }
    CHECK(broken_games == 16);
    CHECK(given_up == 13);  // after the first three failures, never tried again
    CHECK(prepares[1] == 3);
    CHECK(made_broken == 1);
}

TEST_CASE("a start that succeeds resets the count and 0 never gives up", "[runner][handshake]") {
    std::atomic<int> overlaps{0}, tries{0};
    tournament::EngineFactory factory = [&](int index) -> std::unique_ptr<game::Player> {
        struct Flaky : ExclusiveEngine {
            Flaky(std::string name, std::atomic<int>& o, std::atomic<int>& t, bool broken)
                : ExclusiveEngine(std::move(name), o), tries_(t), broken_(broken) {}
            Expected<Ok, game::PlayerFailure> prepare(const rules::Rules& r, int limit) override {
                if (!broken_) return ExclusiveEngine::prepare(r, limit);
                // Fails two starts of every three: never three in a row.
                if (++tries_ % 3 != 0)
                    return game::PlayerFailure{game::Termination::Crash, "exit code 1", {}};
                return ExclusiveEngine::prepare(r, limit);
            }
            std::atomic<int>& tries_;
            bool broken_;
        };
        return std::make_unique<Flaky>("e" + std::to_string(index), overlaps, tries, index == 1);
    };
    for (int limit : {3, 0}) {
        tries = 0;
        std::vector<game::GameRecord> records;
        tournament::GameSink sink = [&](const Pairing&, const game::GameRecord& r) {
            records.push_back(r);
        };
        std::atomic<bool> abort{false};
        auto plan = plan_for(tournament::Schedule::round_robin(2, 6, 0).value(), 1);
        plan.max_start_failures = limit;
        tournament::run_tournament(plan, factory, sink, abort);
        INFO("limit " << limit);
        REQUIRE(records.size() == 12);
        CHECK(tries == 12);  // e1 was asked to start for every one of its games
        for (const auto& r : records) CHECK(r.detail.find("not started") == std::string::npos);
    }
}
