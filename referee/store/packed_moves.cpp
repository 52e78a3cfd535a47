#include "store/packed_moves.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace oaq::store {

namespace {

constexpr unsigned char kVersion = 1;
constexpr unsigned kDepth = 1, kNodes = 2, kScoreShift = 2;
constexpr unsigned kScoreCp = 1, kScoreMate = 2;

void put_varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

void put_signed(std::string& out, std::int64_t v) {
    put_varint(out, (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
}

// The one-byte form of `<k><L|R>`, or 0 when the text has another form.
unsigned char short_token(std::string_view t) {
    if (t.size() < 2 || t.size() > 3 || (t.back() != 'L' && t.back() != 'R')) return 0;
    unsigned k = 0;
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        if (t[i] < '0' || t[i] > '9' || (i == 0 && t[i] == '0')) return 0;
        k = k * 10 + static_cast<unsigned>(t[i] - '0');
    }
    if (k < 1 || k > 63) return 0;
    return static_cast<unsigned char>(k << 1 | (t.back() == 'R' ? 1 : 0));
}

void put_token(std::string& out, std::string_view t) {
    if (auto b = short_token(t)) {
        out += static_cast<char>(b);
        return;
    }
    out += '\0';
    put_varint(out, t.size());
    out.append(t);
}

std::int64_t zigzag(std::uint64_t z) {
    return static_cast<std::int64_t>((z >> 1) ^ (~(z & 1) + 1));
}

class Reader {
  public:
    explicit Reader(std::string_view in) : in_(in) {}
    bool done() const { return at_ >= in_.size(); }
    std::size_t left() const { return in_.size() - at_; }
    // What stopped making sense and where (the first failure).
    std::string error() const {
        return failed() ? std::string(error_) + " (byte " + std::to_string(error_at_) + ")" : "";
    }
    bool failed() const { return error_ != nullptr; }

    unsigned char byte() {
        if (done()) return fail("ends in the middle of a ply"), 0;
        return static_cast<unsigned char>(in_[at_++]);
    }
    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const unsigned char b = byte();
            if (failed()) return 0;
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        return fail("a number longer than 64 bits"), 0;
    }
    std::string token() {
        const unsigned char b = byte();
        if (failed()) return {};
        if (b != 0) return std::to_string(b >> 1) + ((b & 1) ? 'R' : 'L');
        const std::uint64_t n = varint();
        if (failed()) return {};
        if (n > in_.size() - at_) return fail("a move longer than what is left"), std::string();
        std::string t(in_.substr(at_, n));
        at_ += n;
        return t;
    }
    // A varint read past: the same bytes checked, no value built (the ply count's check).
    void skip_varint() {
        for (int n = 0; n < 10; ++n) {
            if (done()) return fail("ends in the middle of a ply");
            if (!(static_cast<unsigned char>(in_[at_++]) & 0x80)) return;
        }
        fail("a number longer than 64 bits");
    }
    // A varint (Keep) or a varint read past (0).
    template <bool Keep>
    std::uint64_t number() {
        if constexpr (Keep) return varint();
        skip_varint();
        return 0;
    }
    // A token read past without building its text (the ply count's check).
    void skip_token() {
        const unsigned char b = byte();
        if (failed() || b != 0) return;
        const std::uint64_t n = varint();
        if (failed()) return;
        if (n > in_.size() - at_) return fail("a move longer than what is left");
        at_ += n;
    }
    // Kept as a pointer to the text and a position, so a Reader is a few words the compiler keeps
    // in registers (the merge counts the plies of every value it copies).
    void fail(const char* what) {
        if (failed()) return;
        error_ = what;
        error_at_ = at_;
    }

  private:
    std::string_view in_;
    std::size_t at_ = 0;
    const char* error_ = nullptr;
    std::size_t error_at_ = 0;
};

// One ply into `m`; with Keep false, `m` is not touched and the ply is only read past (every
// byte checked as when decoding, no text or record built: the ply count of the merge and of the
// integrity check).
template <bool Keep>
bool read_ply(Reader& r, game::MoveRecord& m) {
    if constexpr (Keep)
        m.move = r.token();
    else
        r.skip_token();
    const unsigned flags = r.byte();
    if (flags >> 4) r.fail("unknown flags");
    const auto time_used = r.number<Keep>();
    const auto time_left = zigzag(r.number<Keep>());
    const auto depth = (flags & kDepth) ? zigzag(r.number<Keep>()) : 0;
    const unsigned score = (flags >> kScoreShift) & 3;
    std::int64_t score_value = 0;
    if (score == kScoreCp || score == kScoreMate)
        score_value = zigzag(r.number<Keep>());
    else if (score != 0)
        r.fail("an unknown score kind");
    const auto nodes = (flags & kNodes) ? r.number<Keep>() : 0;
    const std::uint64_t pv = r.varint();
    if (pv > r.left()) r.fail("a principal variation longer than what is left");
    for (std::uint64_t i = 0; i < pv && !r.failed(); ++i) {
        if constexpr (Keep)
            m.pv.push_back(r.token());
        else
            r.skip_token();
    }
    if constexpr (Keep) {
        m.time_used = game::Microseconds{static_cast<std::int64_t>(time_used)};
        m.time_left = game::Microseconds{time_left};
        if (flags & kDepth) m.depth = static_cast<int>(depth);
        if (score == kScoreCp || score == kScoreMate) {
            m.score = protocol::Score{
                score == kScoreMate ? protocol::Score::Kind::Mate : protocol::Score::Kind::Cp,
                static_cast<int>(score_value)};
        }
        if (flags & kNodes) m.nodes = nodes;
    }
    return !r.failed();
}

template <typename OnPly>
Expected<Ok> read_all(std::string_view packed, OnPly on_ply) {
    Reader r(packed);
    if (!looks_packed(packed)) return fail("packed moves: not version 1 (byte 0)");
    r.byte();
    while (!r.done()) {
        game::MoveRecord m;
        if (!read_ply<true>(r, m)) return fail("packed moves: " + r.error());
        on_ply(std::move(m));
    }
    return Ok{};
}

}  // namespace

