// cursor.mjs - cursor-v1 (specs/cursor-v1.md): number |cursor| of round |nonce| is
// u64(HMAC-SHA256(key = the server seed's UTF-8 bytes, msg = `${clientSeed}-${nonce}-${cursor}`)),
// the first eight digest bytes big-endian, converted to binary64 once and scaled by 2^-64; the
// clamped draw, pool hop, limbo, the commitment and every game's cursor layout
// (gen/schemes/cursor.cc, cursor_games.cc); the port ops; the page's cursor sub-form
// (gen/cli/verify/cursor_keno.cc).
import { BadInput, MAX_SAFE, utf8, toHex, sha256, hmacKey, hmacWith, parseDecimal, range } from './core.mjs';
import { parse as parseJson, isObject, isNumber, intValue, numberValue, JObject, Frac, Big, NEG_ZERO, formatDouble } from './json.mjs';
import { BARE, need, uint } from './params.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check } from './report.mjs';

export const MAX_COUNTER = MAX_SAFE;
export const MAX_OPTION_COUNT = 1000;
export const MAX_JSON_OPTION_BYTES = 65536;


function checkCounter(v, field) {
  if (v > BigInt(MAX_COUNTER)) throw new BadInput(field, `must be at most 2^53 - 1 (9007199254740991), got ${v}`);
  return Number(v);
}

// readCounter: a JSON integer 0..2^53 - 1 (cursor::read_counter).
function readCounter(v, field) {
  if (!isNumber(v)) throw new BadInput(field, 'must be an integer');
  const i = intValue(v);
  if (i !== null && i >= 0n && i < 1n << 64n) return checkCounter(i, field);
  if (i !== null && i < 0n && i >= -(1n << 63n)) throw new BadInput(field, 'must not be negative');
  throw new BadInput(field, 'must be an integer between 0 and 2^53 - 1');
}

function readText(v, field) {
  if (typeof v !== 'string') throw new BadInput(field, 'must be a string');
  return v;
}

export const message = (clientSeed, nonce, cursor) => `${clientSeed}-${nonce}-${cursor}`;
export const u64ToUnit = (x) => Number(x) / 2 ** 64;  // Number(BigInt) rounds once, to nearest even

function u64Of(d) {
  let x = 0n;
  for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(d[i]);
  return x;
}

export function checkUnit(u, field, position = null) {
  if (!(u >= 0 && u <= 1)) throw new BadInput(field, 'must be between 0 and 1', position);
  return u;
}

export function draw(u, n) {
  checkUnit(u, 'u');
  if (n < 1 || n > MAX_SAFE) throw new BadInput('n', 'must be between 1 and 2^53 - 1');
  const k = Math.floor(u * n);
  return k < n ? k : n - 1;
}

export function limbo(u) {
  checkUnit(u, 'u');
  const f = Math.floor((0.99 / (1 - u)) * 100);  // +infinity when u == 1
  if (f <= 100) return 100;
  if (f >= 1000000) return 1000000;
  return f;
}

// Pool: first + 0 .. first + size - 1 drawn by pool hop; only moved slots are stored.
class Pool {
  constructor(first, size) {
    if (size > MAX_SAFE) throw new BadInput('size', 'must be at most 2^53 - 1');
    this.first = first;
    this.remaining = size;
    this.moved = new Map();
  }
  at(i) { return this.moved.has(i) ? this.moved.get(i) : i; }
  take(u) {
    if (this.remaining === 0) throw new BadInput('units', 'pool exhausted: more draws than items');
    const i = draw(u, this.remaining);
    const last = this.remaining - 1;
    const picked = this.at(i);
    const tail = this.at(last);
    if (i !== last) {
      if (tail === i) this.moved.delete(i);
      else this.moved.set(i, tail);
    }
    this.moved.delete(last);
    this.remaining = last;
    this.index = i;
    return this.first + picked;
  }
}

export function poolHop(units, size) {
  if (size < 1) throw new BadInput('size', 'a pool holds at least one item');
  const pool = new Pool(0, size);
  units.forEach((u, k) => checkUnit(u, 'units', k));
  if (units.length > size) {
    throw new BadInput('units', `pool exhausted: ${units.length} draws from a pool of ${size}`, size);
  }
  return units.map((u) => pool.take(u));
}

