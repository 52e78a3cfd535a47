#include "reference/tuner.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <sstream>

#include "rules/turn.hpp"

namespace oaq::engines::reference {

namespace {

using Weights = std::array<double, kFeatureCount>;

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

double eval_of(const Features& f, const Weights& w) {
    double e = 0;
    for (std::size_t i = 0; i < f.size(); ++i) e += w[i] * f[i];
    return e;
}

double loss(const std::vector<TuningSample>& samples, const Weights& w, double k) {
    if (samples.empty()) return 0;
    double sum = 0;
    for (const auto& s : samples) {
        const double d = s.result - sigmoid(k * eval_of(s.features, w) / 100.0);
        sum += d * d;
    }
    return sum / static_cast<double>(samples.size());
}

// K minimising the loss of the starting weights (golden section: the loss is unimodal in K).
double fit_k(const std::vector<TuningSample>& samples, const Weights& w) {
    double a = 0.01;
    double b = 4.0;
    const double r = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 60; ++i) {
        const double c = b - r * (b - a);
        const double d = a + r * (b - a);
        if (loss(samples, w, c) < loss(samples, w, d))
            b = d;
        else
            a = c;
    }
    return (a + b) / 2;
}

bool has_capture(const rules::Position& p, const rules::Rules& rules) {
    const auto me = static_cast<std::size_t>(rules::index(p.side));
    for (const rules::Move m : rules::legal_moves(p, rules)) {
        const rules::Position c = rules::play(p, m, rules);
        if (c.store_citizens[me] != p.store_citizens[me] ||
            c.store_pieces[me] != p.store_pieces[me] || c.is_over())
            return true;
    }
    return false;
}

}  // namespace

void add_game(const rules::Rules& rules, const rules::Position& start,
              const std::vector<rules::Move>& moves, rules::Result result,
              const TuningConfig& config, std::vector<TuningSample>& out,
              const std::vector<std::optional<int>>& search_cp) {
    std::vector<rules::Position> line{start};
    while (line.size() <= moves.size() && !line.back().is_over() &&
           rules::is_legal(line.back(), moves[line.size() - 1], rules))
        line.push_back(rules::play(line.back(), moves[line.size() - 1], rules));
    const rules::Position& end = line.back();
    // A game ended by the referee (repetition, ply limit) is settled here as the rules settle an
    // end: each side takes the citizens on its own squares.
    int south_margin =
        rules::score(end, rules::Side::South, rules) - rules::score(end, rules::Side::North, rules);
    if (!end.is_over())
        for (int square = 1; square <= 5; ++square)
            south_margin +=
                end.citizens[static_cast<std::size_t>(rules::pit_of(rules::Side::South, square))] -
                end.citizens[static_cast<std::size_t>(rules::pit_of(rules::Side::North, square))];
    for (std::size_t ply = 0; ply < line.size(); ++ply) {
        const rules::Position& p = line[ply];
        if (p.is_over()) break;
        if (static_cast<int>(ply) < config.skip_plies ||
            (config.quiet_only && has_capture(p, rules)))
            continue;
        TuningSample s;
        s.features = features(p, rules.quan_value);
        const bool south = p.side == rules::Side::South;
        s.result = result == rules::Result::Draw                  ? 0.5
                   : (result == rules::Result::SouthWin) == south ? 1.0
                                                                  : 0.0;
        s.terms = table_terms(p);
        s.final_margin = south ? south_margin : -south_margin;
        if (ply < search_cp.size()) s.search_cp = search_cp[ply];
        out.push_back(s);
    }
}

TuningResult fit(std::vector<TuningSample> samples, const EvalWeights& start,
                 const TuningConfig& config) {
    // The sample and the split, drawn with the seed (Fisher-Yates with rng() % n, which every
    // standard library computes alike).
    std::mt19937_64 rng(config.seed);
    for (std::size_t i = samples.size(); i > 1; --i)
        std::swap(samples[i - 1], samples[static_cast<std::size_t>(rng() % i)]);
    if (samples.size() > config.max_samples) samples.resize(config.max_samples);
    const auto held =
        static_cast<std::size_t>(static_cast<double>(samples.size()) * config.validation_share);
    const std::vector<TuningSample> validation(samples.end() - static_cast<std::ptrdiff_t>(held),
                                               samples.end());
    samples.resize(samples.size() - held);

    Weights w{};
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = start.w[i];
    TuningResult r;
    r.train_samples = samples.size();
    r.validation_samples = validation.size();
    r.k = fit_k(samples, w);
    r.train_loss_before = loss(samples, w, r.k);
    r.validation_loss_before = loss(validation, w, r.k);

    // Adam, full batch; the material weight stays the unit (100).
    Weights m{}, v{};
    const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    const auto n = static_cast<double>(samples.size());
    for (int it = 1; it <= config.iterations && !samples.empty(); ++it) {
        Weights grad{};
        for (const auto& s : samples) {
            const double p = sigmoid(r.k * eval_of(s.features, w) / 100.0);
            const double common = -2.0 * (s.result - p) * p * (1 - p) * r.k / 100.0;
            for (std::size_t i = 0; i < grad.size(); ++i) grad[i] += common * s.features[i];
        }
        for (std::size_t i = 1; i < w.size(); ++i) {
            const double g = grad[i] / n;
            m[i] = beta1 * m[i] + (1 - beta1) * g;
            v[i] = beta2 * v[i] + (1 - beta2) * g * g;
            const double mh = m[i] / (1 - std::pow(beta1, it));
            const double vh = v[i] / (1 - std::pow(beta2, it));
            w[i] -= config.learning_rate * mh / (std::sqrt(vh) + eps);
        }
    }
    for (std::size_t i = 0; i < w.size(); ++i) r.weights.w[i] = static_cast<int>(std::lround(w[i]));
    r.weights.w[kMaterial] = start.w[kMaterial];
    r.weights.table = start.table;  // the tables are fitted elsewhere (fit_eval.py), kept as given
    Weights rounded{};
    for (std::size_t i = 0; i < w.size(); ++i) rounded[i] = r.weights.w[i];
    r.train_loss_after = loss(samples, rounded, r.k);
    r.validation_loss_after = loss(validation, rounded, r.k);
    return r;
}

std::string describe(const TuningResult& r) {
    std::ostringstream out;
    out << "samples " << r.train_samples << " train, " << r.validation_samples << " validation; K "
        << r.k << "\n"
        << "loss train " << r.train_loss_before << " -> " << r.train_loss_after << ", validation "
        << r.validation_loss_before << " -> " << r.validation_loss_after << "\n";
    return out.str();
}

}  // namespace oaq::engines::reference
