// tavla.js - the example port's ops of tavla-commit-v1 (specs/tavla-commit-v1.md): commitments, block MACs, dice, games, proofs.
'use strict';
const { BadInput, arr, hex, hmac, int, parseJson, range, sha256, str } = require('./common.js');
const { LONE, canonCheck, canonicalValue } = require('./canonical_json.js');

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
  if (e !== undefined) {  // absent, or of its kind: null is not a string (derived NullMember)
    if (typeof e !== 'string') throw new BadInput('expectedCommitment: not a string');
    // Hex digits alone that are not 64 of them: a digest prefix (8 without a dash is ambiguous).
    if (/^[0-9a-fA-F]*$/.test(e) && e.length !== 64) throw new BadInput('expectedCommitment: a digest prefix');
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
    // §3: after the deciding opening only a move under the settings' opening rule play, only a
    // reroll under reroll, either when the settings name no rule.
    const rule = proof.settings.opening === 'play' ? ['move'] : proof.settings.opening === 'reroll' ? ['reroll'] : ['reroll', 'move'];
    const allowed = previous === null ? ['opening'] : previous.kind !== 'opening' ? ['move']
      : previous.dice[0] === previous.dice[1] ? ['opening'] : rule;
    if (!allowed.includes(r.kind)) return result(`rolls[${i}].kind`);
    previous = r;
  }
  return result(null);
}


const OPS = {
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
};

module.exports = { OPS };
