// stake.mjs - stake-v1 (specs/stake-v1.md): Stake's byte stream (round r = HMAC-SHA256(key = the
// server seed's text, msg = `${clientSeed}:${nonce}:${r}`), read from a byte cursor, 4 bytes per
// float), the game events, the translation over given floats and crash points
// (gen/schemes/stake.cc, stake_games.cc); the port ops. The page has no stake sub-form yet: players
// check a round with `fairvec verify stake`.
import { BadInput, utf8, hmacKey, hmacWith, toHex } from './core.mjs';
import { need, BARE, text, counter } from './params.mjs';
import { isObject, isNumber, intValue, numberValue } from './json.mjs';

export const MAX_COUNT = 1024;
const TWO32 = 2 ** 32;

// read returns |count| floats from byte |cursor| on (S1..S5).
export async function read(serverSeed, clientSeed, nonce, cursor, count) {
  const key = await hmacKey(utf8(serverSeed));
  let round = Math.floor(cursor / 32), off = cursor - round * 32;
  const mac = async () => hmacWith(key, utf8(`${clientSeed}:${nonce}:${round}`));
  let m = await mac();
  const floats = [];
  for (let i = 0; i < count; i++) {
    let f = 0;
    for (let j = 0; j < 4; j++) {
      if (off === 32) {
        round += 1;
        off = 0;
        m = await mac();
      }
      f += m[off++] / 256 ** (j + 1);
    }
    floats.push(f);
  }
  return floats;
}

// ---- Games (S10..S22)
export const GAME_NAMES = ['dice', 'limbo', 'roulette', 'wheel', 'plinko', 'mines', 'keno', 'diamonds', 'hilo', 'baccarat'];
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

function readGame(v, field) {
  if (typeof v !== 'string') throw new BadInput(field, 'must be a string');
  if (!GAME_NAMES.includes(v)) throw new BadInput(field, `not a stake-v1 game: '${v}'`);
  return v;
}
const optField = (k) => `options.${k}`;
function intOption(o, key, lo, hi) {
  const v = intValue(o.get(key));
  if (v === null || v < BigInt(lo) || v > BigInt(hi)) throw new BadInput(optField(key), `must be an integer between ${lo} and ${hi}`);
  return Number(v);
}
function riskOption(o) {
  const r = o.get('risk');
  if (typeof r !== 'string' || !RISKS.includes(r)) throw new BadInput('options.risk', 'must be one of low, medium, high');
  return r;
}
function picksOption(o) {
  const a = o.get('picks');
  if (!Array.isArray(a) || a.length < 1 || a.length > 10) throw new BadInput('options.picks', 'must be an array of 1 to 10 squares');
  const seen = [];
  a.forEach((x, i) => {
    const v = intValue(x);
    if (v === null || v < 1n || v > 40n) throw new BadInput('options.picks', 'each pick must be an integer between 1 and 40', i);
    if (seen.includes(Number(v))) throw new BadInput('options.picks', 'a square picked twice', i);
    seen.push(Number(v));
  });
  return seen;
}
// needed checks |o| for |game| (S21) and returns how many floats the game reads.
function needed(game, o) {
  if (!isObject(o)) throw new BadInput('options', 'must be an object');
  const names = OPTIONS[game] || [];
  for (const k of o.keys()) if (!names.includes(k)) throw new BadInput(optField(k), 'not an option of this game');
  for (const n of names) if (!o.has(n)) throw new BadInput(optField(n), 'missing');
  if (game === 'wheel') {
    if (intOption(o, 'segments', 10, 50) % 10) throw new BadInput('options.segments', 'must be 10, 20, 30, 40 or 50');
    riskOption(o);
    return 1;
  }
  if (game === 'plinko') {
    const rows = intOption(o, 'rows', 8, 16);
    riskOption(o);
    return rows;
  }
  if (game === 'mines') return intOption(o, 'mines', 1, 24);
  if (game === 'keno') return picksOption(o), 10;
  return { diamonds: 5, hilo: 52, baccarat: 6 }[game] || 1;
}
function spliced(fl, n) {  // S14: the picked item removed, the gap closed
  const pool = Array.from({ length: n }, (_, i) => i);
  return fl.map((f) => pool.splice(Math.floor(f * pool.length), 1)[0]);
}
export function limbo(f) {
  if (f === 0) throw new BadInput('floats', 'limbo of float 0 is infinite (1e8 / 0)', 0);
  const floatPoint = 1e8 / (f * 1e8) * 0.99;
  return Math.max(Math.floor(floatPoint * 100) / 100, 1);
}
export function event(game, fl, o) {
  const f = fl[0];
  switch (game) {
    case 'dice': return { roll: Math.floor(f * 10001) / 100 };
    case 'limbo': return { multiplier: limbo(f) };
    case 'roulette': return { pocket: Math.floor(f * 37) };
    case 'wheel': {
      const n = Number(intValue(o.get('segments'))), seg = Math.floor(f * n), risk = o.get('risk');
      const table = risk === 'low' ? Array.from({ length: n }, (_, i) => WHEEL_LOW[i % 10])
        : risk === 'medium' ? WHEEL_MEDIUM[n] : Array.from({ length: n }, (_, i) => (i === n - 1 ? WHEEL_TOP[n] : 0));
      return { segment: seg, multiplier: table[seg] };
    }
    case 'plinko': {
      const dirs = fl.map((x) => Math.floor(x * 2)), bucket = dirs.reduce((a, b) => a + b, 0);
      const half = PLINKO[fl.length][o.get('risk')];
      const full = (fl.length % 2 === 0 ? half.slice(1) : half.slice()).reverse().concat(half);
      return { path: dirs.map((d) => (d ? 'right' : 'left')), bucket, multiplier: full[bucket] };
    }
    case 'mines': return { positions: spliced(fl, 25) };
    case 'keno': {
      const drawn = spliced(fl, 40).map((x) => x + 1);
      return { drawn, hits: picksOption(o).filter((x) => drawn.includes(x)).sort((a, b) => a - b) };
    }
    case 'diamonds': return { gems: fl.map((x) => GEMS[Math.floor(x * 7)]) };
    default: return { cards: fl.map((x) => Math.floor(x * 52)).map((i) => SUITS[i % 4] + RANKS[Math.floor(i / 4)]) };
  }
}

