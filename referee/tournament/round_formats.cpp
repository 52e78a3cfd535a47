#include "tournament/round_formats.hpp"

#include <algorithm>
#include <cmath>

#include "tournament/run_definition.hpp"

namespace oaq::tournament {

Expected<RoundParams> round_params(const RunDefinition& d) {
    if (d.format != Format::Swiss && d.format != Format::Knockout)
        return fail("not a Swiss or knockout run");
    RoundParams p;
    p.engines = static_cast<int>(d.engines.size());
    const auto names = d.engine_names();
    if (d.seeding.size() != names.size())
        return fail("the seeding names " + std::to_string(d.seeding.size()) + " engines, not " +
                    std::to_string(names.size()));
    std::vector<bool> seen(names.size(), false);
    for (const auto& name : d.seeding) {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) return fail("the seeding names \"" + name + "\", not an engine");
        const auto i = static_cast<std::size_t>(it - names.begin());
        if (seen[i]) return fail("the seeding names \"" + name + "\" twice");
        seen[i] = true;
        p.seed_order.push_back(static_cast<int>(i));
    }
    p.rounds = d.rounds;
    if (d.games < 2 || d.games % 2 != 0)
        return fail("games per pairing must be even (colour-swapped pairs), not " +
                    std::to_string(d.games));
    p.pairs = static_cast<int>(d.games / 2);
    const double half = d.bye_points * 2;
    if (half < 0 || half != std::floor(half) || half > 1000)
        return fail("bye points must be a multiple of 0.5 from 0 to 500");
    p.bye_half_points = static_cast<int>(half);
    p.tiebreak_pairs = d.tiebreak_pairs;
    if (p.tiebreak_pairs < 0) return fail("tie-break pairs must be 0 or more");
    return p;
}

void PairResults::add(std::int64_t pair_index, int south, double south_points) {
    pairs_[pair_index].push_back({south, south_points});
}

int PairResults::games(std::int64_t pair) const {
    const auto it = pairs_.find(pair);
    return it == pairs_.end() ? 0 : static_cast<int>(it->second.size());
}

double PairResults::points(std::int64_t pair, int engine) const {
    const auto it = pairs_.find(pair);
    if (it == pairs_.end()) return 0;
    double total = 0;
    for (const auto& g : it->second)
        total += g.south == engine ? g.south_points : 1 - g.south_points;
    return total;
}

std::vector<Pairing> phase_games(const Phase& phase) {
    std::vector<Pairing> games;
    for (const auto& pp : phase.pairings) {
        for (int j = 0; j < pp.pairs; ++j) {
            const std::int64_t pair = pp.first_pair + j;
            const int south = j % 2 == 0 ? pp.first : pp.second;
            const int north = j % 2 == 0 ? pp.second : pp.first;
            for (int k = 0; k < 2; ++k) {
                Pairing g;
                g.game_index = 2 * pair + k;
                g.pair_index = pair;
                g.round = phase.round;
                g.opening_index = pair;
                g.south = k == 0 ? south : north;
                g.north = k == 0 ? north : south;
                games.push_back(g);
            }
        }
    }
    return games;
}

bool is_played(const PlannedPairing& pp, const PairResults& results) {
    for (int j = 0; j < pp.pairs; ++j)
        if (results.games(pp.first_pair + j) < 2) return false;
    return true;
}

double pairing_points(const PlannedPairing& pp, const PairResults& results, int engine) {
    double total = 0;
    for (int j = 0; j < pp.pairs; ++j) total += results.points(pp.first_pair + j, engine);
    return total;
}

// ---- Swiss ----------------------------------------------------------------------------------

std::int64_t swiss_games(const RoundParams& p) {
    return std::int64_t{p.rounds} * (p.engines / 2) * 2 * p.pairs;
}

