#include "tournament/runner.hpp"

#include <mutex>
#include <thread>

#include "tournament/engine_pool.hpp"

namespace oaq::tournament {

int max_engine_instances(int concurrency, int engines) {
    return 2 * std::max(1, concurrency) + engines;
}

RunSummary run_tournament(TournamentPlan plan, const EngineFactory& make_engine,
                          const GameSink& sink, const std::atomic<bool>& abort,
                          const std::function<bool()>& should_stop) {
    const int threads = std::max(1, plan.concurrency);
    EnginePool pool(max_engine_instances(plan.concurrency, plan.schedule.engines()), make_engine,
                    plan.on_engine_done);
    std::mutex mutex;  // guards the schedule, the summary and calls to the sink
    RunSummary summary;
    bool stopping = false;

    auto next_pairing = [&]() -> std::optional<Pairing> {
        std::lock_guard lock(mutex);
        if (stopping || abort) return std::nullopt;
        if (should_stop && should_stop()) {
            stopping = true;
            return std::nullopt;
        }
        while (auto p = plan.schedule.next()) {
            if (plan.skip.count(p->game_index)) continue;
            if (plan.include && !plan.include(*p)) continue;
            if (plan.on_game_start) plan.on_game_start(*p);
            return p;
        }
        summary.exhausted = true;
        return std::nullopt;
    };

    auto worker = [&] {
        while (auto pairing = next_pairing()) {
            auto settings = plan.settings;
            settings.south_tc = plan.time_controls[static_cast<std::size_t>(pairing->south)];
            settings.north_tc = plan.time_controls[static_cast<std::size_t>(pairing->north)];
            if (plan.opening_for) settings.opening = plan.opening_for(pairing->opening_index);
            auto south = pool.acquire(pairing->south);
            auto north = pool.acquire(pairing->north);
            auto record = game::play_game(*south, *north, settings, abort);
            pool.release(pairing->south, std::move(south));
            pool.release(pairing->north, std::move(north));
            std::lock_guard lock(mutex);
            ++summary.played;
            if (record.termination == game::Termination::Aborted) ++summary.aborted;
            sink(*pairing, record);
        }
    };

    std::vector<std::thread> workers;
    std::exception_ptr failure;
    std::mutex failure_mutex;
    for (int i = 0; i < threads; ++i) {
        workers.emplace_back([&] {
            try {
                worker();
            } catch (...) {
                // An environment failure (e.g. the database) stops the whole run: no new games.
                {
                    std::lock_guard lock(mutex);
                    stopping = true;
                }
                std::lock_guard lock(failure_mutex);
                if (!failure) failure = std::current_exception();
            }
        });
    }
    for (auto& t : workers) t.join();
    pool.shutdown_all();
    if (failure) std::rethrow_exception(failure);
    if (!stopping && !abort)
        summary.exhausted =
            summary.exhausted || plan.schedule.position() >= plan.schedule.total_games();
    return summary;
}

}  // namespace oaq::tournament
