#include "tournament/runner.hpp"

#include <list>
#include <mutex>
#include <thread>

namespace oaq::tournament {

namespace {

// Idle engine instances per engine index: a game borrows one instance of each of its engines, so
// an instance (and its process) serves one game at a time and is reused by the next. At most
// `limit` instances live at once (two per game played at once plus one idle per engine): when a
// game needs an instance of an engine that has none idle and the pool is full, the instance idle
// longest is shut down first. So a run keeps at most 2 x concurrency + engines processes and their
// descriptors, never one per engine and worker (the descriptor check counts on this).
class EnginePool {
  public:
    using Done = std::function<void(int, const game::Player&)>;
    EnginePool(int limit, const EngineFactory& make, Done on_done)
        : limit_(limit), make_(make), on_done_(std::move(on_done)) {}

    std::unique_ptr<game::Player> acquire(int index) {
        Idle evicted;
        {
            std::lock_guard lock(mutex_);
            // The instance of this engine released last (its process is the warmest).
            for (auto it = idle_.rbegin(); it != idle_.rend(); ++it) {
                if (it->index != index) continue;
                auto e = std::move(it->player);
                idle_.erase(std::next(it).base());
                return e;
            }
            if (live_ >= limit_ && !idle_.empty()) {
                evicted = std::move(idle_.front());  // the one idle longest; its place is ours
                idle_.pop_front();
            } else {
                ++live_;
            }
        }
        if (evicted.player) {
            retire(evicted);
            evicted.player.reset();  // its process and descriptors go before the next one comes
        }
        try {
            return make_(index);
        } catch (...) {
            std::lock_guard lock(mutex_);
            --live_;
            throw;
        }
    }

    void release(int index, std::unique_ptr<game::Player> e) {
        std::lock_guard lock(mutex_);
        idle_.push_back({index, std::move(e)});
    }

    void shutdown_all() {
        std::lock_guard lock(mutex_);
        for (auto& idle : idle_) retire(idle);
        idle_.clear();
    }

  private:
    struct Idle {
        int index = 0;
        std::unique_ptr<game::Player> player;
    };

    void retire(Idle& idle) {
        idle.player->shutdown();
        std::lock_guard lock(done_mutex_);
        if (on_done_) on_done_(idle.index, *idle.player);
    }

    std::mutex mutex_;       // idle_ and live_
    std::mutex done_mutex_;  // on_done_ is called one at a time
    std::list<Idle> idle_;   // in release order, oldest first
    int live_ = 0;           // instances made and not retired
    const int limit_;
    const EngineFactory& make_;
    Done on_done_;
};

}  // namespace

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