// Stream reads numbers of one round and records them.
class Stream {
  constructor(serverSeed, clientSeed, nonce) {
    this.serverSeed = serverSeed;
    this.clientSeed = clientSeed;
    this.nonce = nonce;
    this.reads = [];
  }
  async read(cursor) {
    const key = await hmacKey(utf8(this.serverSeed));
    const x = u64Of(await hmacWith(key, utf8(message(this.clientSeed, this.nonce, cursor))));
    const u = u64ToUnit(x);
    this.reads.push({ cursor, u64: x, u });
    return u;
  }
}

export async function unit(serverSeed, clientSeed, nonce, cursor) {
  return new Stream(serverSeed, clientSeed, nonce).read(cursor);
}

export async function commitment(serverSeed) { return toHex(await sha256(utf8(serverSeed))); }

// ---- Games (gen/schemes/cursor_games.cc): each reads its options, then its cursors.
const optField = (k) => `options.${k}`;
function checkMembers(o, allowed) {
  if (!isObject(o)) throw new BadInput('options', 'must be a JSON object');
  o.keys().forEach((k, i) => {
    if (!allowed.includes(k)) throw new BadInput(optField(k), 'not an option of this game', i);
  });
  for (const k of allowed) if (!o.has(k)) throw new BadInput(optField(k), 'missing');
}
function countOption(o, key, min, max) {
  const v = intValue(o.get(key));
  if (v === null || v < BigInt(min) || v > BigInt(max)) {
    throw new BadInput(optField(key), `must be an integer between ${min} and ${max}`);
  }
  return Number(v);
}
const die = (u) => draw(u, 6) + 1;
const card = (u) => draw(u, 52);
const unitsOf = (s) => s.reads.map((r) => r.u);

