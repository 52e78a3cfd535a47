#include "tournament/run.hpp"

#include <cmath>
#include <mutex>
#include <utility>

#include "common/error.hpp"
#include "rules/position_string.hpp"
#include "tournament/openings.hpp"
#include "tournament/round_formats.hpp"
#include "tournament/run_name.hpp"
#include "tournament/runner.hpp"
#include "tournament/snapshot.hpp"

namespace oaq::tournament {

std::int64_t Run::total_games() const {
    return planned_games(definition_, shard_);
}

RunStarted Run::started_event(std::int64_t already_done) const {
    RunStarted e;
    e.name = name_;
    e.total_games = total_games();
    e.already_done = already_done;
    e.resumed = resumed_;
    if (shard_) {
        e.shard = shard_;
        e.run_games = make_schedule(definition_, 0)->total_games();
        e.seed = definition_.seed;
    }
    return e;
}

Expected<Ok> Run::check(const RunInputs& inputs) {
    auto valid = validate(definition_);
    if (!valid) return valid.error();
    // Without a reader the caller hands the book to play() (which refuses an empty one).
    if (definition_.openings.kind == OpeningsDefinition::Kind::File && inputs.read_book) {
        auto book = inputs.read_book(definition_);
        if (!book) return book.error();
        if (book->empty())
            return fail("openings file " + definition_.openings.file + ": no openings");
        for (std::size_t i = 0; i < book->size(); ++i) {
            // Checked once here; each game starts from the position kept (no replay per game).
            auto start = opening_start((*book)[i], definition_.rules, definition_.max_plies);
            if (!start)
                return fail("openings file " + definition_.openings.file + ", opening " +
                            std::to_string(i + 1) + ": " + start.error().message);
            (*book)[i].start = *start;
        }
        book_ = std::move(*book);
    }
    if (inputs.check_environment) {
        auto ready = inputs.check_environment(definition_);
        if (!ready) return ready.error();
    }
    return Ok{};
}

Expected<Run> Run::create(RunRecorder& recorder, std::string name, RunDefinition definition,
                          std::string settings_json, RunClock clock, const RunInputs& inputs,
                          std::optional<Shard> shard) {
    // Its games are named NAME#N everywhere: a name that breaks that is refused before anything.
    if (auto named = check_run_name(name); !named) return named.error();
    Run run(recorder, std::move(clock));
    run.definition_ = std::move(definition);
    if (shard && (shard->count < 1 || shard->index < 0 || shard->index >= shard->count))
        return fail("run \"" + name + "\": shard " + std::to_string(shard->index) + "/" +
                    std::to_string(shard->count) + " does not exist");
    if (shard &&
        (run.definition_.format == Format::Swiss || run.definition_.format == Format::Knockout))
        return fail("run \"" + name + "\": a " + std::string(to_string(run.definition_.format)) +
                    " is not sharded (each round is paired from every game of the rounds before)");
    run.shard_ = shard;
    auto ready = run.check(inputs);
    if (!ready) return fail("run \"" + name + "\": " + ready.error().message);
    const auto& d = run.definition_;
    NewRun row{name, d, to_json(d), fingerprint(d), settings_json, run.clock_.wall(), shard, 0, 0};
    row.run_games = planned_games(d);
    row.shard_games = run.total_games();
    auto id = recorder.create_run(row);
    if (!id) return id.error().prefixed("run \"" + name + "\": ");
    run.name_ = std::move(name);
    run.id_ = *id;
    // Only a process resuming the run in the instant since it was written can hold this already.
    auto locked = recorder.lock_run(run.id_);
    if (!locked) return locked.error();
    run.locked_ = true;
    return run;
}

namespace {

std::int64_t pair_of(const GameResult& g) {
    return g.pair_id.value_or(0) & 0xffffffff;
}

// The run's stored games as rating input, engines keyed by seat.
RatingInput stored_input(RunRecorder& recorder, TournamentId id,
                         const std::vector<std::string>& names) {
    std::vector<RatedEngine> seats;
    for (std::size_t i = 0; i < names.size(); ++i)
        seats.push_back({static_cast<std::int64_t>(i), names[i]});
    // Pairs are keyed by pair index alone: every game here is of this one run.
    auto stored = recorder.stored_results(id);
    for (auto& row : stored) row.tournament_id = 0;
    return build_rating_input(seats, stored);
}

// A match's tally (and SPRT state) over the games in `input`.
MatchTally match_tally(const RunDefinition& definition, const RatingInput& input) {
    std::optional<SprtParams> sprt;
    if (definition.sprt) sprt = definition.sprt->params().value();
    MatchTally match(sprt);
    for (const auto& g : input.games) match.add(g.south, g.north, g.south_points, pair_of(g));
    return match;
}

}  // namespace

Expected<Ok> Run::change_cap(std::int64_t games) {
    if (definition_.format != Format::Match || !definition_.sprt || definition_.session_games != 0)
        return fail("only the cap (games) of an SPRT match can change when it resumes");
    const auto played = static_cast<std::int64_t>(recorder_->completed_games(id_).size());
    if (games <= played) {
        return fail("it has played " + std::to_string(played) + " games already: a cap of " +
                    std::to_string(games) + " leaves none to play");
    }
    const auto match =
        match_tally(definition_, stored_input(*recorder_, id_, definition_.engine_names()));
    if (match.decided()) {
        return fail("its SPRT ended with a verdict (" +
                    std::string(decision_phrase(match.decision())) +
                    "): there is nothing to continue");
    }
    cap_changed_ = games != definition_.games;
    definition_.games = games;
    return Ok{};
}

Expected<Run> Run::resume(RunRecorder& recorder, std::string_view name,
                          const LegacyDefinition& legacy, RunClock clock, const RunInputs& inputs,
                          std::optional<std::int64_t> games) {
    auto stored = recorder.find_run(name);
    if (!stored)
        return fail("no run named \"" + std::string(name) + "\" in " + recorder.location());
    Expected<RunDefinition> definition =
        fail("run \"" + stored->name + "\" has no stored definition to resume from");
    if (stored->definition_json)
        definition = run_definition_from_json(*stored->definition_json);
    else if (legacy)
        definition = legacy(*stored);
    if (!definition && stored->status == RunStatus::Finished && !games)
        return fail("\"" + stored->name + "\" has finished already");
    if (!definition) return fail("run \"" + stored->name + "\": " + definition.error().message);
    if (stored->status == RunStatus::Finished && !games) {
        const bool capped = definition->sprt && definition->session_games == 0 &&
                            !match_tally(*definition, stored_input(recorder, stored->id,
                                                                   definition->engine_names()))
                                 .decided();
        return fail("\"" + stored->name + "\" has finished already" +
                    (capped ? " (its SPRT reached its cap of " + std::to_string(definition->games) +
                                  " games without a verdict: give a higher cap to play on)"
                            : ""));
    }
    Run run(recorder, std::move(clock));
    run.name_ = stored->name;
    run.id_ = stored->id;
    run.resumed_ = true;
    run.definition_ = std::move(*definition);
    run.shard_ = stored->shard;
    if (games) {
        auto capped = run.change_cap(*games);
        if (!capped) return fail("run \"" + stored->name + "\": " + capped.error().message);
    }
    auto ready = run.check(inputs);
    if (!ready) return fail("run \"" + stored->name + "\": " + ready.error().message);
    auto locked = recorder.lock_run(run.id_);
    if (!locked) return locked.error();
    run.locked_ = true;
    return run;
}

Run::~Run() {
    release_lock();
}

Run::Run(Run&& other) noexcept
    : recorder_(other.recorder_),
      clock_(std::move(other.clock_)),
      name_(std::move(other.name_)),
      id_(other.id_),
      resumed_(other.resumed_),
      locked_(std::exchange(other.locked_, false)),
      cap_changed_(other.cap_changed_),
      definition_(std::move(other.definition_)),
      shard_(other.shard_),
      book_(std::move(other.book_)) {}

Run& Run::operator=(Run&& other) noexcept {
    if (this != &other) {
        release_lock();
        recorder_ = other.recorder_;
        clock_ = std::move(other.clock_);
        name_ = std::move(other.name_);
        id_ = other.id_;
        resumed_ = other.resumed_;
        locked_ = std::exchange(other.locked_, false);
        cap_changed_ = other.cap_changed_;
        definition_ = std::move(other.definition_);
        shard_ = other.shard_;
        book_ = std::move(other.book_);
    }
    return *this;
}

void Run::release_lock() noexcept {
    if (locked_) recorder_->unlock_run(id_);
    locked_ = false;
}

namespace {

// The state of one play(): what the sink, the stop check and the observer share. Every member
// function is called with the runner's lock held, so they never run at once.
class Session {
  public:
    Session(RunRecorder& recorder, TournamentId id, const RunDefinition& definition,
            RunObserver& observer, const RunClock& clock, const RunOptions& options)
        : recorder_(recorder),
          id_(id),
          definition_(definition),
          observer_(observer),
          clock_(clock),
          options_(options),
          names_(definition.engine_names()),
          identities_(names_.size()),
          input_(stored_input(recorder, id, names_)) {
        if (names_.size() == 2) match_ = match_tally(definition, input_);
        done_before_ = input_.count;
        started_ = clock_.steady();
    }

