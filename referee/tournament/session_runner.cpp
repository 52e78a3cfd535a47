#include "tournament/session_runner.hpp"

#include <mutex>
#include <thread>

#include "common/error.hpp"
#include "rules/position_string.hpp"
#include "tournament/engine_pool.hpp"

namespace oaq::tournament {

std::int64_t session_slots(int game_limit) {
    return game_limit + (game_limit % 2);
}

Expected<rules::SessionGame> record_session_game(rules::Session& session,
                                                 const std::string& final_position,
                                                 game::Termination termination,
                                                 rules::Result result) {
    const std::string name = "game " + std::to_string(session.next_game());
    auto pos = rules::parse_position(final_position, session.rules());
    if (!pos) return fail(name + ": final position: " + pos.error().message);
    // A position string does not say that the game's history ended it: a settled position of a
    // game ended by repetition or the ply limit reads back as a game that goes on.
    if (termination == game::Termination::Repetition && !pos->is_over())
        pos->end = rules::EndReason::Repetition;
    if (termination == game::Termination::PlyLimit && !pos->is_over())
        pos->end = rules::EndReason::PlyLimit;
    if (!game::is_failure(termination)) return session.record(*pos);
    // The failing side lost the game: the winner is the other one.
    const rules::Side faulty =
        result == rules::Result::SouthWin ? rules::Side::North : rules::Side::South;
    return session.record_forfeit(*pos, faulty);
}

Expected<rules::Session> rebuild_session(const rules::Rules& rules, int game_limit,
                                         const std::vector<StoredSessionGame>& games) {
    rules::Session session(rules, game_limit);
    for (const auto& g : games) {
        auto recorded = record_session_game(session, g.final_position, g.termination, g.result);
        if (!recorded) return recorded.error();
    }
    return session;
}

namespace {

class SessionWorkers {
  public:
    SessionWorkers(SessionPlan& plan, const EngineFactory& make, const SessionSink& sink,
                   const std::atomic<bool>& abort)
        : plan_(plan),
          sink_(sink),
          abort_(abort),
          pool_(max_engine_instances(plan.base.concurrency, plan.base.schedule.engines()), make,
                plan.base.on_engine_done),
          slots_(session_slots(plan.game_limit)) {}

    void work() {
        while (auto s = next_session()) play_session(*s);
    }

    void stop() {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }

    RunSummary finish() {
        pool_.shutdown_all();
        return summary_;
    }

  private:
    std::optional<std::int64_t> next_session() {
        std::lock_guard lock(mutex_);
        if (stopping_ || abort_) return std::nullopt;
        if (next_ < plan_.base.schedule.total_pairs()) return next_++;
        summary_.exhausted = true;
        return std::nullopt;
    }

    void play_session(std::int64_t s) {
        const Pairing first = plan_.base.schedule.pairing_at(2 * s);
        const auto stored = plan_.stored.find(s);
        auto rebuilt = rebuild_session(
            plan_.base.settings.rules, plan_.game_limit,
            stored == plan_.stored.end() ? std::vector<StoredSessionGame>{} : stored->second);
        if (!rebuilt)
            throw OaqError("session " + std::to_string(s + 1) + ": " + rebuilt.error().message);
        rules::Session session = std::move(*rebuilt);
        while (!session.is_over() && !abort_) {
            if (!play_game(s, first, session)) return;
        }
    }

    // Plays the session's next game; false when it was aborted.
    bool play_game(std::int64_t s, const Pairing& first, rules::Session& session) {
        const bool first_south = session.south() == rules::Player::First;
        Pairing p;
        p.game_index = s * slots_ + session.games_played();
        p.pair_index = p.game_index / 2;
        p.round = first.round;
        p.south = first_south ? first.south : first.north;
        p.north = first_south ? first.north : first.south;
        auto settings = plan_.base.settings;
        settings.south_tc = plan_.base.time_controls[static_cast<std::size_t>(p.south)];
        settings.north_tc = plan_.base.time_controls[static_cast<std::size_t>(p.north)];
        settings.opening = {rules::to_string(session.start()), {}, session.start()};
        settings.session_game = true;
        {
            std::lock_guard lock(mutex_);
            if (plan_.base.on_game_start) plan_.base.on_game_start(p);
        }
        auto south = pool_.acquire(p.south);
        auto north = pool_.acquire(p.north);
        auto record = game::play_game(
            *south, *north, settings, abort_,
            plan_.base.observe_game ? plan_.base.observe_game(p) : game::GameObserver{});
        record.south().engine = p.south;
        record.north().engine = p.north;
        pool_.release(p.south, std::move(south));
        pool_.release(p.north, std::move(north));
        if (record.termination == game::Termination::Aborted) {
            std::lock_guard lock(mutex_);
            ++summary_.played;
            ++summary_.aborted;
            sink_(p, record, nullptr);
            return false;
        }
        auto recorded =
            record_session_game(session, record.final_position, record.termination, record.result);
        if (!recorded)
            throw OaqError("session " + std::to_string(s + 1) + ": " + recorded.error().message);
        SessionStep step{
            s,         first.south,   first.north,     plan_.game_limit, session.total(),
            *recorded, session.end(), session.result()};
        std::lock_guard lock(mutex_);
        ++summary_.played;
        sink_(p, record, &step);
        return true;
    }

    SessionPlan& plan_;
    const SessionSink& sink_;
    const std::atomic<bool>& abort_;
    EnginePool pool_;
    const std::int64_t slots_;
    std::mutex mutex_;  // next_, stopping_, the summary and calls to the sink
    std::int64_t next_ = 0;
    bool stopping_ = false;
    RunSummary summary_;
};

}  // namespace

RunSummary run_sessions(SessionPlan plan, const EngineFactory& make_engine, const SessionSink& sink,
                        const std::atomic<bool>& abort) {
    SessionWorkers workers(plan, make_engine, sink, abort);
    std::vector<std::thread> threads;
    std::exception_ptr failure;
    std::mutex failure_mutex;
    for (int i = 0; i < std::max(1, plan.base.concurrency); ++i) {
        threads.emplace_back([&] {
            try {
                workers.work();
            } catch (...) {
                // An environment failure (e.g. the database) stops the whole run: no new session.
                workers.stop();
                std::lock_guard lock(failure_mutex);
                if (!failure) failure = std::current_exception();
            }
        });
    }
    for (auto& t : threads) t.join();
    auto summary = workers.finish();
    if (failure) std::rethrow_exception(failure);
    if (abort) summary.exhausted = false;
    return summary;
}

}  // namespace oaq::tournament
