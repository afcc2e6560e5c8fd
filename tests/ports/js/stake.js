// stake.js - the example port's ops of stake-v1 (specs/stake-v1.md): Stake's byte stream and
// floats, the game events, the layer over given floats, and crash points.
'use strict';
const { BadInput, MAX_SAFE, hmac, str, num, int, arr } = require('./common.js');

// S1-S5: |count| floats from byte |cursor| on; key and message as UTF-8 text.
function read(server, client, nonce, cursor, count) {
  const key = Buffer.from(server, 'utf8');
  let round = Math.floor(cursor / 32), off = cursor - round * 32;
  let mac = hmac(key, Buffer.from(`${client}:${nonce}:${round}`, 'utf8'));
  const floats = [];
  for (let i = 0; i < count; i++) {
    let f = 0;
    for (let j = 0; j < 4; j++) {
      if (off === 32) {
        round += 1;
        off = 0;
        mac = hmac(key, Buffer.from(`${client}:${nonce}:${round}`, 'utf8'));
      }
      f += mac[off++] / 256 ** (j + 1);
    }
    floats.push(f);
  }
  return floats;
}

function texts(p) {
  return [str(p, 'serverSeed'), str(p, 'clientSeed'), int(p, 'nonce', 0, MAX_SAFE)];
}

const GAMES = ['dice', 'limbo', 'roulette', 'wheel', 'plinko', 'mines', 'keno', 'diamonds', 'hilo', 'baccarat'];
const OPTIONS = { wheel: ['segments', 'risk'], plinko: ['rows', 'risk'], mines: ['mines'], keno: ['picks'] };
const RISKS = ['low', 'medium', 'high'];
const GEMS = ['green', 'purple', 'yellow', 'red', 'cyan', 'orange', 'blue'];
const SUITS = ['\u2666', '\u2665', '\u2660', '\u2663'];
const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const PLINKO = {
  8: { low: [0.5, 1, 1.1, 2.1, 5.6], medium: [0.4, 0.7, 1.3, 3, 13], high: [0.2, 0.3, 1.5, 4, 29] },
  9: { low: [0.7, 1, 1.6, 2, 5.6], medium: [0.5, 0.9, 1.7, 4, 18], high: [0.2, 0.6, 2, 7, 43] },
  10: { low: [0.5, 1, 1.1, 1.4, 3, 8.9], medium: [0.4, 0.6, 1.4, 2, 5, 22], high: [0.2, 0.3, 0.9, 3, 10, 76] },
  11: { low: [0.7, 1, 1.3, 1.9, 3, 8.4], medium: [0.5, 0.7, 1.8, 3, 6, 24], high: [0.2, 0.4, 1.4, 5.2, 14, 120] },
  12: { low: [0.5, 1, 1.1, 1.4, 1.6, 3, 10], medium: [0.3, 0.6, 1.1, 2, 4, 11, 33], high: [0.2, 0.2, 0.7, 2, 8.1, 24, 170] },
  13: { low: [0.7, 0.9, 1.2, 1.9, 3, 4, 8.1], medium: [0.4, 0.7, 1.3, 3, 6, 13, 43], high: [0.2, 0.2, 1, 4, 11, 37, 260] },
  14: { low: [0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1], medium: [0.2, 0.5, 1, 1.9, 4, 7, 15, 58], high: [0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420] },
  15: { low: [0.7, 1, 1.1, 1.5, 2, 3, 8, 15], medium: [0.3, 0.5, 1.3, 3, 5, 11, 18, 88], high: [0.2, 0.2, 0.5, 3, 8, 27, 83, 620] },
  16: { low: [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16], medium: [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110], high: [0.2, 0.2, 0.2, 2, 4, 9, 27, 130, 1000] },
};
const WHEEL_MEDIUM = {
  10: [0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3],
  20: [1.5, 0, 2, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.8, 0, 2, 0, 2, 0, 2, 0],
  30: [1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.7, 0, 4, 0, 1.5, 0, 2, 0],
  40: [2, 0, 3, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.6, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0],
  50: [2, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 1.5, 0, 1.5, 0, 5, 0, 1.5, 0, 2, 0, 1.5, 0],
};
const WHEEL_LOW = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0];
const WHEEL_TOP = { 10: 9.9, 20: 19.8, 30: 29.7, 40: 39.6, 50: 49.5 };