const GAMES = {
  async roulette(s, o) { checkMembers(o, []); return { pocket: draw(await s.read(0), 37) }; },
  async sicbo(s, o) {
    checkMembers(o, []);
    const dice = [];
    for (let c = 0; c < 3; c++) dice.push(die(await s.read(c)));
    return { dice };
  },
  async limbo(s, o) { checkMembers(o, []); return { hundredths: limbo(await s.read(0)) }; },
  async koban(s, o) {
    checkMembers(o, ['flips']);
    const n = countOption(o, 'flips', 1, MAX_OPTION_COUNT);
    const flips = [];
    for (let i = 0; i < n; i++) flips.push(draw(await s.read(i), 2));
    return { flips };
  },
  async blackjack(s, o) {
    checkMembers(o, ['actions', 'dealerDraws']);
    const actions = o.get('actions');
    if (!Array.isArray(actions)) throw new BadInput('options.actions', 'must be an array of "hit" and "stand"');
    if (actions.length > MAX_OPTION_COUNT) throw new BadInput('options.actions', `at most ${MAX_OPTION_COUNT} actions`);
    let hits = 0;
    actions.forEach((a, i) => {
      if (a === 'hit') hits++;
      else if (a === 'stand') {
        if (i + 1 !== actions.length) throw new BadInput('options.actions', 'nothing may follow "stand"', i + 1);
      } else throw new BadInput('options.actions', 'each action must be "hit" or "stand"', i);
    });
    const dealerDraws = countOption(o, 'dealerDraws', 0, MAX_OPTION_COUNT);
    const cards = [];
    const player = [];
    const dealer = [];
    let next = 0;
    const deal = async (hand) => { const c = card(await s.read(next++)); cards.push(c); hand.push(c); };
    await deal(player); await deal(dealer); await deal(player); await deal(dealer);
    for (let i = 0; i < hits; i++) await deal(player);
    for (let i = 0; i < dealerDraws; i++) await deal(dealer);
    return { cards, player, dealer };
  },
  async vpoker(s, o) {
    checkMembers(o, ['hold']);
    const hold = o.get('hold');
    if (!Array.isArray(hold) || hold.length !== 5) throw new BadInput('options.hold', 'must be an array of 5 booleans');
    hold.forEach((h, i) => { if (typeof h !== 'boolean') throw new BadInput('options.hold', 'must be an array of 5 booleans', i); });
    const pool = new Pool(0, 52);
    let next = 0;
    const deal = [];
    for (let i = 0; i < 5; i++) deal.push(pool.take(await s.read(next++)));
    const final = [...deal];
    for (let i = 0; i < 5; i++) if (!hold[i]) final[i] = pool.take(await s.read(next++));
    return { deal, final };
  },
  async holdem(s, o) {
    checkMembers(o, ['action']);
    const a = o.get('action');
    if (a !== 'call' && a !== 'fold') throw new BadInput('options.action', 'must be "call" or "fold"');
    const pool = new Pool(0, 52);
    const cards = [];
    for (let c = 0; c < (a === 'call' ? 9 : 7); c++) cards.push(pool.take(await s.read(c)));
    return { cards, player: cards.slice(0, 2), dealer: cards.slice(2, 4), board: cards.slice(4) };
  },
  async bingo(s, o) {
    checkMembers(o, []);
    const card = [];
    for (let c = 0; c < 5; c++) {
      const column = new Pool(15 * c + 1, 15);
      for (let r = 0; r < 5; r++) card.push(column.take(await s.read(5 * c + r)));
    }
    const pool = new Pool(1, 75);
    const balls = [];
    for (let k = 0; k < 38; k++) balls.push(pool.take(await s.read(25 + k)));
    return { card, balls };
  },
  async andar(s, o) {
    checkMembers(o, ['cards']);
    const n = countOption(o, 'cards', 1, 52);
    const boostUnits = [];
    for (let c = 0; c < 5; c++) boostUnits.push(await s.read(c));
    const pool = new Pool(0, 52);
    const cards = [];
    for (let k = 0; k < n; k++) cards.push(pool.take(await s.read(5 + k)));
    return { boostUnits, cards };
  },
  async chinchiro(s, o) {
    checkMembers(o, ['attempts']);
    const attempts = o.get('attempts');
    if (!Array.isArray(attempts) || attempts.length < 1 || attempts.length > MAX_OPTION_COUNT) {
      throw new BadInput('options.attempts', `must be an array of 1 to ${MAX_OPTION_COUNT} integers 1..3 (attempts per side)`);
    }
    attempts.forEach((a, i) => {
      const v = intValue(a);
      if (v === null || v < 1n || v > 3n) throw new BadInput('options.attempts', 'each side rolls 1 to 3 attempts', i);
    });
    const dice = [];
    for (let side = 0; side < attempts.length; side++) {
      const rolls = [];
      for (let a = 0; a < Number(intValue(attempts[side])); a++) {
        const d = [];
        for (let k = 0; k < 3; k++) d.push(die(await s.read(side * 9 + a * 3 + k)));
        rolls.push(d);
      }
      dice.push(rolls);
    }
    return { dice };
  },
  async mines(s, o) {
    checkMembers(o, ['mines']);
    const m = countOption(o, 'mines', 1, 24);
    const pool = new Pool(0, 25);
    const mines = [];
    for (let k = 0; k < m; k++) mines.push(pool.take(await s.read(k)));
    return { mines };
  },
  async hanabi(s, o) {
    checkMembers(o, ['freeSpins']);
    const n = 15 * (countOption(o, 'freeSpins', 0, MAX_OPTION_COUNT) + 1);
    for (let c = 0; c < n; c++) await s.read(c);
    return { units: unitsOf(s) };
  },
  async fuku(s, o) { checkMembers(o, []); await s.read(0); return { units: unitsOf(s) }; },
  async omikuji(s, o) {
    checkMembers(o, ['fillers']);
    const n = 4 + countOption(o, 'fillers', 0, MAX_OPTION_COUNT);
    for (let c = 0; c < n; c++) await s.read(c);
    return { units: unitsOf(s) };
  },
  async pagoda(s, o) {
    checkMembers(o, ['floors']);
    const n = countOption(o, 'floors', 1, MAX_OPTION_COUNT);
    for (let f = 0; f < n; f++) await s.read(f);
    return { units: unitsOf(s) };
  },
  async plinko(s, o) {
    checkMembers(o, ['rows']);
    const n = countOption(o, 'rows', 1, MAX_OPTION_COUNT);
    for (let r = 0; r < n; r++) await s.read(r);
    return { units: unitsOf(s) };
  },
};
export const GAME_NAMES = Object.keys(GAMES);

function readGame(v, field) {
  if (typeof v !== 'string') throw new BadInput(field, 'must be a string');
  if (!GAME_NAMES.includes(v)) throw new BadInput(field, `not a cursor-v1 game: '${v}'`);
  return v;
}