    bool decided() const { return match_ && match_->decided(); }
    const std::vector<std::string>& names() const { return names_; }
    std::int64_t done() const { return input_.count; }

    void started(RunStarted event) {
        total_ = event.total_games;
        event.engines = names_;
        observer_.run_started(event);
    }

    void game_started(const Pairing& p) {
        observer_.game_started({p, names_[static_cast<std::size_t>(p.south)],
                                names_[static_cast<std::size_t>(p.north)]});
    }

    void game_finished(const Pairing& p, const game::GameRecord& record,
                       const SessionStep* step = nullptr) {
        GameFinished event{
            p, record, record.termination == game::Termination::Aborted, {}, 0, total_, {}, {}};
        if (step) event.session = *step;
        if (event.aborted) {
            ++aborted_;
        } else {
            auto stored = step ? recorder_.record_session_game(id_, p, record, *step)
                               : recorder_.record_game(id_, p, record);
            if (!stored)
                throw OaqError("storing a game: " + stored.error().message, stored.error().kind);
            event.game_id = *stored;
            add(p, record, *stored);
        }
        event.done = done();
        event.match = match_;
        observer_.game_finished(event);
        if (!event.aborted && observer_.wants_live()) observer_.standings_changed(standings_due());
        const int every = options_.standings_every;
        if (every > 0 && !event.aborted && done() % every == 0 && done() < total_)
            observer_.standings_due(standings_due());
    }

