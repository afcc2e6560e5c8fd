#!/usr/bin/env node
// browser_test.mjs - the committed check page (web/check.html) in headless Chromium, opened from
// file:// as a player opens it:
//   1. every transcript call of every op the page lists is replayed inside the page (its
//      protocol handler, WebCrypto: the page's crypto.subtle is counted), with the checker's
//      comparison rules (transcripts.mjs); none may fail or be skipped;
//   1b. fresh inputs, new each run (the seed printed): the valid calls with other seeds and nonces,
//      answered by the page as `fairvec port` answers them;
//   2. in each language (the /<lang>/check/ path) a v1 link, a tampered link, a v0 link with nothing
//      to compare, a tavla proof picked through the file input (verified, partly checked, tampered,
//      malformed), a crash chain and a bad link are checked
//      through the page's own form, and the verdict shown in the DOM must be `fairvec verify`'s:
//      the same verdict and exit code as --json, the same verdict line as its text output, the
//      same field for bad input;
//   3. the language switch, the tabs' keyboard use, labels, text contrast (WCAG AA, 4.5:1) and
//      a phone-sized layout without sideways scrolling.
// Without Chromium it exits 77 (CTest SKIP_RETURN_CODE), or 1 when CI=true or FAIRVEC_REQUIRE_TOOLS=1.
//   node tests/web/browser_test.mjs --fairvec build/gen/fairvec [--chromium PATH] [--vectors DIR] [--quick]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, findChromium } from '../../web/tools/cdp.mjs';
import { compareReply, load, replay } from './transcripts.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt = null) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const fairvec = opt('--fairvec');
const vectors = opt('--vectors', join(root, 'vectors'));
const quick = args.includes('--quick');
const LANGS = ['en', 'tr', 'ru', 'de', 'id'];
if (!fairvec) { console.error('browser_test: --fairvec PATH is required'); process.exit(2); }

// --chromium PATH (CMake's FAIRVEC_CHROMIUM) is the browser; when CMake found none, the usual
// places are looked at. A given path that does not exist is no browser.
let chromium = opt('--chromium');
chromium = !chromium || chromium.endsWith('NOTFOUND') ? findChromium() : existsSync(chromium) ? chromium : null;
if (!chromium) {
  const msg = 'browser_test: Chromium not found (/usr/bin/chromium; .ci/deps installs it)';
  if (process.env.CI === 'true' || process.env.FAIRVEC_REQUIRE_TOOLS === '1') {
    console.error(`${msg}: a failure under CI=true or FAIRVEC_REQUIRE_TOOLS=1`);
    process.exit(1);
  }
  console.log(`SKIP: ${msg}; the page was not run in a browser`);
  process.exit(77);
}

let failures = 0;
const fail = (what) => { failures++; console.log(`FAIL ${what}`); };
const ok = (cond, what) => (cond ? true : (fail(what), false));

// cli runs fairvec verify; returns {code, out, err}.
function cli(argv) {
  try {
    const out = execFileSync(fairvec, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 });
    return { code: 0, out, err: '' };
  } catch (e) {
    if (e.status === null) throw e;
    return { code: e.status, out: e.stdout, err: e.stderr };
  }
}
const lastLine = (text) => text.trimEnd().split('\n').pop();
function expected(argv, lang) {
  const text = cli([...argv, '--lang', lang]);
  const json = JSON.parse(cli([...argv, '--json', '--lang', lang]).out);
  // The check lines come right before the verdict line.
  const checks = text.code === 2 ? [] : text.out.trimEnd().split('\n').slice(-1 - json.checks.length, -1);
  return { code: text.code, line: text.code === 2 ? lastLine(text.err) : lastLine(text.out), json, checks };
}

// The site: the committed page as a player gets it, at /<lang>/check/index.html and at check.html.
const site = mkdtempSync(join(tmpdir(), 'fairvec-web-site-'));
const page = join(root, 'web', 'check.html');
for (const l of LANGS) {
  mkdirSync(join(site, l, 'check'), { recursive: true });
  copyFileSync(page, join(site, l, 'check', 'index.html'));
}
copyFileSync(page, join(site, 'check.html'));
process.on('exit', () => rmSync(site, { recursive: true, force: true }));
const url = (path, extra = '') => pathToFileURL(join(site, path)).href + extra;

