#!/usr/bin/env node
// verdicts_test.mjs - the page's sub-forms (the modules of web/src/, run here under Node's
// WebCrypto) against `fairvec verify` on the same input: every match link and match of
// hmac_dice_match_test.json (as a link and as fields), every proof of vectors/proofs/ (without,
// with the right and with a wrong expected commitment), rounds of cursor_game_test.json (with the
// right and a tampered outcome and commitment), keno_draw_test.json tickets, the chains of
// crash_chain_test.json (busts right and tampered, with and without a terminating hash), the
// three published chains and the README's `$ fairvec verify` examples. For each, the page's
// report must equal `--json`'s (verdict, exit code, every check's name, status, label and reason,
// the first difference with its location, the result; for bad input the field, position and
// message), and the verdict and check lines must equal the text output, in a language that
// rotates over all five.
//   node tests/web/verdicts_test.mjs --fairvec build/gen/fairvec [--vectors DIR]
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { families } from '../../web/src/families.mjs';
import { catalogs, LANG_CODES } from '../../web/src/i18n.mjs';
import { verdictOf, exitCodeOf, verdictLine, checkLine, errorLine } from '../../web/src/report.mjs';
import { BadInput } from '../../web/src/core.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt = null) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const fairvec = opt('--fairvec');
const vectors = opt('--vectors', join(root, 'vectors'));
if (!fairvec) { console.error('verdicts_test: --fairvec PATH is required'); process.exit(2); }
const langs = catalogs(Object.fromEntries(LANG_CODES.map((c) => [c, readFileSync(join(root, 'gen', 'cli', 'verify', 'lang', `${c}.txt`), 'utf8')])));
const forms = Object.fromEntries(families.filter((f) => f.form).map((f) => [f.form.id, f.form]));
const readJson = (name) => JSON.parse(readFileSync(join(vectors, name), 'utf8'));
const testsOf = (name) => readJson(name).testGroups.flatMap((g) => g.tests.map((t) => ({ ...t, group: g })));

function cli(argv) {
  try {
    return { code: 0, out: execFileSync(fairvec, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 }), err: '' };
  } catch (e) {
    if (e.status === null) throw e;
    return { code: e.status, out: e.stdout, err: e.stderr };
  }
}

// argvOf: the command line `fairvec verify` gets for a form's values. Empty fields are left out
// (the page's rule), except where the page reads an empty field as an empty value: keno's random
// hash and salt, and the salt of the bustabit conventions.
function argvOf(form, v) {
  const out = ['verify', form];
  for (const f of forms[form].fields) {
    const x = v[f.name];
    if (f.kind === 'preset' || x === undefined) continue;
    if (f.option === 'LINK' || f.option === 'PROOF') { if (x) out.push(f.kind === 'file' ? x.path : x); continue; }
    const keepEmpty = (form === 'keno' && (f.name === 'random-hash' || f.name === 'salt'))
      || (form === 'crash' && f.name === 'salt' && v.convention !== 'betkyo-exact');
    if (x === '' && !keepEmpty) continue;
    if (f.name === 'client') for (const c of x.split('\n').filter((s) => s !== '')) out.push(`--client=${c}`);
    else out.push(`${f.option}=${x}`);
  }
  return out;
}

function fileValue(path) {
  const data = readFileSync(path);
  return { path, name: path.split('/').pop(), size: data.length, data: new Uint8Array(data) };
}

// ---- The cases.
const cases = [];
const add = (form, values, what) => {
  if (Object.values(values).some((x) => typeof x === 'string' && x.includes('\0'))) return;  // no NUL in an argument
  const v = {};
  for (const f of forms[form].fields) if (f.kind !== 'preset') v[f.name] = f.kind === 'file' ? null : '';
  cases.push({ form, values: { ...v, ...values }, what });
};

for (const t of testsOf('hmac_dice_match_test.json')) {
  if (t.link) add('dice', { link: t.link }, `match #${t.tcId} link`);
  const s = (x) => (typeof x === 'string' ? x : JSON.stringify(x));
  if (typeof t.serverSeed === 'string' && Array.isArray(t.clientSeeds) && t.clientSeeds.every((c) => typeof c === 'string' && c !== '')) {
    add('dice', { seed: t.serverSeed, seal: s(t.seal ?? ''), client: t.clientSeeds.join('\n'), rolls: s(t.rolls),
      recorded: s(t.recorded ?? ''), games: Array.isArray(t.games) ? t.games.join(',') : '' }, `match #${t.tcId} fields`);
  }
}
for (const name of readdirSync(join(vectors, 'proofs')).sort()) {
  const path = join(vectors, 'proofs', name);
  add('tavla', { proof: fileValue(path) }, `proof ${name}`);
  let code = null;
  try { code = JSON.parse(readFileSync(path, 'utf8')).sealCode; } catch { /* not JSON */ }
  if (typeof code === 'string') add('tavla', { proof: fileValue(path), 'expected-commitment': code }, `proof ${name}, its own seal code`);
  add('tavla', { proof: fileValue(path), 'expected-commitment': '0000-0000' }, `proof ${name}, another seal code`);
}
add('tavla', { proof: fileValue(join(vectors, 'proofs', 'valid-turkish.json')), 'expected-commitment': '084c4c60dbcac978' }, 'a digest prefix');
add('tavla', { proof: fileValue(join(vectors, 'proofs', 'valid-turkish.json')), 'expected-commitment': '1164RR6V' }, 'a seal code without its dash');

