#include "tournament/table_match.hpp"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "common/error.hpp"
#include "game/table_runner.hpp"
#include "rules/ring_turn.hpp"
#include "tournament/engine_pool.hpp"

namespace oaq::tournament {

namespace {

std::size_t at(int i) {
    return static_cast<std::size_t>(i);
}

// Starts every engine once before any game: one that cannot sit at the table is refused by name.
// Other start failures are left to the games, which record them.
void check_engines(const TablePlan& plan, EnginePool& pool, int engines) {
    for (int e = 0; e < engines; ++e) {
        auto player = pool.acquire(e);
        const auto ready = player->prepare(plan.settings.rules, plan.settings.max_plies);
        auto refusal =
            game::seats_refusal(player->name(), player->identity(), plan.settings.rules.players);
        // A failed start says nothing about the options: only a handshake that came through
        // (an identity with a name or options) can refuse the engine.
        const auto id = player->identity();
        if (!ready && id.options.empty() && id.id_name.empty()) refusal.reset();
        pool.release(e, std::move(player));
        if (refusal) {
            pool.shutdown_all();
            throw OaqError(*refusal);
        }
    }
}

}  // namespace

std::vector<std::vector<int>> seatings(int n) {
    std::vector<int> order(at(n));
    std::iota(order.begin(), order.end(), 0);
    std::vector<std::vector<int>> out;
    do {
        out.push_back(order);
    } while (std::next_permutation(order.begin(), order.end()));
    return out;
}

TableGame table_game(std::int64_t game_index, int engines) {
    static thread_local std::vector<std::vector<int>> cached;
    if (cached.empty() || static_cast<int>(cached.front().size()) != engines)
        cached = seatings(engines);
    const auto per_group = static_cast<std::int64_t>(cached.size());
    TableGame g;
    g.game_index = game_index;
    g.group = game_index / per_group;
    g.seating = cached[static_cast<std::size_t>(game_index % per_group)];
    return g;
}

RunSummary run_table_match(const TablePlan& plan, const EngineFactory& make_engine,
                           const TableSink& sink, const std::atomic<bool>& abort) {
    const int n = plan.settings.rules.players;
    const int engines = static_cast<int>(plan.time_controls.size());
    const int threads = std::max(1, plan.concurrency);
    EnginePool pool(n * threads + engines, make_engine, {});
    check_engines(plan, pool, engines);
    if (plan.on_ready) plan.on_ready();

    std::mutex mutex;  // guards next_, the summary and the sink
    std::int64_t next = 0;
    RunSummary summary;
    bool stopping = false;
    auto next_game = [&]() -> std::optional<TableGame> {
        std::lock_guard lock(mutex);
        if (stopping || abort) return std::nullopt;
        const bool listed = !plan.list.empty();
        if (next >= (listed ? static_cast<std::int64_t>(plan.list.size()) : plan.games)) {
            summary.exhausted = true;
            return std::nullopt;
        }
        auto g = listed ? plan.list[static_cast<std::size_t>(next++)] : table_game(next++, n);
        if (plan.on_game_start) plan.on_game_start(g);
        return g;
    };
    auto worker = [&] {
        while (auto g = next_game()) {
            auto settings = plan.settings;
            if (plan.opening_for) settings.opening = plan.opening_for(g->group);
            std::vector<std::unique_ptr<game::Player>> owned;
            std::vector<game::Player*> seats;
            std::vector<game::TimeControl> tcs;
            for (int engine : g->seating) {
                owned.push_back(pool.acquire(engine));
                seats.push_back(owned.back().get());
                tcs.push_back(plan.time_controls[at(engine)]);
            }
            const auto observer = plan.observer_for ? plan.observer_for(*g) : game::TableObserver{};
            auto record = game::play_table(seats, tcs, settings, abort, observer);
            for (std::size_t s = 0; s < owned.size(); ++s) {
                record.seats[s].engine = g->seating[s];
                pool.release(g->seating[s], std::move(owned[s]));
            }
            std::lock_guard lock(mutex);
            ++summary.played;
            if (record.termination == game::Termination::Aborted) ++summary.aborted;
            sink(*g, record);
        }
    };
    std::vector<std::thread> workers;
    std::exception_ptr failure;
    for (int i = 0; i < threads; ++i) {
        workers.emplace_back([&] {
            try {
                worker();
            } catch (...) {
                std::lock_guard lock(mutex);
                stopping = true;
                if (!failure) failure = std::current_exception();
            }
        });
    }
    for (auto& t : workers) t.join();
    pool.shutdown_all();
    if (failure) std::rethrow_exception(failure);
    return summary;
}

std::vector<TableGame> table_games(const TableSchedule& schedule, const std::optional<Shard>& shard,
                                   const std::vector<std::int64_t>& done) {
    const std::set<std::int64_t> played(done.begin(), done.end());
    std::vector<TableGame> out;
    for (std::int64_t i = 0; i < schedule.total_games(); ++i) {
        const auto g = schedule.game_at(i);
        if ((shard && !shard_holds(*shard, g)) || played.count(i)) continue;
        TableGame t{g.game_index, g.opening_index, {}, g.round};
        t.seating.assign(g.engines.begin(), g.engines.begin() + static_cast<long>(g.seats));
        out.push_back(std::move(t));
    }
    return out;
}

game::Opening random_ring_opening(const rules::Rules& rules, int plies, std::uint64_t seed,
                                  std::int64_t group) {
    std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(group), static_cast<std::uint32_t>(group >> 32),
                      static_cast<std::uint32_t>(rules.players)};
    std::mt19937_64 rng(seq);
    for (int attempt = 0;; ++attempt) {
        game::Opening opening;
        rules::RingPosition pos = rules::ring_start_position(rules);
        for (int ply = 0; ply < plies && !pos.is_over(); ++ply) {
            auto moves = rules::legal_moves(pos, rules);
            std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
            const auto m = moves[pick(rng)];
            opening.moves.push_back(rules::to_string(m));
            pos = rules::play(pos, m, rules);
        }
        if (!pos.is_over()) return opening;
        if (attempt > 100) {  // after many tries, a shorter prefix
            opening.moves.pop_back();
            return opening;
        }
    }
}

void TableTally::add(const TableGame& game, const game::GameRecord& record) {
    if (record.termination == game::Termination::Aborted) return;
    for (std::size_t s = 0; s < game.seating.size() && s < record.seats.size(); ++s) {
        auto& row = rows[at(game.seating[s])];
        ++row.games;
        row.points += record.seats[s].points;
        row.rank_sum += record.seats[s].rank;
        if (record.failed_seat == static_cast<int>(s)) ++row.failures;
    }
}

}  // namespace oaq::tournament