namespace {

SwissField first_field(const RoundParams& p) {
    const auto n = static_cast<std::size_t>(p.engines);
    SwissField f;
    f.half_points.assign(n, 0);
    f.seed.assign(n, 0);
    for (std::size_t s = 0; s < n; ++s)
        f.seed[static_cast<std::size_t>(p.seed_order[s])] = static_cast<int>(s);
    f.had_bye.assign(n, false);
    f.met.assign(n, std::vector<int>(n, 0));
    return f;
}

int half_points_of(double points) {
    return static_cast<int>(std::lround(points * 2));
}

}  // namespace

Expected<SwissReplay> replay_swiss(const RoundParams& p, const PairResults& results) {
    SwissReplay replay;
    SwissField field = first_field(p);
    const std::int64_t per_round = p.engines / 2;
    for (int r = 0; r < p.rounds; ++r) {
        auto round = pair_swiss_round(field);
        if (!round)
            return fail("Swiss round " + std::to_string(r + 1) + ": " + round.error().message);
        SwissRoundPlan plan;
        plan.repeats = round->repeats;
        for (std::size_t k = 0; k < round->pairs.size(); ++k) {
            const auto [a, b] = round->pairs[k];
            plan.pairings.push_back({r, a, b,
                                     (r * per_round + static_cast<std::int64_t>(k)) * p.pairs,
                                     p.pairs, false});
        }
        if (round->bye) plan.bye = RoundBye{r, *round->bye, p.bye_half_points};
        replay.rounds.push_back(plan);
        const bool complete = std::all_of(plan.pairings.begin(), plan.pairings.end(),
                                          [&](const auto& pp) { return is_played(pp, results); });
        if (!complete) {
            Phase phase{r, false, plan.pairings, {}};
            if (plan.bye) phase.byes.push_back(*plan.bye);
            replay.next = phase;
            return replay;
        }
        for (const auto& pp : plan.pairings) {
            const auto a = static_cast<std::size_t>(pp.first),
                       b = static_cast<std::size_t>(pp.second);
            field.half_points[a] += half_points_of(pairing_points(pp, results, pp.first));
            field.half_points[b] += half_points_of(pairing_points(pp, results, pp.second));
            ++field.met[a][b];
            ++field.met[b][a];
        }
        if (plan.bye) {
            const auto e = static_cast<std::size_t>(plan.bye->engine);
            field.half_points[e] += plan.bye->half_points;
            field.had_bye[e] = true;
        }
    }
    return replay;
}

// ---- knockout -------------------------------------------------------------------------------

std::int64_t knockout_games(const RoundParams& p) {
    return std::int64_t{p.engines - 1} * 2 * (p.pairs + p.tiebreak_pairs);
}

std::vector<int> bracket_order(int size) {
    std::vector<int> order{0};
    for (int n = 2; n <= size; n *= 2) {
        std::vector<int> next;
        for (int s : order) {
            next.push_back(s);
            next.push_back(n - 1 - s);
        }
        order = std::move(next);
    }
    return order;
}