for (const t of testsOf('cursor_game_test.json')) {
  const game = t.game ?? t.group.game;
  const base = { game, 'server-seed': String(t.serverSeed), 'client-seed': String(t.clientSeed), nonce: String(t.nonce),
    options: JSON.stringify(t.options ?? {}) };
  add('cursor', base, `cursor #${t.tcId} ${game}`);
  if (t.result !== 'valid') continue;
  const member = Object.keys(t).find((k) => !['tcId', 'comment', 'flags', 'serverSeed', 'clientSeed', 'nonce', 'options', 'cursors',
    'units', 'unitBits', 'result', 'group'].includes(k));
  if (member) {
    add('cursor', { ...base, outcome: JSON.stringify({ [member]: t[member] }) }, `cursor #${t.tcId} outcome ${member}`);
    const wrong = Array.isArray(t[member]) ? [...t[member]].reverse().concat([0]) : Number(t[member]) + 1;
    add('cursor', { ...base, outcome: JSON.stringify({ [member]: wrong }), commitment: 'ab'.repeat(32) }, `cursor #${t.tcId} tampered`);
  }
}
add('cursor', { game: 'roulette', 'server-seed': 's', 'client-seed': 'c', nonce: '1', outcome: '{"nope": 1}' }, 'cursor unknown outcome member');
add('cursor', { game: 'roulette', 'server-seed': 's', 'client-seed': 'c', nonce: '01' }, 'cursor nonce with a leading zero');
add('cursor', { game: 'koban', 'server-seed': 's', 'client-seed': 'c', nonce: '1', options: '{"flips": 2.0}' }, 'cursor 2.0 flips');

for (const t of testsOf('keno_draw_test.json')) {
  if (typeof t.randomHash !== 'string' || typeof t.salt !== 'string') continue;
  add('keno', { 'random-hash': t.randomHash, salt: t.salt }, `keno #${t.tcId}`);
  add('keno', { 'random-hash': t.randomHash, salt: t.salt, balls: t.balls.join(',') }, `keno #${t.tcId} balls`);
  add('keno', { 'random-hash': t.randomHash, salt: t.salt, balls: [...t.balls].reverse().join(',') }, `keno #${t.tcId} balls reversed`);
}
add('keno', { 'random-hash': 'r', salt: 's', balls: '1,2,3' }, 'keno three balls');

const bust = (h) => `${BigInt(h) / 100n}.${String(BigInt(h) % 100n).padStart(2, '0')}`;
for (const t of testsOf('crash_chain_test.json')) {
  if (t.group.type !== 'CrashChain') continue;
  const conv = t.group.convention;
  const base = { convention: conv, hash: t.link, salt: t.salt ?? '' };
  const busts = t.hundredths.map(bust);
  add('crash', { ...base, busts: busts.join(','), terminating: t.links[t.links.length - 1] }, `crash #${t.tcId} chain`);
  add('crash', { ...base, count: String(t.links.length) }, `crash #${t.tcId} shown`);
  const tampered = [...busts];
  tampered[2] = bust(BigInt(t.hundredths[2]) + 1n);
  add('crash', { ...base, busts: tampered.join(','), terminating: t.links[3], 'max-walk': '2' }, `crash #${t.tcId} tampered, walk too short`);
}
add('crash', { convention: 'betkyo-exact', hash: 'aa'.repeat(32), salt: 'x' }, 'crash betkyo with a salt');
add('crash', { convention: 'bustabit-v2', hash: 'aa'.repeat(32), busts: '1.2.3' }, 'crash bad bust');
add('crash', { convention: 'bustabit-v2', hash: 'aa'.repeat(32), busts: '1.26,1.18', count: '1' }, 'crash busts beyond count');
for (const [terminating, convention] of [['c1cfa8e28fc38999eaa888487e443bad50a65e0b710f649affa6718cfbfada4d', 'bustabit-v1'],
  ['86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277', 'bustabit-v2'],
  ['567a98370fb7545137ddb53687723cf0b8a1f5e93b1f76f4a1da29416930fa59', 'bustabit-2025']]) {
  add('crash', { convention, hash: terminating, salt: 'salt', terminating }, `the published chain ending in ${terminating.slice(0, 8)}`);
}

