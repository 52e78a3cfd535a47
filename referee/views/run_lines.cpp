#include "views/run_lines.hpp"

#include <fmt/format.h>
#include <cmath>

#include "common/json.hpp"
#include "views/results_json.hpp"
#include "views/session_lines.hpp"
#include "views/standings.hpp"

namespace oaq::views {

namespace {

std::string duration_text(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "?";
    auto s = static_cast<long long>(seconds);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
    if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{:.1f}s", seconds);
}

std::string verdict_text(tournament::SprtDecision d) {
    return d == tournament::SprtDecision::AcceptH1   ? "H1 accepted (the change is an improvement)"
           : d == tournament::SprtDecision::AcceptH0 ? "H0 accepted (no improvement of elo1)"
                                                     : "none (stopped before a decision)";
}

std::string sprt_status_json(const tournament::MatchTally& match) {
    const auto status = match.sprt_status();
    if (!status) return "null";
    return sprt_json(*status, Json::string_field(match.outcome_json(), "summary"));
}

}  // namespace

std::string shard_text(const tournament::Shard& s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

std::string sprt_line(const tournament::SprtStatus& s, std::int64_t cap) {
    const auto& c = s.pairs.counts;
    const auto& p = s.params;
    return fmt::format(
               "SPRT: games {}{}  W/D/L {}/{}/{}  penta [{}, {}, {}, {}, {}]  Elo difference {}  "
               "nElo {}  "
               "LLR {:.2f} (bounds {:.2f}, {:.2f})  {} elo0 {:g} elo1 {:g} alpha {:g} beta {:g}",
               s.games.games(), cap > 0 ? fmt::format(" (cap {})", cap) : "", s.games.wins,
               s.games.draws, s.games.losses, c[0], c[1], c[2], c[3], c[4],
               elo_difference_text(s.elo), s.nelo ? fmt::format("{:+.1f}", *s.nelo) : "-", s.llr,
               s.lower_bound, s.upper_bound, p.is_normalized() ? "normalized" : "logistic",
               p.elo0(), p.elo1(), p.alpha(), p.beta()) +
           // Games running when the verdict came finish after it and move the LLR, not the verdict.
           (s.decision_llr && s.decision_games != s.games.games()
                ? fmt::format("  (verdict at LLR {:.2f} after {} games)", *s.decision_llr,
                              s.decision_games)
                : "");
}

std::string RunLines::total_text(std::int64_t total) const {
    return at_most_ ? fmt::format("at most {}", total) : std::to_string(total);
}

namespace {

// More colour-swapped pairs than book lines: the book cycles, and engines replay a line nearly
// identically, so the repeats add games but little information; the interval then looks narrower
// than what was measured (bench/gauntlet/README.md, "The interval by opening").
std::string book_warning(const tournament::RunStarted& e, bool json) {
    if (e.book_pairs <= e.book_lines) return "";
    const auto message = fmt::format(
        "the run plays {} colour-swapped pairs from a book of {} lines, so each line is played "
        "up to {} times; engines replay a line nearly identically, so the repeats add little "
        "(use a bigger book or at most {} games)",
        e.book_pairs, e.book_lines, (e.book_pairs + e.book_lines - 1) / e.book_lines,
        2 * e.book_lines);
    if (!json) return "warning: " + message + "\n";
    Json j;
    j.field("type", "warning").field("message", message);
    return j.str() + "\n";
}

}  // namespace

std::string RunLines::run_started(const tournament::RunStarted& e) {
    engines_ = e.engines;
    name_ = e.name;
    total_ = e.total_games;
    shard_ = e.shard;
    if (json_) {
        Json j;
        j.field("type", "start").field("tournament", e.name);
        j.raw("engines", Json::string_array(e.engines)).field("games", e.total_games);
        j.field("already_done", e.already_done).field("resumed", e.resumed);
        if (e.shard) {
            j.field("shard", shard_text(*e.shard)).field("run_games", e.run_games);
            j.field("seed", e.seed);
        }
        return j.str() + "\n" + book_warning(e, true);
    }
    // A shard says which part of which run it plays: every shard of a run shows the same seed.
    const auto games =
        e.shard ? fmt::format("shard {}: {} of the run's {} games, seed {}", shard_text(*e.shard),
                              e.total_games, e.run_games, e.seed)
                : fmt::format("{}{} games", sprt_ ? "SPRT, " : "", total_text(e.total_games));
    return fmt::format("{}: {}{}\n", e.name, games,
                       e.already_done ? fmt::format(", {} already played", e.already_done) : "") +
           book_warning(e, false);
}

std::string RunLines::game_started(const tournament::GameStarted& e) const {
    const auto& p = e.pairing;
    const auto number = game_number(name_, p.game_index, p.pair_index, p.round);
    if (json_) {
        Json j;
        j.field("type", "game_started").field("tournament", number.tournament);
        j.field("game", number.game).field("round", number.round).field("pair", number.pair);
        j.field("south", e.south).field("north", e.north);
        if (shard_) j.field("shard_game", shard_->position(p) + 1);
        return j.str() + "\n";
    }
    // The game's number is the whole run's; a shard plays only some of them.
    const auto place = shard_ ? fmt::format(", {} of {} in shard {}", shard_->position(p) + 1,
                                            total_, shard_text(*shard_))
                              : " of " + total_text(total_);
    return fmt::format("Started game {}{} ({} vs {})\n", game_reference(number), place, e.south,
                       e.north);
}

std::string RunLines::warning(const std::string& engine, const std::string& message) const {
    if (json_) {
        Json j;
        j.field("type", "warning").field("engine", engine).field("message", message);
        return j.str() + "\n";
    }
    return "warning: engine " + engine + ": " + message + "\n";
}

std::string RunLines::game_json_lines(const tournament::GameFinished& e) const {
    const auto& r = e.record;
    const auto& p = e.pairing;
    const auto number = game_number(name_, p.game_index, p.pair_index, p.round);
    std::string out =
        game_json(number, e.game_id, store::stored_record(r), r.plies(), true, "game") + "\n";
    if (e.session) out += session_step_json(*e.session, engines_) + "\n";
    if (e.match && e.match->has_sprt() && p.game_index % 2 == 1)
        out += sprt_status_json(*e.match) + "\n";
    return out;
}

std::string RunLines::game_text_lines(const tournament::GameFinished& e) const {
    const auto& r = e.record;
    std::string out =
        fmt::format("[{:>{}}/{}] {} vs {}: {}  {}{}  {} plies  score {}\n", e.done,
                    std::to_string(e.total).size(), total_text(e.total), r.south().name,
                    r.north().name, e.aborted ? "aborted" : result_token(r.result),
                    game::to_string(r.termination), r.detail.empty() ? "" : " (" + r.detail + ")",
                    r.plies(), score_pair_text(r.south().score, r.north().score));
    if (e.session) out += session_step_text(*e.session, engines_) + "\n";
    if (e.match && !e.aborted) {
        const auto& t = e.match->trinomial();
        const auto games = t.games();
        out += fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}\n", engines_[0],
                           engines_[1], t.wins, t.losses, t.draws,
                           games ? e.match->points() / static_cast<double>(games) : 0.0, games);
        if (auto s = e.match->sprt_status()) out += sprt_line(*s, e.total) + "\n";
    }
    return out;
}

