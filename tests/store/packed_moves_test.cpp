// The packed moves of a game (store/packed_moves.hpp): every value comes back as it went in, and
// a damaged value is an error naming where it stops making sense, never a wrong move.
#include <catch2/catch.hpp>

#include <random>

#include "store/packed_moves.hpp"

using namespace oaq;
using namespace oaq::store;

namespace {

game::MoveRecord random_move(std::mt19937_64& rng) {
    auto pick = [&](std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
    };
    static const char* const tokens[] = {"1L",  "5R",   "3R", "10L", "63R", "64L", "0R",
                                         "03L", "pass", "",   "é",   "1",   "R"};
    auto token = [&] { return std::string(tokens[pick(0, std::size(tokens) - 1)]); };
    game::MoveRecord m;
    m.move = token();
    if (m.move.empty()) m.move = "2L";
    m.time_used = game::Microseconds{pick(0, 1) ? pick(0, 200) : pick(0, INT64_MAX)};
    m.time_left = game::Microseconds{pick(0, 1) ? pick(-1000, 1000) : pick(INT64_MIN, INT64_MAX)};
    if (pick(0, 1)) m.depth = static_cast<int>(pick(INT32_MIN, INT32_MAX));
    if (pick(0, 2)) {
        m.score =
            protocol::Score{pick(0, 1) ? protocol::Score::Kind::Mate : protocol::Score::Kind::Cp,
                            static_cast<int>(pick(INT32_MIN, INT32_MAX))};
    }
    if (pick(0, 1)) m.nodes = static_cast<std::uint64_t>(pick(0, INT64_MAX));
    for (auto n = pick(0, 6); n > 0; --n) m.pv.push_back(token());
    return m;
}

bool same(const game::MoveRecord& a, const game::MoveRecord& b) {
    const bool scores =
        a.score.has_value() == b.score.has_value() &&
        (!a.score || (a.score->kind == b.score->kind && a.score->value == b.score->value));
    return a.move == b.move && a.time_used == b.time_used && a.time_left == b.time_left &&
           a.depth == b.depth && scores && a.nodes == b.nodes && a.pv == b.pv;
}

}  // namespace

TEST_CASE("packed moves read back exactly, extremes and odd tokens included", "[store][packed]") {
    std::mt19937_64 rng(20261201);
    for (int game = 0; game < 200; ++game) {
        std::vector<game::MoveRecord> moves(static_cast<std::size_t>(game % 90));
        for (auto& m : moves) m = random_move(rng);
        const std::string packed = pack_moves(moves);
        auto back = unpack_moves(packed);
        REQUIRE(back.has_value());
        REQUIRE(back->size() == moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) CHECK(same((*back)[i], moves[i]));
        CHECK(packed_ply_count(packed).value() == moves.size());
    }
}

TEST_CASE("a typical ply packs into a few bytes", "[store][packed]") {
    game::MoveRecord m;
    m.move = "3R";
    m.time_used = game::Microseconds{81384};
    m.time_left = game::Microseconds{3006409};
    m.depth = 20;
    m.score = protocol::Score{protocol::Score::Kind::Cp, -335};
    m.nodes = 686848;
    m.pv = {"2L", "3R", "1R", "5R"};
    // move 1, flags 1, used 3, left 4, depth 1, score 2, nodes 3, pv 1 + 4.
    CHECK(pack_moves({m}).size() == 1 + 20);
}

TEST_CASE("damaged packed moves are errors that say where", "[store][packed]") {
    game::MoveRecord m;
    m.move = "3R";
    m.pv = {"pass", "2L"};
    m.nodes = 1u << 20;
    const std::string good = pack_moves({m, m});
    REQUIRE(unpack_moves(good).has_value());

    CHECK(unpack_moves("").error().message == "packed moves: not version 1 (byte 0)");
    CHECK(unpack_moves(std::string(1, '\2') + good.substr(1)).error().message ==
          "packed moves: not version 1 (byte 0)");
    for (std::size_t cut = 2; cut < good.size(); ++cut) {
        auto r = unpack_moves(good.substr(0, cut));
        if (cut == good.size() / 2 + 1) continue;  // the end of the first ply: one whole ply
        INFO("cut at " << cut);
        REQUIRE_FALSE(r.has_value());
        CHECK_THAT(r.error().message,
                   Catch::StartsWith("packed moves: ") && Catch::Contains(" (byte "));
    }
    std::string bad_flags = good;
    bad_flags[2] = '\x70';
    CHECK_THAT(unpack_moves(bad_flags).error().message, Catch::Contains("unknown flags"));
}

TEST_CASE("the ply count reads every byte as unpacking does and says the same where it stops",
          "[store][packed]") {
    game::MoveRecord m;
    m.move = "weird-token";
    m.pv = {"pass", "2L", "63R"};
    m.nodes = std::uint64_t{1} << 40;
    m.depth = -3;
    m.score = protocol::Score{protocol::Score::Kind::Mate, -7};
    game::MoveRecord bare;
    bare.move = "1L";
    const std::string good = pack_moves({m, bare, m});
    REQUIRE(packed_ply_count(good).value() == 3);
    CHECK(packed_ply_count(pack_moves({})).value() == 0);
    std::vector<std::string> damaged{"", std::string(1, '\2') + good.substr(1)};
    for (std::size_t cut = 2; cut < good.size(); ++cut) damaged.push_back(good.substr(0, cut));
    for (std::size_t at = 1; at < good.size(); ++at) {
        std::string flipped = good;
        flipped[at] = static_cast<char>(flipped[at] ^ 0xF0);
        damaged.push_back(flipped);
    }
    damaged.push_back(good.substr(0, 1) + std::string(11, '\xff'));  // a varint past 64 bits
    for (const auto& value : damaged) {
        const auto moves = unpack_moves(value);
        const auto count = packed_ply_count(value);
        INFO("value of " << value.size() << " bytes");
        REQUIRE(moves.has_value() == count.has_value());
        if (moves)
            CHECK(*count == moves->size());
        else
            CHECK(count.error().message == moves.error().message);
    }
}
