"""cursor.py - the cursor.* ops of the example port (spec cursor-v1.md), cursor.game's 16 games included."""

import math
import re

from common import BadInput, MAX_SAFE, U64_MAX, hmac_sha256, p_array, p_get, p_int, p_str, sha256, utf8


def u64_to_unit(x):
    """Pinned: u = the 64-bit integer converted to binary64 once (round-to-nearest-even; Python's
    int -> float conversion rounds correctly) and divided by 2^64 (exact, a power of two).
    u = 1.0 exactly when x >= 2^64 - 2^10."""
    return float(x) / 18446744073709551616.0


def cursor_unit(key, client, nonce, cursor):
    # Seed: HMAC-SHA256(serverSeed, `${clientSeed}-${nonce}-${cursor}`); hi, lo big-endian.
    mac = hmac_sha256(key, client + b"-" + str(nonce).encode() + b"-" + str(cursor).encode())
    return u64_to_unit(int.from_bytes(mac[:8], "big"))


def draw(u, n):
    """Pinned: a draw of one of n outcomes is min(floor(u * n), n - 1), u * n in binary64."""
    return min(math.floor(u * n), n - 1)


def pool_hop(units, size):
    """Pinned: pool starts ascending 0..size-1; index = min(floor(u * remaining), remaining - 1);
    take pool[index]; swap pool[index] with pool[remaining - 1]; shrink."""
    # The pool is kept sparse (position -> item, for positions that moved) so that any size up
    # to 2^53 - 1 costs only the number of draws.
    moved = {}
    remaining = size
    picks = []
    for u in units:
        i = draw(u, remaining)
        last = remaining - 1
        item, item_last = moved.get(i, i), moved.get(last, last)
        picks.append(item)
        moved[i], moved[last] = item_last, item
        remaining -= 1
    return picks


def cur_seeds(params):
    # Pinned: the HMAC key is the server seed string's own UTF-8 bytes, as given.
    key = utf8("serverSeed", p_str(params, "serverSeed"))
    client = utf8("clientSeed", p_str(params, "clientSeed"))
    return key, client


def op_cur_unit(params):
    key, client = cur_seeds(params)
    nonce = p_int(params, "nonce", 0, MAX_SAFE)
    cursor = p_int(params, "cursor", 0, MAX_SAFE)
    return {"u": cursor_unit(key, client, nonce, cursor)}


_DECIMAL = re.compile(r"(0|[1-9][0-9]*)\Z")


def op_cur_u64_to_unit(params):
    s = p_get(params, "u64")
    if not isinstance(s, str) or not _DECIMAL.match(s) or int(s) > U64_MAX:
        raise BadInput("u64", "not a decimal u64")
    return {"u": u64_to_unit(int(s))}


def op_cur_pool_hop(params):
    units = p_array(params, "units")
    size = p_int(params, "size", 1, MAX_SAFE)
    for u in units:
        if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0.0 <= u <= 1.0:
            raise BadInput("units", "not a unit in [0, 1]")
    if len(units) > size:
        raise BadInput("units", "more draws than the pool holds")
    return {"picks": pool_hop([float(u) for u in units], size)}


def op_cur_commitment(params):
    # Pinned: hex(SHA-256(server seed string's UTF-8 bytes)).
    return {"commitment": sha256(utf8("serverSeed", p_str(params, "serverSeed"))).hex()}


def limbo(u):
    """spec cursor-v1.md §3.3: clamp(floor(0.99 / (1 - u) * 100), 100, 1000000) in binary64, in
    this order; u = 1.0 gives 1 - u = 0 and q = +infinity (IEEE), which clamps to 1000000."""
    t = 1.0 - u
    q = math.inf if t == 0.0 else 0.99 / t
    s = q * 100.0
    if s >= 1000000.0:          # also +infinity: clamp before converting to an integer
        return 1000000
    return max(100, math.floor(s))


def p_unit(params, name):
    """A JSON number in [0, 1] (spec cursor-v1.md §6)."""
    u = p_get(params, name)
    if isinstance(u, bool) or not isinstance(u, (int, float)) or not 0.0 <= u <= 1.0:
        raise BadInput(name, "not a number in [0, 1]")
    return float(u)


def op_cur_draw(params):
    # spec cursor-v1.md §6 (added op): draw(u, n) of §3.1.
    u = p_unit(params, "u")
    n = p_int(params, "n", 1, MAX_SAFE)
    return {"index": draw(u, n)}


