#!/usr/bin/env python3
"""oaq_random.py: a standalone O an quan bot in Python (standard library only).

It carries its own copy of the rules (rules.md: every switch and preset, and the ring of 3 or 4
seats of section 10), independent of the C++ rules library, and speaks the engine protocol
(protocol-spec/README.md, version 2) on stdin/stdout:

    ugi -> id name / id author / option ... / ugiok      isready -> readyok
    setoption name Rules value <rules string>             setoption name Seed value <n>
    setoption name Style value random|greedy              uginewgame
    setoption name Players value <2..4>                   (N-seat play, spec section 6.3)
    (a Rules value it cannot parse: `info string unsupported rules ...` and exit 1, spec section 6)
    position startpos|fen <6, 7 or 2N+2 fields> [moves ...]   go ... -> bestmove <move>
    stop, quit; anything else is ignored.

At a table of 3 or 4 seats it moves for the seat to move, and Style=greedy takes the move that
gives its own seat the highest score (a move that ends the game: the best points first).

The move is uniformly random (Style=random, the default) or the one with the best immediate score
difference (Style=greedy; a move that wins or loses the game outright, as under refill=own_or_lose,
counts as the best or the worst), with a generator seeded by Seed (reseeded at uginewgame), so a
game replays exactly. It answers at once, so `stop` has nothing to interrupt. The optional seventh
field of a position (the shares of a session game, rules.md section 9) changes only settlement.

Debug modes, for cross-checking this copy of the rules against another implementation:
    oaq_random.py --perft <rules> <depth> [<position string>|startpos]   prints the perft count
    oaq_random.py --play <rules> <position string>|startpos <move>...    prints the position after
"""

import random
import sys

# ---- rules ---------------------------------------------------------------------------------

PRESETS = {
    "standard": "",
    "stop-after-capture": "after_capture=stop",
    "quan-non": "quan_non=5",
    "quan5": "quan_value=5",
    "no-empty-gap": "empty_quan_gap=no",
    "village": "quan_setup=stones10,direction=cw,after_capture=stop,end=first_mandarin_capture",
    "tg-standard": "after_capture=stop,refill=own_or_lose",
}

DEFAULTS = {
    "quan_value": 10,
    "quan_setup": "piece",
    "direction": "free",
    "empty_quan_gap": True,
    "after_capture": "relay",
    "chain": True,
    "quan_non": 0,
    "end": "mandarins_empty",
    "refill": "borrow",
    "players": 2,
}

CHOICES = {
    "quan_setup": ("piece", "stones10"),
    "direction": ("free", "cw", "ccw"),
    "after_capture": ("relay", "stop"),
    "end": ("mandarins_empty", "first_mandarin_capture"),
    "refill": ("borrow", "own_or_lose"),
}


class RulesError(ValueError):
    pass


def _apply(rules, item):
    if "=" not in item:
        raise RulesError("%r is not a preset name or a switch=value override" % item)
    key, value = item.split("=", 1)
    if key == "quan_value":
        if value not in ("10", "5"):
            raise RulesError("quan_value must be 10 or 5")
        rules[key] = int(value)
    elif key in ("empty_quan_gap", "chain"):
        if value not in ("yes", "no"):
            raise RulesError("%s must be yes or no" % key)
        rules[key] = value == "yes"
    elif key == "players":
        if value not in ("2", "3", "4"):
            raise RulesError("players must be 2, 3 or 4")
        rules[key] = int(value)
    elif key == "quan_non":
        if not value.isdigit() or int(value) > 70:
            raise RulesError("quan_non must be a whole number from 0 to 70")
        rules[key] = int(value)
    elif key in CHOICES:
        if value not in CHOICES[key]:
            raise RulesError("%s must be one of %s" % (key, ", ".join(CHOICES[key])))
        rules[key] = value
    else:
        raise RulesError("unknown switch %r" % key)


def parse_rules(text):
    """'standard', 'village', 'standard,quan_non=5' or a bare override list -> dict of switches."""
    if not text:
        raise RulesError("empty rules string")
    rules = dict(DEFAULTS)
    items = text.split(",")
    if "=" not in items[0]:
        if items[0] not in PRESETS:
            raise RulesError("unknown preset %r" % items[0])
        for item in filter(None, PRESETS[items[0]].split(",")):
            _apply(rules, item)
        items = items[1:]
    for item in items:
        _apply(rules, item)
    return rules


QW, QE = 0, 6
SOUTH, NORTH = 0, 1
NO_SHARES = (0,) * 10