std::string RunLines::game_finished(const tournament::GameFinished& e) const {
    return json_ ? game_json_lines(e) : game_text_lines(e);
}

std::string RunLines::standings_due(const tournament::StandingsDue& e) const {
    if (json_) {
        Json j;
        j.field("type", "standings").field("games_done", e.done).field("games_total", e.total);
        j.field("games_per_minute", e.games_per_minute).field("eta_seconds", e.eta_seconds);
        j.raw("standings", standings_json(e.standings));
        return j.str() + "\n";
    }
    return "\n" + standings_table(e.standings) +
           fmt::format("games {}/{}, {:.1f} games/min{}\n\n", e.done, total_text(e.total),
                       e.games_per_minute,
                       sprt_ ? ""  // an SPRT stops at its verdict, not at its cap
                             : ", ETA " + duration_text(e.eta_seconds.value_or(std::nan(""))));
}

std::string RunLines::summary_json(const tournament::RunFinished& e,
                                   const RefereeCost& cost) const {
    const bool finished = e.status == tournament::RunStatus::Finished;
    Json j;
    j.field("type", "summary").field("finished", finished);
    j.field("games_done", e.done).field("games_total", e.total).field("aborted", e.aborted);
    j.field("seconds", e.seconds);
    // The referee's own cost, engines excluded.
    j.field("referee_cpu_seconds", cost.cpu_seconds).field("referee_peak_rss_kb", cost.peak_rss_kb);
    j.raw("standings", standings_json(e.standings));
    if (e.pair) j.raw("match", pair_json(*e.pair, e.engines[0], e.engines[1]));
    if (e.match && e.match->has_sprt()) j.raw("sprt", sprt_status_json(*e.match));
    if (!e.failure.empty()) j.field("error", e.failure);
    if (!finished && !resume_command_.empty()) j.field("resume", resume_command_);
    return j.str() + "\n";
}

std::string RunLines::summary_text(const tournament::RunFinished& e) const {
    std::string out = "\n" + standings_table(e.standings);
    if (e.pair) {
        const auto& p = *e.pair;
        const auto& c = p.pairs.counts;
        out += fmt::format(
            "\n{} vs {}: +{} ={} -{}  pairs [{}, {}, {}, {}, {}]  Elo difference {}  LOS {:.1f}%\n",
            e.engines[0], e.engines[1], p.results.wins, p.results.draws, p.results.losses, c[0],
            c[1], c[2], c[3], c[4], elo_difference_text(p.elo), 100.0 * p.los);
    }
    if (e.match) {
        if (auto s = e.match->sprt_status()) {
            out += sprt_line(*s, e.total) + "\n" +
                   fmt::format("SPRT verdict: {}\n", verdict_text(s->decision));
        }
    }
    out += fmt::format("\n{} games in {}{}\n", e.played, duration_text(e.seconds),
                       e.aborted ? fmt::format(", {} aborted", e.aborted) : "");
    if (!e.failure.empty()) out += "Stopped by an error: " + e.failure + "\n";
    if (e.status != tournament::RunStatus::Finished && !resume_command_.empty())
        out += std::string(e.failure.empty() ? "Interrupted. " : "") +
               "Continue with: " + resume_command_ + "\n";
    // An SPRT that reached its cap without a verdict may go on with a higher one.
    const auto sprt = e.match ? e.match->sprt_status() : std::nullopt;
    if (e.status == tournament::RunStatus::Finished && sprt &&
        sprt->decision == tournament::SprtDecision::Continue && !resume_command_.empty())
        out += "Play on with a higher cap: " + resume_command_ + " --games " +
               std::to_string(2 * e.total) + "\n";
    return out;
}

std::string RunLines::run_finished(const tournament::RunFinished& e,
                                   const RefereeCost& cost) const {
    return json_ ? summary_json(e, cost) : summary_text(e);
}

}  // namespace oaq::views