def op_cur_limbo(params):
    # spec cursor-v1.md §6 (added op): §3.3.
    return {"hundredths": limbo(p_unit(params, "u"))}


# --- cursor.game (spec cursor-v1.md §4, §5) -----------------------------------------------------

MAX_COUNT = 1000      # §4: counts up to 1000 are accepted


class Round:
    """The units of one round, read by cursor; records every cursor read, in order."""

    def __init__(self, key, client, nonce):
        self.key, self.client, self.nonce = key, client, nonce
        self.cursors = []

    def u(self, cursor):
        self.cursors.append(cursor)
        return cursor_unit(self.key, self.client, self.nonce, cursor)


class Pool:
    """Pool hop (§3.2) over `items` (ascending), one draw at a time."""

    def __init__(self, items):
        self.items = list(items)
        self.remaining = len(self.items)

    def take(self, u):
        if self.remaining == 0:
            raise BadInput("options", "pool exhausted")
        i = draw(u, self.remaining)
        last = self.remaining - 1
        item = self.items[i]
        self.items[i], self.items[last] = self.items[last], self.items[i]
        self.remaining -= 1
        return item


def opt_check(options, names):
    """§4: options hold exactly the members the game defines (all required, none other)."""
    for k in options:
        if k not in names:
            raise BadInput(f"options.{k}", "unknown option")
    for k in names:
        if k not in options:
            raise BadInput(f"options.{k}", "missing option")


def opt_count(options, name, lo, hi=MAX_COUNT):
    return p_int(options, name, lo, hi)


def game_roulette(r, options):
    opt_check(options, ())
    return {"pocket": draw(r.u(0), 37)}                          # §5.1


def game_sicbo(r, options):
    opt_check(options, ())
    return {"dice": [draw(r.u(i), 6) + 1 for i in range(3)]}     # §5.2


def game_limbo(r, options):
    opt_check(options, ())
    return {"hundredths": limbo(r.u(0))}                         # §5.3


def game_koban(r, options):
    opt_check(options, ("flips",))
    n = opt_count(options, "flips", 1)
    return {"flips": [draw(r.u(i), 2) for i in range(n)]}        # §5.4


def game_blackjack(r, options):
    # §5.5: cursors 0 player1, 1 dealer-up, 2 player2, 3 dealer-hole, one per hit, one per dealer
    # draw; card = draw(u, 52) (infinite shoe).
    opt_check(options, ("actions", "dealerDraws"))
    actions = p_array(options, "actions")
    if len(actions) > MAX_COUNT:
        raise BadInput("options.actions", "too many actions")
    for i, a in enumerate(actions):
        if a not in ("hit", "stand") or not isinstance(a, str):
            raise BadInput("options.actions", "not hit or stand")
        if a == "stand" and i != len(actions) - 1:
            raise BadInput("options.actions", "stand must be last")
    draws = opt_count(options, "dealerDraws", 0)
    cursor = 0
    cards = []

    def card():
        nonlocal cursor
        c = draw(r.u(cursor), 52)
        cursor += 1
        cards.append(c)
        return c
    p1, up, p2, hole = card(), card(), card(), card()
    player, dealer = [p1, p2], [up, hole]
    for a in actions:
        if a == "hit":
            player.append(card())
    for _ in range(draws):
        dealer.append(card())
    return {"cards": cards, "player": player, "dealer": dealer}


def game_vpoker(r, options):
    # §5.6: one pool hop over 52; cursors 0..4 deal; then one per position not held, in order.
    opt_check(options, ("hold",))
    hold = p_array(options, "hold")
    if len(hold) != 5 or not all(isinstance(h, bool) for h in hold):
        raise BadInput("options.hold", "not 5 booleans")
    pool = Pool(range(52))
    deal = [pool.take(r.u(i)) for i in range(5)]
    final = list(deal)
    cursor = 5
    for i in range(5):
        if not hold[i]:
            final[i] = pool.take(r.u(cursor))
            cursor += 1
    return {"deal": deal, "final": final}


def game_holdem(r, options):
    # §5.7: player1, player2, dealer1, dealer2, flop1..3, (turn, river on call); one pool hop.
    opt_check(options, ("action",))
    action = p_get(options, "action")
    if action not in ("call", "fold") or not isinstance(action, str):
        raise BadInput("options.action", "not call or fold")
    pool = Pool(range(52))
    n = 9 if action == "call" else 7
    cards = [pool.take(r.u(i)) for i in range(n)]
    return {"cards": cards, "player": cards[0:2], "dealer": cards[2:4], "board": cards[4:]}