namespace {

// The matches of a round from the engines in bracket order (-1: a bye slot).
std::vector<KnockoutMatch> matches_of(int round, const std::vector<int>& slots,
                                      const std::vector<int>& seed_of) {
    std::vector<KnockoutMatch> matches;
    for (std::size_t i = 0; i + 1 < slots.size(); i += 2) {
        KnockoutMatch m;
        m.round = round;
        int x = slots[i], y = slots[i + 1];
        if (x < 0 ||
            (y >= 0 && seed_of[static_cast<std::size_t>(y)] < seed_of[static_cast<std::size_t>(x)]))
            std::swap(x, y);
        m.higher = x;
        m.lower = y;
        if (y < 0) {
            m.winner = x;
            m.decision = KnockoutDecision::Bye;
        }
        matches.push_back(m);
    }
    return matches;
}

void decide(KnockoutMatch& m, const PairResults& results, int tiebreak_pairs) {
    m.higher_points = pairing_points(m.games, results, m.higher);
    m.lower_points = pairing_points(m.games, results, m.lower);
    if (m.higher_points != m.lower_points) {
        m.winner = m.higher_points > m.lower_points ? m.higher : m.lower;
        m.decision = KnockoutDecision::Games;
        return;
    }
    if (m.tiebreak && tiebreak_pairs > 0) {
        m.higher_tb_points = pairing_points(*m.tiebreak, results, m.higher);
        m.lower_tb_points = pairing_points(*m.tiebreak, results, m.lower);
        if (m.higher_tb_points != m.lower_tb_points) {
            m.winner = m.higher_tb_points > m.lower_tb_points ? m.higher : m.lower;
            m.decision = KnockoutDecision::TiebreakPairs;
            return;
        }
    }
    m.winner = m.higher;
    m.decision = KnockoutDecision::HigherSeed;
}

// The rounds after `from`, drawn with their engines unknown, so a bracket can be shown whole.
void draw_rest(KnockoutReplay& replay, std::size_t from_size, int from_round) {
    for (std::size_t n = from_size / 2, r = static_cast<std::size_t>(from_round); n >= 1;
         n /= 2, ++r) {
        std::vector<KnockoutMatch> round(n);
        for (auto& m : round) m.round = static_cast<int>(r);
        replay.rounds.push_back(round);
        if (n == 1) break;
    }
}

}  // namespace

KnockoutReplay replay_knockout(const RoundParams& p, const PairResults& results) {
    KnockoutReplay replay;
    while (replay.bracket_size < p.engines) replay.bracket_size *= 2;
    std::vector<int> seed_of(static_cast<std::size_t>(p.engines));
    for (std::size_t s = 0; s < p.seed_order.size(); ++s)
        seed_of[static_cast<std::size_t>(p.seed_order[s])] = static_cast<int>(s);
    std::vector<int> slots;
    for (int s : bracket_order(replay.bracket_size))
        slots.push_back(s < p.engines ? p.seed_order[static_cast<std::size_t>(s)] : -1);
    std::int64_t next_pair = 0;
    for (int r = 0; slots.size() > 1; ++r) {
        auto matches = matches_of(r, slots, seed_of);
        Phase main{r, false, {}, {}};
        for (auto& m : matches) {
            if (m.decision == KnockoutDecision::Bye) continue;
            m.games = {r, m.higher, m.lower, next_pair, p.pairs, false};
            next_pair += p.pairs;
            main.pairings.push_back(m.games);
        }
        const bool played = std::all_of(main.pairings.begin(), main.pairings.end(),
                                        [&](const auto& pp) { return is_played(pp, results); });
        Phase tiebreaks{r, true, {}, {}};
        if (played && p.tiebreak_pairs > 0) {
            for (auto& m : matches) {
                if (m.decision == KnockoutDecision::Bye) continue;
                if (pairing_points(m.games, results, m.higher) !=
                    pairing_points(m.games, results, m.lower))
                    continue;
                m.tiebreak =
                    PlannedPairing{r, m.higher, m.lower, next_pair, p.tiebreak_pairs, true};
                next_pair += p.tiebreak_pairs;
                tiebreaks.pairings.push_back(*m.tiebreak);
            }
        }
        const bool tiebreaks_played =
            std::all_of(tiebreaks.pairings.begin(), tiebreaks.pairings.end(),
                        [&](const auto& pp) { return is_played(pp, results); });
        if (!played || !tiebreaks_played) {
            replay.next = played ? tiebreaks : main;
            replay.rounds.push_back(matches);
            draw_rest(replay, slots.size() / 2, r + 1);
            return replay;
        }
        std::vector<int> winners;
        for (auto& m : matches) {
            if (m.decision != KnockoutDecision::Bye) decide(m, results, p.tiebreak_pairs);
            winners.push_back(m.winner);
        }
        replay.rounds.push_back(matches);
        slots = std::move(winners);
    }
    replay.champion = slots.front();
    return replay;
}

}  // namespace oaq::tournament
