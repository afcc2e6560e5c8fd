// cursor.js - the example port's ops of cursor-v1 (specs/cursor-v1.md): units per cursor, draws, limbo, the pool hop, every game.
'use strict';
const { BadInput, MAX_SAFE, arr, hex, hmac, int, range, sha256, str, unit } = require('./common.js');

// cursor-v1 (specs/cursor-v1.md): u = the first 8 MAC bytes, big-endian, as one double / 2^64.
function curSeeds(p) {
  return [Buffer.from(str(p, 'serverSeed'), 'utf8'), Buffer.from(str(p, 'clientSeed'), 'utf8')];
}
const u64ToUnit = (x) => Number(x) / 2 ** 64;  // Number(BigInt) rounds once, to nearest even
function cursorUnit(key, client, nonce, cursor) {
  const mac = hmac(key, Buffer.concat([client, Buffer.from(`-${nonce}-${cursor}`, 'ascii')]));
  return u64ToUnit(mac.readBigUInt64BE(0));
}
const draw = (u, n) => Math.min(Math.floor(u * n), n - 1);
function limbo(u) {
  const s = (0.99 / (1 - u)) * 100;  // 1 - u = 0 gives Infinity, clamped below
  return s >= 1000000 ? 1000000 : Math.max(100, Math.floor(s));
}
class Pool {  // pool hop: pick pool[i], swap it with the last remaining item, shrink
  constructor(items) { this.items = [...items]; this.remaining = this.items.length; }
  take(u) {
    if (this.remaining === 0) throw new BadInput('options: pool exhausted');
    const i = draw(u, this.remaining), last = --this.remaining, item = this.items[i];
    [this.items[i], this.items[last]] = [this.items[last], item];
    return item;
  }
}
function poolHop(p) {
  const units = arr(p, 'units').map((u) => unit('units', u)), size = int(p, 'size', 1, MAX_SAFE);
  if (units.length > size) throw new BadInput('units: more draws than the pool holds');
  const moved = new Map(), picks = [];  // sparse: only positions that moved
  let remaining = size;
  for (const u of units) {
    const i = draw(u, remaining), last = --remaining;
    const item = moved.has(i) ? moved.get(i) : i, itemLast = moved.has(last) ? moved.get(last) : last;
    picks.push(item);
    moved.set(i, itemLast);
    moved.set(last, item);
  }
  return { picks };
}
function options(o, names) {  // exactly the members the game defines
  for (const k of Object.keys(o)) if (!names.includes(k)) throw new BadInput(`options.${k}: unknown option`);
  for (const k of names) if (!(k in o)) throw new BadInput(`options.${k}: missing option`);
}
const unitsGame = (option, lo, count) => (r, o) => {
  options(o, option ? [option] : []);
  const n = count(option ? int(o, option, lo, 1000) : 0);
  return { units: range(0, n).map((i) => r.u(i)) };
};
const GAMES = {
  roulette: (r, o) => (options(o, []), { pocket: draw(r.u(0), 37) }),
  sicbo: (r, o) => (options(o, []), { dice: [0, 1, 2].map((i) => draw(r.u(i), 6) + 1) }),
  limbo: (r, o) => (options(o, []), { hundredths: limbo(r.u(0)) }),
  koban: (r, o) => (options(o, ['flips']), { flips: range(0, int(o, 'flips', 1, 1000)).map((i) => draw(r.u(i), 2)) }),
  blackjack(r, o) {  // cursors 0..3 deal p1, dealer up, p2, hole; then one per hit, one per dealer draw
    options(o, ['actions', 'dealerDraws']);
    const actions = arr(o, 'actions');
    if (actions.length > 1000) throw new BadInput('options.actions: too many');
    actions.forEach((a, i) => {
      if (a !== 'hit' && a !== 'stand') throw new BadInput('options.actions: not hit or stand');
      if (a === 'stand' && i !== actions.length - 1) throw new BadInput('options.actions: stand must be last');
    });
    const draws = int(o, 'dealerDraws', 0, 1000), cards = [];
    const card = () => { const c = draw(r.u(cards.length), 52); cards.push(c); return c; };
    const [p1, up, p2, hole] = [card(), card(), card(), card()];
    const player = [p1, p2], dealer = [up, hole];
    for (const a of actions) if (a === 'hit') player.push(card());
    for (let k = 0; k < draws; k++) dealer.push(card());
    return { cards, player, dealer };
  },
  vpoker(r, o) {
    options(o, ['hold']);
    const hold = arr(o, 'hold');
    if (hold.length !== 5 || !hold.every((h) => typeof h === 'boolean')) throw new BadInput('options.hold: not 5 booleans');
    const pool = new Pool(range(0, 52)), deal = range(0, 5).map((i) => pool.take(r.u(i))), final = [...deal];
    let cursor = 5;
    for (let i = 0; i < 5; i++) if (!hold[i]) final[i] = pool.take(r.u(cursor++));
    return { deal, final };
  },
  holdem(r, o) {
    options(o, ['action']);
    if (o.action !== 'call' && o.action !== 'fold') throw new BadInput('options.action: not call or fold');
    const pool = new Pool(range(0, 52));
    const cards = range(0, o.action === 'call' ? 9 : 7).map((i) => pool.take(r.u(i)));
    return { cards, player: cards.slice(0, 2), dealer: cards.slice(2, 4), board: cards.slice(4) };
  },
  bingo(r, o) {  // column c: 5 of 15c+1..15c+15 at cursors 5c..; balls: 38 of 1..75 at cursors 25..
    options(o, []);
    const card = [];
    for (let c = 0; c < 5; c++) {
      const pool = new Pool(range(15 * c + 1, 15 * c + 16));
      for (let row = 0; row < 5; row++) card.push(pool.take(r.u(5 * c + row)));
    }
    const pool = new Pool(range(1, 76));
    return { card, balls: range(0, 38).map((k) => pool.take(r.u(25 + k))) };
  },
  andar(r, o) {
    options(o, ['cards']);
    const n = int(o, 'cards', 1, 52), boostUnits = range(0, 5).map((i) => r.u(i)), pool = new Pool(range(0, 52));
    return { boostUnits, cards: range(0, n).map((k) => pool.take(r.u(5 + k))) };
  },
  chinchiro(r, o) {  // cursor = side * 9 + attempt * 3 + die
    options(o, ['attempts']);
    const attempts = arr(o, 'attempts');
    if (attempts.length < 1 || attempts.length > 1000) throw new BadInput('options.attempts: 1..1000 sides');
    if (!attempts.every((a) => Number.isInteger(a) && a >= 1 && a <= 3)) throw new BadInput('options.attempts: 1..3');
    return { dice: attempts.map((n, side) => range(0, n).map((a) => [0, 1, 2].map((d) => draw(r.u(side * 9 + a * 3 + d), 6) + 1))) };
  },
  mines(r, o) {
    options(o, ['mines']);
    const n = int(o, 'mines', 1, 24), pool = new Pool(range(0, 25));
    return { mines: range(0, n).map((k) => pool.take(r.u(k))) };
  },
  hanabi: unitsGame('freeSpins', 0, (k) => 15 * (k + 1)),
  fuku: unitsGame(null, 0, () => 1),
  omikuji: unitsGame('fillers', 0, (k) => 4 + k),
  pagoda: unitsGame('floors', 1, (k) => k),
  plinko: unitsGame('rows', 1, (k) => k),
};
function game(p) {  // checked in the order game, serverSeed, clientSeed, nonce, options
  if (typeof p.game !== 'string' || !Object.hasOwn(GAMES, p.game)) throw new BadInput('game: unknown game');
  const [key, client] = curSeeds(p), nonce = int(p, 'nonce', 0, MAX_SAFE), o = p.options;
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new BadInput('options: not an object');
  const cursors = [], r = { u: (c) => (cursors.push(c), cursorUnit(key, client, nonce, c)) };
  const outcome = GAMES[p.game](r, o);
  return { cursors, ...outcome };
}


const OPS = {
  'cursor.unit': (p) => {
    const [key, client] = curSeeds(p);
    return { u: cursorUnit(key, client, int(p, 'nonce', 0, MAX_SAFE), int(p, 'cursor', 0, MAX_SAFE)) };
  },
  'cursor.u64_to_unit': (p) => {
    if (typeof p.u64 !== 'string' || !/^(0|[1-9][0-9]*)$/.test(p.u64) || BigInt(p.u64) >= 2n ** 64n) {
      throw new BadInput('u64: not a decimal u64');
    }
    return { u: u64ToUnit(BigInt(p.u64)) };
  },
  'cursor.pool_hop': poolHop,
  'cursor.commitment': (p) => ({ commitment: sha256(Buffer.from(str(p, 'serverSeed'), 'utf8')).toString('hex') }),
  'cursor.game': game,
  'cursor.draw': (p) => ({ index: draw(unit('u', p.u), int(p, 'n', 1, MAX_SAFE)) }),
  'cursor.limbo': (p) => ({ hundredths: limbo(unit('u', p.u)) }),
};

module.exports = { OPS };
