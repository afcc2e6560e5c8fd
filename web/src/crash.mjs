// crash.mjs - crash points from a reverse-played hash chain (specs/crash.md), four conventions:
// betkyo-exact (exact integers over the link), bustabit-v1 (2015: HMAC keyed with the link's hex
// text, 1 in 101 instant bust, binary64), bustabit-v2 (2018: HMAC keyed with the salt over the
// link's bytes, binary64) and bustabit-2025 (v2's point, chain over the raw bytes)
// (gen/schemes/crash.cc); the port ops; the page's crash sub-form, which walks the chain to a
// terminating hash as `fairvec verify crash` does (gen/cli/verify/crash.cc).
import { BadInput, digestFromHex, toHex, utf8, sha256, hmac, equalBytes, parseDecimal } from './core.mjs';
import { P, need, str } from './params.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check, mark } from './report.mjs';

export const CONVENTIONS = ['betkyo-exact', 'bustabit-v1', 'bustabit-v2', 'bustabit-2025'];
export const MAX_CRASH_COUNT = 100000;
export const DEFAULT_MAX_WALK = 10000000;
export const MAX_WALK = 100000000;
const E = 2 ** 52;
const E_BIG = 1n << 52n;

// Published terminating hashes (specs/crash.md §1.1), as gen/cli/verify/crash.cc names them.
export const KNOWN_CHAINS = [
  { terminating: 'c1cfa8e28fc38999eaa888487e443bad50a65e0b710f649affa6718cfbfada4d', nameKey: 'crash.chain_2015', firstGame: 1 },
  { terminating: '86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277', nameKey: 'crash.chain_2018', firstGame: 1 },
  { terminating: '567a98370fb7545137ddb53687723cf0b8a1f5e93b1f76f4a1da29416930fa59', nameKey: 'crash.chain_2024', firstGame: 10000001 },
];
// The last game of the later chain whose point needs Vx's signature (specs/crash.md §1.1).
export const VX_LAST_GAME = 12279450;

export function parseConvention(name) {
  if (!CONVENTIONS.includes(name)) {
    throw new BadInput('convention', `unknown convention '${name}' (betkyo-exact, bustabit-v1, bustabit-v2, bustabit-2025)`);
  }
  return name;
}

const h52 = (d) => {
  let v = 0n;
  for (let i = 0; i < 7; i++) v = (v << 8n) | BigInt(d[i]);
  return v >> 4n;
};
function divisibleBy101(d) {
  let r = 0;
  for (const b of d) r = (r * 256 + b) % 101;
  return r === 0;
}

// fromHash: the point in hundredths (a BigInt) from the value the formula reads.
export function fromHash(conv, hash) {
  const h = h52(hash);
  if (conv === 'betkyo-exact') return (100n * E_BIG - h) / (E_BIG - h);
  const hd = Number(h);  // exact: h < 2^53
  if (conv === 'bustabit-v1') {
    if (divisibleBy101(hash)) return 0n;
    return BigInt(Math.floor((100 * E - hd) / (E - hd)));
  }
  return BigInt(Math.max(100, Math.floor(99 / (1 - hd / E))));
}

export async function point(conv, linkText, salt) {
  const link = digestFromHex(linkText, 'link');
  if (conv === 'betkyo-exact') {
    if (salt !== null) throw new BadInput('salt', 'betkyo-exact takes no salt');
    return fromHash(conv, link);
  }
  if (salt === null) throw new BadInput('salt', `${conv} needs a salt`);
  const value = conv === 'bustabit-v1' ? await hmac(utf8(toHex(link)), utf8(salt)) : await hmac(utf8(salt), link);
  return fromHash(conv, value);
}

const HEX_CODES = Array.from({ length: 256 }, (_, b) => [b >> 4, b & 15].map((n) => '0123456789abcdef'.charCodeAt(n)));
// previous: SHA-256 of the link's lowercase hex text, or of its 32 raw bytes (bustabit-2025).
export async function previous(conv, link) {
  if (conv === 'bustabit-2025') return sha256(link);
  const text = new Uint8Array(64);
  for (let i = 0; i < 32; i++) { text[2 * i] = HEX_CODES[link[i]][0]; text[2 * i + 1] = HEX_CODES[link[i]][1]; }
  return sha256(text);
}

