// hmac_dice.mjs - hmac-dice-v1, "check your dice" (specs/hmac-dice-v1.md): every roll is one
// HMAC-SHA256 under the server seed's bytes, the first MAC byte below 252 gives the dice, `+`
// retries extend the last client seed; the seal is SHA-256 of the seed. Also the check page's
// inputs (v0 and v1 links, recorded-roll listings), the whole-match verification, the port ops and
// the page's dice sub-form (gen/cli/verify/dice.cc). Every rule and message follows
// gen/schemes/hmac_dice*.cc; text is read as UTF-8 bytes (byteString), so positions are bytes.
import { BadInput, MAX_SAFE, byteString, printable, fromHex, digestFromHex, toHex, utf8, sha256, hmacKey, hmacWith, range } from './core.mjs';
import { isInteger, intValue, isObject } from './json.mjs';
import { P, BARE, need, str, strList, uint } from './params.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check, mark } from './report.mjs';

export const MIN_SEED_BYTES = 16;
export const MAX_SEED_BYTES = 64;
export const MAX_CLIENT_SEEDS = 2;
export const MAX_CLIENT_SEED_CHARS = 128;
export const MAX_RETRY = 1000;
export const MAX_MATCH_ROLLS = 100000;
export const MAX_TEXT_BYTES = 4 << 20;

const isDigit = (c) => c >= '0' && c <= '9';
const isDie = (c) => c >= '1' && c <= '6';
const isLower = (c) => c >= 'a' && c <= 'z';
const isSeedChar = (c) => /^[A-Za-z0-9_-]$/.test(c);
const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const q = (s) => printable(s, true);

// parseCount: a decimal count without sign or leading zeros in [min, max] (hmac_dice_text.h).
function parseCount(s, field, pos, min, max, what) {
  if (s === '') throw new BadInput(field, `empty ${what}`, pos);
  for (const c of s) if (!isDigit(c)) throw new BadInput(field, `${what} ${q(s)} is not a decimal number`, pos);
  if (s.length > 1 && s[0] === '0') throw new BadInput(field, `${what} ${q(s)} has a leading zero`, pos);
  if (s.length > 16) throw new BadInput(field, `${what} ${q(s)} is too large`, pos);
  const v = Number(s);
  if (v < min || v > max) throw new BadInput(field, `${what} ${s} is out of range ${min}..${max}`, pos);
  return v;
}

// ---- Single inputs. |s| arguments are byte strings where positions matter.

export function parseServerSeed(hex, field = 'serverSeed') {
  if (hex === '') throw new BadInput(field, 'empty; the server seed is 32 to 128 hex digits (16 to 64 bytes)');
  if (hex.length > 4096) throw new BadInput(field, 'far too long; the server seed is 16 to 64 bytes');
  const b = fromHex(hex, field);
  if (b.length < MIN_SEED_BYTES || b.length > MAX_SEED_BYTES) {
    throw new BadInput(field, `is ${b.length} bytes; a server seed is 16 to 64 bytes`);
  }
  return b;
}

export function parseSeal(hex, field = 'seal') {
  if (hex === '') throw new BadInput(field, 'empty; a seal is 64 hex digits');
  if (hex.length > 4096) throw new BadInput(field, 'far too long; a seal is 64 hex digits');
  return digestFromHex(hex, field);
}

export function validateClientSeed(seed, field) {
  if (seed === '') throw new BadInput(field, 'empty; a client seed is 1 to 128 characters');
  for (let i = 0; i < seed.length && i <= MAX_CLIENT_SEED_CHARS; i++) {
    if (!isSeedChar(seed[i])) {
      throw new BadInput(field, `character ${q(seed[i])} is not allowed; a client seed uses letters, digits, '_' and '-'`, i);
    }
  }
  if (seed.length > MAX_CLIENT_SEED_CHARS) {
    throw new BadInput(field, `is ${seed.length} characters; a client seed is 1 to 128`, MAX_CLIENT_SEED_CHARS);
  }
}

export function validateClientSeeds(seeds, field = 'clientSeeds') {
  if (seeds.length === 0 || seeds.length > MAX_CLIENT_SEEDS) {
    throw new BadInput(field, `${seeds.length} client seeds; a match has 1 (offline) or 2 (in seat order)`);
  }
  seeds.forEach((s, i) => validateClientSeed(s, `${field}[${i}]`));
}

function validateRoll(roll, field = 'roll') {
  if (roll < 1n || roll > BigInt(MAX_SAFE)) {
    throw new BadInput(field, `roll number ${roll} is out of range 1..9007199254740991 (2^53 - 1)`);
  }
}