def is_mandarin(pit):
    return pit % 6 == 0


def squares(side):
    """The pits of a seat's squares 1..5 (seat 0 = South = seat 1 of the texts)."""
    return range(6 * side + 1, 6 * side + 6)


class Position:
    """The board: citizens per pit, pieces still in the mandarin pits, seat to move, stores, debts
    (2 seats) or balances (3 or 4 seats, rules.md 10.4), shares, end. `n` is the number of seats:
    the ring has 6n pits, seat s owns pits 6s+1..6s+5, the mandarin pits are 0, 6, .., 6(n-1).

    shares[i] is the fifths of square i (S1..S5, N1..N5) its owner's opponent paid for (section 8);
    `lost` is set when the game ended because the side to move lost at a refill (own_or_lose)."""

    __slots__ = ("n", "pits", "piece", "side", "store", "pieces", "debt", "balance", "shares",
                 "over", "lost")

    def __init__(self, n=2):
        self.n = n
        self.pits = [0] * (6 * n)
        self.piece = [False] * n  # the mandarin pit 6m still holds its piece
        self.side = SOUTH
        self.store = [0] * n  # captured citizens
        self.pieces = [0] * n  # captured mandarin pieces
        self.debt = [0, 0]  # 2 seats only
        self.balance = [0] * n  # 3 or 4 seats only: citizens lent minus borrowed
        self.shares = NO_SHARES
        self.over = False
        self.lost = False

    def copy(self):
        p = Position.__new__(Position)
        p.n = self.n
        p.pits = self.pits[:]
        p.piece = self.piece[:]
        p.side = self.side
        p.store = self.store[:]
        p.pieces = self.pieces[:]
        p.debt = self.debt[:]
        p.balance = self.balance[:]
        p.shares = self.shares  # a tuple: never changes during a game
        p.over = self.over
        p.lost = self.lost
        return p

    def has_piece(self, pit):
        return pit % 6 == 0 and self.piece[pit // 6]

    def all_mandarins_empty(self):
        return all(self.is_empty(6 * m) for m in range(self.n))

    def is_empty(self, pit):
        return self.pits[pit] == 0 and not self.has_piece(pit)

    def __str__(self):
        cells = []
        for pit in range(6 * self.n):
            cells.append(("Q" if self.has_piece(pit) else "") + str(self.pits[pit]))
        if self.n > 2:  # rules.md 10.6: <pits> <seat> <stores 1..N> <balances 1..N>
            return " ".join([",".join(cells), str(self.side + 1)]
                            + ["%d+%d" % (self.store[s], self.pieces[s]) for s in range(self.n)]
                            + [str(b) for b in self.balance])
        text = "%s %s %d+%d %d+%d %d %d" % (
            ",".join(cells), "S" if self.side == SOUTH else "N",
            self.store[0], self.pieces[0], self.store[1], self.pieces[1], self.debt[0], self.debt[1])
        if any(self.shares):
            text += " " + ",".join(str(k) for k in self.shares)
        return text


def score(pos, side, rules):
    if pos.n > 2:
        return pos.store[side] + rules["quan_value"] * pos.pieces[side] + pos.balance[side]
    return (pos.store[side] + rules["quan_value"] * pos.pieces[side]
            - pos.debt[side] + pos.debt[1 - side])


def standings(pos, rules):
    """Every seat's points (rules.md 10.5): (seats ranked below + half the seats tied) / (n - 1);
    a seat that lost at a refill (the seat to move of a lost position) is last alone."""
    scores = [score(pos, s, rules) for s in range(pos.n)]
    loser = pos.side if pos.lost else None

    def below(s, o):
        if s == loser:
            return o != loser
        return o != loser and scores[o] > scores[s]

    points = []
    for s in range(pos.n):
        others = [o for o in range(pos.n) if o != s]
        worse = sum(1 for o in others if below(o, s))
        ties = sum(1 for o in others if not below(o, s) and not below(s, o))
        points.append((worse + 0.5 * ties) / (pos.n - 1))
    return points


def start_position(rules):
    n = rules["players"]
    p = Position(n)
    for side in range(n):
        for pit in squares(side):
            p.pits[pit] = 5
        if rules["quan_setup"] == "piece":
            p.piece[side] = True
        else:
            p.pits[6 * side] = 10
    return p


def settle(p):
    """The game is over: each side's own squares go to its own store, except that of x citizens on
    a square whose opponent paid k fifths the opponent gets floor(x * k / 5) (2 seats only)."""
    p.over = True
    if p.n > 2:
        for side in range(p.n):
            for pit in squares(side):
                p.store[side] += p.pits[pit]
                p.pits[pit] = 0
        return
    for side in (SOUTH, NORTH):
        for k, pit in enumerate(squares(side)):
            x = p.pits[pit]
            theirs = x * p.shares[5 * side + k] // 5
            p.store[side] += x - theirs
            p.store[1 - side] += theirs
            p.pits[pit] = 0


def begin_turn(p, rules):
    """Refill the mover's five empty squares (borrowing if needed), or end the game. Under
    refill=own_or_lose a mover below 5 points loses; his captured pieces pay for the refill."""
    if p.over or any(p.pits[pit] for pit in squares(p.side)):
        return
    me, them = p.side, 1 - p.side
    if rules["refill"] == "own_or_lose":
        if score(p, me, rules) < 5:
            p.lost = True
            settle(p)
            return
        while p.store[me] < 5 and p.pieces[me] > 0:
            p.pieces[me] -= 1
            p.store[me] += rules["quan_value"]
    if sum(p.store) < 5:
        settle(p)
        return
    own = min(p.store[me], 5)
    if p.n > 2:  # rules.md 10.4: borrow from the next seats in turn order, as balances
        p.store[me] -= own
        short = 5 - own
        for k in range(1, p.n):
            lender = (me + k) % p.n
            lent = min(p.store[lender], short)
            p.store[lender] -= lent
            p.balance[lender] += lent
            p.balance[me] -= lent
            short -= lent
        for pit in squares(me):
            p.pits[pit] = 1
        return
    p.store[me] -= own
    p.store[them] -= 5 - own
    p.debt[me] += 5 - own
    for pit in squares(me):
        p.pits[pit] = 1


def parse_ring_position(fields, rules):
    n = rules["players"]
    if len(fields) != 2 * n + 2:
        raise ValueError("a position of %d seats has %d fields" % (n, 2 * n + 2))
    cells = fields[0].split(",")
    if len(cells) != 6 * n:
        raise ValueError("%d pits expected" % (6 * n))
    p = Position(n)
    for pit, cell in enumerate(cells):
        if cell.startswith("Q"):
            if not is_mandarin(pit):
                raise ValueError("only a mandarin pit holds a piece")
            p.piece[pit // 6] = True
            cell = cell[1:]
        if not cell.isdigit():
            raise ValueError("bad cell %r" % cell)
        p.pits[pit] = int(cell)
    if not fields[1].isdigit() or not 1 <= int(fields[1]) <= n:
        raise ValueError("the seat to move must be 1..%d" % n)
    p.side = int(fields[1]) - 1
    for side, store in enumerate(fields[2:2 + n]):
        citizens, pieces = store.split("+")
        p.store[side], p.pieces[side] = int(citizens), int(pieces)
    p.balance = [int(b) for b in fields[2 + n:]]
    if sum(p.balance) != 0:
        raise ValueError("the balances must sum to 0")
    if rules["end"] == "mandarins_empty" and p.all_mandarins_empty():
        settle(p)
    else:
        begin_turn(p, rules)
    return p


def ring_seats(fields):
    """The seats of a ring position string (6N cells, N = 3 or 4), or 2."""
    cells = len(fields[0].split(",")) if fields else 0
    return cells // 6 if cells in (18, 24) else 2


def parse_position(text, rules):
    if text == "startpos":
        return start_position(rules)
    fields = text.split(" ")
    if rules["players"] > 2:
        return parse_ring_position(fields, rules)
    if len(fields) not in (6, 7):
        raise ValueError("a position has 6 fields, or 7 with the shares")
    cells = fields[0].split(",")
    if len(cells) != 12:
        raise ValueError("12 pits expected")
    p = Position()
    for pit, cell in enumerate(cells):
        if cell.startswith("Q"):
            if not is_mandarin(pit):
                raise ValueError("only QW and QE hold a piece")
            p.piece[0 if pit == QW else 1] = True
            cell = cell[1:]
        if not cell.isdigit():
            raise ValueError("bad cell %r" % cell)
        p.pits[pit] = int(cell)
    if fields[1] not in ("S", "N"):
        raise ValueError("side must be S or N")
    p.side = SOUTH if fields[1] == "S" else NORTH
    for side, store in enumerate(fields[2:4]):
        citizens, pieces = store.split("+")
        p.store[side], p.pieces[side] = int(citizens), int(pieces)
    p.debt = [int(fields[4]), int(fields[5])]
    if len(fields) == 7:
        shares = fields[6].split(",")
        if len(shares) != 10 or any(k not in "012345" or len(k) != 1 for k in shares):
            raise ValueError("the shares are 10 comma-separated digits 0..5")
        p.shares = tuple(int(k) for k in shares)
    if rules["end"] == "mandarins_empty" and p.is_empty(QW) and p.is_empty(QE):
        settle(p)
    else:
        begin_turn(p, rules)
    return p


def legal_moves(p, rules):
    if p.over:
        return []
    dirs = {"free": "LR", "cw": "L", "ccw": "R"}[rules["direction"]]
    first = 6 * p.side + 1
    return ["%d%s" % (k, d) for k in range(1, 6) if p.pits[first + k - 1] for d in dirs]


def play(pos, move, rules):
    """The position after a legal move (side passed, game ended and settled, or refill done)."""
    p = pos.copy()
    me = p.side
    step = 1 if move[1] == "R" else -1
    pit = int(move[0]) + 6 * me
    ring = 6 * p.n
    captured_mandarin = False

    def gap(q):
        return p.is_empty(q) and (rules["empty_quan_gap"] or not is_mandarin(q))

    def full_square(q):
        return not is_mandarin(q) and p.pits[q] > 0

    def capturable(q):
        if p.is_empty(q):
            return False
        protected = (rules["quan_non"] > 0 and is_mandarin(q) and p.has_piece(q)
                     and p.pits[q] < rules["quan_non"])
        return not protected

    while True:
        # Sow the square's citizens one by one (laps pass through the emptied square too).
        hand, p.pits[pit] = p.pits[pit], 0
        last = pit
        while hand:
            last = (last + step) % ring
            p.pits[last] += 1
            hand -= 1
        nxt = (last + step) % ring
        if full_square(nxt):
            pit = nxt
            continue
        if not gap(nxt):
            break
        target = (nxt + step) % ring
        relay = False
        while capturable(target):
            p.store[me] += p.pits[target]
            p.pits[target] = 0
            if is_mandarin(target):
                captured_mandarin = True
                idx = target // 6
                if p.piece[idx]:
                    p.piece[idx] = False
                    p.pieces[me] += 1
            after = (target + step) % ring
            if full_square(after):
                relay = rules["after_capture"] == "relay"
                pit = after
                break
            if not rules["chain"] or not gap(after):
                break
            target = (after + step) % ring
        if not relay:
            break

    p.side = (me + 1) % p.n
    if rules["end"] == "first_mandarin_capture":
        if captured_mandarin:
            settle(p)
            return p
    elif p.all_mandarins_empty():
        settle(p)
        return p
    begin_turn(p, rules)
    return p


def perft(p, depth, rules):
    if depth == 0:
        return 1
    total = 0
    for m in legal_moves(p, rules):
        after = play(p, m, rules)
        if depth == 1:
            total += 1
        elif not after.over:
            total += perft(after, depth - 1, rules)
    return total


# ---- protocol ------------------------------------------------------------------------------

class Bot:
    def __init__(self, out=sys.stdout):
        self.out = out
        self.rules = parse_rules("standard")
        self.seed = 1
        self.style = "random"
        self.rng = random.Random(self.seed)
        self.position = start_position(self.rules)
        self.position_command = ["startpos"]
        self.unsupported = False

    def send(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    def setoption(self, tokens):
        if "name" not in tokens:
            return True
        i = tokens.index("name")
        j = tokens.index("value") if "value" in tokens else len(tokens)
        name = " ".join(tokens[i + 1:j]).lower()
        value = " ".join(tokens[j + 1:])
        if name == "rules":
            try:
                self.rules = parse_rules(value)
            except RulesError as e:
                # Spec section 6: rules we cannot play end the session instead of a wrong game.
                self.send("info string unsupported rules %s: %s" % (value, e))
                self.unsupported = True
                return False
            return True
        try:
            if name == "players":
                # Spec 6.3: the seats of the next game, told again by the Rules (players=N).
                if value not in ("2", "3", "4"):
                    raise ValueError("Players is 2, 3 or 4")
                self.rules = dict(self.rules, players=int(value))
            elif name == "seed":
                self.seed = int(value)
                self.rng = random.Random(self.seed)
            elif name == "style":
                if value not in ("random", "greedy"):
                    raise ValueError("Style is random or greedy")
                self.style = value
            else:
                self.send("info string unknown option " + name)
        except ValueError as e:
            self.send("info string option %s not changed: %s" % (name, e))
        return True

    def resolve(self, tokens):
        """Applies `position ...` under the rules in force (the rules may come after it)."""
        if "moves" in tokens:
            k = tokens.index("moves")
            head, moves = tokens[:k], tokens[k + 1:]
        else:
            head, moves = tokens, []
        rules = self.rules
        if "startpos" in head:
            text = "startpos"
        else:
            fields = head[head.index("fen") + 1:]
            seats = ring_seats(fields)
            if rules["players"] == 2 and seats > 2:  # a ring string with no Rules sent: its shape
                rules = dict(rules, players=seats)
            text = " ".join(fields[:7] if rules["players"] == 2 else fields[:2 * seats + 2])
        p = parse_position(text, rules)
        for m in moves:
            if m not in legal_moves(p, rules):
                raise ValueError("illegal move " + m)
            p = play(p, m, rules)
        return p, rules

    def choose(self, p, rules):
        moves = legal_moves(p, rules)
        if self.style == "greedy" and p.n > 2:
            me = p.side

            def own(m):  # own score now; a move that ends the game: its points first
                after = play(p, m, rules)
                return (standings(after, rules)[me] if after.over else 0.5, score(after, me, rules))

            best = max(own(m) for m in moves)
            moves = [m for m in moves if own(m) == best]
        elif self.style == "greedy":
            me = p.side

            def gain(m):
                after = play(p, m, rules)
                if after.lost:  # the side to move after the move, the opponent, lost outright
                    return 1000
                return score(after, me, rules) - score(after, 1 - me, rules)

            best = max(gain(m) for m in moves)
            moves = [m for m in moves if gain(m) == best]
        return moves[self.rng.randrange(len(moves))]

    def handle(self, line):
        tokens = line.split()
        if not tokens:
            return True
        cmd = tokens[0]
        if cmd == "ugi":
            self.send("id name oaq-random-py")
            self.send("id author the oaq authors")
            self.send("id protocol 2")
            self.send("option name Rules type string default standard")
            self.send("option name Players type spin default 2 min 2 max 4")
            self.send("option name Seed type spin default 1 min 0 max 2000000000")
            self.send("option name Style type combo default random var random var greedy")
            self.send("ugiok")
        elif cmd == "isready":
            self.send("readyok")
        elif cmd == "setoption":
            return self.setoption(tokens)
        elif cmd == "uginewgame":
            self.rng = random.Random(self.seed)
        elif cmd == "position":
            self.position_command = tokens[1:]
        elif cmd == "go":
            try:
                p, rules = self.resolve(self.position_command)
            except (ValueError, IndexError) as e:
                self.send("info string bad position: %s" % e)
                self.send("bestmove (none)")
                return True
            if p.over:
                self.send("bestmove (none)")
            else:
                move = self.choose(p, rules)
                self.send("info depth 1 nodes 1 pv " + move)
                if "infinite" in tokens[1:]:
                    # `go infinite` searches until `stop` (protocol-spec 4.6): hold the answer.
                    self.pending = move
                else:
                    self.send("bestmove " + move)
        elif cmd == "stop":
            if getattr(self, "pending", None):
                self.send("bestmove " + self.pending)
                self.pending = None
        elif cmd == "quit":
            return False
        # Unknown commands: nothing to do.
        return True


def main(argv):
    if len(argv) >= 3 and argv[1] == "--perft":
        rules = parse_rules(argv[2])
        start = parse_position(" ".join(argv[4:]) if len(argv) > 4 else "startpos", rules)
        print(perft(start, int(argv[3]), rules))
        return 0
    if len(argv) >= 4 and argv[1] == "--play":
        rules = parse_rules(argv[2])
        args = argv[3:]
        if args[0] == "startpos":
            p, moves = start_position(rules), args[1:]
        elif " " in args[0]:  # the position string as one argument
            p, moves = parse_position(args[0], rules), args[1:]
        else:
            n = 7 if len(args) > 6 and "," in args[6] else 6  # the seventh field has commas
            p, moves = parse_position(" ".join(args[:n]), rules), args[n:]
        for m in moves:
            p = play(p, m, rules)
        print(p)
        return 0
    bot = Bot()
    while True:
        line = sys.stdin.readline()
        if not line:
            return 0
        if not bot.handle(line.strip()):
            return 1 if bot.unsupported else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