    void engine_done(int index, const game::Player& player) {
        auto& slot = identities_[static_cast<std::size_t>(index)];
        auto id = player.identity();
        if (!slot && !id.id_name.empty()) slot = std::move(id);
    }

    void save_identities() {
        for (std::size_t i = 0; i < names_.size(); ++i) {
            if (identities_[i]) recorder_.save_identity(names_[i], *identities_[i]);
        }
    }

    std::vector<RankedLine> lines() const { return standings(input_).value(); }

    RunFinished finished_event(RunStatus status, bool interrupted, const std::string& name,
                               std::string failure = {}) {
        RunFinished f{name,
                      names_,
                      status,
                      interrupted,
                      done(),
                      total_,
                      played_,
                      aborted_,
                      seconds(),
                      lines(),
                      {},
                      match_,
                      std::move(failure)};
        if (names_.size() == 2) {
            auto stats = pair_statistics(2, input_.games);
            if (!stats.empty()) f.pair = stats.front();
        }
        return f;
    }

    void save_snapshot() {
        if (input_.count == 0) return;
        recorder_.save_snapshot(id_, build_snapshot(input_, lines()));
    }

    std::optional<MatchTally> match() const { return match_; }
    std::int64_t played() const { return played_; }
    std::int64_t aborted() const { return aborted_; }