// rollFromJson: a JSON integer 1..2^53 - 1 (roll_from_json).
function rollFromJson(v, field = 'roll') {
  const i = intValue(v);
  if (i !== null && i >= 0n && i < 1n << 64n) {
    validateRoll(i, field);
    return Number(i);
  }
  if (i !== null && i < 0n && i >= -(1n << 63n)) throw new BadInput(field, 'roll number is negative; it is 1..9007199254740991');
  throw new BadInput(field, 'must be an integer 1..9007199254740991');
}

export function parseGames(text, field) {
  if (text === '') throw new BadInput(field, 'empty; g lists the rolls of each game, e.g. 52,48');
  const out = [];
  let start = 0;
  for (;;) {
    const comma = text.indexOf(',', start);
    const entry = comma < 0 ? text.slice(start) : text.slice(start, comma);
    if (out.length >= MAX_MATCH_ROLLS) throw new BadInput(field, 'more games than the match can have', start);
    out.push(parseCount(entry, field, start, 1, MAX_MATCH_ROLLS, 'game length'));
    if (comma < 0) return out;
    start = comma + 1;
  }
}

// ---- The derivation.

export async function seal(serverSeed) { return toHex(await sha256(serverSeed)); }

export function message(seeds, roll, retry) {
  validateClientSeeds(seeds, 'clientSeeds');
  validateRoll(BigInt(roll), 'roll');
  if (retry > MAX_RETRY) throw new BadInput('retry', `retry ${retry} is beyond fairvec's safety limit of ${MAX_RETRY}`);
  return seeds.join(':') + '+'.repeat(Number(retry)) + ':' + roll;
}

const diceOfByte = (b) => [Math.floor((b % 36) / 6) + 1, (b % 36) % 6 + 1];

// pick: the first byte < 252 of macs[0], macs[1], ... (retry k = macs[k]).
export function pick(macs, field = 'macs') {
  if (macs.length === 0) throw new BadInput(field, 'no MAC given; macs[0] is the MAC of retry 0');
  for (let k = 0; k < macs.length; k++) {
    for (let i = 0; i < macs[k].length; i++) {
      if (macs[k][i] < 252) return { dice: diceOfByte(macs[k][i]), retry: k, index: i, byte: macs[k][i] };
    }
  }
  throw new BadInput(field, `no byte below 252 in any of the ${macs.length} MACs; the MAC of retry ${macs.length} would be needed`);
}

// rollWith derives roll |roll| under an imported key: retry 0, then 1, ... until a byte < 252.
async function rollWith(key, seeds, roll, first = null) {
  const macs = [first || await hmacWith(key, utf8(message(seeds, roll, 0)))];
  for (;;) {
    if (macs[macs.length - 1].some((b) => b < 252)) return pick(macs).dice;
    if (macs.length > MAX_RETRY) throw new Error(`retries 0..${MAX_RETRY} all skipped for roll ${roll}`);
    macs.push(await hmacWith(key, utf8(message(seeds, roll, macs.length))));
  }
}

export async function roll(serverSeed, seeds, rollNo) {
  validateClientSeeds(seeds);
  validateRoll(BigInt(rollNo));
  return rollWith(await hmacKey(serverSeed), seeds, rollNo);
}

// rolls computes rolls first..first+count-1, many MACs in flight at a time (WebCrypto is async).
async function rolls(serverSeed, seeds, count, onProgress = null) {
  const key = await hmacKey(serverSeed);
  const prefix = seeds.join(':') + ':';
  const out = new Array(count);
  const batch = 2048;
  for (let at = 0; at < count; at += batch) {
    const n = Math.min(batch, count - at);
    const macs = await Promise.all(range(0, n).map((j) => hmacWith(key, utf8(prefix + (at + j + 1)))));
    for (let j = 0; j < n; j++) out[at + j] = await rollWith(key, seeds, at + j + 1, macs[j]);
    if (onProgress) onProgress(at + n, count);
  }
  return out;
}

// ---- Recorded rolls (specs/hmac-dice-v1.md §4). |text| is a byte string.

export function parseRollDigits(digits, field, offset = 0) {
  if (digits === '') throw new BadInput(field, 'no rolls', offset);
  if (Math.floor(digits.length / 2) > MAX_MATCH_ROLLS) {
    throw new BadInput(field, `more than ${MAX_MATCH_ROLLS} rolls (fairvec's safety limit)`, offset);
  }
  const out = [];
  for (let i = 0; i + 1 < digits.length; i += 2) {
    if (!isDie(digits[i]) || !isDie(digits[i + 1])) {
      throw new BadInput(field, `roll ${i / 2 + 1}: ${q(digits.substr(i, 2))} is not two digits 1..6`, offset + i);
    }
    out.push(digits.substr(i, 2));
  }
  if (digits.length % 2) {
    throw new BadInput(field, `odd number of digits: roll ${Math.floor(digits.length / 2) + 1} ${q(digits.slice(-1))} has one digit; each roll is two`,
      offset + digits.length - 1);
  }
  return out;
}

