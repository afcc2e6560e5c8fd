#!/usr/bin/env node
// fairvec_port.js - an example port for `fairvec check-port` in Node.js (node:crypto only).
//
// One JSON request per line on stdin, one JSON reply per line on stdout (port protocol v1,
// specs/port-protocol.md). It implements the hmac-dice-v1 roll layer (hmac_dice.seal, .roll,
// .message, .pick), cursor-v1 (all seven cursor.* ops, every game), keno-v1 (keno.draw,
// keno.pick) and crash (crash.point, .previous, .from_hash); `hello` lists exactly these, so
// check-port skips the vectors of other ops.
//   fairvec check-port --only 'keno_*' --only 'crash_*' -- node tests/ports/js/fairvec_port.js
'use strict';
const crypto = require('node:crypto');
const readline = require('node:readline');

class BadInput extends Error {}
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const hmac = (key, msg) => crypto.createHmac('sha256', key).update(msg).digest();
const sha256 = (data) => crypto.createHash('sha256').update(data).digest();

function str(p, k) {
  if (typeof p[k] !== 'string') throw new BadInput(`${k}: not a string`);
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(p[k])) throw new BadInput(`${k}: lone surrogate`);
  return p[k];
}
// JSON.parse reads 2.0 as 2, but a spec integer written 2.0 is bad input: after JSON.parse, a walk
// over the line in step with the value boxes every number written with a fraction or exponent.
class Frac { constructor(v) { this.v = v; } }
function markFractions(value, line) {
  // A tokenizer walk over the line in step with the value: strings skipped, numbers checked.
  let pos = 0;
  const skipWs = () => { while (' \t\r\n'.includes(line[pos])) pos++; };
  const walk = (v) => {
    skipWs();
    if (Array.isArray(v)) {
      pos++;
      for (let j = 0; j < v.length; j++) { v[j] = walk(v[j]); skipWs(); pos++; }
      if (v.length === 0) { skipWs(); pos++; }
      return v;
    }
    if (v !== null && typeof v === 'object') {
      pos++;
      const keys = Object.keys(v);
      if (keys.length === 0) { skipWs(); pos++; return v; }
      for (;;) {
        skipWs();
        const m = /^"(?:[^"\\]|\\.)*"/.exec(line.slice(pos));
        const key = JSON.parse(m[0]);
        pos += m[0].length;
        skipWs(); pos++;  // ':'
        v[key] = walk(v[key]);
        skipWs();
        if (line[pos++] === '}') return v;
      }
    }
    const m = /^(?:"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null)/.exec(line.slice(pos));
    pos += m[0].length;
    return typeof v === 'number' && (m[1] || m[2]) ? new Frac(v) : v;
  };
  return walk(value);
}
const num = (v) => (v instanceof Frac ? v.v : v);
function int(p, k, lo, hi) {  // a JSON integer (no fraction or exponent) in [lo, hi]
  const v = p[k];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new BadInput(`${k}: not an integer in range`);
  return v;
}
function unit(k, v) {  // a JSON number in [0, 1]
  v = num(v);
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new BadInput(`${k}: not a number in [0, 1]`);
  return v;
}
function hex(k, s, min, max) {
  if (typeof s !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(s)) throw new BadInput(`${k}: not hex`);
  const b = Buffer.from(s, 'hex');
  if (b.length < min || b.length > max) throw new BadInput(`${k}: wrong length`);
  return b;
}
function arr(p, k) {
  if (!Array.isArray(p[k])) throw new BadInput(`${k}: not an array`);
  return p[k];
}

// hmac-dice-v1 (specs/hmac-dice-v1.md): dice from the first MAC byte below 252.
const serverSeed = (p) => hex('serverSeed', p.serverSeed, 16, 64);
function clientSeeds(p) {
  const s = arr(p, 'clientSeeds');
  if (s.length < 1 || s.length > 2 || !s.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x))) {
    throw new BadInput('clientSeeds: 1 or 2 seeds of [A-Za-z0-9_-]{1,128}');
  }
  return s;
}
function message(seeds, roll, retry) {  // retry k appends k '+' to the last seed
  const parts = [...seeds];
  parts[parts.length - 1] += '+'.repeat(retry);
  return parts.join(':') + ':' + roll;
}
function pickFromMac(mac) {
  for (let i = 0; i < mac.length; i++) {
    if (mac[i] < 252) {
      const v = mac[i] % 36;
      return { dice: [Math.floor(v / 6) + 1, (v % 6) + 1], index: i };
    }
  }
  return null;
}
function roll(p) {
  const key = serverSeed(p), seeds = clientSeeds(p), n = int(p, 'roll', 1, MAX_SAFE);
  for (let retry = 0; retry <= 1000; retry++) {
    const picked = pickFromMac(hmac(key, message(seeds, n, retry)));
    if (picked) return { dice: picked.dice };
  }
  throw new BadInput('serverSeed: no byte below 252');
}
function pick(p) {
  const macs = arr(p, 'macs');
  if (macs.length === 0) throw new BadInput('macs: empty');
  const decoded = macs.map((m) => hex('macs', m, 32, 32));
  for (let k = 0; k < decoded.length; k++) {
    const picked = pickFromMac(decoded[k]);
    if (picked) return { dice: picked.dice, retry: k, index: picked.index };
  }
  throw new BadInput('macs: no byte below 252');
}