// ---- Port ops (gen/ops/keno_crash.cc).
const convParam = (p) => parseConvention(str(p, 'convention'));
export const ops = {
  'crash.point': async (p) => {
    const conv = convParam(p);
    const link = str(p, 'link');
    const salt = p.has('salt') ? str(p, 'salt') : null;
    return { hundredths: (await point(conv, link, salt)).toString() };
  },
  'crash.previous': async (p) => {
    const conv = convParam(p);
    const link = digestFromHex(str(p, 'link'), 'link');
    return { link: toHex(await previous(conv, link)) };
  },
  'crash.from_hash': async (p) => {
    const conv = convParam(p);
    return { hundredths: fromHash(conv, digestFromHex(str(p, 'hash'), 'hash')).toString() };
  },
};

// ---- The page's sub-form: `fairvec verify crash`.

// parseBust reads a bust as bustabit shows it ("1.26", "1.26x", "0"): hundredths, a BigInt.
function parseBust(s, field) {
  if (s.endsWith('x') || s.endsWith('X')) s = s.slice(0, -1);
  const dot = s.indexOf('.');
  const whole = dot < 0 ? s : s.slice(0, dot);
  let frac = dot < 0 ? '' : s.slice(dot + 1);
  if (frac.length > 2 || (dot >= 0 && frac === '')) throw new BadInput(field, `a bust has at most two decimals (1.26x), got '${s.slice(0, 40)}'`);
  frac = frac.padEnd(2, '0');
  const w = parseDecimal(whole, field, 0, 9999999999999999n);
  if (!/^[0-9]{2}$/.test(frac)) throw new BadInput(field, `a bust is a decimal number like 1.26x, got '${s.slice(0, 40)}'`);
  return w * 100n + BigInt(frac);
}

export const bustText = (h) => `${h / 100n}.${String(h % 100n).padStart(2, '0')}x`;

async function runCrash(v, { L, progress, signal }) {
  const required = (k) => {
    if (v[k] === '') throw new BadInput(`--${k}`, 'missing');
    return v[k];
  };
  const conv = parseConvention(required('convention'));
  const hashText = required('hash');
  const start = digestFromHex(hashText, '--hash');
  // An empty salt field is no salt for betkyo-exact (which takes none) and the empty salt
  // (`--salt=`) for the bustabit conventions (which need one).
  const salt = v.salt === '' && conv === 'betkyo-exact' ? null : v.salt;
  const busts = [];
  if (v.busts.trim() !== '') {
    for (const item of v.busts.split(',').map((x) => x.trim())) {
      if (busts.length >= MAX_CRASH_COUNT) throw new BadInput('--busts', `more than ${MAX_CRASH_COUNT}`);
      busts.push(parseBust(item, `--busts[${busts.length}]`));
    }
  }
  let count = busts.length ? busts.length : 1;
  if (v.count !== '') {
    count = Number(parseDecimal(v.count, '--count', 1, MAX_CRASH_COUNT));
    if (busts.length && busts.length > count) throw new BadInput('--busts', `lists ${busts.length} busts for --count ${count}`);
  }
  const terminating = v.terminating === '' ? null : digestFromHex(v.terminating, '--terminating');
  const maxWalk = v['max-walk'] === '' ? DEFAULT_MAX_WALK : Number(parseDecimal(v['max-walk'], '--max-walk', 1, MAX_WALK));
  await point(conv, hashText, salt);  // the salt rules of crash::point, before anything is computed

  const rep = new Report('crash');
  rep.lines.push(L.t('crash.header', [conv, count]));
  const rows = [];
  const games = [];
  let link = start;
  let first = null;
  for (let i = 0; i < count; i++) {
    const h = await point(conv, toHex(link), salt);
    const cells = [i === 0 ? 'H' : `H-${i}`, toHex(link), bustText(h)];
    let ok = null;
    if (i < busts.length) {
      ok = busts[i] === h;
      cells.push(bustText(busts[i]));
      if (!ok && !first) {
        first = { where: L.t('where.game', [i]), location: { gamesBefore: i, hash: toHex(link) }, expected: bustText(h), recorded: bustText(busts[i]) };
      }
    }
    rows.push({ cells, mark: ok });
    games.push({ hash: toHex(link), hundredths: h.toString(), bust: bustText(h) });
    link = await previous(conv, link);
  }
  const columns = [L.t('page.col.game'), L.t('page.col.hash'), L.t('page.col.bust')];
  if (busts.length) columns.push(L.t('page.col.given'));
  rep.tables.push({ caption: '', columns, rows });
  const cBusts = check('busts', NOT_CHECKED, L.t('check.busts', [busts.length]), L.t('reason.no_busts'));
  if (busts.length) { cBusts.status = first ? FAILED : PASSED; cBusts.reason = ''; }
  const cChain = check('chain', NOT_CHECKED, L.t('check.chain'), L.t('reason.no_terminating'));
  let walk = null;
  if (terminating) {
    let w = start;
    let steps = 0;
    let stopped = false;
    while (!equalBytes(w, terminating) && steps < maxWalk) {
      w = await previous(conv, w);
      steps++;
      if (steps % 65536 === 0) {
        if (progress) progress(steps, maxWalk);
        if (signal && signal.aborted) { stopped = true; break; }
      }
    }
    const reached = equalBytes(w, terminating);
    const known = KNOWN_CHAINS.find((k) => k.terminating === toHex(terminating));
    const gameNumber = reached && known ? steps + known.firstGame - 1 : null;
    if (reached) {
      cChain.status = PASSED;
      cChain.reason = L.t('reason.reached', [steps]) + (known ? `; ${L.t('crash.game_number', [L.t(known.nameKey), gameNumber])}` : '');
      if (known && known.firstGame > 1 && gameNumber >= known.firstGame && gameNumber <= VX_LAST_GAME) rep.notes.push(L.t('page.note.vx'));
    } else if (stopped) {
      cChain.reason = L.t('page.reason.walk_stopped', [steps]);
    } else {
      cChain.status = FAILED;
      cChain.reason = L.t('reason.walk_short', [maxWalk]);
      if (!first) first = { where: L.t('where.chain'), location: { check: 'chain' }, expected: toHex(terminating), recorded: L.t('crash.not_within', [maxWalk]) };
    }
    walk = { terminating: toHex(terminating), reached, steps, maxWalk, gameNumber };
  }
  rep.firstMismatch = first;
  rep.checks = [cBusts, cChain];
  rep.result = { convention: conv, games, walk };
  return rep;
}