function markerOf(t) {  // [style, digits] of "12:", "12.", "#12", or null
  if (t.length >= 2 && t[0] === '#') return ['hash', t.slice(1)];
  if (t.length >= 2 && (t.endsWith(':') || t.endsWith('.')) && [...t.slice(0, -1)].every(isDigit)) {
    return [t.endsWith(':') ? 'colon' : 'dot', t.slice(0, -1)];
  }
  return null;
}
const EXAMPLE = { colon: "'1: 63'", dot: "'1. 63'", hash: "'#1 63'" };

function rollToken(t, n, field) {
  if (t.text.length !== 2 || !isDie(t.text[0]) || !isDie(t.text[1])) {
    throw new BadInput(field, `roll ${n}: ${q(t.text)} is not two digits 1..6`, t.pos);
  }
  return t.text;
}

export function parseRecorded(text, field = 'recorded') {
  if (text.length > MAX_TEXT_BYTES) throw new BadInput(field, `longer than ${MAX_TEXT_BYTES} bytes`);
  const tokens = [];
  for (let i = 0; i < text.length;) {
    if (isSpace(text[i])) { i++; continue; }
    let j = i;
    while (j < text.length && !isSpace(text[j])) j++;
    tokens.push({ text: text.slice(i, j), pos: i });
    i = j;
  }
  if (tokens.length === 0) throw new BadInput(field, 'no rolls');
  if (tokens.length === 1 && tokens[0].text.length > 2 && [...tokens[0].text].every(isDigit)) {
    return parseRollDigits(tokens[0].text, field, tokens[0].pos);
  }
  const style = markerOf(tokens[0].text);
  const out = [];
  if (!style) {
    for (const t of tokens) {
      if (out.length >= MAX_MATCH_ROLLS) throw new BadInput(field, `more than ${MAX_MATCH_ROLLS} rolls`, t.pos);
      if (markerOf(t.text)) {
        throw new BadInput(field, `roll number ${q(t.text)} in an unnumbered listing; number every roll or none`, t.pos);
      }
      if (t.text.length > 2) {
        throw new BadInput(field, `roll ${out.length + 1}: ${q(t.text)} is not two digits 1..6 (a bare digit string must be the whole listing)`, t.pos);
      }
      out.push(rollToken(t, out.length + 1, field));
    }
    return out;
  }
  for (let i = 0; i < tokens.length; i += 2) {
    const n = out.length + 1;
    const m = tokens[i];
    if (n > MAX_MATCH_ROLLS) throw new BadInput(field, `more than ${MAX_MATCH_ROLLS} rolls`, m.pos);
    const got = markerOf(m.text);
    if (!got) {
      throw new BadInput(field, `${q(m.text)} where the number of roll ${n} is expected, written like ${EXAMPLE[style[0]]}`, m.pos);
    }
    if (got[0] !== style[0]) {
      throw new BadInput(field, `roll number ${q(m.text)} is written differently from the first, like ${EXAMPLE[style[0]]}; a listing uses one style`, m.pos);
    }
    const number = parseCount(got[1], field, m.pos, 0, MAX_SAFE, 'roll number');
    if (number !== n) {
      throw new BadInput(field, `roll number ${number} where ${n} is expected; numbers must count 1, 2, 3, ... in order`, m.pos);
    }
    if (i + 1 >= tokens.length) throw new BadInput(field, `roll number ${n} has no roll after it`, m.pos);
    out.push(rollToken(tokens[i + 1], n, field));
  }
  return out;
}

// ---- Matches and links.

