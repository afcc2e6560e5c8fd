// tavla.mjs - tavla-commit-v1 (specs/tavla-commit-v1.md): commitment = SHA-256(ctxCommit ||
// gameId || settingsHash || seat0 || seat1 || seed), the seal code (Crockford base32 of its first
// 40 bits), block MACs HMAC-SHA256(seed, ctxRoll || gameId || c0 || c1 || u32be(n) ||
// u32be(block)), dice from the accepted bytes (< 252) of blocks 0, 1, ... as one stream; proof
// files and their verification (gen/schemes/tavla.cc, tavla_proof.cc); the port ops; the page's
// tavla sub-form (gen/cli/verify/tavla.cc).
import { BadInput, Unreadable, bytePos, digestFromHex, toHex, utf8, sha256, hmacKey, hmacWith, concat, equalBytes, isHexDigit } from './core.mjs';
import { isObject, intValue, isInteger, stringify } from './json.mjs';
import { P, BARE, need, str, strList, uint } from './params.mjs';
import { serialize, parse as parseCanonical, decodeUtf8 } from './canonical_json.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check, mark } from './report.mjs';

export const COMMIT_CONTEXT = 'tavlarena-dice-commit-v1';
export const ROLL_CONTEXT = 'tavlarena-dice-roll-v1';
export const MAX_COUNTER = 0xffffffff;
export const MAX_GAME_MOVES = 100000;
export const MAX_PROOF_BYTES = 4 << 20;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KINDS = ['opening', 'reroll', 'move'];

export function parseUuid(text, field) {
  for (let i = 0; i < text.length && i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (text[i] !== '-') throw new BadInput(field, "a UUID must be written 8-4-4-4-12 with '-' at positions 8, 13, 18 and 23", bytePos(text, i));
    } else if (!isHexDigit(text[i])) {
      throw new BadInput(field, 'not a hex digit in the UUID (canonical form 8-4-4-4-12 only)', bytePos(text, i));
    }
  }
  if (text.length !== 36) {
    throw new BadInput(field, `a UUID has 36 characters (8-4-4-4-12), got ${new TextEncoder().encode(text).length}`, Math.min(text.length, 36));
  }
  const hex = text.replace(/-/g, '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.substr(2 * i, 2), 16));
}

