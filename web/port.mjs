#!/usr/bin/env node
// port.mjs - fairvec's JavaScript example port: the check page's scheme code as a port for
// `fairvec check-port` (port protocol v1, specs/port-protocol.md). It runs the same ES modules the
// page runs (web/src/, one per family, each request read by web/src/json.mjs), on Node's WebCrypto
// (globalThis.crypto.subtle, Node 20 and later): each family is written once in JavaScript. One
// JSON request per line on stdin, one reply per line on stdout, answered in order.
//   fairvec check-port --require-all -- node web/port.mjs
//   node web/port.mjs --ops    print the ops it serves, one per line
import { handleLine, opNames } from './src/protocol.mjs';

if (process.argv[2] === '--ops') {
  process.stdout.write(opNames().join('\n') + '\n');
  process.exit(0);
}

if (!globalThis.crypto || !globalThis.crypto.subtle) {
  process.stderr.write('port.mjs: this Node has no globalThis.crypto.subtle (Node 20 or later is needed)\n');
  process.exit(2);
}

// Lines are split on bytes and decoded strictly: a line that is not UTF-8 is malformed (id null),
// never silently repaired.
const decoder = new TextDecoder('utf-8', { fatal: true });
let pending = Buffer.alloc(0);
let queue = Promise.resolve();

function answer(bytes) {
  queue = queue.then(async () => {
    let line;
    try {
      line = decoder.decode(bytes);
    } catch {
      line = null;
    }
    if (line !== null && line.endsWith('\r')) line = line.slice(0, -1);
    const out = line === null
      ? JSON.stringify({ id: null, ok: false, error: 'bad_input', message: 'request: not UTF-8' })
      : await handleLine(line);
    process.stdout.write(out + '\n');
  });
}

process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  for (let nl = pending.indexOf(10); nl >= 0; nl = pending.indexOf(10)) {
    answer(pending.subarray(0, nl));
    pending = pending.subarray(nl + 1);
  }
});
process.stdin.on('end', () => {
  if (pending.length) answer(pending);
  queue.then(() => process.exit(0));
});