std::string pack_moves(const std::vector<game::MoveRecord>& moves) {
    constexpr auto kMaxNodes = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    std::string out;
    out.reserve(1 + 24 * moves.size());
    out += static_cast<char>(kVersion);
    for (const auto& m : moves) {
        put_token(out, m.move);
        unsigned flags = (m.depth ? kDepth : 0) | (m.nodes ? kNodes : 0);
        if (m.score)
            flags |= (m.score->kind == protocol::Score::Kind::Mate ? kScoreMate : kScoreCp)
                     << kScoreShift;
        out += static_cast<char>(flags);
        put_varint(out, static_cast<std::uint64_t>(std::max<std::int64_t>(0, m.time_used.count())));
        put_signed(out, m.time_left.count());
        if (m.depth) put_signed(out, *m.depth);
        if (m.score) put_signed(out, m.score->value);
        if (m.nodes) put_varint(out, std::min(*m.nodes, kMaxNodes));
        put_varint(out, m.pv.size());
        for (const auto& t : m.pv) put_token(out, t);
    }
    return out;
}

Expected<std::vector<game::MoveRecord>> unpack_moves(std::string_view packed) {
    std::vector<game::MoveRecord> moves;
    auto ok = read_all(packed, [&](game::MoveRecord&& m) { moves.push_back(std::move(m)); });
    if (!ok) return ok.error();
    return moves;
}

bool looks_packed(std::string_view packed) {
    return !packed.empty() && static_cast<unsigned char>(packed[0]) == kVersion;
}

Expected<std::size_t> packed_ply_count(std::string_view packed) {
    if (!looks_packed(packed)) return fail("packed moves: not version 1 (byte 0)");
    Reader r(packed);
    r.byte();
    game::MoveRecord unused;  // read_ply<false> never touches it
    std::size_t n = 0;
    for (; !r.done(); ++n)
        if (!read_ply<false>(r, unused)) return fail("packed moves: " + r.error());
    return n;
}

}  // namespace oaq::store
