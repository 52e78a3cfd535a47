// Seeded random messages and random lines: canonical messages survive encode/decode, and no line
// of bytes makes the decoders misbehave (every result is a value or an error, never a crash).
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "protocol/codec.hpp"

using namespace oaq::protocol;

namespace {

class Generator {
  public:
    explicit Generator(std::uint32_t seed) : rng_(seed) {}

    long long between(long long lo, long long hi) {
        return std::uniform_int_distribution<long long>(lo, hi)(rng_);
    }
    bool coin() { return between(0, 1) == 1; }

    // A token that is no keyword of any message: a move or a word with a digit in it.
    std::string move() { return std::to_string(between(1, 5)) + (coin() ? "L" : "R"); }
    std::string word() {
        static const std::string letters = "abcdefghijklmnopqrstuvwxyzABCXYZ0123456789_=,.+/";
        std::string out = "w";
        for (long long n = between(1, 8); n > 0; --n) {
            out += letters[static_cast<std::size_t>(between(0, 47))];
        }
        return out;
    }
    std::string words(long long min) {
        std::string out;
        for (long long n = between(min, 4); n > 0; --n) out += (out.empty() ? "" : " ") + word();
        return out;
    }
    std::vector<std::string> moves() {
        std::vector<std::string> out;
        for (long long n = between(0, 6); n > 0; --n) out.push_back(move());
        return out;
    }
    template <class T>
    std::optional<T> maybe(T value) {
        return coin() ? std::optional<T>(value) : std::nullopt;
    }
    Milliseconds time() { return Milliseconds{between(0, kMaxTime.count())}; }
    std::uint64_t count() { return std::uniform_int_distribution<std::uint64_t>()(rng_); }
    int depth() { return static_cast<int>(between(0, 2147483647)); }

    Command command() {
        switch (between(0, 7)) {
            case 0:
                return Ugi{};
            case 1:
                return IsReady{};
            case 2:
                return SetOption{words(1), words(0)};
            case 3:
                return NewGame{};
            case 4: {
                std::optional<std::string> fen;
                if (coin()) fen = word() + " S 0+0 0+0 " + word() + " 0";
                return PositionCommand{fen, moves()};
            }
            case 5: {
                Go go{{}, {}, maybe(time()), maybe(depth()), maybe(count()), coin()};
                for (auto& t : go.time) t = maybe(time());
                for (auto& t : go.inc) t = maybe(time());
                return go;
            }
            case 6:
                return Stop{};
            default:
                return Quit{};
        }
    }

    Reply reply() {
        switch (between(0, 5)) {
            case 0:
                return Id{coin() ? "name" : "author", words(0)};
            case 1: {
                auto type = static_cast<OptionType>(between(0, 4));
                OptionDecl o{words(1), type, {}, {}, {}, {}};
                if (type != OptionType::Button) o.default_value = words(0);
                if (coin()) o.min = between(-1000000, 0);
                if (coin()) o.max = between(0, 1000000);
                for (long long n = between(0, 3); n > 0; --n) o.vars.push_back(words(1));
                return o;
            }
            case 2:
                return UgiOk{};
            case 3:
                return ReadyOk{};
            case 4: {
                Info info;
                info.depth = maybe(depth());
                info.seldepth = maybe(depth());
                if (coin()) {
                    info.score = Score{coin() ? Score::Kind::Cp : Score::Kind::Mate,
                                       static_cast<int>(between(-2147483648LL, 2147483647))};
                }
                info.nodes = maybe(count());
                info.nps = maybe(count());
                info.time = maybe(time());
                info.pv = moves();
                if (coin()) info.string = words(1);
                return info;
            }
            default:
                return BestMove{move(), maybe(move())};
        }
    }

    std::string garbage() {
        static const std::vector<std::string> pieces = {"go",
                                                        "position",
                                                        "fen",
                                                        "startpos",
                                                        "moves",
                                                        "setoption",
                                                        "name",
                                                        "value",
                                                        "info",
                                                        "score",
                                                        "cp",
                                                        "mate",
                                                        "pv",
                                                        "string",
                                                        "option",
                                                        "type",
                                                        "spin",
                                                        "default",
                                                        "var",
                                                        "min",
                                                        "max",
                                                        "bestmove",
                                                        "ponder",
                                                        "id",
                                                        "depth",
                                                        "nodes",
                                                        "p1time",
                                                        "movetime",
                                                        "p3inc",
                                                        "-",
                                                        "-5",
                                                        "0",
                                                        "99999999999999999999",
                                                        "1L",
                                                        "\t",
                                                        " ",
                                                        "  ",
                                                        "\r",
                                                        "\n",
                                                        "<empty>",
                                                        std::string(1, '\0'),
                                                        "\xff"};
        std::string out;
        for (long long n = between(0, 12); n > 0; --n) {
            out += pieces[static_cast<std::size_t>(
                between(0, static_cast<long long>(pieces.size()) - 1))];
            if (coin()) out += ' ';
        }
        return out;
    }

  private:
    std::mt19937 rng_;
};

}  // namespace

TEST_CASE("random canonical commands and replies survive encode then decode",
          "[protocol][roundtrip]") {
    Generator gen(20261130);
    for (int i = 0; i < 5000; ++i) {
        Command command = gen.command();
        std::string line = encode(command);
        INFO(line);
        auto back = decode_command(line);
        REQUIRE(back.has_value());
        CHECK(*back == command);

        Reply reply = gen.reply();
        std::string reply_line = encode(reply);
        INFO(reply_line);
        auto reply_back = decode_reply(reply_line);
        REQUIRE(reply_back.has_value());
        CHECK(*reply_back == reply);
    }
}

TEST_CASE("random lines decode to a value or an error and never break the decoder", "[protocol]") {
    Generator gen(7);
    int decoded = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string line = gen.garbage();
        auto command = decode_command(line);
        auto reply = decode_reply(line);
        // A CR inside a line is an ordinary token byte; as the last byte of an encoded line it
        // would be stripped, so such messages have no canonical form to check.
        const bool has_inner_cr = line.find('\r') != std::string::npos;
        if (command && !has_inner_cr) {
            ++decoded;
            // Whatever decodes has a canonical form that decodes to the same message.
            INFO(line << " -> " << encode(*command));
            auto again = decode_command(encode(*command));
            REQUIRE(again.has_value());
        }
        if (reply && !has_inner_cr) {
            ++decoded;
            INFO(line << " -> " << encode(*reply));
            auto again = decode_reply(encode(*reply));
            REQUIRE(again.has_value());
        }
        if (!command) CHECK_FALSE(command.error().message.empty());
        if (!reply) CHECK_FALSE(reply.error().message.empty());
    }
    CHECK(decoded > 100);
}
