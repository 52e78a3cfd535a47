#include "app/progress.hpp"

#include <fmt/format.h>
#include <sys/resource.h>
#include <cmath>
#include <iostream>

#include "common/json.hpp"
#include "rules/game.hpp"

namespace oaq::app {

namespace {

using game::Termination;

double south_points(rules::Result r) {
    return r == rules::Result::SouthWin ? 1.0 : r == rules::Result::NorthWin ? 0.0 : 0.5;
}

std::string result_text(rules::Result r) {
    return r == rules::Result::SouthWin ? "1-0" : r == rules::Result::NorthWin ? "0-1" : "1/2-1/2";
}

std::string duration_text(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "?";
    auto s = static_cast<long long>(seconds);
    if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
    if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
    return fmt::format("{:.1f}s", seconds);
}

std::string decision_text(tournament::SprtDecision d) {
    return d == tournament::SprtDecision::AcceptH1   ? "H1"
           : d == tournament::SprtDecision::AcceptH0 ? "H0"
                                                     : "none";
}

}  // namespace

Progress::Progress(std::vector<std::string> engines, std::int64_t total_games, bool json, int every,
                   std::optional<tournament::SprtParams> sprt)
    : engines_(std::move(engines)),
      total_(total_games),
      json_(json),
      every_(every),
      sprt_(sprt),
      failures_(engines_.size(), 0) {}

void Progress::add_result(int south, int north, rules::Result result, std::int64_t pair_index,
                          bool failure_by_south, bool failure_by_north) {
    const double sp = south_points(result);
    results_.push_back({south, north, sp, pair_index});
    if (failure_by_south) ++failures_[static_cast<std::size_t>(south)];
    if (failure_by_north) ++failures_[static_cast<std::size_t>(north)];
    if (engines_.size() != 2) return;
    const double p0 = south == 0 ? sp : 1.0 - sp;  // engine 0's points
    if (p0 == 1.0)
        ++trinomial_.wins;
    else if (p0 == 0.0)
        ++trinomial_.losses;
    else
        ++trinomial_.draws;
    auto open = open_pairs_.find(pair_index);
    if (open == open_pairs_.end()) {
        open_pairs_[pair_index] = p0;
    } else {
        ++pentanomial_.counts[static_cast<std::size_t>(std::lround((open->second + p0) * 2))];
        open_pairs_.erase(open);
    }
    if (sprt_ && decision_ == tournament::SprtDecision::Continue && pentanomial_.pairs() > 0) {
        decision_ = sprt_->decide(llr());
    }
}

void Progress::add_stored(int south, int north, rules::Result result, std::int64_t pair_index) {
    add_result(south, north, result, pair_index, false, false);
    ++done_before_;
}

void Progress::start(const std::string& name, std::size_t already_done) {
    if (json_) {
        Json j;
        j.field("type", "start").field("name", name).field("games", total_);
        j.field("already_done", static_cast<std::int64_t>(already_done));
        std::cout << j.str() << std::endl;
    } else {
        std::cout << fmt::format(
                         "{}: {} games{}\n", name, total_,
                         already_done ? fmt::format(", {} already played", already_done) : "")
                  << std::flush;
    }
}

double Progress::llr() const {
    return tournament::llr(*sprt_, pentanomial_);
}

std::string Progress::sprt_line() const {
    auto elo = tournament::elo_estimate(pentanomial_);
    auto nelo = tournament::normalized_elo(pentanomial_);
    return fmt::format(
        "SPRT: games {}  W/D/L {}/{}/{}  penta [{}, {}, {}, {}, {}]  Elo {}  nElo {}  LLR {:.2f} "
        "({:.2f}, {:.2f})",
        trinomial_.games(), trinomial_.wins, trinomial_.draws, trinomial_.losses,
        pentanomial_.counts[0], pentanomial_.counts[1], pentanomial_.counts[2],
        pentanomial_.counts[3], pentanomial_.counts[4],
        elo ? fmt::format("{:+.1f} ± {:.1f}", elo->elo, elo->error) : "-",
        nelo ? fmt::format("{:+.1f}", *nelo) : "-", llr(), sprt_->lower_bound(),
        sprt_->upper_bound());
}

std::string Progress::sprt_json(const char* type) const {
    Json j;
    j.field("type", type).field("games", trinomial_.games());
    j.field("wins", trinomial_.wins)
        .field("draws", trinomial_.draws)
        .field("losses", trinomial_.losses);
    std::vector<std::string> penta;
    for (auto n : pentanomial_.counts) penta.push_back(std::to_string(n));
    j.raw("pentanomial", Json::array(penta));
    auto elo = tournament::elo_estimate(pentanomial_);
    j.field("elo", elo ? std::optional<double>(elo->elo) : std::nullopt);
    j.field("elo_error", elo ? std::optional<double>(elo->error) : std::nullopt);
    j.field("nelo", tournament::normalized_elo(pentanomial_));
    j.field("llr", llr())
        .field("lower_bound", sprt_->lower_bound())
        .field("upper_bound", sprt_->upper_bound());
    j.field("model", sprt_->is_normalized() ? "normalized" : "logistic");
    j.field("elo0", sprt_->elo0()).field("elo1", sprt_->elo1());
    j.field("alpha", sprt_->alpha()).field("beta", sprt_->beta());
    j.field("verdict", decision_text(decision_));
    j.field(
        "summary",
        fmt::format(
            "SPRT [{:g}, {:g}] {} alpha={:g} beta={:g}: {}, LLR {:.2f} ({:.2f}, {:.2f}), {} games",
            sprt_->elo0(), sprt_->elo1(), sprt_->is_normalized() ? "normalized" : "logistic",
            sprt_->alpha(), sprt_->beta(),
            decision_ == tournament::SprtDecision::AcceptH1   ? "H1 accepted"
            : decision_ == tournament::SprtDecision::AcceptH0 ? "H0 accepted"
                                                              : "no verdict",
            llr(), sprt_->lower_bound(), sprt_->upper_bound(), trinomial_.games()));
    return j.str();
}

std::string Progress::sprt_outcome_json() const {
    return sprt_ ? sprt_json("sprt") : "{}";
}

void Progress::print_match_line() {
    const double points =
        static_cast<double>(trinomial_.wins) + 0.5 * static_cast<double>(trinomial_.draws);
    const auto games = trinomial_.games();
    std::cout << fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}\n", engines_[0],
                             engines_[1], trinomial_.wins, trinomial_.losses, trinomial_.draws,
                             games ? points / static_cast<double>(games) : 0.0, games);
}