// A match: {serverSeed: Uint8Array, seal: Uint8Array|null, clientSeeds, rolls, recorded: [..]|null, games: []}.
export function validateMatch(m, names = { rolls: 'rolls', recorded: 'recorded', games: 'games' }) {
  if (m.rolls < 1 || m.rolls > MAX_MATCH_ROLLS) {
    throw new BadInput(names.rolls, `a match has 1 to ${MAX_MATCH_ROLLS} rolls, got ${m.rolls}`);
  }
  if (m.recorded && m.recorded.length !== m.rolls) {
    throw new BadInput(names.recorded, `lists ${m.recorded.length} rolls but the match has ${m.rolls}`);
  }
  let sum = 0n;
  m.games.forEach((g, i) => {
    if (g < 1 || g > MAX_MATCH_ROLLS) {
      throw new BadInput(names.games, `game ${i + 1} has ${g} rolls; every game has 1 to ${MAX_MATCH_ROLLS}`, i);
    }
    sum += BigInt(g);
  });
  if (m.games.length && sum !== BigInt(m.rolls)) {
    throw new BadInput(names.games, `the games add up to ${sum} rolls but the match has ${m.rolls}`);
  }
}

function percentDecode(s, base) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== '%') { out += s[i]; continue; }
    const h = s.substr(i + 1, 2);
    if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new BadInput('link', "'%' is not followed by two hex digits", base + i);
    out += String.fromCharCode(parseInt(h, 16));
    i += 2;
  }
  return out;
}

const validLang = (l) => l.length >= 2 && l.length <= 3 && [...l].every(isLower);

function parsePrefix(p) {
  let pos = 0;
  let hasHost = false;
  const sep = p.indexOf('://');
  if (sep >= 0) {
    const scheme = p.slice(0, sep).replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (scheme !== 'http' && scheme !== 'https') throw new BadInput('link', `scheme ${q(p.slice(0, sep))} is not http or https`, 0);
    pos = sep + 3;
    let hostEnd = p.indexOf('/', pos);
    if (hostEnd < 0) hostEnd = p.length;
    if (hostEnd === pos) throw new BadInput('link', "no host after '://'", pos);
    for (let i = pos; i < hostEnd; i++) {
      const c = p[i];
      if (!(isSeedChar(c) || c === '.' || c === ':' || c === '[' || c === ']')) {
        throw new BadInput('link', `character ${q(c)} is not allowed in the host`, i);
      }
    }
    pos = hostEnd;
    hasHost = true;
  }
  const path = p.slice(pos);
  if (path === '' && !hasHost) return '';
  const want = 'the path must be /<lang>/check/ with a 2- or 3-letter lowercase language';
  if (path.length < 2 || path[0] !== '/') throw new BadInput('link', want, pos);
  const slash = path.indexOf('/', 1);
  const lang = slash < 0 ? path.slice(1) : path.slice(1, slash);
  const rest = slash < 0 ? '' : path.slice(slash);
  if (!validLang(lang)) throw new BadInput('link', `${want}, got ${q(lang)}`, pos + 1);
  if (rest !== '/check/' && rest !== '/check') throw new BadInput('link', `${want}, got ${q(path)}`, pos + 1 + lang.length);
  return lang;
}

function splitSeeds(value, field) {
  if (value === '') throw new BadInput(field, 'no client seed; a match has 1 or 2');
  const seeds = [];
  let start = 0;
  for (;;) {
    const comma = value.indexOf(',', start);
    seeds.push(comma < 0 ? value.slice(start) : value.slice(start, comma));
    if (comma < 0 || seeds.length > MAX_CLIENT_SEEDS) break;
    start = comma + 1;
  }
  validateClientSeeds(seeds, field);
  return seeds;
}