const match = JSON.parse(readFileSync(join(vectors, 'hmac_dice_match_test.json'), 'utf8'));
const tests = match.testGroups.flatMap((g) => g.tests);
const byFlag = (flag, result) => tests.find((t) => t.flags.includes(flag) && t.result === result && t.link && t.link.includes('#v=1'));
const v1 = byFlag('MultiGame', 'valid');
const tampered = byFlag('TamperedRoll', 'invalid');
const v0 = tests.find((t) => t.flags.includes('Unchecked') && t.link && t.link.includes('?seed='));  // nothing to compare
const chain = JSON.parse(readFileSync(join(vectors, 'crash_chain_test.json'), 'utf8')).testGroups
  .flatMap((g) => g.tests.map((t) => ({ ...t, convention: g.convention }))).find((t) => t.flags.includes('PublishedGame'));
const proofs = join(vectors, 'proofs');

const browser = await launch(chromium, 540000);
if (process.env.CDP_DEBUG) browser.on((m) => { if (m.method && m.method.startsWith('Page.')) console.log('evt', m.method, JSON.stringify(m.params).slice(0, 120)); });
const started = Date.now();
try {
  const tab = await browser.newPage();
  // Every request the page makes is recorded: only file:, blob: and data: URLs may appear.
  const requests = [];
  browser.on((m) => { if (m.method === 'Network.requestWillBeSent' && m.sessionId === tab.session) requests.push(m.params.request.url); });
  await tab.send('Network.enable');
  const open = async (path, extra = '') => {
    await tab.goto(url(path, extra));
    await tab.waitFor('window.fairvecCheck && document.getElementById("form")', 20000, 'the page to start');
  };
  const verdict = async () => {
    await tab.waitFor('document.querySelector("#verdict")', 300000, 'a verdict');
    return tab.eval(`(() => { const v = document.getElementById('verdict'); return { verdict: v.dataset.verdict, exit: v.dataset.exit,
      field: v.dataset.field || null, line: document.getElementById('verdict-line').textContent, lang: document.documentElement.lang,
      checks: [...document.querySelectorAll('#checks li')].map((li) => li.textContent),
      diff: (document.getElementById('first-difference') || {}).textContent || '', bad: document.querySelectorAll('tr.bad').length }; })()`);
  };
  const fill = (form, values) => tab.eval(`(() => { const v = ${JSON.stringify(values)};
    for (const [k, x] of Object.entries(v)) { const e = document.getElementById('f-${form}-' + k); e.value = x; } })()`);
  const click = (id) => tab.eval(`document.getElementById(${JSON.stringify(id)}).click()`);
  const pickFile = async (inputId, path) => {
    const { root: doc } = await tab.send('DOM.getDocument');
    const { nodeId } = await tab.send('DOM.querySelector', { nodeId: doc.nodeId, selector: `#${inputId}` });
    await tab.send('DOM.setFileInputFiles', { nodeId, files: [path] });
  };
  const same = (got, want, what) => {
    if (process.env.WEB_VERBOSE) console.log(`  ${what}: ${got.verdict} | ${got.line}\n      ${got.checks.join('\n      ')}`);
    ok(got.verdict === want.json.verdict, `${what}: verdict ${got.verdict}, fairvec verify says ${want.json.verdict}`);
    if (want.json.verdict !== 'bad_input') {
      ok(got.exit === String(want.json.exitCode), `${what}: exit ${got.exit}, fairvec verify exits ${want.json.exitCode}`);
      ok(got.line === want.line, `${what}: verdict line\n    page: ${got.line}\n    cli:  ${want.line}`);
      ok(JSON.stringify(got.checks) === JSON.stringify(want.checks), `${what}: the checks\n    page: ${got.checks.join(' | ')}\n    cli:  ${want.checks.join(' | ')}`);
    } else {
      ok(got.field === want.json.error.field, `${what}: bad input names ${got.field}, fairvec verify names ${want.json.error.field}`);
      ok(got.line === want.line, `${what}: error line\n    page: ${got.line}\n    cli:  ${want.line}`);
    }
  };

  // ---- 1. The transcripts, inside the page.
  await open('check.html');
  ok(await tab.eval('location.protocol') === 'file:', 'the page is opened from file://');
  await tab.eval(`(() => { const s = crypto.subtle; window.subtleCalls = 0;
    for (const m of ['digest', 'sign', 'importKey']) { const f = s[m].bind(s); s[m] = (...a) => { window.subtleCalls++; return f(...a); }; } })()`);
  const all = load(vectors);
  const t0 = Date.now();
  const r = await replay(all, async (lines) => {
    const out = [];
    for (let i = 0; i < lines.length; i += 250) out.push(...await tab.eval(`fairvecCheck.handleLines(${JSON.stringify(lines.slice(i, i + 250))})`, 300000));
    return out;
  });
  const subtleCalls = await tab.eval('window.subtleCalls');
  let calls = 0;
  for (const [family, c] of Object.entries(r.families)) {
    console.log(`replay in Chromium: ${family}: ${c.passed} tests passed, ${c.failed} failed, ${c.skipped} skipped; calls ${c.callsPassed} of ${c.calls} passed`);
    ok(c.failed === 0 && c.skipped === 0 && c.callsPassed === c.calls, `${family}: every call passes and nothing is skipped`);
    calls += c.calls;
  }
  console.log(`replay in Chromium: ${calls} calls in ${Date.now() - t0} ms, ${subtleCalls} crypto.subtle calls in the page`);
  ok(calls > 1000, 'the replay sent the transcripts');
  ok(subtleCalls > calls / 2, 'the page computed with its own WebCrypto');
  for (const f of r.failures.slice(0, 20)) console.log(`  ${f.id}: ${f.diff}\n    request ${f.request}\n    reply   ${f.reply}`);

  // ---- 1b. Fresh inputs, new on every run (specs/port-protocol.md, "Random requests"): the valid
  // transcript calls with their seeds and nonces changed by a seeded PRNG (the seed is printed;
  // FAIRVEC_WEB_SEED replays a run), answered by `fairvec port` and by the page. A page that answers
  // the kit's own vectors from a table, or computes only where a vector looks, fails here.
  {
    const seed = Number(process.env.FAIRVEC_WEB_SEED || Date.now() % 2147483647);
    let state = seed || 1;
    const rand = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const pool = [];
    for (const t of all) {
      for (const c of t.calls) {
        if (!c.expect.startsWith('{"ok":true')) continue;
        const params = JSON.parse(c.params);
        let changed = false;
        for (const k of Object.keys(params)) {
          if (/Seed$/.test(k) && typeof params[k] === 'string') {
            params[k] += rand().toString(36).slice(2, 2 + Math.floor(1 + rand() * 8));
            changed = true;
          } else if (k === 'nonce' && Number.isSafeInteger(params[k])) {
            params[k] = Math.floor(rand() * 1e6);
            changed = true;
          }
        }
        if (changed) pool.push({ op: c.op, params });
      }
    }
    // One call of every op first (so no op is left out by chance), then random ones.
    const byOp = new Map();
    for (const c of pool) if (!byOp.has(c.op)) byOp.set(c.op, c);
    const picked = [...byOp.values()];
    while (picked.length < 300 && pool.length) picked.push(pool[Math.floor(rand() * pool.length)]);
    const lines = picked.map((c, i) => JSON.stringify({ id: i + 1, op: c.op, params: c.params }));
    const want = execFileSync(fairvec, ['port'], { input: lines.join('\n') + '\n', maxBuffer: 1 << 26 })
      .toString().split('\n').filter((l) => l !== '');
    await tab.eval('window.subtleCalls = 0');
    const got = [];
    for (let i = 0; i < lines.length; i += 100) got.push(...await tab.eval(`fairvecCheck.handleLines(${JSON.stringify(lines.slice(i, i + 100))})`, 300000));
    const fresh = await tab.eval('window.subtleCalls');
    const wrong = [];
    for (let i = 0; i < lines.length; i++) {
      const d = compareReply(want[i], got[i]);
      if (d) wrong.push(`${lines[i]}\n    fairvec: ${want[i]}\n    page:    ${got[i]}\n    ${d}`);
    }
    const ops = new Set(picked.map((c) => c.op));
    console.log(`fresh inputs in Chromium (FAIRVEC_WEB_SEED=${seed}): ${lines.length} calls over ${ops.size} ops, ${wrong.length} differ from fairvec port, ${fresh} crypto.subtle calls`);
    for (const w of wrong.slice(0, 5)) console.log(`  ${w}`);
    ok(lines.length >= 200 && ops.size === byOp.size && ops.size >= 8, `fresh inputs reach every op with a seed or nonce (${ops.size})`);
    ok(wrong.length === 0, 'the page answers fresh inputs as fairvec port does');
    ok(fresh > lines.length / 2, 'the page computed the fresh inputs with its own WebCrypto');
  }

  // ---- 2. The forms, in each language, against fairvec verify.
  const fragment = (link) => link.slice(link.indexOf('#'));
  for (const lang of quick ? ['en', 'tr'] : LANGS) {
    const path = `${lang}/check/index.html`;
    await open(path, fragment(v1.link));
    let got = await verdict();
    ok(got.lang === lang, `${lang}: the path /${lang}/check/ picks the language (got ${got.lang})`);
    same(got, expected(['verify', fragment(v1.link)], lang), `${lang} v1 link`);

    await open(path, fragment(tampered.link));
    got = await verdict();
    const want = expected(['verify', fragment(tampered.link)], lang);
    same(got, want, `${lang} tampered link`);
    ok(got.bad > 0, `${lang} tampered link: the differing roll is marked in the roll table`);
    ok(got.diff.includes(want.json.firstMismatch.where), `${lang} tampered link: the first difference names ${want.json.firstMismatch.where}`);

    await open(path, v0.link.slice(v0.link.indexOf('?')));
    same(await verdict(), expected(['verify', v0.link.slice(v0.link.indexOf('?'))], lang), `${lang} v0 link, nothing to compare`);

    await open(path, '#v=1&s=6c92437x&p=a&r=11');
    same(await verdict(), expected(['verify', '#v=1&s=6c92437x&p=a&r=11'], lang), `${lang} bad link`);

    for (const [file, expect] of [['valid-turkish.json', '1164-RR6V'], ['valid-turkish.json', ''], ['tampered-dice.json', ''], ['malformed-short-seed.json', '']]) {
      await open(path);
      await click('tab-tavla');
      await pickFile('f-tavla-proof', join(proofs, file));
      await fill('tavla', { 'expected-commitment': expect });
      await click('check');
      got = await verdict();
      const argv = ['verify', 'tavla', join(proofs, file), ...(expect ? ['--expected-commitment', expect] : [])];
      const w = expected(argv, lang);
      // The CLI names the file by the path it was given, the page by the file's name.
      w.line = w.line.split(join(proofs, file)).join(file);
      w.checks = w.checks.map((c) => c.split(join(proofs, file)).join(file));
      same(got, w, `${lang} tavla ${file}`);
    }

    await open(path);
    await click('tab-crash');
    const busts = chain.hundredths.slice(0, 4).map((h) => `${BigInt(h) / 100n}.${String(BigInt(h) % 100n).padStart(2, '0')}`);
    const values = { convention: chain.convention, hash: chain.link, salt: chain.salt, busts: busts.join(', '), terminating: chain.links[7] };
    await fill('crash', values);
    await click('check');
    got = await verdict();
    same(got, expected(['verify', 'crash', '--convention', chain.convention, '--hash', chain.link, '--salt', chain.salt,
      '--busts', busts.join(','), '--terminating', chain.links[7]], lang), `${lang} crash chain`);
    ok(await tab.eval('fairvecCheck.missingKeys().length') === 0, `${lang}: every text the page asked for is in the files (${await tab.eval('fairvecCheck.missingKeys().join(", ")')})`);
  }

  // A real published game: bustabit #1394728, walked to the 2018 chain's terminating hash.
  if (!quick) {
    const readme = { convention: 'bustabit-v2', hash: 'b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba',
      salt: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526', busts: '1.26,1.18,1.26,3.77',
      terminating: '86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277' };
    await open('de/check/index.html');
    await click('tab-crash');
    await fill('crash', readme);
    const w0 = Date.now();
    await click('check');
    const got = await verdict();
    console.log(`bustabit #1394728 walked to the terminating hash in Chromium: ${Date.now() - w0} ms`);
    same(got, expected(['verify', 'crash', ...Object.entries(readme).flatMap(([k, v]) => [`--${k}`, v])], 'de'), 'de bustabit 2018 chain');
  }

  // A proof dropped on the drop zone (a real drag of a file, through the browser's input) is read.
  await open('tr/check/index.html');
  await click('tab-tavla');
  const box = await tab.eval(`(() => { const r = document.getElementById('f-tavla-proof-drop').getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  const data = { items: [], files: [join(proofs, 'tampered-dice.json')], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop']) await tab.send('Input.dispatchDragEvent', { type, x: box.x, y: box.y, data });
  ok(await tab.eval(`document.getElementById('f-tavla-proof-name').textContent`) === 'Seçilen: tampered-dice.json', 'a dropped proof is picked');
  await click('check');
  ok((await verdict()).verdict === 'mismatch', 'the dropped proof is checked (tampered-dice.json: mismatch)');

  // A new fragment in the same page (the app opening the next match) is checked at once.
  await open('en/check/index.html', fragment(v1.link));
  await verdict();
  await tab.eval(`location.hash = ${JSON.stringify(fragment(tampered.link))}`);
  await tab.waitFor(`document.querySelector('#verdict[data-verdict="mismatch"]')`, 30000, 'the new fragment to be checked');

  // ---- 3. Switch, keyboard, labels, contrast, phone width.
  await open('check.html');
  await tab.eval(`(() => { const s = document.getElementById('lang'); s.value = 'ru'; s.dispatchEvent(new Event('change')); })()`);
  ok(await tab.eval('document.documentElement.lang') === 'ru', 'the language switch re-renders the page in Russian');
  ok((await tab.eval('document.getElementById("check").textContent')) === 'Проверить', 'the switched page uses the Russian texts');
  // The tabs follow the families table's order (web/src/families.mjs): the second form's tab is next.
  const [firstForm, nextForm] = await tab.eval('fairvecCheck.forms()');
  await tab.eval(`document.getElementById("tab-${firstForm}").focus()`);
  await tab.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'ArrowRight', code: 'ArrowRight', windowsVirtualKeyCode: 39 });
  await tab.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'ArrowRight', code: 'ArrowRight', windowsVirtualKeyCode: 39 });
  ok(nextForm !== undefined && await tab.eval('document.activeElement.id') === `tab-${nextForm}` &&
    await tab.eval(`document.getElementById("tab-${nextForm}").getAttribute("aria-selected")`) === 'true',
    `ArrowRight on a tab selects and focuses the next one (${firstForm} to ${nextForm})`);
  for (const form of await tab.eval('fairvecCheck.forms()')) {
    await click(`tab-${form}`);
    const unlabeled = await tab.eval(`[...document.querySelectorAll('#form input, #form select, #form textarea')]
      .filter((e) => !document.querySelector('label[for="' + e.id + '"]')).map((e) => e.id)`);
    ok(unlabeled.length === 0, `${form}: every field has a label (${unlabeled.join(', ')})`);
  }
  // Contrast of every kind of text the page shows, on a report of each verdict colour.
  await open('en/check/index.html', fragment(tampered.link));
  await verdict();
  const low = await tab.eval(`(() => {
    const rgb = (s) => s.match(/[0-9.]+/g).slice(0, 3).map(Number);
    const lum = (c) => { const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const bg = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (!/rgba\\(0, 0, 0, 0\\)|transparent/.test(c)) return rgb(c); } return [255, 255, 255]; };
    const out = [];
    for (const e of document.querySelectorAll('h1, .tagline, label, .hint, .intro, button, .verdict, .diff dt, .diff dd, .checks li, td, th, footer p, .tabs [role=tab]')) {
      if (!e.textContent.trim()) continue;
      const a = lum(rgb(getComputedStyle(e).color)), b = lum(bg(e));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) out.push(e.tagName + '.' + e.className + ' ' + ratio.toFixed(2));
    }
    return out; })()`);
  ok(low.length === 0, `text contrast is at least 4.5:1 (${low.slice(0, 5).join('; ')})`);
  await tab.send('Emulation.setDeviceMetricsOverride', { width: 375, height: 800, deviceScaleFactor: 1, mobile: true });
  await open('en/check/index.html', fragment(tampered.link));
  await verdict();
  const wide = await tab.eval('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  ok(wide <= 0, `at 375 px the page does not scroll sideways (${wide} px too wide); wide tables scroll in their own box`);
  const outside = requests.filter((u) => !/^(file|blob|data|about):/.test(u));
  ok(requests.length > 0 && outside.length === 0, `the page requested nothing from the network (${requests.length} requests, outside: ${outside.slice(0, 3).join(' ')})`);
} catch (e) {
  fail(`the run stopped: ${e.stack || e}`);
} finally {
  await browser.close();
  rmSync(site, { recursive: true, force: true });
}
console.log(`browser_test: ${failures ? `${failures} FAILED` : 'all passed'} in ${Date.now() - started} ms`);
process.exit(failures ? 1 : 0);
