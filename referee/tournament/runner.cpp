#include "tournament/runner.hpp"

#include <mutex>
#include <thread>

namespace oaq::tournament {

namespace {

// Idle engine instances per engine index: a game borrows one instance of each of its engines, so
// an instance (and its process) serves one game at a time and is reused by the next.
class EnginePool {
  public:
    EnginePool(int engines, const EngineFactory& make)
        : idle_(static_cast<std::size_t>(engines)), make_(make) {}

    std::unique_ptr<game::Player> acquire(int index) {
        {
            std::lock_guard lock(mutex_);
            auto& idle = idle_[static_cast<std::size_t>(index)];
            if (!idle.empty()) {
                auto e = std::move(idle.back());
                idle.pop_back();
                return e;
            }
        }
        return make_(index);
    }

    void release(int index, std::unique_ptr<game::Player> e) {
        std::lock_guard lock(mutex_);
        idle_[static_cast<std::size_t>(index)].push_back(std::move(e));
    }

    void shutdown_all(const std::function<void(int, const game::Player&)>& on_done) {
        std::lock_guard lock(mutex_);
        for (std::size_t i = 0; i < idle_.size(); ++i) {
            for (auto& e : idle_[i]) {
                e->shutdown();
                if (on_done) on_done(static_cast<int>(i), *e);
            }
        }
    }

  private:
    std::mutex mutex_;
    std::vector<std::vector<std::unique_ptr<game::Player>>> idle_;
    const EngineFactory& make_;
};

}  // namespace

RunSummary run_tournament(TournamentPlan plan, const EngineFactory& make_engine,
                          const GameSink& sink, const std::atomic<bool>& abort,
                          const std::function<bool()>& should_stop) {
    EnginePool pool(plan.schedule.engines(), make_engine);
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

    const int threads = std::max(1, plan.concurrency);
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
    pool.shutdown_all(plan.on_engine_done);
    if (failure) std::rethrow_exception(failure);
    if (!stopping && !abort)
        summary.exhausted =
            summary.exhausted || plan.schedule.position() >= plan.schedule.total_games();
    return summary;
}

}  // namespace oaq::tournament