// crashPoint (S30): HMAC-SHA256(key = the game hash's text, msg = the salt's text).
export async function crashPoint(gameHash, salt) {
  const mac = await hmacWith(await hmacKey(utf8(gameHash)), utf8(salt));
  const i = ((mac[0] << 24) >>> 0) + (mac[1] << 16) + (mac[2] << 8) + mac[3];
  return { hmac: toHex(mac), point: Math.floor(Math.max(1, (TWO32 / (i + 1)) * (1 - 0.01)) * 100) / 100 };
}

export const ops = {
  'stake.floats': async (p) => {
    const s = text(p, 'serverSeed'), c = text(p, 'clientSeed');
    const nonce = counter(p, 'nonce'), cursor = counter(p, 'cursor');
    const v = intValue(need(p, 'count', BARE));
    if (v === null || v < 1n || v > BigInt(MAX_COUNT)) throw new BadInput('count', `must be an integer between 1 and ${MAX_COUNT}`);
    return { floats: await read(s, c, nonce, cursor, Number(v)) };
  },
  'stake.game': async (p) => {
    const game = readGame(need(p, 'game', BARE), 'game');
    const s = text(p, 'serverSeed'), c = text(p, 'clientSeed'), nonce = counter(p, 'nonce');
    const options = need(p, 'options', BARE);
    const fl = await read(s, c, nonce, 0, needed(game, options));
    return { floats: fl, ...event(game, fl, options) };
  },
  'stake.event': async (p) => {
    const game = readGame(need(p, 'game', BARE), 'game');
    const v = need(p, 'floats', BARE);
    if (!Array.isArray(v)) throw new BadInput('floats', 'must be an array of numbers');
    const fl = v.map((x, i) => {
      if (!isNumber(x)) throw new BadInput('floats', 'must be a number', i);
      const f = numberValue(x);
      if (!(f >= 0 && f < 1) || Math.floor(f * TWO32) !== f * TWO32) {
        throw new BadInput('floats', 'must be a multiple of 2^-32 in [0, 1 - 2^-32] (a float of 4 bytes)', i);
      }
      return f;
    });
    const options = need(p, 'options', BARE);
    const n = needed(game, options);
    if (fl.length !== n) throw new BadInput('floats', `${game} reads ${n} floats, got ${fl.length}`);
    return event(game, fl, options);
  },
  'stake.crash': async (p) => {
    const h = text(p, 'gameHash');
    const bad = [...h].findIndex((ch) => !/[0-9a-f]/.test(ch));
    if (bad >= 0) throw new BadInput('gameHash', 'must be 64 lowercase hex digits', bad);
    if (h.length !== 64) throw new BadInput('gameHash', `must be 64 lowercase hex digits, got ${h.length}`);
    return { crashPoint: (await crashPoint(h, text(p, 'salt'))).point };
  },
};

export const family = { name: 'stake', ops };
