#!/usr/bin/env node
// fairvec_port.js - an example port for `fairvec check-port` in Node.js (node:crypto only).
//
// One JSON request per line on stdin, one JSON reply per line on stdout (port protocol v1,
// specs/port-protocol.md). It implements every op of every family: hmac-dice-v1, cursor-v1,
// keno-v1, crash, tavla-commit-v1 and canonical JSON, each section citing its spec. A port of
// only some families lists only their ops in `hello`; check-port then skips the other vectors.
//   fairvec check-port --require-all -- node tests/ports/js/fairvec_port.js
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
// The request parser. JSON.parse would read 2.0 as 2, -0 as 0, keep the last of duplicate keys
// and round unsafe integers, all of which a spec calls bad input somewhere; this parser keeps them
// visible: Frac (a number written with a fraction or exponent), Big (an integer beyond 2^53 - 1),
// NegZero (the integer -0), and objects (without prototype) flagged DUP when a key repeats.
class Frac { constructor(v) { this.v = v; } }
class Big { constructor(v) { this.v = v; } }
class NegZero {}
const DUP = Symbol('duplicate key');
function parseJson(text) {
  let pos = 0;
  const fail = () => { throw new SyntaxError(`bad JSON at ${pos}`); };
  const ws = () => { while (pos < text.length && ' \t\r\n'.includes(text[pos])) pos++; };
  const lit = (word, v) => { if (text.startsWith(word, pos)) { pos += word.length; return v; } return fail(); };
  function string() {
    const m = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(pos, pos + 1e7));
    if (!m) fail();
    pos += m[0].length;
    return JSON.parse(m[0]);
  }
  function value(depth) {
    if (depth > 512) fail();
    ws();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const o = Object.create(null);
      ws();
      if (text[pos] === '}') { pos++; return o; }
      for (;;) {
        ws();
        if (text[pos] !== '"') fail();
        const k = string();
        ws();
        if (text[pos++] !== ':') fail();
        if (Object.hasOwn(o, k)) o[DUP] = true;
        o[k] = value(depth + 1);
        ws();
        const d = text[pos++];
        if (d === '}') return o;
        if (d !== ',') fail();
      }
    }
    if (c === '[') {
      pos++;
      const a = [];
      ws();
      if (text[pos] === ']') { pos++; return a; }
      for (;;) {
        a.push(value(depth + 1));
        ws();
        const d = text[pos++];
        if (d === ']') return a;
        if (d !== ',') fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(pos, pos + 1000));
    if (!m) fail();
    pos += m[0].length;
    if (m[2] || m[3]) return new Frac(Number(m[0]));
    if (m[0] === '-0') return new NegZero();
    const n = BigInt(m[0]);
    return n > BigInt(MAX_SAFE) || n < -BigInt(MAX_SAFE) ? new Big(n) : Number(n);
  }
  const v = value(1);
  ws();
  if (pos !== text.length) fail();
  return v;
}
const num = (v) => (v instanceof Frac ? v.v : v instanceof NegZero ? 0 : v);
function int(p, k, lo, hi) {  // a JSON integer (no fraction or exponent) in [lo, hi]
  const v = p[k] instanceof NegZero ? 0 : p[k];
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

// crash (specs/crash.md): four conventions over the leading 52 bits.
const E52 = 2 ** 52;
function convention(p) {
  if (!['betkyo-exact', 'bustabit-v1', 'bustabit-v2', 'bustabit-2025'].includes(p.convention)) throw new BadInput('convention: unknown');
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
  // Only the later bustabit chain hashes the 32 raw bytes; the others hash the lowercase hex text.
  return { link: sha256(conv === 'bustabit-2025' ? link : Buffer.from(link.toString('hex'), 'ascii')).toString('hex') };
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

// canonical JSON (specs/canonical-json.md): RFC 8785 restricted to objects, arrays, strings,
// true, false, null and integers |i| <= 2^53 - 1, nested at most 128 levels.
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function canonCheck(v, field, depth = 1) {
  if (v instanceof Frac || v instanceof Big || v instanceof NegZero) throw new BadInput(`${field}: not in the JSON subset`);
  if (typeof v === 'string' && LONE.test(v)) throw new BadInput(`${field}: lone surrogate`);
  if (v === null || typeof v !== 'object') return;
  if (depth > 128) throw new BadInput(`${field}: nested deeper than 128 levels`);
  if (v[DUP]) throw new BadInput(`${field}: duplicate key`);
  for (const k of Object.keys(v)) {
    if (LONE.test(k)) throw new BadInput(`${field}: lone surrogate`);
    canonCheck(v[k], field, depth + 1);
  }
}
const ESC = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
const canonString = (t) => '"' + t.replace(/["\\\u0000-\u001f]/g,
  (c) => ESC[c] || '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '"';
function canonSerialize(v) {
  if (Array.isArray(v)) return '[' + v.map(canonSerialize).join(',') + ']';
  if (v !== null && typeof v === 'object') {  // keys by UTF-16 code units: the default sort order
    return '{' + Object.keys(v).sort().map((k) => canonString(k) + ':' + canonSerialize(v[k])).join(',') + '}';
  }
  return typeof v === 'string' ? canonString(v) : String(v);
}
const canonicalValue = (v, field) => (canonCheck(v, field), canonSerialize(v));
function canonicalText(t, field) {
  if (LONE.test(t)) throw new BadInput(`${field}: lone surrogate`);
  let v;
  try { v = parseJson(t); } catch (e) { throw new BadInput(`${field}: not JSON`); }
  return canonicalValue(v, field);
}
function canonicalHex(p) {
  let t;
  try { t = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hex('jsonHex', p.jsonHex, 0, Infinity)); } catch (e) {
    if (e instanceof BadInput) throw e;
    throw new BadInput('json: not UTF-8');
  }
  const c = canonicalText(t, 'json');
  return { canonical: c, canonicalHex: Buffer.from(c, 'utf8').toString('hex') };
}

// tavla-commit-v1 (specs/tavla-commit-v1.md): a commitment, u32be counters, dice from a byte stream.
const CTX_COMMIT = Buffer.from('tavlarena-dice-commit-v1'), CTX_ROLL = Buffer.from('tavlarena-dice-roll-v1');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function uuid(k, v) {  // canonical 8-4-4-4-12 form, either case; bytes in written order
  if (typeof v !== 'string' || !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(v)) {
    throw new BadInput(`${k}: not a canonical UUID`);
  }
  return Buffer.from(v.replace(/-/g, ''), 'hex');
}
function two(p, k, each) {
  const a = arr(p, k);
  if (a.length !== 2) throw new BadInput(`${k}: must hold 2`);
  return a.map((x) => each(k, x));
}
const seats = (p) => two(p, 'seats', uuid);
const contributions = (p) => two(p, 'contributions', (k, x) => hex(k, x, 32, 32));
function sealCode(commitment) {  // Crockford base32 of the first 40 bits, as XXXX-XXXX
  const bits = BigInt('0x' + commitment.subarray(0, 5).toString('hex'));
  const c = range(0, 8).map((i) => CROCKFORD[Number((bits >> BigInt(35 - 5 * i)) & 31n)]).join('');
  return c.slice(0, 4) + '-' + c.slice(4);
}
function readSealCode(k, code) {  // case and '-' ignored, O -> 0, I and L -> 1; 8 symbols
  if (typeof code !== 'string') throw new BadInput(`${k}: not a string`);
  const symbols = [];
  for (const ch of code) {
    if (ch === '-') continue;
    const u = /^[a-z]$/.test(ch) ? ch.toUpperCase() : ch, c = { O: '0', I: '1', L: '1' }[u] || u;
    if (!CROCKFORD.includes(c) || c.length !== 1) throw new BadInput(`${k}: not a seal code symbol`);
    symbols.push(c);
  }
  if (symbols.length !== 8) throw new BadInput(`${k}: not 8 symbols`);
  return symbols.slice(0, 4).join('') + '-' + symbols.slice(4).join('');
}
function commit(gameId, st, settingsHash, seed) {
  return sha256(Buffer.concat([CTX_COMMIT, gameId, settingsHash, st[0], st[1], seed]));
}
const u32be = (n) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
const blockMac = (seed, gameId, c, n, block) => hmac(seed, Buffer.concat([CTX_ROLL, gameId, c[0], c[1], u32be(n), u32be(block)]));
function tavlaPick(blocks) {  // bytes left to right across blocks, 252..255 skipped, die = byte % 6 + 1
  const dice = [];
  for (let count = 1; count <= blocks.length; count++) {
    for (const b of blocks[count - 1]) {
      if (b < 252) dice.push((b % 6) + 1);
      if (dice.length === 2) return { dice, blocks: count };
    }
  }
  return null;
}
function tavlaDice(seed, gameId, c, n) {
  const blocks = [];
  for (let block = 0; block < 1000; block++) {
    blocks.push(blockMac(seed, gameId, c, n, block));
    const picked = tavlaPick(blocks);
    if (picked) return picked.dice;
  }
  throw new BadInput('seed: no two accepted bytes');
}
function tavlaInputs(p) {
  return [hex('seed', p.seed, 32, 32), uuid('gameId', p.gameId), contributions(p), int(p, 'n', 1, 2 ** 32 - 1)];
}
function tavlaGame(p) {  // openings until the dice differ, a reroll if asked, then the moves
  const seed = hex('seed', p.seed, 32, 32), gameId = uuid('gameId', p.gameId), c = contributions(p);
  if (p.opening !== 'play' && p.opening !== 'reroll') throw new BadInput('opening: not play or reroll');
  const moves = int(p, 'moves', 0, 100000), rolls = [];
  let n = 1;
  const add = (kind) => { const dice = tavlaDice(seed, gameId, c, n); rolls.push({ n: n++, kind, dice }); return dice; };
  for (;;) { const d = add('opening'); if (d[0] !== d[1]) break; }
  if (p.opening === 'reroll') add('reroll');
  for (let k = 0; k < moves; k++) add('move');
  return { rolls };
}
function exactMembers(o, names, prefix = '') {
  for (const k of Object.keys(o)) if (!names.includes(k)) throw new BadInput(`${prefix}${k}: unknown member`);
  for (const k of names) if (!Object.hasOwn(o, k)) throw new BadInput(`${prefix}${k}: missing member`);
}
function parseProof(text) {
  if (LONE.test(text)) throw new BadInput('proof: lone surrogate');
  let v;
  try { v = parseJson(text); } catch (e) { throw new BadInput('proof: not JSON'); }
  canonCheck(v, 'proof');
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new BadInput('proof: not an object');
  exactMembers(v, ['format', 'version', 'gameId', 'seats', 'settings', 'settingsHash', 'seed', 'contributions',
    'commitment', 'sealCode', 'rolls']);
  if (v.format !== 'tavla-commit-proof') throw new BadInput('format: not tavla-commit-proof');
  if (v.version !== 1) throw new BadInput('version: not 1');
  const proof = { gameId: uuid('gameId', v.gameId), seats: seats(v), settings: v.settings,
    settingsHash: hex('settingsHash', v.settingsHash, 32, 32), seed: hex('seed', v.seed, 32, 32),
    contributions: contributions(v), commitment: hex('commitment', v.commitment, 32, 32) };
  if (v.settings === null || typeof v.settings !== 'object' || Array.isArray(v.settings)) throw new BadInput('settings: not an object');
  if (typeof v.sealCode !== 'string') throw new BadInput('sealCode: not a string');
  proof.sealCode = readSealCode('sealCode', v.sealCode);
  if (!Array.isArray(v.rolls)) throw new BadInput('rolls: not an array');
  proof.rolls = v.rolls.map((r, i) => {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) throw new BadInput(`rolls[${i}]: not an object`);
    exactMembers(r, ['n', 'kind', 'dice'], `rolls[${i}].`);
    const n = int(r, 'n', 1, 2 ** 32 - 1);
    if (!['opening', 'reroll', 'move'].includes(r.kind)) throw new BadInput(`rolls[${i}].kind: unknown kind`);
    if (!Array.isArray(r.dice) || r.dice.length !== 2 || !r.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
      throw new BadInput(`rolls[${i}].dice: not two dice`);
    }
    return { n, kind: r.kind, dice: r.dice };
  });
  return proof;
}
function verifyProof(p) {  // the checks in order; the first that fails is reported
  const proof = parseProof(str(p, 'proof'));
  let digest = null, seal = null;
  const e = p.expectedCommitment;
  if (e !== undefined && e !== null) {
    if (typeof e !== 'string') throw new BadInput('expectedCommitment: not a string');
    if (/^[0-9a-fA-F]{64}$/.test(e)) digest = Buffer.from(e, 'hex');
    else if (e.length < 32) seal = readSealCode('expectedCommitment', e);
    else throw new BadInput('expectedCommitment: neither a digest nor a seal code');
  }
  const result = (failed) => ({ verified: failed === null, failedCheck: failed });
  const settingsHash = sha256(Buffer.from(canonicalValue(proof.settings, 'settings'), 'utf8'));
  if (!settingsHash.equals(proof.settingsHash)) return result('settingsHash');
  const commitment = commit(proof.gameId, proof.seats, settingsHash, proof.seed);
  if (!commitment.equals(proof.commitment)) return result('commitment');
  if (sealCode(commitment) !== proof.sealCode) return result('sealCode');
  if ((digest && !digest.equals(commitment)) || (seal && seal !== sealCode(commitment))) return result('expectedCommitment');
  let previous = null;
  for (let i = 0; i < proof.rolls.length; i++) {
    const r = proof.rolls[i];
    if (r.n !== i + 1) return result(`rolls[${i}].n`);
    const dice = tavlaDice(proof.seed, proof.gameId, proof.contributions, r.n);
    if (dice[0] !== r.dice[0] || dice[1] !== r.dice[1]) return result(`rolls[${i}].dice`);
    const allowed = previous === null ? ['opening'] : previous.kind !== 'opening' ? ['move']
      : previous.dice[0] === previous.dice[1] ? ['opening'] : ['reroll', 'move'];
    if (!allowed.includes(r.kind)) return result(`rolls[${i}].kind`);
    previous = r;
  }
  return result(null);
}

// Recorded rolls (specs/hmac-dice-v1.md §4): a bare string, unnumbered rolls or numbered rolls.
const ROLL = /^[1-6]{2}$/, MAX_ROLLS = 100000;
function rollNumber(token) {  // [style, digits] of a marker N:, N. or #N
  for (const [style, re] of [['colon', /^([0-9]+):$/], ['dot', /^([0-9]+)\.$/], ['hash', /^#([0-9]+)$/]]) {
    const m = re.exec(token);
    if (m) return [style, m[1]];
  }
  return null;
}
function parseRecorded(text) {
  const tokens = text.split(/[ \t\r\n]+/).filter((t) => t);
  const bad = (why) => { throw new BadInput(`recorded: ${why}`); };
  if (tokens.length === 0) bad('empty listing');
  if (tokens.length === 1 && tokens[0].length > 2 && /^[0-9]+$/.test(tokens[0])) {
    if (tokens[0].length % 2 || !/^[1-6]+$/.test(tokens[0])) bad('not a bare roll string');
    return tokens[0];
  }
  const first = rollNumber(tokens[0]);
  if (!first) {
    if (!tokens.every((t) => ROLL.test(t))) bad('not a roll');
    return tokens.join('');
  }
  if (tokens.length % 2) bad('a roll number without its roll');
  const rolls = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const marker = rollNumber(tokens[i]);
    if (!marker || marker[0] !== first[0]) bad("not a roll number of the listing's style");
    const digits = marker[1];
    if ((digits.length > 1 && digits[0] === '0') || Number(digits) !== i / 2 + 1) bad('roll number out of place');
    if (!ROLL.test(tokens[i + 1])) bad('not a roll');
    rolls.push(tokens[i + 1]);
  }
  return rolls.join('');
}

// Links (specs/hmac-dice-v1.md §5): v0 /<lang>/check/?seed=…, v1 /<lang>/check/#v=1&s=….
const KEYS = { 0: ['seed', 'seal', 'client', 'n', 'rolls'], 1: ['v', 's', 'c', 'p', 'r', 'g'] };
function count(k, t) {
  if (!/^[1-9][0-9]*$/.test(t) || Number(t) > MAX_ROLLS) throw new BadInput(`${k}: not a count 1..100000`);
  return Number(t);
}
function percentDecode(t) {  // %XX decoded after splitting; '+' stays '+'
  const bytes = [];
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '%') {
      if (!/^[0-9a-fA-F]{2}$/.test(t.slice(i + 1, i + 3))) throw new BadInput('link: bad percent escape');
      bytes.push(parseInt(t.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(t[i], 'utf8'));
    }
  }
  try { return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes)); } catch (e) {
    throw new BadInput('link: percent escape is not UTF-8');
  }
}
const checkSeeds = (k, s) => {
  if (s.length < 1 || s.length > 2 || !s.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x))) {
    throw new BadInput(`${k}: 1 or 2 seeds of [A-Za-z0-9_-]{1,128}`);
  }
  return s;
};
const checkSeal = (k, seal) => (seal === '' ? '' : hex(k, seal, 32, 32).toString('hex'));
function parseLink(link) {
  let rest = link, lang = '';
  const bad = (why) => { throw new BadInput(`link: ${why}`); };
  const scheme = /^https?:\/\//i.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    const end = [rest.indexOf('/'), rest.indexOf('?'), rest.indexOf('#')].filter((i) => i >= 0).concat(rest.length);
    const host = rest.slice(0, Math.min(...end));
    rest = rest.slice(host.length);
    if (!/^[A-Za-z0-9._:\[\]-]+$/.test(host)) bad('bad host');
    if (!rest.startsWith('/')) bad('a link with a host needs the path');
  }
  if (rest.startsWith('/')) {
    const end = Math.min(...[rest.indexOf('?'), rest.indexOf('#')].filter((i) => i >= 0).concat(rest.length));
    const m = /^\/([a-z]{2,3})\/check\/?$/.exec(rest.slice(0, end));
    if (!m) bad('path is not /<lang>/check/');
    lang = m[1];
    rest = rest.slice(end);
  }
  let version, data;
  if (rest.startsWith('#')) [version, data] = [1, rest.slice(1)];
  else if (rest.startsWith('?')) {
    if (rest.includes('#')) bad('query and fragment');
    [version, data] = [0, rest.slice(1)];
  } else bad('no query or fragment');
  if (data === '') bad('empty data');
  const f = {};
  for (const raw of data.split('&')) {
    const eq = raw.indexOf('=');
    if (raw === '' || eq < 0) bad('malformed field');
    const key = percentDecode(raw.slice(0, eq)), value = percentDecode(raw.slice(eq + 1));
    if (key === '') bad('empty key');
    if (!KEYS[version].includes(key)) bad('unknown key');  // keys are case-sensitive
    if (Object.hasOwn(f, key)) throw new BadInput(`link.${key}: duplicate key`);
    f[key] = value;
  }
  const [kSeed, kSeal, kClient, kRolls] = version === 0 ? ['seed', 'seal', 'client', 'rolls'] : ['s', 'c', 'p', 'r'];
  for (const k of version === 0 ? ['seed', 'client', 'n'] : ['v', 's', 'p', 'r']) {
    if (!Object.hasOwn(f, k)) throw new BadInput(`link.${k}: missing`);
  }
  if (version === 1 && f.v !== '1') throw new BadInput('link.v: unknown version');
  const server = hex(`link.${kSeed}`, f[kSeed], 16, 64).toString('hex');
  const seal = checkSeal(`link.${kSeal}`, f[kSeal] || '');
  const seeds = checkSeeds(`link.${kClient}`, f[kClient].split(','));
  const recorded = f[kRolls] || '';
  if (recorded && !/^([1-6]{2})+$/.test(recorded)) throw new BadInput(`link.${kRolls}: not the bare form`);
  if (version === 1 && recorded === '') throw new BadInput('link.r: empty');
  let rolls, games = [];
  if (version === 0) {
    rolls = count('link.n', f.n);
    if (recorded && recorded.length / 2 !== rolls) throw new BadInput('link.n: count mismatch');
  } else {
    rolls = recorded.length / 2;
    if (rolls > MAX_ROLLS) throw new BadInput('link.r: too many rolls');
    if (f.g) {
      games = f.g.split(',').map((x) => count('link.g', x));
      if (games.reduce((a, b) => a + b, 0) !== rolls) throw new BadInput('link.g: games do not add up');
    }
  }
  return { version, lang, serverSeed: server, seal, clientSeeds: seeds, rolls, recorded, games };
}
function games(p, rolls) {
  const g = arr(p, 'games');
  if (!g.every((x) => Number.isInteger(x) && x >= 1 && x <= MAX_ROLLS)) throw new BadInput('games: not a game length');
  if (g.length && g.reduce((a, b) => a + b, 0) !== rolls) throw new BadInput('games: games do not add up');
  return g;
}
function buildLink(p) {
  const version = int(p, 'version', 0, 1), lang = str(p, 'lang');
  if (lang && !/^[a-z]{2,3}$/.test(lang)) throw new BadInput('lang: not 2 or 3 lowercase letters');
  const server = serverSeed(p).toString('hex'), seal = checkSeal('seal', str(p, 'seal'));
  const seeds = checkSeeds('clientSeeds', arr(p, 'clientSeeds')), rolls = int(p, 'rolls', 1, MAX_ROLLS);
  const recorded = str(p, 'recorded');
  if (recorded && (!/^([1-6]{2})+$/.test(recorded) || recorded.length / 2 !== rolls)) throw new BadInput('recorded: not the bare form');
  const g = games(p, rolls), fields = [];
  if (version === 0) {
    if (g.length) throw new BadInput('games: a v0 link has no games');
    fields.push(['seed', server]);
    if (seal) fields.push(['seal', seal]);
    fields.push(['client', seeds.join(',')], ['n', String(rolls)]);
    if (recorded) fields.push(['rolls', recorded]);
  } else {
    if (!recorded) throw new BadInput('recorded: a v1 link needs the rolls');
    fields.push(['v', '1'], ['s', server]);
    if (seal) fields.push(['c', seal]);
    fields.push(['p', seeds.join(',')], ['r', recorded]);
    if (g.length) fields.push(['g', g.join(',')]);
  }
  return { link: (lang ? `/${lang}/check/` : '') + (version === 0 ? '?' : '#') + fields.map(([k, v]) => `${k}=${v}`).join('&') };
}
function verifyMatch(p) {  // the whole match: seal, every roll, per-game opening summary
  const key = serverSeed(p), seal = checkSeal('seal', str(p, 'seal')), seeds = clientSeeds(p);
  const rolls = int(p, 'rolls', 1, MAX_ROLLS), listing = str(p, 'recorded');
  const recorded = listing !== '' ? parseRecorded(listing) : '';
  if (recorded && recorded.length / 2 !== rolls) throw new BadInput('recorded: count mismatch');
  let g = games(p, rolls);
  if (!g.length) g = [rolls];
  const computedSeal = sha256(key).toString('hex');
  const sealStatus = !seal ? 'absent' : seal === computedSeal ? 'match' : 'mismatch';
  const dice = range(1, rolls + 1).map((n) => roll({ serverSeed: p.serverSeed, clientSeeds: seeds, roll: n }).dice.join(''));
  const mismatches = [], gameSummary = [];
  let first = 1;
  g.forEach((length, gi) => {
    let ties = 0, opening = null;
    for (let k = 0; k < length; k++) {
      const n = first + k, got = recorded.slice(2 * (n - 1), 2 * n);
      if (recorded && got !== dice[n - 1]) mismatches.push({ roll: n, game: gi + 1, rollInGame: k + 1, expected: dice[n - 1], recorded: got });
      if (opening === null) {
        if (dice[n - 1][0] === dice[n - 1][1]) ties++;
        else opening = n;
      }
    }
    gameSummary.push({ game: gi + 1, firstRoll: first, rolls: length, openingTies: ties, openingRoll: opening });
    first += length;
  });
  const verdict = sealStatus === 'mismatch' ? 'seal_mismatch' : mismatches.length ? 'roll_mismatch'
    : seal || recorded ? 'verified' : 'unchecked';
  return { verdict, computedSeal, sealStatus, dice: dice.join(''), mismatches, gameSummary };
}

