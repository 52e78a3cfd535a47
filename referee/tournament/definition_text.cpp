#include "tournament/definition_text.hpp"

#include <map>
#include <sstream>

#include "common/error.hpp"
#include "tournament/numbers.hpp"

namespace oaq::tournament {

namespace {

constexpr WholeRange kOpeningPlies{0, 100};
constexpr RealRange kSprtElo{-kMaxSprtElo, kMaxSprtElo};
constexpr RealRange kSprtRisk{0.000001, 0.5};
constexpr WholeRange kOpeningStart{1, 1000000000};

// order=random|sequential and start=N (cutechess-cli's words); false for any other key.
bool read_book_order(OpeningsDefinition& o, const std::string& key, const std::string& value,
                     bool has_value) {
    if (key == "order" && (value == "random" || value == "sequential")) {
        o.order = value == "random" ? OpeningsDefinition::Order::Random
                                    : OpeningsDefinition::Order::Sequential;
        return true;
    }
    if (key == "start" && has_value) {
        o.start = whole_number(value, "--openings start", kOpeningStart);
        return true;
    }
    return false;
}

void check_book_order(const OpeningsDefinition& o) {
    using Kind = OpeningsDefinition::Kind;
    const bool ordered = o.order == OpeningsDefinition::Order::Random || o.start != 1;
    if (ordered && o.kind != Kind::File)
        throw OaqError("--openings: order= and start= choose lines of a book: give file=F");
    if (o.order == OpeningsDefinition::Order::Random && o.start != 1)
        throw OaqError(
            "--openings: start= is the first line of order=sequential; order=random "
            "shuffles the whole book");
}

// One elo0=/elo1=/alpha=/beta= token into `s`; false when it is none of them.
bool read_sprt_number(SprtDefinition& s, const std::string& key, const std::string& value) {
    double* target = key == "elo0"    ? &s.elo0
                     : key == "elo1"  ? &s.elo1
                     : key == "alpha" ? &s.alpha
                     : key == "beta"  ? &s.beta
                                      : nullptr;
    if (!target) return false;
    const bool elo = key == "elo0" || key == "elo1";
    *target = real_number(value, "--sprt " + key, elo ? kSprtElo : kSprtRisk);
    return true;
}

}  // namespace

KeyValue split_key_value(const std::string& token) {
    const auto eq = token.find('=');
    if (eq == std::string::npos) return {token, "", false};
    return {token.substr(0, eq), token.substr(eq + 1), true};
}

OpeningSource parse_openings(const std::vector<std::string>& tokens) {
    OpeningSource src;
    for (const auto& t : tokens) {
        const auto [key, value, has_value] = split_key_value(t);
        const auto bad = [&t] {
            return OaqError("--openings: \"" + t +
                            "\" is not plies=N (0..100), seed=S, file=F, order=random|sequential "
                            "or start=N");
        };
        if (key == "plies" && has_value) {
            src.definition.kind = OpeningsDefinition::Kind::Random;
            src.definition.plies = int_number(value, "--openings plies", kOpeningPlies);
        } else if (key == "seed" && has_value) {
            src.seed = unsigned_number(value, "--openings seed");
        } else if (key == "file" && has_value && !value.empty()) {
            src.definition.kind = OpeningsDefinition::Kind::File;
            src.definition.file = value;
        } else if (!read_book_order(src.definition, key, value, has_value)) {
            throw bad();
        }
    }
    check_book_order(src.definition);
    return src;
}

// The --sprt words, each "key=value"; one shell word holding several ("elo0=0 elo1=5") is split
// at its spaces, which no value contains.
std::vector<std::string> sprt_words(const std::vector<std::string>& tokens) {
    std::vector<std::string> words;
    for (const auto& t : tokens) {
        std::istringstream in(t);
        for (std::string w; in >> w;) words.push_back(w);
    }
    return words;
}

SprtDefinition parse_sprt(const std::vector<std::string>& tokens) {
    SprtDefinition s;
    std::string model = "normalized";
    std::map<std::string, std::string> seen;
    for (const auto& t : sprt_words(tokens)) {
        const auto [key, value, has_value] = split_key_value(t);
        if (const auto first = seen.find(key); first != seen.end()) {
            throw OaqError("--sprt: " + key + " is given twice (\"" + first->second + "\" and \"" +
                           t + "\"): give each key once");
        }
        seen.emplace(key, t);
        if (key == "model") {
            model = value;
        } else if (!read_sprt_number(s, key, value)) {
            throw OaqError(
                "--sprt: \"" + t +
                "\" is not elo0=E, elo1=E, alpha=A, beta=B or model=normalized|logistic");
        }
    }
    if (model != "normalized" && model != "logistic")
        throw OaqError("--sprt: model must be normalized or logistic, got \"" + model + "\"");
    s.normalized = model == "normalized";
    auto params = s.params();
    if (!params) throw OaqError("--sprt: " + params.error().message);
    return s;
}

// Generated openings and a shuffled book draw from a seed; a book in file order needs none.
bool draws_from_seed(const OpeningsDefinition& o) {
    return o.kind == OpeningsDefinition::Kind::Random ||
           o.order == OpeningsDefinition::Order::Random;
}

}  // namespace oaq::tournament