  private:
    void add(const Pairing& p, const game::GameRecord& record, std::int64_t game_id) {
        ResultRow row{game_id,           0, p.pair_index, p.south, p.north, record.result,
                      record.termination};
        add_result(input_, row);
        if (match_) match_->add(p.south, p.north, south_points(record.result), p.pair_index);
        ++played_;
    }

    double seconds() const {
        return std::chrono::duration<double>(clock_.steady() - started_).count();
    }

    StandingsDue standings_due() const {
        const double minutes = seconds() / 60.0;
        const double per_minute = minutes > 0 ? static_cast<double>(played_) / minutes : 0.0;
        std::optional<double> eta;
        if (per_minute > 0) eta = static_cast<double>(total_ - done()) / per_minute * 60.0;
        return {done(), total_, per_minute, eta, lines()};
    }

    RunRecorder& recorder_;
    TournamentId id_;
    const RunDefinition& definition_;
    RunObserver& observer_;
    const RunClock& clock_;
    RunOptions options_;
    std::vector<std::string> names_;
    std::vector<std::optional<game::PlayerIdentity>> identities_;
    RatingInput input_;
    std::optional<MatchTally> match_;
    std::int64_t done_before_ = 0;
    std::int64_t played_ = 0;
    std::int64_t aborted_ = 0;
    std::int64_t total_ = 0;
    std::chrono::steady_clock::time_point started_;
};

TournamentPlan plan_of(Schedule schedule, const RunDefinition& d, std::vector<game::Opening>& book,
                       const RunOptions& options) {
    TournamentPlan plan{std::move(schedule), {}, {}, {}, options.concurrency, {}, {}, {}, {}};
    plan.settings.rules = d.rules;
    plan.settings.max_plies = d.max_plies;
    plan.settings.margin = d.time_margin;
    plan.max_start_failures = d.max_handshake_failures;
    for (std::size_t i = 0; i < d.engines.size(); ++i)
        plan.time_controls.push_back(d.time_control(i));
    if (!book.empty()) {
        // The book in the order it is played (order=, start=); book is the caller's, alive for
        // the whole play().
        const auto& o = d.openings;
        const auto order =
            book_order(book.size(), o.order == OpeningsDefinition::Order::Random, o.seed, o.start);
        std::vector<game::Opening> ordered;
        ordered.reserve(book.size());
        for (auto i : order) ordered.push_back(book[i]);
        book = std::move(ordered);
        plan.opening_for = [&book](std::int64_t i) {
            return book[static_cast<std::size_t>(i) % book.size()];
        };
    } else if (d.openings.kind == OpeningsDefinition::Kind::Random) {
        plan.opening_for = [&d](std::int64_t i) {
            return random_opening(d.rules, d.openings.plies, d.openings.seed, i);
        };
    }
    return plan;
}

TournamentPlan make_plan(const RunDefinition& d, std::vector<game::Opening>& book,
                         const RunOptions& options) {
    auto schedule = make_schedule(d, static_cast<std::int64_t>(book.size()));
    if (!schedule) throw OaqError("schedule: " + schedule.error().message);
    return plan_of(std::move(*schedule), d, book, options);
}

// A Swiss or knockout: the schedule is each phase's (play_phases), this one only holds the rest.
TournamentPlan make_round_plan(const RunDefinition& d, std::vector<game::Opening>& book,
                               const RunOptions& options) {
    const int n = static_cast<int>(d.engines.size());
    return plan_of(Schedule::listed(d.format, n, {}).value(), d, book, options);
}

bool is_round_format(Format f) {
    return f == Format::Swiss || f == Format::Knockout;
}

// The next phase of a Swiss or knockout from the run's stored games (nothing: all played).
std::optional<Phase> next_phase(const RunDefinition& d, RunRecorder& recorder, TournamentId id) {
    auto params = round_params(d);
    if (!params) throw OaqError("run definition: " + params.error().message);
    PairResults results;
    for (const auto& row : recorder.stored_results(id))
        results.add(row.pair_index, static_cast<int>(row.south), south_points(row.result));
    if (d.format == Format::Knockout) return replay_knockout(*params, results).next;
    auto swiss = replay_swiss(*params, results);
    if (!swiss) throw OaqError(swiss.error().message);
    return swiss->next;
}

// Plays a Swiss or knockout phase by phase, each phase's games K at a time, the next phase paired
// once every game of the one before is stored (a round barrier). Byes are stored as their round
// starts. Stops at an interruption (or an exception) with the phase unfinished; a resume pairs it
// again from the stored games, identically.
RunSummary play_phases(const RunDefinition& d, RunRecorder& recorder, TournamentId id,
                       const TournamentPlan& base, const EngineFactory& factory,
                       const GameSink& sink, const std::atomic<bool>& interrupted) {
    RunSummary total;
    const int n = static_cast<int>(d.engines.size());
    while (!interrupted) {
        auto phase = next_phase(d, recorder, id);
        if (!phase) {
            total.exhausted = true;
            break;
        }
        for (const auto& bye : phase->byes) recorder.record_bye(id, bye);
        auto schedule = Schedule::listed(d.format, n, phase_games(*phase));
        if (!schedule) throw OaqError("schedule: " + schedule.error().message);
        TournamentPlan plan = base;
        plan.schedule = std::move(*schedule);
        plan.skip.clear();
        for (auto index : recorder.completed_games(id)) plan.skip.insert(index);
        const auto stored_before = plan.skip.size();
        const auto summary = run_tournament(std::move(plan), factory, sink, interrupted);
        total.played += summary.played;
        total.aborted += summary.aborted;
        if (!summary.exhausted) break;
        // A phase played to its end stores every game it lacked: never pair it again forever.
        if (!interrupted && recorder.completed_games(id).size() == stored_before)
            throw OaqError("round " + std::to_string(phase->round + 1) +
                           ": its games were played but none was stored");
    }
    return total;
}

// After an environment failure: the run is left Interrupted (resumable) and the observer is told
// why. Best effort: the database that failed may refuse these writes too (the run then stays
// Running, which resumes the same way).
void stop_after_failure(RunRecorder& recorder, TournamentId id, Session& session,
                        RunObserver& observer, const std::string& name, const RunClock& clock,
                        const std::string& why) {
    try {
        session.save_identities();
        recorder.set_status(id, RunStatus::Interrupted, clock.wall());
    } catch (...) {
    }
    observer.run_finished(session.finished_event(RunStatus::Interrupted, false, name, why));
}

// The game hooks that report every position of a game to an observer that wants them. The mover of
// a ply is the side to move before it (a turn may pass, so it is not simply every other seat).
std::function<game::GameObserver(const Pairing&)> position_hooks(
    RunObserver& observer, std::vector<game::TimeControl> time_controls) {
    return [&observer, time_controls = std::move(time_controls)](const Pairing& p) {
        auto to_move = std::make_shared<int>(0);
        auto plies = std::make_shared<int>(0);
        const std::vector<game::TimeControl> seats{
            time_controls[static_cast<std::size_t>(p.south)],
            time_controls[static_cast<std::size_t>(p.north)]};
        game::GameObserver hooks;
        hooks.on_start = [&observer, p, seats, to_move](const rules::Position& pos) {
            *to_move = rules::index(pos.side);
            observer.position_reached({p, 0, *to_move, nullptr, rules::to_string(pos), seats});
        };
        hooks.on_move = [&observer, p, seats, to_move, plies](const game::MoveRecord& m,
                                                              const rules::Position& pos) {
            const int mover = *to_move;
            *to_move = rules::index(pos.side);
            observer.position_reached({p, ++*plies, mover, &m, rules::to_string(pos), seats});
        };
        hooks.on_info = [&observer, p, to_move, plies](const protocol::Info& info) {
            observer.info_received({p, *to_move, *plies + 1, &info});
        };
        return hooks;
    };
}

// The book's lines and the pairs the whole run (every shard) draws from it, for the start event.
void count_book(RunStarted& e, const RunDefinition& d, const std::vector<game::Opening>& book) {
    if (d.openings.kind != OpeningsDefinition::Kind::File || is_round_format(d.format)) return;
    const auto lines = static_cast<std::int64_t>(book.size());
    if (auto whole = make_schedule(d, lines)) {
        e.book_lines = lines;
        e.book_pairs = whole->total_pairs();
    }
}

}  // namespace

RunResult Run::play(const PlayerFactory& players, RunObserver& observer,
                    const std::atomic<bool>& interrupted, const RunOptions& options,
                    std::vector<game::Opening> book) {
    // The lock is given back however play() ends; the Run is done with then.
    struct ReleaseLock {
        Run& run;
        ~ReleaseLock() { run.release_lock(); }
    } release{*this};
    if (book.empty()) book = book_;
    if (definition_.openings.kind == OpeningsDefinition::Kind::File && book.empty())
        throw OaqError("run \"" + name_ + "\": its openings file gave no openings");
    if (resumed_) recorder_->reopen_run(id_, definition_);
    if (cap_changed_)
        recorder_->set_definition(id_, to_json(definition_), fingerprint(definition_));
    auto plan = is_round_format(definition_.format) ? make_round_plan(definition_, book, options)
                                                    : make_plan(definition_, book, options);
    for (auto index : recorder_->completed_games(id_)) plan.skip.insert(index);
    if (shard_) plan.include = [shard = *shard_](const Pairing& p) { return shard.contains(p); };
    Session session(*recorder_, id_, definition_, observer, clock_, options);
    plan.on_engine_done = [&](int index, const game::Player& p) { session.engine_done(index, p); };
    plan.on_game_start = [&](const Pairing& p) { session.game_started(p); };
    if (observer.wants_live()) plan.observe_game = position_hooks(observer, plan.time_controls);
    auto started = started_event(static_cast<std::int64_t>(plan.skip.size()));
    count_book(started, definition_, book);
    session.started(std::move(started));

    const EngineFactory factory = [&](int index) { return players(definition_, index); };
    const GameSink sink = [&](const Pairing& p, const game::GameRecord& r) {
        session.game_finished(p, r);
    };
    RunSummary summary;
    try {
        if (definition_.session_games != 0) {
            SessionPlan sessions{std::move(plan), definition_.session_games,
                                 recorder_->stored_sessions(id_)};
            summary = run_sessions(
                std::move(sessions), factory,
                [&](const Pairing& p, const game::GameRecord& r, const SessionStep* step) {
                    session.game_finished(p, r, step);
                },
                interrupted);
        } else if (is_round_format(definition_.format)) {
            summary = play_phases(definition_, *recorder_, id_, plan, factory, sink, interrupted);
        } else {
            summary = run_tournament(std::move(plan), factory, sink, interrupted,
                                     [&] { return session.decided(); });
        }
    } catch (const std::exception& e) {
        stop_after_failure(*recorder_, id_, session, observer, name_, clock_, e.what());
        throw;
    }
    session.save_identities();

    RunResult result;
    result.interrupted = interrupted.load();
    const bool finished = !result.interrupted && (summary.exhausted || session.decided());
    result.status = finished ? RunStatus::Finished : RunStatus::Interrupted;
    recorder_->set_status(id_, result.status, clock_.wall());
    if (definition_.sprt) recorder_->set_outcome(id_, session.match()->outcome_json());
    session.save_snapshot();
    result.played = session.played();
    result.aborted = session.aborted();
    if (auto m = session.match()) result.decision = m->decision();
    observer.run_finished(session.finished_event(result.status, result.interrupted, name_));
    return result;
}

}  // namespace oaq::tournament