// keno-v1 (specs/keno-v1.md): a 10-link HMAC chain, 52 bits per ball, swap-to-end pool.
function kenoBalls(links) {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1), balls = [];
  links.forEach((digest, i) => {
    const remaining = 40 - i;
    const h = Number(BigInt('0x' + digest.subarray(0, 7).toString('hex')) >> 4n);
    const index = Math.floor((h / 2 ** 52) * remaining);
    balls.push(pool[index]);
    [pool[index], pool[remaining - 1]] = [pool[remaining - 1], pool[index]];
  });
  return { balls };
}
function kenoDraw(p) {
  let link = Buffer.from(str(p, 'randomHash'), 'utf8');
  const salt = Buffer.from(str(p, 'salt'), 'utf8'), links = [];
  for (let i = 0; i < 10; i++) {
    const d = hmac(salt, link);
    links.push(d);
    link = Buffer.from(d.toString('hex'), 'ascii');  // the next message is the lowercase hex text
  }
  return kenoBalls(links);
}
function kenoPick(p) {
  const links = arr(p, 'links');
  if (links.length !== 10) throw new BadInput('links: must hold 10 links');
  return kenoBalls(links.map((x) => hex('links', x, 32, 32)));
}

// crash (specs/crash.md): three conventions over the leading 52 bits.
const E52 = 2 ** 52;
function convention(p) {
  if (!['betkyo-exact', 'bustabit-v1', 'bustabit-v2'].includes(p.convention)) throw new BadInput('convention: unknown');
  return p.convention;
}
function crashFromValue(conv, value) {
  const h = BigInt('0x' + value.subarray(0, 7).toString('hex')) >> 4n;
  if (conv === 'betkyo-exact') return ((100n * 2n ** 52n - h) / (2n ** 52n - h)).toString();  // exact integers
  const hd = Number(h);
  if (conv === 'bustabit-v1') {
    if (BigInt('0x' + value.toString('hex')) % 101n === 0n) return '0';
    return BigInt(Math.floor((100 * E52 - hd) / (E52 - hd))).toString();  // the double's exact value
  }
  return BigInt(Math.max(100, Math.floor(99 / (1 - hd / E52)))).toString();  // String() would round it
}
function crashPoint(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  if (conv === 'betkyo-exact') {
    if ('salt' in p) throw new BadInput('salt: betkyo-exact takes no salt');
    return { hundredths: crashFromValue(conv, link) };
  }
  const salt = Buffer.from(str(p, 'salt'), 'utf8');
  const value = conv === 'bustabit-v1' ? hmac(Buffer.from(link.toString('hex'), 'ascii'), salt) : hmac(salt, link);
  return { hundredths: crashFromValue(conv, value) };
}
function crashPrevious(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  return { link: sha256(conv === 'bustabit-v2' ? link : Buffer.from(link.toString('hex'), 'ascii')).toString('hex') };
}

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
const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
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
  'hmac_dice.seal': (p) => ({ seal: sha256(serverSeed(p)).toString('hex') }),
  'hmac_dice.roll': roll,
  'hmac_dice.message': (p) => ({ message: message(clientSeeds(p), int(p, 'roll', 1, MAX_SAFE), int(p, 'retry', 0, 1000)) }),
  'hmac_dice.pick': pick,
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
  'keno.draw': kenoDraw,
  'keno.pick': kenoPick,
  'crash.point': crashPoint,
  'crash.previous': crashPrevious,
  'crash.from_hash': (p) => ({ hundredths: crashFromValue(convention(p), hex('hash', p.hash, 32, 32)) }),
};

function handle(req) {
  if (req === null || typeof req !== 'object' || !Number.isInteger(req.id)) {
    return { id: null, ok: false, error: 'bad_input', message: 'not a request' };
  }
  const { id, op } = req, params = req.params === undefined ? {} : req.params;
  if (op === 'hello') {
    if (params === null || params.protocol !== 1) return { id, ok: false, error: 'bad_input', message: 'protocol must be 1' };
    return { id, ok: true, result: { name: 'fairvec example port (node)', protocol: 1, ops: Object.keys(OPS) } };
  }
  if (!Object.hasOwn(OPS, op)) return { id, ok: false, error: 'unsupported' };
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return { id, ok: false, error: 'bad_input' };
  try {
    return { id, ok: true, result: OPS[op](params) };
  } catch (e) {
    if (e instanceof BadInput) return { id, ok: false, error: 'bad_input', message: 'params.' + e.message };
    throw e;
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let req = null;
  try {
    req = JSON.parse(line);
    req = markFractions(req, line);
  } catch (e) { /* answered as not a request */ }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