export const formatUuid = (b) => { const h = toHex(b); return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`; };
export const parseSecret = (hex, field) => digestFromHex(hex, field);

export function sealCode(commitment) {
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(commitment[i]);
  let out = '';
  for (let i = 7; i >= 0; i--) {
    out += CROCKFORD[Number((bits >> BigInt(5 * i)) & 31n)];
    if (i === 4) out += '-';
  }
  return out;
}

export function readSealCode(text, field) {
  let symbols = '';
  for (let i = 0; i < text.length; i++) {
    let c = text[i];
    if (c === '-') continue;
    if (c >= 'a' && c <= 'z') c = c.toUpperCase();
    if (c === 'O') c = '0';
    if (c === 'I' || c === 'L') c = '1';
    if (!CROCKFORD.includes(c)) {
      throw new BadInput(field, `not a seal code symbol (Crockford base32: ${CROCKFORD}, with O read as 0 and I, L as 1; U is not a symbol)`, bytePos(text, i));
    }
    if (symbols.length === 8) throw new BadInput(field, 'a seal code has 8 symbols (XXXX-XXXX); this one has more', bytePos(text, i));
    symbols += c;
  }
  if (symbols.length !== 8) throw new BadInput(field, `a seal code has 8 symbols (XXXX-XXXX), got ${symbols.length}`);
  return `${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

export const settingsHash = async (canonical) => sha256(utf8(canonical));
export const commitmentInput = (gameId, sh, seat0, seat1, seed) => concat(utf8(COMMIT_CONTEXT), gameId, sh, seat0, seat1, seed);
export const commitment = async (gameId, sh, seat0, seat1, seed) => sha256(commitmentInput(gameId, sh, seat0, seat1, seed));

const u32be = (n) => Uint8Array.of((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
export const blockInput = (inp, n, block) => concat(utf8(ROLL_CONTEXT), inp.gameId, inp.contributions[0], inp.contributions[1], u32be(n), u32be(block));

export async function blockMac(inp, n, block) {
  return hmacWith(await hmacKey(inp.seed), blockInput(inp, n, block));
}

function checkN(n, field) {
  if (n < 1n || n > BigInt(MAX_COUNTER)) throw new BadInput(field, `the roll number n must be between 1 and 4294967295, got ${n}`);
  return Number(n);
}
function checkBlock(b, field) {
  if (b > BigInt(MAX_COUNTER)) throw new BadInput(field, `the block index must be between 0 and 4294967295, got ${b}`);
  return Number(b);
}

// pick reads blocks (block 0 first) as one stream of accepted bytes: {dice, blocks} or null.
function pickOf(blocks) {
  const dice = [];
  for (let k = 0; k < blocks.length; k++) {
    for (const b of blocks[k]) {
      if (b < 252) dice.push((b % 6) + 1);
      if (dice.length === 2) return { dice, blocks: k + 1 };
    }
  }
  return null;
}

export function pick(blocks, field = 'blocks') {
  if (blocks.length === 0) throw new BadInput(field, 'at least one block is needed');
  const r = pickOf(blocks);
  if (!r) throw new BadInput(field, `the ${blocks.length} blocks given hold fewer than two accepted bytes (< 252)`);
  return r;
}

export async function roll(inp, n) {
  const n32 = checkN(BigInt(n), 'n');
  const key = await hmacKey(inp.seed);
  const blocks = [];
  for (let block = 0; block <= MAX_COUNTER; block++) {
    blocks.push(await hmacWith(key, blockInput(inp, n32, block)));
    const r = pickOf(blocks);
    if (r) return r;
  }
  throw new Error('tavla roll: all 2^32 blocks exhausted; the roll is undefined');
}

// kindMayFollow: specs/tavla-commit-v1.md §3; |rule| is the settings' opening rule ('play' or
// 'reroll'), or null when the settings name none: after the deciding opening only a move under play,
// only a reroll under reroll, either without a rule.
export function kindMayFollow(previous, kind, rule = null) {
  if (!previous) return kind === 'opening';
  if (previous.kind === 'opening') {
    if (previous.dice[0] === previous.dice[1]) return kind === 'opening';
    if (rule === 'play') return kind === 'move';
    if (rule === 'reroll') return kind === 'reroll';
    return kind !== 'opening';
  }
  return kind === 'move';
}

export async function gameRolls(inp, rule, moves, fieldMoves = 'moves') {
  if (moves > BigInt(MAX_GAME_MOVES)) throw new BadInput(fieldMoves, `at most ${MAX_GAME_MOVES} move rolls per request, got ${moves}`);
  const out = [];
  let n = 1;
  const next = async (kind) => { out.push({ n, kind, dice: (await roll(inp, n)).dice }); n++; };
  do await next('opening'); while (out[out.length - 1].dice[0] === out[out.length - 1].dice[1]);
  if (rule === 'reroll') await next('reroll');
  for (let i = 0n; i < BigInt(moves); i++) await next('move');
  return out;
}

export const diceText = (d) => `${d[0]}-${d[1]}`;

// ---- Proof files (tavla_proof.cc). |text| is the file as a JS string.
const MEMBERS = ['format', 'version', 'gameId', 'seats', 'settings', 'settingsHash', 'seed', 'contributions', 'commitment', 'sealCode', 'rolls'];

class Reader {
  constructor(text) { this.text = text; }
  offset(path) {
    const { span } = parseCanonical(this.text, 'proof', path);
    return span ? bytePos(this.text, span[0]) : null;
  }
  error(path, msg) { return new BadInput(path === '' ? 'proof' : path, msg, this.offset(path)); }
  inside(path, e) {
    const { span } = parseCanonical(this.text, 'proof', path);
    let pos = null;
    if (span) {
      pos = bytePos(this.text, span[0]);
      if (e.position !== null && !this.text.slice(span[0], span[1]).includes('\\')) pos += 1 + e.position;
    }
    return new BadInput(path, e.detail, pos);
  }
  member(obj, key, objPath) {
    if (!obj.has(key)) throw new BadInput(objPath === '' ? key : `${objPath}.${key}`, 'missing', this.offset(objPath));
    return obj.get(key);
  }
  string(v, path) {
    if (typeof v !== 'string') throw this.error(path, 'must be a string');
    return v;
  }
  wrap(path, fn) {
    try { return fn(); } catch (e) { if (e instanceof BadInput) throw this.inside(path, e); throw e; }
  }
  uuid(v, path) { const s = this.string(v, path); return this.wrap(path, () => parseUuid(s, path)); }
  digest(v, path) { const s = this.string(v, path); return this.wrap(path, () => parseSecret(s, path)); }
  array(v, path, size) {
    if (!Array.isArray(v)) throw this.error(path, 'must be an array');
    if (size && v.length !== size) throw this.error(path, `must hold exactly ${size} items, got ${v.length}`);
    return v;
  }
}

export function parseProof(text) {
  if (utf8(text).length > MAX_PROOF_BYTES) {
    throw new BadInput('proof', `${utf8(text).length} bytes, more than the 4 MiB limit (memory budget, specs/README.md)`);
  }
  const doc = parseCanonical(text, 'proof');
  const r = new Reader(text);
  if (!isObject(doc)) throw r.error('', 'a proof file is a JSON object');
  const format = r.member(doc, 'format', '');
  if (format !== 'tavla-commit-proof') throw r.error('format', 'must be "tavla-commit-proof"');
  const version = r.member(doc, 'version', '');
  if (version !== 1) throw r.error('version', `this verifier reads proof format version 1 only, got ${stringify(version)}`);
  for (const name of doc.keys()) if (!MEMBERS.includes(name)) throw r.error(name, 'not a member of a version 1 proof file');
  const p = {};
  p.gameId = r.uuid(r.member(doc, 'gameId', ''), 'gameId');
  const seats = r.array(r.member(doc, 'seats', ''), 'seats', 2);
  p.seats = seats.map((s, i) => r.uuid(s, `seats[${i}]`));
  const settings = r.member(doc, 'settings', '');
  if (!isObject(settings)) throw r.error('settings', 'must be a JSON object (the rules version and every rule and match setting)');
  p.settingsCanonical = serialize(settings, 'settings');
  const opening = settings.get('opening');
  p.opening = opening === 'play' || opening === 'reroll' ? opening : null;
  p.settingsHash = r.digest(r.member(doc, 'settingsHash', ''), 'settingsHash');
  p.seed = r.digest(r.member(doc, 'seed', ''), 'seed');
  const contributions = r.array(r.member(doc, 'contributions', ''), 'contributions', 2);
  p.contributions = contributions.map((c, i) => r.digest(c, `contributions[${i}]`));
  p.commitment = r.digest(r.member(doc, 'commitment', ''), 'commitment');
  const sc = r.string(r.member(doc, 'sealCode', ''), 'sealCode');
  p.sealCode = r.wrap('sealCode', () => readSealCode(sc, 'sealCode'));
  const rolls = r.array(r.member(doc, 'rolls', ''), 'rolls', 0);
  p.rolls = rolls.map((roll, i) => {
    const path = `rolls[${i}]`;
    if (!isObject(roll)) throw r.error(path, 'must be an object {"n", "kind", "dice"}');
    for (const name of roll.keys()) {
      if (!['n', 'kind', 'dice'].includes(name)) throw r.error(`${path}.${name}`, 'not a member of a roll (n, kind, dice)');
    }
    const n = r.member(roll, 'n', path);
    if (typeof n !== 'number' || n < 1 || n > MAX_COUNTER) throw r.error(`${path}.n`, 'must be an integer from 1 to 4294967295');
    const kindV = r.member(roll, 'kind', path);
    const kind = r.string(kindV, `${path}.kind`);
    if (!KINDS.includes(kind)) throw r.error(`${path}.kind`, `a roll kind is "opening", "reroll" or "move", got "${kind}"`);
    const dice = r.array(r.member(roll, 'dice', path), `${path}.dice`, 2);
    dice.forEach((d, k) => {
      if (typeof d !== 'number' || d < 1 || d > 6) throw r.error(`${path}.dice[${k}]`, 'a die is an integer from 1 to 6');
    });
    return { n, kind, dice: [...dice] };
  });
  return p;
}

// parseExpectedCommitment (tavla_proof.cc parse_expected_commitment): 64 hex digits are a digest;
// hex digits alone that are not 64 of them are bad input (a digest prefix; 8 without a dash is
// ambiguous); anything else shorter than 32 characters is a seal code.
export function parseExpectedCommitment(text, field) {
  if (text === '') throw new BadInput(field, 'is empty: give the 64-digit commitment or the seal code XXXX-XXXX');
  if (/^[0-9a-fA-F]+$/.test(text) && text.length !== 64) {
    if (text.length === 8) {
      throw new BadInput(field, '8 hex digits without a dash could be a seal code or a digest prefix: write the seal code with its dash (XXXX-XXXX), or give all 64 digits of the commitment');
    }
    throw new BadInput(field, `looks like the first ${text.length} hex digits of a commitment: give all 64 digits, or the seal code XXXX-XXXX`);
  }
  if (text.length >= 32) return { kind: 'digest', digest: digestFromHex(text, field) };
  return { kind: 'seal', sealCode: readSealCode(text, field) };
}

// verifyProof: the checks in order, stopping at the first failure (verify_proof).
export async function verifyProof(p, expected = null) {
  const v = { verified: false, failedCheck: '', expected: '', found: '', rollsChecked: 0 };
  const fail = (c, want, got) => Object.assign(v, { failedCheck: c, expected: want, found: got });
  const sh = await settingsHash(p.settingsCanonical);
  v.commitment = await commitment(p.gameId, sh, p.seats[0], p.seats[1], p.seed);
  v.sealCode = sealCode(v.commitment);
  if (!equalBytes(sh, p.settingsHash)) return fail('settingsHash', toHex(sh), toHex(p.settingsHash));
  if (!equalBytes(v.commitment, p.commitment)) return fail('commitment', toHex(v.commitment), toHex(p.commitment));
  if (v.sealCode !== p.sealCode) return fail('sealCode', v.sealCode, p.sealCode);
  if (expected && expected.kind === 'digest' && !equalBytes(expected.digest, v.commitment)) {
    return fail('expectedCommitment', toHex(v.commitment), toHex(expected.digest));
  }
  if (expected && expected.kind === 'seal' && expected.sealCode !== v.sealCode) return fail('expectedCommitment', v.sealCode, expected.sealCode);
  const inp = { seed: p.seed, gameId: p.gameId, contributions: p.contributions };
  for (let i = 0; i < p.rolls.length; i++) {
    const g = p.rolls[i];
    const path = `rolls[${i}]`;
    if (g.n !== i + 1) return fail(`${path}.n`, String(i + 1), String(g.n));
    const d = (await roll(inp, g.n)).dice;
    if (d[0] !== g.dice[0] || d[1] !== g.dice[1]) return fail(`${path}.dice`, diceText(d), diceText(g.dice));
    const prev = i ? p.rolls[i - 1] : null;
    if (!kindMayFollow(prev, g.kind, p.opening)) {
      return fail(`${path}.kind`, KINDS.filter((k) => kindMayFollow(prev, k, p.opening)).join(' or '), g.kind);
    }
    v.rollsChecked++;
  }
  v.verified = true;
  return v;
}

// ---- Port ops (gen/ops/tavla.cc).
const uuidParam = (p, k) => parseUuid(str(p, k), k);
const secretParam = (p, k) => parseSecret(str(p, k), k);
function pairParam(p, k, each) {
  const v = strList(p, k);
  if (v.length !== 2) throw new BadInput(k, `must hold exactly 2 entries, got ${v.length}`);
  return [each(v[0], `${k}[0]`), each(v[1], `${k}[1]`)];
}
const rollInputs = (p) => ({ seed: secretParam(p, 'seed'), gameId: uuidParam(p, 'gameId'), contributions: pairParam(p, 'contributions', parseSecret) });

export const ops = {
  'tavla.commitment': async (p) => {
    const gameId = uuidParam(p, 'gameId');
    const seats = pairParam(p, 'seats', parseUuid);
    const seed = secretParam(p, 'seed');
    const canonical = serialize(need(p, 'settings'), 'settings');
    const sh = await settingsHash(canonical);
    const c = await commitment(gameId, sh, seats[0], seats[1], seed);
    return { settingsHash: toHex(sh), settingsCanonical: canonical, commitment: toHex(c), sealCode: sealCode(c) };
  },
  'tavla.block': async (p) => {
    const inp = rollInputs(p);
    const n = uint(p, 'n', { type: BARE, message: 'must be a non-negative integer' });
    checkN(n, 'n');
    const block = checkBlock(uint(p, 'block'), 'block');
    return { mac: toHex(await blockMac(inp, Number(n), block)) };
  },
  'tavla.pick': async (p) => {
    const blocks = strList(p, 'blocks').map((h, i) => digestFromHex(h, `blocks[${i}]`));
    return pick(blocks, 'blocks');
  },
  'tavla.roll': async (p) => {
    const inp = rollInputs(p);
    const n = uint(p, 'n');
    return roll(inp, checkN(n, 'n'));
  },
  'tavla.game': async (p) => {
    const inp = rollInputs(p);
    const opening = str(p, 'opening');
    if (opening !== 'play' && opening !== 'reroll') throw new BadInput('opening', `the opening rule is "play" or "reroll", got "${opening}"`);
    const moves = uint(p, 'moves');
    return { rolls: await gameRolls(inp, opening, moves, 'moves') };
  },
  'tavla.seal_code': async (p) => ({ sealCode: readSealCode(str(p, 'code'), 'code') }),
  'tavla.verify_proof': async (p) => {
    const proof = parseProof(str(p, 'proof'));
    const e = p.has('expectedCommitment') ? parseExpectedCommitment(str(p, 'expectedCommitment'), 'expectedCommitment') : null;
    const v = await verifyProof(proof, e);
    return { verified: v.verified, failedCheck: v.verified ? null : v.failedCheck, commitment: toHex(v.commitment),
      sealCode: v.sealCode, rollsChecked: v.rollsChecked };
  },
};

// ---- The page's sub-form: `fairvec verify tavla`.

// expectedOf reads the expected commitment as the CLI does: the one rule of parseExpectedCommitment.
const expectedOf = (text) => parseExpectedCommitment(text, '--expected-commitment');

const checkOf = (failed) => (['settingsHash', 'commitment', 'sealCode'].includes(failed) ? 'commitment'
  : failed === 'expectedCommitment' ? 'expectedCommitment' : 'rolls');

// readProofFile reads a File (or {name, size, data: Uint8Array}) within the size limit and decodes it as UTF-8.
export async function readProofFile(file) {
  if (!file) throw new BadInput('PROOF', 'missing: give the proof file (tavlarena-dice-<game>.json)');
  if (file.size > MAX_PROOF_BYTES) throw new BadInput('PROOF', `'${file.name}' is larger than the limit of ${MAX_PROOF_BYTES} bytes`);
  let bytes;
  try {
    bytes = file.data instanceof Uint8Array ? file.data : new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    throw new Unreadable(`cannot read '${file.name}' (PROOF): ${e.message}`);
  }
  return decodeUtf8(bytes, 'proof');
}

async function runTavla(v, { L }) {
  const file = v.proof;
  const expected = v['expected-commitment'] === '' ? null : expectedOf(v['expected-commitment']);
  const text = await readProofFile(file);
  const proof = parseProof(text);
  const r = await verifyProof(proof, expected);
  const rep = new Report('tavla');
  rep.lines.push(L.t('tavla.header', [file.name, proof.rolls.length]));
  rep.lines.push(L.t('tavla.commitment', [toHex(r.commitment)]));
  rep.lines.push(L.t('tavla.seal_code', [r.sealCode]));
  const failed = r.verified ? '' : checkOf(r.failedCheck);
  rep.tables.push({ caption: '', columns: ['n', L.t('page.col.dice'), L.t('page.col.kind')],
    rows: proof.rolls.map((roll, i) => {
      const bad = failed === 'rolls' && i === r.rollsChecked;
      const reached = i < r.rollsChecked || bad;
      return { cells: [String(roll.n), diceText(roll.dice), roll.kind], mark: reached ? !bad : null };
    }) });
  const order = ['commitment', 'expectedCommitment', 'rolls'];
  const status = (name, applies) => {
    if (!applies) return NOT_CHECKED;
    if (failed === name) return FAILED;
    if (failed !== '' && order.indexOf(name) > order.indexOf(failed)) return NOT_CHECKED;
    return PASSED;
  };
  const commit = check('commitment', status('commitment', true), L.t('check.commitment'));
  const exp = check('expectedCommitment', status('expectedCommitment', expected !== null), L.t('check.expected'),
    expected ? '' : L.t('reason.no_expected'));
  const rolls = check('rolls', status('rolls', proof.rolls.length > 0), L.t('check.proof_rolls', [proof.rolls.length]),
    proof.rolls.length ? '' : L.t('reason.no_rolls'));
  for (const c of [commit, exp, rolls]) if (c.status === NOT_CHECKED && c.reason === '') c.reason = L.t('reason.not_reached');
  rep.checks = [commit, exp, rolls];
  if (rolls.status === PASSED) rep.lines.push(L.t('tavla.all_rolls', [proof.rolls.length]));
  if (!r.verified) {
    rep.firstMismatch = { where: L.t('where.check', [r.failedCheck]), location: { check: r.failedCheck }, expected: r.expected, recorded: r.found };
  }
  rep.result = { commitment: toHex(r.commitment), sealCode: r.sealCode, rolls: proof.rolls.length, rollsChecked: r.rollsChecked,
    failedCheck: r.verified ? null : r.failedCheck };
  return rep;
}

export const form = {
  id: 'tavla',
  titleKey: 'page.form.tavla',
  introKey: 'page.intro.tavla',
  errorField: 'proof',  // a proof file's errors name JSON paths inside it
  fields: [
    { name: 'proof', option: 'PROOF', kind: 'file', accept: '.json,application/json', labelKey: 'page.field.proof', hintKey: 'page.hint.proof', hintArgs: [MAX_PROOF_BYTES] },
    { name: 'expected-commitment', option: '--expected-commitment', kind: 'text', labelKey: 'page.field.expected', hintKey: 'page.hint.expected', mono: true },
  ],
  run: runTavla,
};

export const family = { name: 'tavla', ops, form };
