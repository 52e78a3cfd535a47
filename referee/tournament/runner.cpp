#include "tournament/runner.hpp"

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "tournament/engine_pool.hpp"

namespace oaq::tournament {

namespace {

// Stands in for an engine given up on (TournamentPlan::max_start_failures): it fails to get ready
// at once with the engine's last start failure, so the game is recorded by play_game like any
// other loss at the start, and no process is launched.
class GivenUpPlayer final : public game::Player {
  public:
    GivenUpPlayer(std::string name, game::PlayerFailure failure)
        : name_(std::move(name)), failure_(std::move(failure)) {}
    const std::string& name() const override { return name_; }
    Expected<Ok, game::PlayerFailure> prepare(const rules::Rules&, int) override {
        return failure_;
    }
    Expected<Ok, game::PlayerFailure> new_game() override { return failure_; }
    Expected<game::SearchResult, game::PlayerFailure> search(const protocol::PositionCommand&,
                                                             const protocol::Go&,
                                                             std::optional<game::Nanoseconds>,
                                                             const game::InfoCallback&) override {
        return failure_;
    }
    void shutdown() override {}
    game::PlayerIdentity identity() const override { return {}; }

  private:
    std::string name_;
    game::PlayerFailure failure_;
};

// Failures to start in a row, per engine, and the engines given up on. Guarded by the caller.
class StartFailures {
  public:
    StartFailures(int engines, int limit)
        : limit_(limit), rows_(static_cast<std::size_t>(engines)) {}

    // The stand-in for `engine` when it has been given up on, else nullptr.
    std::unique_ptr<game::Player> stand_in(int engine) const {
        const Row& row = rows_[static_cast<std::size_t>(engine)];
        if (!row.given_up) return nullptr;
        return std::make_unique<GivenUpPlayer>(row.name, *row.given_up);
    }

    // Counts the game's outcome for the engines that really played it.
    void count(const Pairing& p, const game::GameRecord& r, bool south_real, bool north_real) {
        if (limit_ <= 0 || r.termination == game::Termination::Aborted) return;
        const auto failed = r.failed_to_start;
        // South is made ready first: when it fails, North was never asked.
        if (south_real) update(p.south, r.south().name, failed == rules::Side::South, r);
        if (north_real && failed != rules::Side::South)
            update(p.north, r.north().name, failed == rules::Side::North, r);
    }

  private:
    struct Row {
        int in_a_row = 0;
        std::string name;
        std::optional<game::PlayerFailure> given_up;
    };

    void update(int engine, const std::string& name, bool failed, const game::GameRecord& r) {
        Row& row = rows_[static_cast<std::size_t>(engine)];
        if (!failed) {
            row.in_a_row = 0;
            return;
        }
        if (++row.in_a_row < limit_ || row.given_up) return;
        row.name = name;
        // The game's detail names the seat ("south: ..."); the engine may sit on either side.
        std::string last = r.detail;
        for (const char* seat : {"south: ", "north: "})
            if (last.rfind(seat, 0) == 0) last.erase(0, std::string_view(seat).size());
        row.given_up = game::PlayerFailure{
            r.termination,
            "not started: failed to start in " + std::to_string(row.in_a_row) +
                " games in a row, given up for the rest of the run (last: " + last + ")",
            {}};
    }

    int limit_;
    std::vector<Row> rows_;
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
    std::mutex mutex;  // guards the schedule, the summary, the start failures and the sink
    RunSummary summary;
    StartFailures start_failures(plan.schedule.engines(), plan.max_start_failures);
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
            std::unique_ptr<game::Player> south, north;
            {
                std::lock_guard lock(mutex);
                south = start_failures.stand_in(pairing->south);
                north = start_failures.stand_in(pairing->north);
            }
            const bool south_real = !south, north_real = !north;
            if (south_real) south = pool.acquire(pairing->south);
            if (north_real) north = pool.acquire(pairing->north);
            auto record = game::play_game(
                *south, *north, settings, abort,
                plan.observe_game ? plan.observe_game(*pairing) : game::GameObserver{});
            // The seats name the run's engines by the index the run holds ids for.
            record.south().engine = pairing->south;
            record.north().engine = pairing->north;
            if (south_real) pool.release(pairing->south, std::move(south));
            if (north_real) pool.release(pairing->north, std::move(north));
            std::lock_guard lock(mutex);
            start_failures.count(*pairing, record, south_real, north_real);
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
