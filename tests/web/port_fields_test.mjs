#!/usr/bin/env node
// port_fields_test.mjs - web/port.mjs names the field of every bad input as fairvec does: for each
// invalid test of every vector file whose port call must be answered bad_input, the reply's
// message names the test's `error` field ("field (at N): ...", or "field: ...") and, where the test
// carries errorPosition, that position. check-port only compares the error code; this compares the
// field, which is what the page shows a player.
//   node tests/web/port_fields_test.mjs [--vectors DIR] [-- CMD ARGS...]   (default: node web/port.mjs)
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { load } from './transcripts.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const sep = args.indexOf('--');
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 && (sep < 0 || i < sep) ? args[i + 1] : dflt; };
const vectors = opt('--vectors', join(root, 'vectors'));
const cmd = sep >= 0 ? args.slice(sep + 1) : [process.execPath, join(root, 'web', 'port.mjs')];

const port = spawn(cmd[0], cmd.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
const replies = createInterface({ input: port.stdout });
const waiting = [];
replies.on('line', (l) => waiting.shift()(l));
const call = (line) => new Promise((r) => { waiting.push(r); port.stdin.write(`${line}\n`); });
const timer = setTimeout(() => { console.log('FAIL port_fields_test: timed out'); port.kill('SIGKILL'); process.exit(1); }, 120000);

const byId = new Map(load(vectors).map((t) => [`${t.file}#${t.tcId}`, t]));
let checked = 0;
let positions = 0;
const problems = [];
let id = 1;
for (const file of readdirSync(vectors).filter((n) => n.endsWith('_test.json')).sort()) {
  for (const g of JSON.parse(readFileSync(join(vectors, file), 'utf8')).testGroups) {
    for (const t of g.tests) {
      if (t.result !== 'invalid') continue;
      const tr = byId.get(`${file}#${t.tcId}`);
      const c = tr.calls.find((x) => JSON.parse(x.expect).ok === false);
      if (!c) continue;  // answered with a result (a tampered match or proof), not rejected
      const reply = JSON.parse(await call(`{"id":${id++},"op":${JSON.stringify(c.op)},"params":${c.params}}`));
      const m = /^(.*?)(?: \(at (\d+)\))?: /.exec(reply.message || '');
      checked++;
      if (reply.error !== 'bad_input' || !m || m[1] !== t.error) {
        problems.push(`${file}#${t.tcId}: the error names ${t.error}, the port says ${JSON.stringify(reply.message || reply)}`);
      } else if ('errorPosition' in t) {
        positions++;
        const got = m[2] === undefined ? null : Number(m[2]);
        if (got !== t.errorPosition) problems.push(`${file}#${t.tcId}: position ${t.errorPosition}, the port says ${got} (${reply.message})`);
      }
    }
  }
}
port.stdin.end();
clearTimeout(timer);
for (const p of problems) console.log(`FAIL ${p}`);
console.log(`port_fields_test: ${checked} rejected invalid vectors, ${positions} with positions: ${problems.length ? `${problems.length} FAILED` : 'every field and position named as fairvec names it'}`);
process.exit(problems.length || checked === 0 ? 1 : 0);
