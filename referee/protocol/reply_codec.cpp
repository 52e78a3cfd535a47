// Replies (engine -> referee): encode and decode. Each branch cites the protocol-spec/README.md
// section it implements. The referee is liberal in what it accepts from engines: unknown tokens
// are skipped, and only a line it cannot make sense of at all is an error.
#include <limits>

#include "protocol/codec.hpp"
#include "protocol/tokens.hpp"

namespace oaq::protocol {
namespace {

using detail::Overloaded;
using detail::Tokens;

constexpr std::string_view kEmptyDefault = "<empty>";

bool is_option_keyword(std::string_view t) {
    return t == "name" || t == "type" || t == "default" || t == "min" || t == "max" || t == "var";
}

bool is_info_keyword(std::string_view t) {
    return t == "depth" || t == "seldepth" || t == "score" || t == "nodes" || t == "nps" ||
           t == "time" || t == "pv" || t == "string";
}

std::string encode_option(const OptionDecl& o) {
    std::string out = "option name " + o.name + " type " + std::string(to_string(o.type));
    if (!o.default_value.empty()) {
        out += " default " + o.default_value;
    } else if (o.type == OptionType::String) {
        out += " default " + std::string(kEmptyDefault);
    }
    if (o.min) out += " min " + std::to_string(*o.min);
    if (o.max) out += " max " + std::to_string(*o.max);
    for (const auto& v : o.vars) out += " var " + v;
    return out;
}

std::string encode_info(const Info& info) {
    std::string out = "info";
    if (info.depth) out += " depth " + std::to_string(*info.depth);
    if (info.seldepth) out += " seldepth " + std::to_string(*info.seldepth);
    if (info.score) {
        out += info.score->kind == Score::Kind::Cp ? " score cp " : " score mate ";
        out += std::to_string(info.score->value);
    }
    if (info.nodes) out += " nodes " + std::to_string(*info.nodes);
    if (info.nps) out += " nps " + std::to_string(*info.nps);
    if (info.time) out += " time " + detail::format_time(*info.time);
    if (!info.pv.empty()) {
        out += " pv";
        for (const auto& m : info.pv) out += " " + m;
    }
    if (!info.string.empty()) out += " string " + info.string;
    return out;
}

// Section "id": `id <field> <value>`, the value being the rest of the line verbatim.
Expected<Reply> decode_id(const Tokens& t) {
    if (t.size() < 2) return fail("id without a field");
    return Reply{Id{std::string(t[1]), std::string(t.rest_from(2))}};
}

// The end of a free-text option field that starts at `from`: the next option keyword.
std::size_t option_field_end(const Tokens& t, std::size_t from) {
    while (from < t.size() && !is_option_keyword(t[from])) ++from;
    return from;
}

// Section "option": name runs to `type`; default and var run to the next option keyword;
// `default <empty>` is the empty string; min and max take one integer each; other tokens skipped.
Expected<Reply> decode_option(const Tokens& t) {
    OptionDecl out;
    bool has_name = false;
    bool has_type = false;
    for (std::size_t i = 1; i < t.size();) {
        std::string_view key = t[i];
        if (key == "name" || key == "default" || key == "var") {
            std::size_t end = option_field_end(t, i + 1);
            std::string text = t.join(i + 1, end);
            if (key == "name") {
                out.name = std::move(text);
                has_name = true;
            } else if (key == "default") {
                out.default_value = text == kEmptyDefault ? std::string() : std::move(text);
            } else {
                out.vars.push_back(std::move(text));
            }
            i = end;
        } else if (key == "type") {
            auto word = detail::value_after(t, i);
            if (!word) return word.error();
            auto type = parse_option_type(*word);
            if (!type) return fail("option: unknown type " + detail::quoted(*word));
            out.type = *type;
            has_type = true;
            i += 2;
        } else if (key == "min" || key == "max") {
            auto word = detail::value_after(t, i);
            if (!word) return word.error();
            auto value = detail::parse_integer(key, *word, std::numeric_limits<long long>::min(),
                                               std::numeric_limits<long long>::max());
            if (!value) return value.error();
            (key == "min" ? out.min : out.max) = *value;
            i += 2;
        } else {
            ++i;
        }
    }
    if (!has_name || out.name.empty()) return fail("option without a name");
    if (!has_type) return fail("option " + detail::quoted(out.name) + " without a type");
    return Reply{std::move(out)};
}

Expected<int> parse_int(std::string_view key, std::string_view token) {
    auto value = detail::parse_integer(key, token, std::numeric_limits<int>::min(),
                                       std::numeric_limits<int>::max());
    if (!value) return value.error();
    return static_cast<int>(*value);
}

Expected<int> parse_depth(std::string_view key, std::string_view token) {
    auto value = detail::parse_count(key, token, std::numeric_limits<int>::max());
    if (!value) return value.error();
    return static_cast<int>(*value);
}

// `score cp N` / `score mate N`; i is the index of `score`, returns the index after the value.
Expected<std::size_t> decode_score(const Tokens& t, std::size_t i, Info& out) {
    auto kind = detail::value_after(t, i);
    if (!kind) return kind.error();
    if (*kind != "cp" && *kind != "mate") {
        return fail("score: expected cp or mate, got " + detail::quoted(*kind));
    }
    auto word = detail::value_after(t, i + 1);
    if (!word) return word.error();
    auto value = parse_int(*kind, *word);
    if (!value) return value.error();
    out.score = Score{*kind == "cp" ? Score::Kind::Cp : Score::Kind::Mate, *value};
    return i + 3;
}

// Section "info": keywords depth seldepth score nodes nps time pv string; pv runs to the next
// keyword, string to the end of the line; unknown tokens are skipped one at a time.
Expected<Reply> decode_info(const Tokens& t) {
    Info out;
    std::size_t i = 1;
    while (i < t.size()) {
        std::string_view key = t[i];
        if (key == "string") {
            out.string = std::string(t.rest_from(i + 1));
            break;
        }
        if (key == "pv") {
            out.pv.clear();
            for (++i; i < t.size() && !is_info_keyword(t[i]); ++i) out.pv.emplace_back(t[i]);
            continue;
        }
        if (key == "score") {
            auto next = decode_score(t, i, out);
            if (!next) return next.error();
            i = *next;
            continue;
        }
        if (!is_info_keyword(key)) {
            ++i;
            continue;
        }
        auto word = detail::value_after(t, i);
        if (!word) return word.error();
        if (key == "depth" || key == "seldepth") {
            auto value = parse_depth(key, *word);
            if (!value) return value.error();
            (key == "depth" ? out.depth : out.seldepth) = *value;
        } else if (key == "time") {
            auto value = detail::parse_time(key, *word);
            if (!value) return value.error();
            out.time = *value;
        } else {  // nodes, nps
            auto value = detail::parse_count(key, *word, std::numeric_limits<std::uint64_t>::max());
            if (!value) return value.error();
            (key == "nodes" ? out.nodes : out.nps) = *value;
        }
        i += 2;
    }
    return Reply{std::move(out)};
}

// Section "bestmove": the first token is the move (its form is the rules library's business);
// `ponder <move>` may follow; a `ponder` without a move and unknown tokens are skipped.
Expected<Reply> decode_bestmove(const Tokens& t) {
    if (t.size() < 2) return fail("bestmove without a move");
    BestMove out{std::string(t[1]), std::nullopt};
    for (std::size_t i = 2; i + 1 < t.size(); ++i) {
        if (t[i] == "ponder") {
            out.ponder = std::string(t[i + 1]);
            break;
        }
    }
    return Reply{std::move(out)};
}

}  // namespace

std::string encode(const Reply& reply) {
    return std::visit(Overloaded{
                          [](const Id& id) {
                              return "id " + id.field + (id.value.empty() ? "" : " " + id.value);
                          },
                          [](const OptionDecl& o) { return encode_option(o); },
                          [](const UgiOk&) -> std::string { return "ugiok"; },
                          [](const ReadyOk&) -> std::string { return "readyok"; },
                          [](const Info& info) { return encode_info(info); },
                          [](const BestMove& b) {
                              return "bestmove " + b.move +
                                     (b.ponder ? " ponder " + *b.ponder : "");
                          },
                      },
                      reply);
}

Expected<Reply> decode_reply(std::string_view line) {
    auto prepared = detail::prepare_line(line);
    if (!prepared) return prepared.error();
    Tokens t(*prepared);
    std::string_view word = t[0];
    if (word == "ugiok") return Reply{UgiOk{}};
    if (word == "readyok") return Reply{ReadyOk{}};
    if (word == "bestmove") return decode_bestmove(t);
    if (word == "info") return decode_info(t);
    if (word == "id") return decode_id(t);
    if (word == "option") return decode_option(t);
    return fail("unknown command " + detail::quoted(word));
}

}  // namespace oaq::protocol