// play runs one round: {reads, outcome} (outcome members in the spec's order).
export async function play(game, serverSeed, clientSeed, nonce, options) {
  if (!GAME_NAMES.includes(game)) throw new BadInput('game', `not a cursor-v1 game: '${game}'`);
  const s = new Stream(serverSeed, clientSeed, nonce);
  const outcome = await GAMES[game](s, options);
  return { reads: s.reads, outcome };
}

// ---- Port ops (gen/ops/cursor.cc).
function readUnit(v, field, pos = null) {
  if (!isNumber(v)) throw new BadInput(field, 'must be a number', pos);
  return checkUnit(numberValue(v), field, pos);
}
const seedParam = (p, k) => readText(need(p, k, BARE), k);
const counterParam = (p, k) => readCounter(need(p, k, BARE), k);

export const ops = {
  'cursor.unit': async (p) => {
    const s = seedParam(p, 'serverSeed');
    const c = seedParam(p, 'clientSeed');
    const nonce = counterParam(p, 'nonce');
    const cursor = counterParam(p, 'cursor');
    return { u: await unit(s, c, nonce, cursor) };
  },
  'cursor.u64_to_unit': async (p) => {
    const v = need(p, 'u64', BARE);
    if (typeof v !== 'string') throw new BadInput('u64', 'must be a decimal string');
    return { u: u64ToUnit(parseDecimal(v, 'u64', 0, (1n << 64n) - 1n)) };
  },
  'cursor.pool_hop': async (p) => {
    const v = need(p, 'units', BARE);
    if (!Array.isArray(v)) throw new BadInput('units', 'must be an array of numbers');
    const units = v.map((x, i) => readUnit(x, 'units', i));
    const size = uint(p, 'size', { missing: BARE, type: BARE, message: 'must be an integer between 0 and 2^53 - 1', hi: MAX_SAFE });
    return { picks: poolHop(units, Number(size)) };
  },
  'cursor.commitment': async (p) => ({ commitment: await commitment(seedParam(p, 'serverSeed')) }),
  'cursor.game': async (p) => {
    const game = readGame(need(p, 'game', BARE), 'game');
    const s = seedParam(p, 'serverSeed');
    const c = seedParam(p, 'clientSeed');
    const nonce = counterParam(p, 'nonce');
    const options = need(p, 'options', BARE);
    const r = await play(game, s, c, nonce, options);
    return { cursors: r.reads.map((x) => x.cursor), ...r.outcome };
  },
  'cursor.draw': async (p) => {
    const u = readUnit(need(p, 'u', BARE), 'u');
    const n = uint(p, 'n', { missing: BARE, type: BARE, message: 'must be an integer between 1 and 2^53 - 1', lo: 1, hi: MAX_SAFE });
    return { index: draw(u, Number(n)) };
  },
  'cursor.limbo': async (p) => ({ hundredths: limbo(readUnit(need(p, 'u', BARE), 'u')) }),
};

// ---- The page's sub-form: `fairvec verify cursor`.
export function jsonOption(text, name) {
  if (new TextEncoder().encode(text).length > MAX_JSON_OPTION_BYTES) {
    throw new BadInput(`--${name}`, `longer than the limit of ${MAX_JSON_OPTION_BYTES} bytes`);
  }
  const v = parseJson(text, `--${name}`);
  if (!isObject(v)) throw new BadInput(`--${name}`, 'must be a JSON object');
  return v;
}

