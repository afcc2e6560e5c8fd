#!/usr/bin/env node
// fairvec_port.js - an example port for `fairvec check-port` in Node.js (node:crypto only).
//
// One JSON request per line on stdin, one JSON reply per line on stdout (port protocol v1,
// specs/port-protocol.md). This file is the protocol side; the ops are in one module per family
// beside it, named by the family's id in fairvec's families table, gen/families.json (hmac_dice.js
// for hmac_dice; common.js holds what they share), each citing its spec. Every module's OPS is
// gathered here: a port of only some families keeps only their modules, lists only their ops in
// `hello`, and check-port skips the other vectors.
//   fairvec check-port --require-all -- node tests/ports/js/fairvec_port.js
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { BadInput, parseJson } = require('./common.js');

const OPS = {};
for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.js')).sort()) {
  if (file === 'fairvec_port.js' || file === 'common.js') continue;
  for (const [op, fn] of Object.entries(require(path.join(__dirname, file)).OPS || {})) {
    if (Object.hasOwn(OPS, op)) throw new Error(`${file} defines ${op}, which another module defines`);
    OPS[op] = fn;
  }
}

function handle(req) {
  if (req === null || typeof req !== 'object' || !Number.isInteger(req.id)) {
    return { id: null, ok: false, error: 'bad_input', message: 'not a request' };
  }
  const { id, op } = req, params = req.params === undefined ? {} : req.params;
  if (op === 'hello') {
    if (params === null || params.protocol !== 1) return { id, ok: false, error: 'bad_input', message: 'protocol must be 1' };
    return { id, ok: true, result: { name: 'fairvec example port (node)', protocol: 1, ops: Object.keys(OPS) } };
  }
  if (!Object.hasOwn(OPS, op)) return { id, ok: false, error: 'unsupported' };
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return { id, ok: false, error: 'bad_input' };
  try {
    return { id, ok: true, result: OPS[op](params) };
  } catch (e) {
    if (e instanceof BadInput) return { id, ok: false, error: 'bad_input', message: 'params.' + e.message };
    throw e;
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let req = null;
  try {
    req = parseJson(line);
  } catch (e) { /* answered as not a request */ }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
