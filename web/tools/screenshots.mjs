#!/usr/bin/env node
// screenshots.mjs - regenerates web/screenshots/*.png: the committed page (web/check.html) in
// headless Chromium, opened from file:// at /<lang>/check/ as a player opens it, showing a verified
// match, a tampered roll, a tavla proof and a crash chain, each in two languages, at a desktop
// width (1100 px, the whole page) and a phone width (390 px, the screen after the check). Inputs come from the vectors: match tcId 1 and a
// tampered roll of hmac_dice_match_test.json, vectors/proofs/tampered-dice.json, bustabit game
// #1394728 walked to the 2018 chain's terminating hash (bustabit-chain-*: no name starts with
// crash-, which .gitignore and .ci/test keep for libFuzzer's artifacts).
//   node web/tools/screenshots.mjs [--chromium PATH] [--out DIR]
import { mkdtempSync, mkdirSync, copyFileSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, findChromium } from './cdp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const out = opt('--out', join(root, 'web', 'screenshots'));
const chromium = opt('--chromium', findChromium());
if (!chromium) { console.error('screenshots: Chromium not found'); process.exit(1); }

const site = mkdtempSync(join(tmpdir(), 'fairvec-web-shots-'));
for (const l of ['en', 'tr', 'ru', 'de', 'id']) {
  mkdirSync(join(site, l, 'check'), { recursive: true });
  copyFileSync(join(root, 'web', 'check.html'), join(site, l, 'check', 'index.html'));
}
const tests = JSON.parse(readFileSync(join(root, 'vectors', 'hmac_dice_match_test.json'), 'utf8')).testGroups.flatMap((g) => g.tests);
const fragment = (t) => t.link.slice(t.link.indexOf('#'));
const verified = tests.find((t) => t.tcId === 1);
const tampered = tests.find((t) => t.flags.includes('TamperedRoll') && t.link.includes('#v=1'));
const bustabit = { convention: 'bustabit-v2', hash: 'b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba',
  salt: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526', busts: '1.26, 1.18, 1.26, 3.77',
  terminating: '86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277' };

const shots = [
  ['verified-match', 'en', { link: fragment(verified) }],
  ['verified-match', 'tr', { link: fragment(verified) }],
  ['tampered-roll', 'en', { link: fragment(tampered) }],
  ['tampered-roll', 'ru', { link: fragment(tampered) }],
  ['tavla-proof', 'tr', { tab: 'tavla', file: join(root, 'vectors', 'proofs', 'tampered-dice.json'), values: { 'expected-commitment': '' } }],
  ['tavla-proof', 'de', { tab: 'tavla', file: join(root, 'vectors', 'proofs', 'tampered-dice.json'), values: { 'expected-commitment': '' } }],
  ['bustabit-chain', 'en', { tab: 'crash', values: bustabit }],
  ['bustabit-chain', 'id', { tab: 'crash', values: bustabit }],
];

mkdirSync(out, { recursive: true });
const browser = await launch(chromium, 600000);
try {
  const tab = await browser.newPage();
  for (const [name, lang, how] of shots) {
    await tab.send('Emulation.setDeviceMetricsOverride', { width: 1100, height: 900, deviceScaleFactor: 1, mobile: false });
    await tab.goto(pathToFileURL(join(site, lang, 'check', 'index.html')).href + (how.link || ''));
    await tab.waitFor('window.fairvecCheck && document.getElementById("form")', 20000);
    if (!how.link) {
      await tab.eval(`document.getElementById('tab-${how.tab}').click()`);
      if (how.file) {
        const { root: doc } = await tab.send('DOM.getDocument');
        const { nodeId } = await tab.send('DOM.querySelector', { nodeId: doc.nodeId, selector: `#f-${how.tab}-proof` });
        await tab.send('DOM.setFileInputFiles', { nodeId, files: [how.file] });
      }
      await tab.eval(`(() => { for (const [k, v] of Object.entries(${JSON.stringify(how.values)})) document.getElementById('f-${how.tab}-' + k).value = v;
        document.getElementById('check').click(); })()`);
    }
    await tab.waitFor('document.querySelector("#verdict")', 300000, 'the verdict');
    // The desktop shot is the whole page; the phone shot is what a phone shows after the check:
    // the screen scrolled to the result (390 x 844 CSS pixels at 2 device pixels each).
    for (const [width, mobile] of [[1100, false], [390, true]]) {
      const file = join(out, `${name}-${lang}-${mobile ? 'phone' : 'desktop'}.png`);
      writeFileSync(file, mobile ? await tab.screenshot(width, true, 2, 844, '#result') : await tab.screenshot(width, false));
      console.log(`wrote ${file}`);
    }
  }
} finally {
  await browser.close();
  rmSync(site, { recursive: true, force: true });
}