void Progress::print_standings() {
    const auto done = done_before_ + done_now_;
    const double minutes =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() / 60.0;
    const double per_minute = minutes > 0 ? static_cast<double>(done_now_) / minutes : 0.0;
    const double eta =
        per_minute > 0 ? static_cast<double>(total_ - done) / per_minute * 60.0 : std::nan("");
    auto lines = standings();
    if (json_) {
        Json j;
        j.field("type", "standings").field("games_done", done).field("games_total", total_);
        j.field("games_per_minute", per_minute)
            .field("eta_seconds", std::isfinite(eta) ? std::optional<double>(eta) : std::nullopt);
        j.raw("standings", standings_json(lines));
        std::cout << j.str() << std::endl;
    } else {
        std::cout << "\n"
                  << standings_table(lines)
                  << fmt::format("games {}/{}, {:.1f} games/min, ETA {}\n\n", done, total_,
                                 per_minute, duration_text(eta))
                  << std::flush;
    }
}

void Progress::game_finished(const tournament::Pairing& p, const game::GameRecord& r,
                             std::optional<std::int64_t> game_id) {
    if (r.termination == Termination::Aborted) {
        ++aborted_;
    } else {
        ++done_now_;
        const bool failed = game::is_failure(r.termination);
        const bool south_failed = failed && r.result == rules::Result::NorthWin;
        const bool north_failed = failed && r.result == rules::Result::SouthWin;
        add_result(p.south, p.north, r.result, p.pair_index, south_failed, north_failed);
    }
    const auto done = done_before_ + done_now_;
    if (json_) {
        Json j;
        j.field("type", "game")
            .field("id", game_id)
            .field("index", p.game_index)
            .field("pair", p.pair_index);
        j.field("south", r.south).field("north", r.north);
        j.field("result", r.termination == Termination::Aborted
                              ? std::string("aborted")
                              : std::string(rules::to_string(r.result)));
        j.field("termination", game::to_string(r.termination)).field("detail", r.detail);
        j.field("plies", r.plies())
            .raw("score", fmt::format("[{},{}]", r.score_south, r.score_north));
        j.field("opening", r.opening);
        std::vector<std::string> moves;
        for (const auto& m : r.moves) moves.push_back(m.move);
        j.raw("moves", Json::string_array(moves));
        std::cout << j.str() << "\n";
        if (sprt_ && p.game_index % 2 == 1) std::cout << sprt_json("sprt") << "\n";
        std::cout << std::flush;
    } else {
        std::cout << fmt::format(
            "[{:>{}}/{}] {} vs {}: {}  {}{}  {} plies  score {}-{}\n", done,
            std::to_string(total_).size(), total_, r.south, r.north,
            r.termination == Termination::Aborted ? "aborted" : result_text(r.result),
            game::to_string(r.termination), r.detail.empty() ? "" : " (" + r.detail + ")",
            r.plies(), r.score_south, r.score_north);
        if (engines_.size() == 2 && r.termination != Termination::Aborted) print_match_line();
        if (sprt_ && r.termination != Termination::Aborted) std::cout << sprt_line() << "\n";
        std::cout << std::flush;
    }
    if (every_ > 0 && r.termination != Termination::Aborted && done % every_ == 0 && done < total_)
        print_standings();
}