// README: every `$ fairvec verify` example with the options of a form (not --json / missing files).
const readme = readFileSync(join(root, 'docs', 'verify.md'), 'utf8');
for (const m of readme.matchAll(/^\$ fairvec (verify .*)$/gm)) {
  const argv = m[1].match(/'[^']*'|\S+/g).map((a) => a.replace(/^'(.*)'$/, '$1'));
  // Not --json (the text is compared anyway), not a missing file, and not the walk of 1,394,728
  // links to bustabit's terminating hash (a minute on Node's WebCrypto; web_browser runs it).
  if (argv.includes('--json') || argv.some((a) => a.includes('no-such')) || argv.includes('--terminating')) continue;
  const form = forms[argv[1]] ? argv[1] : argv[1].endsWith('.json') ? 'tavla' : 'dice';
  const rest = argv.slice(forms[argv[1]] ? 2 : 1);
  const values = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--lang') { i++; continue; }
    if (!a.startsWith('--')) {
      const f = forms[form].fields.find((x) => x.option === 'LINK' || x.option === 'PROOF');
      values[f.name] = f.kind === 'file' ? fileValue(join(root, a)) : a;
      continue;
    }
    const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, rest[++i]];
    const f = forms[form].fields.find((x) => x.option === name);
    values[f.name] = f.name === 'client' && values.client ? `${values.client}\n${inline}` : inline;
  }
  add(form, values, `README: fairvec ${m[1].slice(0, 60)}`);
}

// ---- Compare.
let failures = 0;
let textCompared = 0;
const counts = {};
function pageJson(rep, e) {
  if (e) {
    const kind = e instanceof BadInput ? 'bad_input' : 'error';
    return { verdict: kind, exitCode: kind === 'bad_input' ? 2 : 5, error: { field: e.field, position: e.position, message: e.detail ?? e.message } };
  }
  return { verdict: verdictOf(rep), exitCode: exitCodeOf(rep), checks: rep.checks, firstMismatch: rep.firstMismatch, result: rep.result };
}
function cliJson(j) {
  if (j.error) return { verdict: j.verdict, exitCode: j.exitCode, error: j.error };
  return { verdict: j.verdict, exitCode: j.exitCode, checks: j.checks, firstMismatch: j.firstMismatch, result: j.result };
}
// canon: a comparable text of a JSON value, object members sorted, BigInts as integers.
const canon = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? Number(x) : x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((key) => [key, x[key]])) : x));

let n = 0;
for (const c of cases) {
  const lang = LANG_CODES[n++ % LANG_CODES.length];
  const L = langs[lang];
  const argv = argvOf(c.form, c.values);
  let rep = null;
  let err = null;
  try {
    rep = await forms[c.form].run(c.values, { L });
  } catch (e) {
    err = e;
  }
  const jr = cli([...argv, '--json', '--lang', lang]);
  if (!jr.out) { failures++; console.log(`FAIL ${c.what}: fairvec verify --json printed nothing (exit ${jr.code}): ${jr.err}`); continue; }
  const j = JSON.parse(jr.out);
  const mine = canon(pageJson(rep, err));
  const theirs = canon(cliJson(JSON.parse(JSON.stringify(j))));
  const k = `${c.form} ${pageJson(rep, err).verdict}`;
  counts[k] = (counts[k] || 0) + 1;
  if (mine !== theirs) {
    failures++;
    console.log(`FAIL ${c.what} (${lang})\n  fairvec ${argv.join(' ').slice(0, 300)}\n  page: ${mine.slice(0, 900)}\n  cli:  ${theirs.slice(0, 900)}`);
    continue;
  }
  const text = cli([...argv, '--lang', lang]);
  const want = text.code === 2 ? [text.err.trimEnd().split('\n').pop()] : text.out.trimEnd().split('\n').slice(-1 - j.checks.length);
  const got = err ? [errorLine('bad_input', err.field, err.position, err.detail, L)] : [...rep.checks.map(checkLine), verdictLine(rep, L)];
  textCompared++;
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    failures++;
    console.log(`FAIL ${c.what} (${lang}), text\n  page: ${got.join('\n        ')}\n  cli:  ${want.join('\n        ')}`);
  }
}
console.log(`verdicts_test: ${cases.length} inputs, ${Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', ')}; text compared in ${textCompared}`);
console.log(`verdicts_test: ${failures ? `${failures} FAILED` : 'every report equals fairvec verify\'s'}`);
process.exit(failures ? 1 : 0);
