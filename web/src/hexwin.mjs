// hexwin.mjs - hexwin-v1 (specs/hexwin-v1.md): a bet's digest (HMAC-SHA512 keyed by the server
// seed, or SHA-512 of the seeds joined, as the convention says), read 5 hex digits at a time; the
// first window below 10^6 is mapped to the roll, and when all are rejected the convention's
// exhaustion rule gives it (gen/schemes/hexwin.cc); the port ops; the page's hexwin sub-form
// (gen/cli/verify/hexwin.cc).
import { BadInput, MAX_SAFE, checkText, digest, fromHex, hmac, parseDecimal, toHex, utf8 } from './core.mjs';
import { BARE, counter, need, text } from './params.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check } from './report.mjs';
import { formatDouble } from './json.mjs';

export const HASH = 'SHA-512';  // every convention of hexwin-v1
export const LIMIT = 1000000;

// §3: the conventions, in the spec's order.
export const CONVENTIONS = {
  primedice: { plain: false, message: '{client}-{nonce}', mapping: 'mod1e4/100', exhaustion: '9999' },
  'just-dice': { plain: false, message: '{client}:{nonce}', mapping: '/1e4', exhaustion: 'tail' },
  duckdice: { plain: true, message: '{server}{client}{nonce}', mapping: 'mod1e4', exhaustion: 'tail' },
  'bcgame-hash-dice': { plain: true, message: '{server}{client}{nonce}', mapping: 'mod1e5', exhaustion: 'tail' },
};
export const CONVENTION_NAMES = Object.keys(CONVENTIONS);

export function findConvention(name, field) {
  if (!Object.hasOwn(CONVENTIONS, name)) throw new BadInput(field, `not a hexwin-v1 convention: ${name}`);
  return CONVENTIONS[name];
}

// message fills the convention's template in one pass: a seed holding `{nonce}` or `$&` is text,
// never a placeholder or a replacement pattern (hexwin-replace-all, hexwin-js-replace).
export const message = (c, server, client, nonce) => {
  const values = { server, client, nonce: String(nonce) };
  return c.message.replace(/\{(server|client|nonce)\}/g, (_, k) => values[k]);
};

export function mapValue(mapping, v) {
  if (mapping === 'mod1e4/100') return (v % 10000) / 100;
  if (mapping === '/1e4') return v / 10000;
  if (mapping === 'mod1e4') return v % 10000;
  return v % 100000;
}

// read reads a digest (bytes) under convention |c| (§2 steps 2-5).
export function read(c, d) {
  const hex = toHex(d);
  const windows = [];
  for (let i = 0; (i + 1) * 5 <= hex.length; i++) {
    const w = hex.slice(5 * i, 5 * i + 5);
    const value = parseInt(w, 16);
    windows.push({ index: i, hex: w, value, accepted: value < LIMIT });
    if (value < LIMIT) return { windows, exhausted: false, value, roll: mapValue(c.mapping, value) };
  }
  const value = c.exhaustion === '9999' ? 9999 : parseInt(hex.slice(5 * windows.length), 16);
  return { windows, exhausted: true, value, roll: mapValue(c.mapping, value) };
}

export async function bet(c, serverSeed, clientSeed, nonce) {
  const msg = message(c, serverSeed, clientSeed, nonce);
  const d = c.plain ? await digest(utf8(msg), HASH) : await hmac(utf8(serverSeed), utf8(msg), HASH);
  return { message: msg, digest: d, reading: read(c, d) };
}

function conventionParam(p) {
  const v = need(p, 'convention', BARE);
  if (typeof v !== 'string') throw new BadInput('convention', 'must be a string');
  return findConvention(checkText(v, 'convention'), 'convention');
}

