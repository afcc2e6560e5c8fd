#!/usr/bin/env node
// lang_test.mjs - the translations the page and `fairvec verify` share (gen/cli/verify/lang/*.txt):
// every file parses (web/src/i18n.mjs, the page's reader, which follows gen/cli/verify/lang.cc);
// a key in one language is in all five; a key's {1} {2} ... placeholders are the same in all five;
// every key the page's modules name (a string literal 'page.x', 'verdict.x', ...) is in every file;
// every page.* key is used by the page; and every family with a verify form has its section in
// each file. Fails naming each problem.
//   node tests/web/lang_test.mjs [--lang-dir DIR] [--src DIR]
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCatalog, LANG_CODES } from '../../web/src/i18n.mjs';
import { OPS } from '../../web/src/protocol.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const langDir = opt('--lang-dir', join(root, 'gen', 'cli', 'verify', 'lang'));
const srcDir = opt('--src', join(root, 'web', 'src'));  // and ../page.html
const problems = [];

const cats = {};
for (const code of LANG_CODES) {
  try {
    cats[code] = parseCatalog(code, readFileSync(join(langDir, `${code}.txt`), 'utf8'));
  } catch (e) {
    problems.push(`${code}.txt: ${e.message}`);
    cats[code] = new Map();
  }
}
const files = readdirSync(langDir).filter((n) => n.endsWith('.txt')).map((n) => n.slice(0, -4)).sort();
if (JSON.stringify(files) !== JSON.stringify([...LANG_CODES].sort())) problems.push(`the language files are ${files.join(', ')}, the page knows ${LANG_CODES.join(', ')}`);

const all = new Set(LANG_CODES.flatMap((c) => [...cats[c].keys()]));
const holes = (s) => [...s.matchAll(/\{([1-9])\}/g)].map((m) => m[1]).sort().join(',');
for (const key of [...all].sort()) {
  for (const code of LANG_CODES) {
    if (!cats[code].has(key)) problems.push(`${code}.txt lacks ${key} (${LANG_CODES.filter((c) => cats[c].has(key)).join(', ')} have it)`);
    else if (cats.en.has(key) && holes(cats[code].get(key)) !== holes(cats.en.get(key))) {
      problems.push(`${code}.txt ${key} has placeholders {${holes(cats[code].get(key))}}, en.txt {${holes(cats.en.get(key))}}`);
    }
  }
}

// Keys the page names: every string literal of the catalog's key shape in web/src/*.mjs (port op
// names have the same shape and are not keys) and the key the start-up script of web/page.html reads.
const used = new Map();
const prefixes = [...new Set([...all].map((k) => k.split('.')[0]))];
const shape = new RegExp(`'((?:${prefixes.join('|')})\\.[a-z0-9_.]+)'`, 'g');
for (const name of readdirSync(srcDir).filter((n) => n.endsWith('.mjs')).sort()) {
  for (const m of readFileSync(join(srcDir, name), 'utf8').matchAll(shape)) {
    if (!used.has(m[1]) && !Object.hasOwn(OPS, m[1])) used.set(m[1], name);
  }
}
for (const m of readFileSync(join(srcDir, '..', 'page.html'), 'utf8').replace(/\\/g, '').matchAll(/\b(page\.[a-z0-9_.]+[a-z0-9_]) = /g)) used.set(m[1], 'page.html');
for (const [key, where] of used) {
  for (const code of LANG_CODES) if (!cats[code].has(key)) problems.push(`web/src/${where} uses ${key}, which ${code}.txt does not have`);
}
for (const key of all) if (key.startsWith('page.') && !used.has(key)) problems.push(`${key} is in the files but the page never uses it`);

// Each family's section: a family with a `fairvec verify` form (gen/families.json's `verify`) has
// its report header `FORM.header` in every file, so a family added without its texts fails here.
// The check is shown to bite on a copy of the catalogs that lost the last family's header.
const rows = JSON.parse(readFileSync(join(root, 'gen', 'families.json'), 'utf8')).families.filter((r) => r.verify);
const sectionProblems = (catalogs) => rows.flatMap(({ id, verify }) =>
  LANG_CODES.filter((c) => !catalogs[c].has(`${verify}.header`)).map((c) => `${c}.txt has no section for family ${id} (no ${verify}.header)`));
problems.push(...sectionProblems(cats));
if (rows.length) {
  const last = rows[rows.length - 1].verify;
  const cut = { ...cats, de: new Map([...cats.de].filter(([k]) => k !== `${last}.header`)) };
  if (!sectionProblems(cut).some((p) => p.startsWith('de.txt') && p.includes(`${last}.header`))) {
    problems.push(`the family-section check does not bite: de.txt without ${last}.header passes`);
  }
}

for (const p of problems) console.log(`FAIL ${p}`);
console.log(`lang_test: ${LANG_CODES.length} languages, ${all.size} keys, ${used.size} named by the page: ${problems.length ? `${problems.length} problems` : 'consistent'}`);
process.exit(problems.length ? 1 : 0);
