#!/usr/bin/env node
// transcript_harness.mjs - replay every vectors/transcripts/*.jsonl line against a port process, in
// JavaScript: the transcript reader and comparison rules of tests/web/transcripts.mjs
// (specs/port-protocol.md, "Comparing answers") with a child process as the port.
//   node transcript_harness.mjs DIR [--require-all] -- CMD ARGS...
// DIR is a vector set (holding transcripts/). Prints per family passed/failed/skipped and every
// failure; exits 0 when none failed (with --require-all: and none was skipped), 1 otherwise, 2 on
// bad usage or when DIR holds no transcript.
import { spawn } from 'node:child_process';
import { load, replay } from '../web/transcripts.mjs';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
if (sep < 1 || sep === argv.length - 1) {
  console.error('usage: transcript_harness.mjs DIR [--require-all] -- CMD ARGS...');
  process.exit(2);
}
const dir = argv[0];
const requireAll = argv.slice(1, sep).includes('--require-all');
const [cmd, ...args] = argv.slice(sep + 1);
const tests = load(dir);
if (tests.length === 0) {
  console.error(`transcript_harness.mjs: no transcript lines in ${dir}/transcripts`);
  process.exit(2);
}

const port = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let buffered = '';
let waiting = null;  // {want, got: [], resolve}
const lines = [];
port.stdout.setEncoding('utf8');
port.stdout.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    lines.push(buffered.slice(0, nl));
    buffered = buffered.slice(nl + 1);
  }
  if (waiting && lines.length >= waiting.want) {
    const w = waiting;
    waiting = null;
    w.resolve(lines.splice(0, w.want));
  }
});
port.on('exit', (code, signal) => {
  if (waiting) waiting.reject(new Error(`the port exited (${signal || code}) with ${waiting.want - lines.length} replies missing`));
});
// send writes the request lines and resolves with as many reply lines, in order.
const send = (requests) => new Promise((resolve, reject) => {
  if (requests.length === 0) return resolve([]);
  waiting = { want: requests.length, resolve, reject };
  port.stdin.write(requests.map((l) => `${l}\n`).join(''));
});

const out = await replay(tests, send);
port.stdin.end();
let failed = 0, skipped = 0, passed = 0;
for (const [family, f] of Object.entries(out.families)) {
  console.log(`${family}: ${f.passed} passed, ${f.failed} failed, ${f.skipped} skipped (${f.calls} calls)`);
  failed += f.failed;
  skipped += f.skipped;
  passed += f.passed;
}
for (const f of out.failures) console.log(`FAIL ${f.id} call ${f.call}: ${f.diff}`);
console.log(`transcripts: ${tests.length} tests from ${dir}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed || (requireAll && skipped) ? 1 : 0);