export const ops = {
  'hexwin.roll': async (p) => {
    const c = conventionParam(p);
    const serverSeed = text(p, 'serverSeed'), clientSeed = text(p, 'clientSeed'), nonce = counter(p, 'nonce');
    return { roll: (await bet(c, serverSeed, clientSeed, nonce)).reading.roll };
  },
  'hexwin.from_hex': async (p) => {
    const c = conventionParam(p);
    const d = fromHex(text(p, 'digest'), 'digest');
    if (d.length !== 64) throw new BadInput('digest', `must be 128 hex digits (sha512), got ${2 * d.length}`);
    return { roll: read(c, d).roll };
  },
};

// parseRoll reads --roll as gen/cli/verify/hexwin.cc does: digits with at most one inner '.'.
function parseRoll(s) {
  if (s.length > 32) throw new BadInput('--roll', 'must be a decimal number such as 67.65');
  let dot = false;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '.' && !dot && i > 0 && i + 1 < s.length) {
      dot = true;
      continue;
    }
    if (s[i] < '0' || s[i] > '9') throw new BadInput('--roll', 'must be a decimal number such as 67.65', i);
  }
  return Number(s);
}

async function runHexwin(v, { L }) {
  if (v.convention === '') throw new BadInput('--convention', 'missing');
  const c = findConvention(v.convention, '--convention');
  if (v['server-seed'] === '') throw new BadInput('--server-seed', 'missing');
  if (v.nonce === '') throw new BadInput('--nonce', 'missing');
  const nonce = Number(parseDecimal(v.nonce, '--nonce', 0, MAX_SAFE));
  const given = v.roll === '' ? null : parseRoll(v.roll);
  const b = await bet(c, v['server-seed'], v['client-seed'], nonce);
  const r = b.reading;
  const roll = formatDouble(r.roll);
  const rep = new Report('hexwin');
  rep.lines.push(L.t('hexwin.header', [v.convention, nonce]));
  rep.lines.push(L.t('hexwin.message', [b.message]));
  rep.lines.push(L.t('hexwin.digest', [toHex(b.digest)]));
  for (const w of r.windows) {
    rep.lines.push(L.t('hexwin.window', [w.index, w.hex, w.value, L.t(w.accepted ? 'hexwin.accepted' : 'hexwin.rejected')]));
  }
  if (r.exhausted) rep.lines.push(L.t('hexwin.exhausted', [r.value]));
  rep.lines.push(L.t('hexwin.roll', [roll]));
  const ck = check('roll', NOT_CHECKED, L.t('hexwin.check'), L.t('hexwin.no_roll'));
  if (given !== null) {
    ck.status = given === r.roll ? PASSED : FAILED;
    ck.reason = '';
    if (given !== r.roll) {
      rep.firstMismatch = { where: L.t('hexwin.where'), location: { check: 'roll' }, expected: roll, recorded: v.roll };
    }
  }
  rep.checks = [ck];
  rep.result = { convention: v.convention, nonce: String(nonce), message: b.message, digest: toHex(b.digest),
    windows: r.windows.map((w) => w.value), exhausted: r.exhausted, roll: r.roll };
  return rep;
}

export const form = {
  id: 'hexwin',
  titleKey: 'page.form.hexwin',
  introKey: 'page.intro.hexwin',
  fields: [
    { name: 'convention', option: '--convention', kind: 'select', choices: CONVENTION_NAMES, labelKey: 'page.field.hexwin_convention' },
    { name: 'server-seed', option: '--server-seed', kind: 'text', labelKey: 'page.field.server_seed', mono: true },
    // The client seed may be empty (`--client-seed=`): an empty field is an empty value.
    { name: 'client-seed', option: '--client-seed', kind: 'text', labelKey: 'page.field.client_seed', mono: true },
    { name: 'nonce', option: '--nonce', kind: 'text', numeric: true, labelKey: 'page.field.nonce' },
    { name: 'roll', option: '--roll', kind: 'text', labelKey: 'page.field.hexwin_roll' },
  ],
  run: runHexwin,
};

export const family = { name: 'hexwin', ops, form };
