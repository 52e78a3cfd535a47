// EnginePool: the engine instances of a run (runner.hpp and session_runner.hpp share it). A game
// borrows one instance of each of its engines and gives it back. Internal to the tournament layer.
#pragma once

#include <functional>
#include <list>
#include <memory>
#include <mutex>

#include "game/player.hpp"
#include "tournament/runner.hpp"

namespace oaq::tournament {

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

}  // namespace oaq::tournament