function game(p) {
  const g = str(p, 'game');
  if (!GAMES.includes(g)) throw new BadInput('game: not a stake-v1 game');
  return g;
}
function risk(o) {
  if (!RISKS.includes(o.risk)) throw new BadInput('options.risk: low, medium or high');
  return o.risk;
}
function picks(o) {
  const a = o.picks, seen = [];
  if (!Array.isArray(a) || a.length < 1 || a.length > 10) throw new BadInput('options.picks: 1 to 10 picks');
  for (const x of a) {
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 40 || seen.includes(x)) throw new BadInput('options.picks: 1..40, distinct');
    seen.push(x);
  }
  return seen;
}
// S21: the floats a game reads, once its options are checked.
function needed(g, o) {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new BadInput('options: not an object');
  const names = OPTIONS[g] || [];
  for (const k of Object.keys(o)) if (!names.includes(k)) throw new BadInput(`options.${k}: unknown`);
  for (const n of names) if (!Object.hasOwn(o, n)) throw new BadInput(`options.${n}: missing`);
  if (g === 'wheel') {
    if (int(o, 'segments', 10, 50) % 10) throw new BadInput('options.segments: 10..50 by 10');
    risk(o);
    return 1;
  }
  if (g === 'plinko') {
    const rows = int(o, 'rows', 8, 16);
    risk(o);
    return rows;
  }
  if (g === 'mines') return int(o, 'mines', 1, 24);
  if (g === 'keno') return picks(o), 10;
  return { diamonds: 5, hilo: 52, baccarat: 6 }[g] || 1;
}
function spliced(fl, n) {  // S14: splice, the pool keeps its order
  const pool = Array.from({ length: n }, (_, i) => i);
  return fl.map((f) => pool.splice(Math.floor(f * pool.length), 1)[0]);
}
function event(g, fl, o) {
  const f = fl[0];
  switch (g) {
    case 'dice': return { roll: Math.floor(f * 10001) / 100 };
    case 'limbo': {
      if (f === 0) throw new BadInput('floats: limbo of float 0');
      const floatPoint = 1e8 / (f * 1e8) * 0.99;
      return { multiplier: Math.max(Math.floor(floatPoint * 100) / 100, 1) };
    }
    case 'roulette': return { pocket: Math.floor(f * 37) };
    case 'wheel': {
      const n = o.segments, seg = Math.floor(f * n);
      const table = o.risk === 'low' ? Array.from({ length: n }, (_, i) => WHEEL_LOW[i % 10])
        : o.risk === 'medium' ? WHEEL_MEDIUM[n] : Array.from({ length: n }, (_, i) => (i === n - 1 ? WHEEL_TOP[n] : 0));
      return { segment: seg, multiplier: table[seg] };
    }
    case 'plinko': {
      const dirs = fl.map((x) => Math.floor(x * 2)), bucket = dirs.reduce((a, b) => a + b, 0);
      const half = PLINKO[fl.length][o.risk];
      const full = (fl.length % 2 === 0 ? half.slice(1) : half.slice()).reverse().concat(half);
      return { path: dirs.map((d) => (d ? 'right' : 'left')), bucket, multiplier: full[bucket] };
    }
    case 'mines': return { positions: spliced(fl, 25) };
    case 'keno': {
      const drawn = spliced(fl, 40).map((x) => x + 1);
      return { drawn, hits: picks(o).filter((x) => drawn.includes(x)).sort((a, b) => a - b) };
    }
    case 'diamonds': return { gems: fl.map((x) => GEMS[Math.floor(x * 7)]) };
    default: return { cards: fl.map((x) => Math.floor(x * 52)).map((i) => SUITS[i % 4] + RANKS[Math.floor(i / 4)]) };
  }
}

function floats(p) {
  const [server, client, nonce] = texts(p);
  return { floats: read(server, client, nonce, int(p, 'cursor', 0, MAX_SAFE), int(p, 'count', 1, 1024)) };
}
function gameRound(p) {
  const g = game(p), [server, client, nonce] = texts(p), need = needed(g, p.options);
  const fl = read(server, client, nonce, 0, need);
  return { floats: fl, ...event(g, fl, p.options) };
}
function gameEvent(p) {
  const g = game(p);
  const fl = arr(p, 'floats').map((x) => {
    const v = num(x);
    if (typeof v !== 'number' || !(v >= 0 && v < 1) || Math.floor(v * 2 ** 32) !== v * 2 ** 32) throw new BadInput('floats: not a 4-byte float');
    return v;
  });
  if (fl.length !== needed(g, p.options)) throw new BadInput('floats: count');
  return event(g, fl, p.options);
}
function crash(p) {
  const h = str(p, 'gameHash');
  if (!/^[0-9a-f]{64}$/.test(h)) throw new BadInput('gameHash: 64 lowercase hex digits');
  const mac = hmac(Buffer.from(h, 'utf8'), Buffer.from(str(p, 'salt'), 'utf8'));
  const i = mac.readUInt32BE(0);
  return { crashPoint: Math.floor(Math.max(1, (2 ** 32 / (i + 1)) * (1 - 0.01)) * 100) / 100 };
}

const OPS = {
  'stake.floats': floats,
  'stake.game': gameRound,
  'stake.event': gameEvent,
  'stake.crash': crash,
};

module.exports = { OPS };