std::vector<StandingsLine> Progress::standings() const {
    return compute_standings({engines_, results_, failures_});
}

void Progress::finish(bool finished, const std::string& resume_command) {
    const auto lines = standings();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    std::optional<tournament::PairStats> pair;
    if (engines_.size() == 2) {
        auto stats = tournament::pair_statistics(2, results_);
        if (!stats.empty()) pair = stats.front();
    }
    if (json_) {
        Json j;
        j.field("type", "summary").field("finished", finished);
        j.field("games_done", done_before_ + done_now_)
            .field("games_total", total_)
            .field("aborted", aborted_);
        j.field("seconds", seconds);
        // The referee's own cost, engines excluded (RUSAGE_SELF does not count children).
        rusage self{};
        ::getrusage(RUSAGE_SELF, &self);
        const double cpu = static_cast<double>(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
                           static_cast<double>(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6;
        j.field("referee_cpu_seconds", cpu)
            .field("referee_peak_rss_kb", static_cast<std::int64_t>(self.ru_maxrss));
        j.raw("standings", standings_json(lines));
        if (pair) {
            Json m;
            m.field("engine", engines_[0]).field("opponent", engines_[1]);
            m.field("wins", pair->results.wins)
                .field("draws", pair->results.draws)
                .field("losses", pair->results.losses);
            std::vector<std::string> penta;
            for (auto n : pair->pairs.counts) penta.push_back(std::to_string(n));
            m.raw("pentanomial", Json::array(penta));
            m.field("elo", pair->elo ? std::optional<double>(pair->elo->elo) : std::nullopt);
            m.field("elo_error",
                    pair->elo ? std::optional<double>(pair->elo->error) : std::nullopt);
            m.field("los", pair->los);
            j.raw("match", m.str());
        }
        if (sprt_) j.raw("sprt", sprt_json("sprt"));
        if (!finished && !resume_command.empty()) j.field("resume", resume_command);
        std::cout << j.str() << std::endl;
        return;
    }
    std::cout << "\n" << standings_table(lines);
    if (pair) {
        std::cout << fmt::format(
            "\n{} vs {}: +{} ={} -{}  pairs [{}, {}, {}, {}, {}]  Elo {}  LOS {:.1f}%\n",
            engines_[0], engines_[1], pair->results.wins, pair->results.draws, pair->results.losses,
            pair->pairs.counts[0], pair->pairs.counts[1], pair->pairs.counts[2],
            pair->pairs.counts[3], pair->pairs.counts[4],
            pair->elo ? fmt::format("{:+.1f} ± {:.1f}", pair->elo->elo, pair->elo->error) : "-",
            100.0 * pair->los);
    }
    if (sprt_) {
        std::cout << sprt_line() << "\n"
                  << fmt::format("SPRT verdict: {}\n",
                                 decision_ == tournament::SprtDecision::AcceptH1
                                     ? "H1 accepted (the change is an improvement)"
                                 : decision_ == tournament::SprtDecision::AcceptH0
                                     ? "H0 accepted (no improvement of elo1)"
                                     : "none (stopped before a decision)");
    }
    std::cout << fmt::format("\n{} games in {}{}\n", done_now_, duration_text(seconds),
                             aborted_ ? fmt::format(", {} aborted", aborted_) : "");
    if (!finished && !resume_command.empty())
        std::cout << "Interrupted. Continue with: " << resume_command << "\n";
    std::cout << std::flush;
}

}  // namespace oaq::app