// parseLink reads a v0 or v1 check-page link (a JS string) into {version, lang, match}.
export function parseLink(linkText) {
  const url = byteString(linkText);
  if (url === '') throw new BadInput('link', 'empty');
  if (url.length > MAX_TEXT_BYTES) throw new BadInput('link', `longer than ${MAX_TEXT_BYTES} bytes`);
  const qm = url.indexOf('?');
  const hash = url.indexOf('#');
  let version;
  let start;
  if (qm >= 0 && (hash < 0 || qm < hash)) {
    if (hash >= 0) {
      throw new BadInput('link', 'has both a query (?...) and a fragment (#...); a v0 link has only the query, a v1 link only the fragment', hash);
    }
    version = 0;
    start = qm + 1;
  } else if (hash >= 0) {
    version = 1;
    start = hash + 1;
  } else {
    throw new BadInput('link', 'has no query (?seed=...) and no fragment (#v=1&...)');
  }
  const lang = parsePrefix(url.slice(0, start - 1));
  const known = version === 0 ? ['seed', 'seal', 'client', 'n', 'rolls'] : ['v', 's', 'c', 'p', 'r', 'g'];
  const params = new Map();
  if (start === url.length) throw new BadInput('link', `the ${version === 0 ? 'query' : 'fragment'} is empty`, start);
  let off = start;
  for (;;) {
    const amp = url.indexOf('&', off);
    const part = amp < 0 ? url.slice(off) : url.slice(off, amp);
    if (part === '') throw new BadInput('link', "empty field (two '&' in a row, or one at an end)", off);
    const eq = part.indexOf('=');
    if (eq < 0) throw new BadInput('link', `field ${q(part)} has no '='`, off);
    const key = percentDecode(part.slice(0, eq), off);
    const value = percentDecode(part.slice(eq + 1), off + eq + 1);
    if (key === '') throw new BadInput('link', 'field with an empty key', off);
    if (!known.includes(key)) {
      throw new BadInput('link', `unknown key ${q(key)} in a v${version} link (its keys: ${known.join(', ')})`, off);
    }
    if (params.has(key)) throw new BadInput(`link.${key}`, 'appears twice', off);
    params.set(key, { value, valuePos: off + eq + 1 });
    if (amp < 0) break;
    off = amp + 1;
  }
  const required = (k) => {
    if (!params.has(k)) throw new BadInput(`link.${k}`, 'missing');
    return params.get(k);
  };
  const optional = (k) => (params.has(k) && params.get(k).value !== '' ? params.get(k) : null);
  const m = { serverSeed: null, seal: null, clientSeeds: [], rolls: 0, recorded: null, games: [] };
  if (version === 0) {
    m.serverSeed = parseServerSeed(required('seed').value, 'link.seed');
    const s = optional('seal');
    if (s) m.seal = parseSeal(s.value, 'link.seal');
    m.clientSeeds = splitSeeds(required('client').value, 'link.client');
    m.rolls = parseCount(required('n').value, 'link.n', required('n').valuePos, 1, MAX_MATCH_ROLLS, 'n');
    const r = optional('rolls');
    if (r) {
      m.recorded = parseRollDigits(r.value, 'link.rolls');
      if (m.recorded.length !== m.rolls) {
        throw new BadInput('link.n', `n is ${m.rolls} but rolls lists ${m.recorded.length} rolls`);
      }
    }
    validateMatch(m, { rolls: 'link.n', recorded: 'link.rolls', games: 'link.g' });
    return { version, lang, match: m };
  }
  const v = required('v');
  if (v.value !== '1') throw new BadInput('link.v', `unknown version ${q(v.value)}; this verifier reads v=1`, v.valuePos);
  m.serverSeed = parseServerSeed(required('s').value, 'link.s');
  const c = optional('c');
  if (c) m.seal = parseSeal(c.value, 'link.c');
  m.clientSeeds = splitSeeds(required('p').value, 'link.p');
  m.recorded = parseRollDigits(required('r').value, 'link.r');
  m.rolls = m.recorded.length;
  const g = optional('g');
  if (g) {
    m.games = parseGames(g.value, 'link.g');
    const sum = m.games.reduce((a, b) => a + b, 0);
    if (sum !== m.rolls) throw new BadInput('link.g', `g adds up to ${sum} rolls but r lists ${m.rolls}`);
  }
  validateMatch(m, { rolls: 'link.r', recorded: 'link.r', games: 'link.g' });
  return { version, lang, match: m };
}

export function buildLink(link) {
  const m = link.match;
  if (link.version !== 0 && link.version !== 1) throw new BadInput('version', `link version ${link.version} is unknown; 0 or 1`);
  if (link.lang !== '' && !validLang(link.lang)) throw new BadInput('lang', `language ${q(link.lang)} is not 2 or 3 lowercase letters`);
  if (m.serverSeed.length < MIN_SEED_BYTES || m.serverSeed.length > MAX_SEED_BYTES) {
    throw new BadInput('serverSeed', 'a server seed is 16 to 64 bytes');
  }
  validateClientSeeds(m.clientSeeds, 'clientSeeds');
  validateMatch(m);
  if (link.version === 0 && m.games.length) throw new BadInput('games', 'a v0 link has no g; a multi-game match needs a v1 link');
  if (link.version === 1 && !m.recorded) {
    throw new BadInput('recorded', 'a v1 link carries every roll in r; the recorded rolls are needed');
  }
  let out = link.lang === '' ? '' : `/${link.lang}/check/`;
  const seeds = m.clientSeeds.join(',');
  if (link.version === 0) {
    out += `?seed=${toHex(m.serverSeed)}`;
    if (m.seal) out += `&seal=${toHex(m.seal)}`;
    out += `&client=${seeds}&n=${m.rolls}`;
    if (m.recorded) out += `&rolls=${m.recorded.join('')}`;
    return out;
  }
  out += `#v=1&s=${toHex(m.serverSeed)}`;
  if (m.seal) out += `&c=${toHex(m.seal)}`;
  out += `&p=${seeds}&r=${m.recorded.join('')}`;
  if (m.games.length) out += `&g=${m.games.join(',')}`;
  return out;
}