async function runCursor(v, { L }) {
  const req = (k) => {
    if (v[k] === '') throw new BadInput(`--${k}`, 'missing');
    return v[k];
  };
  const game = req('game');
  const serverSeed = req('server-seed');
  const clientSeed = req('client-seed');
  const nonce = Number(parseDecimal(req('nonce'), '--nonce', 0, MAX_COUNTER));
  const options = jsonOption(v.options === '' ? '{}' : v.options, 'options');
  const commit = v.commitment === '' ? null : v.commitment;
  if (commit !== null && !/^[0-9a-fA-F]{64}$/.test(commit)) {
    throw new BadInput('--commitment', 'must be 64 hex digits: SHA-256 of the server seed, shown before the round');
  }
  const outcome = v.outcome === '' ? null : jsonOption(v.outcome, 'outcome');
  const g = await play(game, serverSeed, clientSeed, nonce, options);
  const rep = new Report('cursor');
  rep.lines.push(L.t('cursor.header', [game, nonce, g.reads.length]));
  rep.tables.push({ caption: '', columns: [L.t('page.col.cursor'), 'u64', 'u'],
    rows: g.reads.map((r) => ({ cells: [String(r.cursor), r.u64.toString(), formatDouble(r.u)], mark: null })) });
  const DOUBLES = ['units', 'boostUnits'];
  const line = (k, x) => lineOf(x, DOUBLES.includes(k));
  rep.tables.push({ caption: '', columns: [L.t('page.col.outcome'), L.t('page.col.value')],
    rows: Object.entries(g.outcome).map(([k, x]) => ({ cells: [k, line(k, x)], mark: null })) });
  const computedCommitment = await commitment(serverSeed);
  rep.lines.push(L.t('cursor.commitment', [computedCommitment]));
  const cc = check('commitment', NOT_CHECKED, L.t('check.seed_commitment'), L.t('reason.no_commitment'));
  if (commit !== null) {
    const lower = commit.toLowerCase();
    cc.status = lower === computedCommitment ? PASSED : FAILED;
    cc.reason = '';
    if (cc.status === FAILED) {
      rep.firstMismatch = { where: L.t('where.commitment'), location: { check: 'commitment' }, expected: computedCommitment, recorded: lower };
    }
  }
  const co = check('outcome', NOT_CHECKED, L.t('check.outcome'), L.t('reason.no_outcome'));
  if (outcome !== null) {
    co.status = PASSED;
    co.reason = '';
    for (const [k, given] of outcome.entries()) {
      if (!Object.hasOwn(g.outcome, k)) throw new BadInput(`--outcome.${k}`, `is not an outcome field of ${game}`);
      if (line(k, g.outcome[k]) === lineOf(given)) continue;
      co.status = FAILED;
      if (!rep.firstMismatch) {
        rep.firstMismatch = { where: L.t('where.outcome', [k]), location: { outcome: k }, expected: line(k, g.outcome[k]), recorded: lineOf(given) };
      }
      break;
    }
  }
  rep.checks = [cc, co];
  rep.result = { game, nonce: String(nonce), reads: g.reads.map((r) => ({ cursor: r.cursor, u64: r.u64.toString(), u: r.u })),
    outcome: g.outcome, commitment: computedCommitment };
  return rep;
}

// lineOf writes a value as json::to_line does: a computed double (|dbl|: the units lists) and a
// given number with a fraction or exponent with format_double, integers as integers.
export function lineOf(x, dbl = false) {
  if (Array.isArray(x)) return `[${x.map((e) => lineOf(e, dbl)).join(',')}]`;
  if (typeof x === 'number') return dbl || !Number.isInteger(x) ? formatDouble(x) : String(x);
  if (x instanceof Frac) return formatDouble(x.v);
  if (x instanceof Big) return x.v.toString();
  if (x === NEG_ZERO) return '0';
  if (x instanceof JObject) return `{${x.entries().map(([k, v]) => `${JSON.stringify(k)}:${lineOf(v)}`).join(',')}}`;
  return JSON.stringify(x);
}

export const form = {
  id: 'cursor',
  titleKey: 'page.form.cursor',
  introKey: 'page.intro.cursor',
  fields: [
    { name: 'game', option: '--game', also: ['game'], kind: 'select', choices: GAME_NAMES, labelKey: 'page.field.game' },
    { name: 'server-seed', option: '--server-seed', kind: 'text', labelKey: 'page.field.server_seed', mono: true },
    { name: 'client-seed', option: '--client-seed', kind: 'text', labelKey: 'page.field.client_seed', mono: true },
    { name: 'nonce', option: '--nonce', kind: 'text', numeric: true, labelKey: 'page.field.nonce' },
    { name: 'options', option: '--options', also: ['options'], kind: 'textarea', rows: 2, labelKey: 'page.field.options', hintKey: 'page.hint.options', mono: true },
    { name: 'commitment', option: '--commitment', kind: 'text', labelKey: 'page.field.commitment', mono: true },
    { name: 'outcome', option: '--outcome', kind: 'textarea', rows: 2, labelKey: 'page.field.outcome', hintKey: 'page.hint.outcome', mono: true },
  ],
  run: runCursor,
};

export const family = { name: 'cursor', ops, form };