def game_bingo(r, options):
    # §5.8: column c draws 5 of 15c+1..15c+15 by pool hop at cursors 5c..5c+4; card[5c + r];
    # balls: 38 pool-hop draws over 1..75 at cursors 25..62.
    opt_check(options, ())
    card = []
    for c in range(5):
        pool = Pool(range(15 * c + 1, 15 * c + 16))
        card += [pool.take(r.u(5 * c + row)) for row in range(5)]
    pool = Pool(range(1, 76))
    balls = [pool.take(r.u(25 + k)) for k in range(38)]
    return {"card": card, "balls": balls}


def game_andar(r, options):
    # §5.9: boost units at cursors 0..4, then card k (pool hop over 52) at cursor 5 + k.
    opt_check(options, ("cards",))
    n = opt_count(options, "cards", 1, 52)
    boost = [r.u(i) for i in range(5)]
    pool = Pool(range(52))
    return {"boostUnits": boost, "cards": [pool.take(r.u(5 + k)) for k in range(n)]}


def game_chinchiro(r, options):
    # §5.10: cursor = side*9 + attempt*3 + d; die = draw(u, 6) + 1.
    opt_check(options, ("attempts",))
    attempts = p_array(options, "attempts")
    if not 1 <= len(attempts) <= MAX_COUNT:
        raise BadInput("options.attempts", "1..1000 sides")
    for a in attempts:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 3:
            raise BadInput("options.attempts", "attempts are 1..3")
    dice = []
    for side, n in enumerate(attempts):
        dice.append([[draw(r.u(side * 9 + a * 3 + d), 6) + 1 for d in range(3)]
                     for a in range(n)])
    return {"dice": dice}


def game_mines(r, options):
    # §5.11: mine k is a pool-hop draw over cells 0..24 at cursor k.
    opt_check(options, ("mines",))
    n = opt_count(options, "mines", 1, 24)
    pool = Pool(range(25))
    return {"mines": [pool.take(r.u(k)) for k in range(n)]}


def units_game(option, lo, count):
    """Games whose outcome is the units themselves (§5.12-5.16)."""
    def game(r, options):
        if option is None:
            opt_check(options, ())
            n = count(None)
        else:
            opt_check(options, (option,))
            n = count(opt_count(options, option, lo))
        return {"units": [r.u(i) for i in range(n)]}
    return game


GAMES = {
    "roulette": game_roulette,
    "sicbo": game_sicbo,
    "limbo": game_limbo,
    "koban": game_koban,
    "blackjack": game_blackjack,
    "vpoker": game_vpoker,
    "holdem": game_holdem,
    "bingo": game_bingo,
    "andar": game_andar,
    "chinchiro": game_chinchiro,
    "mines": game_mines,
    "hanabi": units_game("freeSpins", 0, lambda k: 15 * (k + 1)),     # §5.12
    "fuku": units_game(None, 0, lambda k: 1),                          # §5.13
    "omikuji": units_game("fillers", 0, lambda k: 4 + k),              # §5.14
    "pagoda": units_game("floors", 1, lambda k: k),                    # §5.15
    "plinko": units_game("rows", 1, lambda k: k),                      # §5.16
}


def op_cur_game(params):
    # §4: checked in the order game, serverSeed, clientSeed, nonce, options.
    game = p_get(params, "game")
    if not isinstance(game, str) or game not in GAMES:
        raise BadInput("game", "unknown game")
    key, client = cur_seeds(params)
    nonce = p_int(params, "nonce", 0, MAX_SAFE)
    options = p_get(params, "options")
    if not isinstance(options, dict):
        raise BadInput("options", "not an object")
    r = Round(key, client, nonce)
    try:
        outcome = GAMES[game](r, options)
    except BadInput as e:
        # An option is named by its path (`options.flips`), as every other bad option is.
        if e.field.startswith("options"):
            raise
        raise BadInput("options." + e.field, str(e).split(": ", 1)[-1]) from None
    return {"cursors": r.cursors, **outcome}


# OPS maps each op of this family to its function (params dict -> result dict; BadInput for
# input the spec calls invalid). fairvec_port.py gathers the OPS of every module beside it.
OPS = {
    "cursor.unit": op_cur_unit,
    "cursor.u64_to_unit": op_cur_u64_to_unit,
    "cursor.pool_hop": op_cur_pool_hop,
    "cursor.commitment": op_cur_commitment,
    "cursor.game": op_cur_game,
    "cursor.draw": op_cur_draw,
    "cursor.limbo": op_cur_limbo,
}