// verifyMatch computes the seal and every roll and compares them (hmac_dice_match.cc).
export async function verifyMatch(m, names = undefined, onProgress = null) {
  validateMatch(m, names);
  if (m.serverSeed.length < MIN_SEED_BYTES || m.serverSeed.length > MAX_SEED_BYTES) {
    throw new BadInput('serverSeed', 'a server seed is 16 to 64 bytes');
  }
  validateClientSeeds(m.clientSeeds, 'clientSeeds');
  const computedSeal = await seal(m.serverSeed);
  const sealMatches = m.seal ? toHex(m.seal) === computedSeal : null;
  const games = m.games.length ? m.games : [m.rolls];
  const dice = await rolls(m.serverSeed, m.clientSeeds, m.rolls, onProgress);
  const mismatches = [];
  const summary = [];
  let n = 1;
  games.forEach((length, g) => {
    const s = { game: g + 1, firstRoll: n, rolls: length, openingTies: 0, openingRoll: null };
    for (let i = 1; i <= length; i++, n++) {
      const d = dice[n - 1];
      if (s.openingRoll === null) {
        if (d[0] === d[1]) s.openingTies++;
        else s.openingRoll = n;
      }
      const rec = m.recorded ? m.recorded[n - 1] : null;
      if (rec !== null && rec !== d.join('')) mismatches.push({ roll: n, game: g + 1, rollInGame: i, expected: d.join(''), recorded: rec });
    }
    summary.push(s);
  });
  const verdict = sealMatches === false ? 'seal_mismatch' : mismatches.length ? 'roll_mismatch'
    : m.seal || m.recorded ? 'verified' : 'unchecked';
  return {
    verdict, computedSeal, sealStatus: sealMatches === null ? 'absent' : sealMatches ? 'match' : 'mismatch',
    dice: dice.map((d) => d.join('')).join(''), mismatches, gameSummary: summary,
  };
}

// ---- Port ops (gen/ops/hmac_dice.cc).

const serverSeedParam = (p) => parseServerSeed(byteString(str(p, 'serverSeed')), 'serverSeed');
function clientSeedsParam(p, key = 'clientSeeds') {
  const seeds = strList(p, key).map(byteString);
  validateClientSeeds(seeds, key);
  return seeds;
}
const rollParam = (p) => rollFromJson(need(p, 'roll'), 'roll');

// matchFromJson reads the members of a match (match_from_json, path "params").
function matchFromJson(p, listing) {
  const get = (k, pred, want) => {
    if (!p.has(k)) throw new BadInput(`params.${k}`, 'missing');
    const v = p.get(k);
    if (!pred(v)) throw new BadInput(`params.${k}`, `must be ${want}`);
    return v;
  };
  const isStr = (v) => typeof v === 'string';
  const m = { serverSeed: parseServerSeed(byteString(get('serverSeed', isStr, 'a string')), 'serverSeed'),
    seal: null, clientSeeds: [], rolls: 0, recorded: null, games: [] };
  const sealHex = byteString(get('seal', isStr, 'a string'));
  if (sealHex !== '') m.seal = parseSeal(sealHex, 'seal');
  const seeds = get('clientSeeds', Array.isArray, 'an array');
  seeds.forEach((s, i) => { if (!isStr(s)) throw new BadInput(`params.clientSeeds[${i}]`, 'must be a string'); });
  m.clientSeeds = seeds.map(byteString);
  validateClientSeeds(m.clientSeeds, 'clientSeeds');
  if (!p.has('rolls')) throw new BadInput('params.rolls', 'missing');
  const r = intValue(p.get('rolls'));
  if (r === null || r < 0n || r >= 1n << 64n) throw new BadInput('rolls', `must be an integer 1..${MAX_MATCH_ROLLS}`);
  m.rolls = Number(r);
  const rec = byteString(get('recorded', isStr, 'a string'));
  if (rec !== '') m.recorded = listing ? parseRecorded(rec, 'recorded') : parseRollDigits(rec, 'recorded');
  const games = get('games', () => true, 'an array');
  if (!Array.isArray(games)) throw new BadInput('games', 'must be an array of integers');
  games.forEach((g, i) => {
    const v = intValue(g);
    if (v === null || v < 0n || v >= 1n << 64n) throw new BadInput('games', `entry ${i} must be an integer`, i);
    m.games.push(Number(v));
  });
  validateMatch(m);
  return m;
}

const diceDigits = (d) => d.map(Number);

