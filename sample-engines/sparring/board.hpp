// oaq-sparring's own rules of Ô ăn quan, written from protocol-spec/rules.md alone (sections 1 to
// 5), as a bot author outside this repository would: it links nothing of oaq. Two players, the
// ring of 12 pits, quan_value 10, pieces in the mandarin pits; the two switches it plays are
// after_capture (relay or stop) and refill (borrow or own_or_lose), which give the presets
// standard, stop-after-capture and tg-standard. Anything else is refused by the caller (rules.md
// section 6, protocol-spec section 6). The board never does I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sparring {

struct RuleSet {
    bool stop_after_capture = false;  // after_capture=stop
    bool refill_or_lose = false;      // refill=own_or_lose
};

// Reads a Rules value: a preset name or switch=value items (rules.md 5.3). nullopt when the rules
// are not ones this bot plays; `why` then names the item.
std::optional<RuleSet> parse_rules(const std::string& text, std::string& why);

enum class End : std::uint8_t { None, Board, RefillImpossible, RefillLoss, Repetition, PlyLimit };

// A move: square 1..5 of the mover, +1 (R) or -1 (L).
struct Move {
    int square = 0;
    int dir = 0;
    bool operator==(const Move&) const = default;
};

std::string to_text(Move m);
std::optional<Move> parse_move(const std::string& text);

struct Board {
    int pits[12]{};   // citizens per pit, 0 = QW, 1..5 = S1..S5, 6 = QE, 7..11
    bool piece[2]{};  // the pieces still in QW (0) and QE (1)
    int stones[2]{};  // captured citizens, South then North
    int pieces[2]{};  // captured pieces
    int debt[2]{};    // citizens borrowed at refills
    int side = 0;     // 0 South, 1 North: to move
    End end = End::None;
    int loser = -1;  // for End::RefillLoss: the side that had to refill

    static Board start();
    // Reads the six fields of a position string (a seventh, shares, is ignored).
    static std::optional<Board> parse(const std::vector<std::string>& fields, std::string& why);

    bool is_over() const { return end != End::None; }
    bool is_legal(Move m) const;
    std::vector<Move> moves() const;
    // Sows `m` and resolves the turn, the end of the game and the next mover's refill.
    void play(Move m, const RuleSet& rules);
    // The score of `who` (rules.md 4.2) of the position as it is (settled once over).
    int score(int who) const;
    // +1 the side to move won, -1 lost, 0 drawn; only for a finished game.
    int result_for_mover() const;
    std::uint64_t hash() const;
    // Ends the game now (repetition, ply limit): settlement as for any end.
    void finish(End why);
    // The start of a turn: the mover refills if his five squares are empty (rules.md 3.1); a
    // position read from a string goes through it too (rules.md 5.2).
    void begin_turn(const RuleSet& rules);

  private:
    bool is_empty(int pit) const;
    void settle();
};

std::uint64_t perft(const Board& b, int depth, const RuleSet& rules);

}  // namespace sparring