export const form = {
  id: 'crash',
  titleKey: 'page.form.crash',
  introKey: 'page.intro.crash',
  fields: [
    { name: 'era', kind: 'preset', labelKey: 'page.field.era', hintKey: 'page.hint.era', presets: [
      { labelKey: 'page.era.none', values: {} },
      { labelKey: 'crash.chain_2018', values: { convention: 'bustabit-v2', salt: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
        terminating: '86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277' } },
      { labelKey: 'crash.chain_2024', values: { convention: 'bustabit-2025', salt: '00000000000000000001e08b7fd44f95e3e950ac65650a8031a6d5e1750e34be',
        terminating: '567a98370fb7545137ddb53687723cf0b8a1f5e93b1f76f4a1da29416930fa59' } },
      { labelKey: 'crash.chain_2015', values: { convention: 'bustabit-v1', salt: '000000000000000007a9a31ff7f07463d91af6b5454241d5faf282e5e0fe1b3a',
        terminating: 'c1cfa8e28fc38999eaa888487e443bad50a65e0b710f649affa6718cfbfada4d' } },
    ] },
    { name: 'convention', option: '--convention', also: ['convention'], kind: 'select', choices: CONVENTIONS, labelKey: 'page.field.convention' },
    { name: 'hash', option: '--hash', also: ['link'], kind: 'text', labelKey: 'page.field.hash', hintKey: 'page.hint.hash', mono: true },
    { name: 'salt', option: '--salt', also: ['salt'], kind: 'text', labelKey: 'page.field.crash_salt', hintKey: 'page.hint.crash_salt', mono: true },
    { name: 'busts', option: '--busts', kind: 'textarea', rows: 2, labelKey: 'page.field.busts', hintKey: 'page.hint.busts' },
    { name: 'count', option: '--count', kind: 'text', numeric: true, labelKey: 'page.field.count', hintKey: 'page.hint.count' },
    { name: 'terminating', option: '--terminating', kind: 'text', labelKey: 'page.field.terminating', hintKey: 'page.hint.terminating', mono: true },
    { name: 'max-walk', option: '--max-walk', kind: 'text', numeric: true, labelKey: 'page.field.max_walk', hintKey: 'page.hint.max_walk', hintArgs: [DEFAULT_MAX_WALK, MAX_WALK] },
  ],
  run: runCrash,
};

export const family = { name: 'crash', ops, form };