const OPS = {
  'hmac_dice.seal': (p) => ({ seal: sha256(serverSeed(p)).toString('hex') }),
  'hmac_dice.roll': roll,
  'hmac_dice.message': (p) => ({ message: message(clientSeeds(p), int(p, 'roll', 1, MAX_SAFE), int(p, 'retry', 0, 1000)) }),
  'hmac_dice.pick': pick,
  'hmac_dice.parse_recorded': (p) => ({ recorded: parseRecorded(str(p, 'text')) }),
  'hmac_dice.parse_link': (p) => parseLink(str(p, 'link')),
  'hmac_dice.build_link': buildLink,
  'hmac_dice.verify_match': verifyMatch,
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
  'canonical_json': (p) => ({ canonical: canonicalText(str(p, 'json'), 'json') }),
  'canonical_json.hex': canonicalHex,
  'tavla.commitment': (p) => {
    const gameId = uuid('gameId', p.gameId), st = seats(p), seed = hex('seed', p.seed, 32, 32);
    if (!('settings' in p)) throw new BadInput('settings: missing');
    const settingsHash = sha256(Buffer.from(canonicalValue(p.settings, 'settings'), 'utf8'));
    const c = commit(gameId, st, settingsHash, seed);
    return { settingsHash: settingsHash.toString('hex'), commitment: c.toString('hex'), sealCode: sealCode(c) };
  },
  'tavla.block': (p) => {
    const [seed, gameId, c, n] = tavlaInputs(p);
    return { mac: blockMac(seed, gameId, c, n, int(p, 'block', 0, 2 ** 32 - 1)).toString('hex') };
  },
  'tavla.pick': (p) => {
    const blocks = arr(p, 'blocks');
    if (blocks.length === 0) throw new BadInput('blocks: empty');
    const picked = tavlaPick(blocks.map((b) => hex('blocks', b, 32, 32)));
    if (!picked) throw new BadInput('blocks: fewer than two accepted bytes');
    return picked;
  },
  'tavla.roll': (p) => ({ dice: tavlaDice(...tavlaInputs(p)) }),
  'tavla.seal_code': (p) => ({ sealCode: readSealCode('code', str(p, 'code')) }),
  'tavla.game': tavlaGame,
  'tavla.verify_proof': verifyProof,
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
    req = parseJson(line);
  } catch (e) { /* answered as not a request */ }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