export const ops = {
  'hmac_dice.seal': async (p) => ({ seal: await seal(serverSeedParam(p)) }),
  'hmac_dice.roll': async (p) => {
    const key = serverSeedParam(p);
    const seeds = clientSeedsParam(p);
    return { dice: await roll(key, seeds, rollParam(p)) };
  },
  'hmac_dice.message': async (p) => {
    const seeds = clientSeedsParam(p);
    const r = rollParam(p);
    const retry = uint(p, 'retry', { type: BARE, message: 'must be an integer >= 0' });
    return { message: message(seeds, r, retry) };
  },
  'hmac_dice.pick': async (p) => {
    const macs = strList(p, 'macs').map((h, i) => digestFromHex(byteString(h), `macs[${i}]`));
    const r = pick(macs);
    return { dice: r.dice, retry: r.retry, index: r.index };
  },
  'hmac_dice.parse_link': async (p) => {
    const l = parseLink(str(p, 'link'));
    return { version: l.version, lang: l.lang, serverSeed: toHex(l.match.serverSeed), seal: l.match.seal ? toHex(l.match.seal) : '',
      clientSeeds: l.match.clientSeeds, rolls: l.match.rolls, recorded: l.match.recorded ? l.match.recorded.join('') : '',
      games: l.match.games };
  },
  'hmac_dice.build_link': async (p) => {
    const v = need(p, 'version');
    if (!isInteger(v) || intValue(v) < -(1n << 63n) || intValue(v) >= 1n << 63n) throw new BadInput('version', 'must be an integer (0 or 1)');
    if (intValue(v) !== 0n && intValue(v) !== 1n) throw new BadInput('version', 'link version must be 0 or 1');
    const lang = str(p, 'lang');
    const match = matchFromJson(p, false);
    return { link: buildLink({ version: Number(intValue(v)), lang: byteString(lang), match }) };
  },
  'hmac_dice.parse_recorded': async (p) => ({ recorded: parseRecorded(byteString(str(p, 'text')), 'recorded').join('') }),
  'hmac_dice.verify_match': async (p) => {
    const r = await verifyMatch(matchFromJson(p, true));
    return r;
  },
};

// ---- The page's sub-form: `fairvec verify dice` (gen/cli/verify/dice.cc).

function readMatch(v) {
  const fields = ['seed', 'seal', 'client', 'rolls', 'recorded', 'games'];
  const anyField = fields.some((f) => v[f] !== '');
  if (v.link !== '') {
    if (anyField) {
      throw new BadInput('LINK', 'give either a link or the fields (--seed, --seal, --client, --rolls, --recorded, --recorded-file, --games), not both');
    }
    const l = parseLink(v.link);
    const names = l.version === 0 ? { rolls: 'link.n', recorded: 'link.rolls', games: 'link.g' }
      : { rolls: 'link.r', recorded: 'link.r', games: 'link.g' };
    return { m: l.match, names, link: l };
  }
  const names = { rolls: '--rolls', recorded: '--recorded', games: '--games' };
  if (v.seed === '') throw new BadInput('--seed', 'missing: give a check-page LINK, or --seed HEX with --client');
  const seeds = v.client.split('\n').map((s) => s.replace(/\r$/, '')).filter((s) => s !== '');
  if (seeds.length === 0) throw new BadInput('--client', 'missing: give each client seed in seat order');
  const m = { serverSeed: parseServerSeed(byteString(v.seed), '--seed'), seal: null, clientSeeds: [], rolls: 0, recorded: null, games: [] };
  if (v.seal !== '') m.seal = parseSeal(byteString(v.seal), '--seal');
  m.clientSeeds = seeds.map(byteString);
  validateClientSeeds(m.clientSeeds, '--client');
  if (v.recorded !== '') m.recorded = parseRecorded(byteString(v.recorded), '--recorded');
  if (v.rolls !== '') {
    m.rolls = Number(parseCountOption(v.rolls, '--rolls', 1, MAX_MATCH_ROLLS));
  } else if (m.recorded) {
    m.rolls = m.recorded.length;
  } else {
    throw new BadInput('--rolls', 'missing: give the number of rolls, or the recorded rolls');
  }
  if (v.games !== '') m.games = parseGames(byteString(v.games), '--games');
  return { m, names, link: null };
}

function parseCountOption(text, field, lo, hi) {  // verify/args.cc parse_count = core parse_decimal
  if (text === '') throw new BadInput(field, 'empty number');
  for (let i = 0; i < text.length; i++) if (text[i] < '0' || text[i] > '9') throw new BadInput(field, 'not a decimal digit', i);
  if (text.length > 1 && text[0] === '0') throw new BadInput(field, 'leading zero', 0);
  const n = BigInt(text);
  if (n < BigInt(lo) || n > BigInt(hi) || n >= 1n << 64n) throw new BadInput(field, `must be between ${lo} and ${hi}, got ${text}`);
  return n;
}
export { parseCountOption };

async function runDice(v, { L, progress }) {
  const { m, names } = readMatch(v);
  const r = await verifyMatch(m, names, progress);
  const rep = new Report('dice');
  rep.result = r;
  rep.lines.push(L.t('dice.header', [m.rolls, r.gameSummary.length, m.clientSeeds.length]));
  rep.lines.push(L.t('dice.seal_computed', [r.computedSeal]));
  if (m.seal) rep.lines.push(L.t('dice.seal_given', [toHex(m.seal)]));
  const columns = L.t(m.recorded ? 'dice.columns_recorded' : 'dice.columns').trim().split(/\s{2,}/);
  const bad = new Set(r.mismatches.map((x) => x.roll));
  for (const g of r.gameSummary) {
    const rows = [];
    for (let i = 0; i < g.rolls; i++) {
      const n = g.firstRoll + i;
      const d = r.dice.substr(2 * (n - 1), 2);
      const cells = [String(n), `${g.game}.${i + 1}`, `${d[0]} ${d[1]}`];
      if (m.recorded) cells.push(`${m.recorded[n - 1][0]} ${m.recorded[n - 1][1]}`);
      rows.push({ cells, mark: m.recorded ? !bad.has(n) : null });
    }
    rep.tables.push({ caption: L.t('dice.game', [g.game, g.firstRoll, g.firstRoll + g.rolls - 1]), columns, rows });
  }
  const sealCheck = check('seal', NOT_CHECKED, L.t('check.seal'), L.t('reason.no_seal'));
  if (r.sealStatus !== 'absent') { sealCheck.status = r.sealStatus === 'match' ? PASSED : FAILED; sealCheck.reason = ''; }
  const rollsCheck = check('rolls', NOT_CHECKED, L.t('check.rolls', [m.rolls]), L.t('reason.no_recorded'));
  if (m.recorded) {
    rollsCheck.status = r.mismatches.length ? FAILED : PASSED;
    rollsCheck.reason = r.mismatches.length ? L.t('reason.rolls_differ', [r.mismatches.length]) : '';
  }
  rep.checks = [sealCheck, rollsCheck];
  if (sealCheck.status === FAILED) {
    rep.firstMismatch = { where: L.t('where.seal'), location: { check: 'seal' }, expected: r.computedSeal, recorded: toHex(m.seal) };
  } else if (r.mismatches.length) {
    const x = r.mismatches[0];
    rep.firstMismatch = { where: L.t('where.roll', [x.roll, x.game, x.rollInGame]), location: { roll: x.roll, game: x.game, rollInGame: x.rollInGame },
      expected: `${x.expected[0]} ${x.expected[1]}`, recorded: `${x.recorded[0]} ${x.recorded[1]}` };
  }
  return rep;
}

export const form = {
  id: 'dice',
  titleKey: 'page.form.dice',
  introKey: 'page.intro.dice',
  fields: [
    { name: 'link', option: 'LINK', also: ['link'], kind: 'textarea', rows: 2, labelKey: 'page.field.link', hintKey: 'page.hint.link' },
    { name: 'seed', option: '--seed', kind: 'text', labelKey: 'page.field.seed', hintKey: 'page.hint.seed', mono: true },
    { name: 'seal', option: '--seal', kind: 'text', labelKey: 'page.field.seal', hintKey: 'page.hint.seal', mono: true },
    { name: 'client', option: '--client', kind: 'textarea', rows: 2, labelKey: 'page.field.client', hintKey: 'page.hint.client', mono: true },
    { name: 'rolls', option: '--rolls', kind: 'text', numeric: true, labelKey: 'page.field.rolls', hintKey: 'page.hint.rolls' },
    { name: 'recorded', option: '--recorded', kind: 'textarea', rows: 3, labelKey: 'page.field.recorded', hintKey: 'page.hint.recorded', mono: true },
    { name: 'games', option: '--games', kind: 'text', labelKey: 'page.field.games', hintKey: 'page.hint.games' },
  ],
  // fromLocation: a check-page link the page was opened with (the query or the fragment).
  fromLocation(search, hash) {
    if (search === '' && hash === '') return null;
    return { link: search + hash };
  },
  run: runDice,
};

export const family = { name: 'hmac_dice', ops, form };
