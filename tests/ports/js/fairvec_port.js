#!/usr/bin/env node
// fairvec_port.js - an example port for `fairvec check-port` in Node.js (node:crypto only).
//
// One JSON request per line on stdin, one JSON reply per line on stdout (port protocol v1,
// specs/port-protocol.md). It implements the hmac-dice-v1 roll layer (hmac_dice.seal, .roll,
// .message, .pick), keno-v1 (keno.draw, keno.pick) and crash (crash.point, .previous,
// .from_hash); `hello` lists exactly these, so check-port skips the vectors of other ops.
//   fairvec check-port --only 'keno_*' --only 'crash_*' -- node tests/ports/js/fairvec_port.js
'use strict';
const crypto = require('node:crypto');
const readline = require('node:readline');

class BadInput extends Error {}
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const hmac = (key, msg) => crypto.createHmac('sha256', key).update(msg).digest();
const sha256 = (data) => crypto.createHash('sha256').update(data).digest();

function str(p, k) {
  if (typeof p[k] !== 'string') throw new BadInput(`${k}: not a string`);
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(p[k])) throw new BadInput(`${k}: lone surrogate`);
  return p[k];
}
function int(p, k, lo, hi) {  // a JSON integer in [lo, hi]; JSON.parse gives 2.0 as 2, see README
  const v = p[k];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new BadInput(`${k}: not an integer in range`);
  return v;
}
function hex(k, s, min, max) {
  if (typeof s !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(s)) throw new BadInput(`${k}: not hex`);
  const b = Buffer.from(s, 'hex');
  if (b.length < min || b.length > max) throw new BadInput(`${k}: wrong length`);
  return b;
}
function arr(p, k) {
  if (!Array.isArray(p[k])) throw new BadInput(`${k}: not an array`);
  return p[k];
}

// hmac-dice-v1 (specs/hmac-dice-v1.md): dice from the first MAC byte below 252.
const serverSeed = (p) => hex('serverSeed', p.serverSeed, 16, 64);
function clientSeeds(p) {
  const s = arr(p, 'clientSeeds');
  if (s.length < 1 || s.length > 2 || !s.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x))) {
    throw new BadInput('clientSeeds: 1 or 2 seeds of [A-Za-z0-9_-]{1,128}');
  }
  return s;
}
function message(seeds, roll, retry) {  // retry k appends k '+' to the last seed
  const parts = [...seeds];
  parts[parts.length - 1] += '+'.repeat(retry);
  return parts.join(':') + ':' + roll;
}
function pickFromMac(mac) {
  for (let i = 0; i < mac.length; i++) {
    if (mac[i] < 252) {
      const v = mac[i] % 36;
      return { dice: [Math.floor(v / 6) + 1, (v % 6) + 1], index: i };
    }
  }
  return null;
}
function roll(p) {
  const key = serverSeed(p), seeds = clientSeeds(p), n = int(p, 'roll', 1, MAX_SAFE);
  for (let retry = 0; retry <= 1000; retry++) {
    const picked = pickFromMac(hmac(key, message(seeds, n, retry)));
    if (picked) return { dice: picked.dice };
  }
  throw new BadInput('serverSeed: no byte below 252');
}
function pick(p) {
  const macs = arr(p, 'macs');
  if (macs.length === 0) throw new BadInput('macs: empty');
  const decoded = macs.map((m) => hex('macs', m, 32, 32));
  for (let k = 0; k < decoded.length; k++) {
    const picked = pickFromMac(decoded[k]);
    if (picked) return { dice: picked.dice, retry: k, index: picked.index };
  }
  throw new BadInput('macs: no byte below 252');
}

// keno-v1 (specs/keno-v1.md): a 10-link HMAC chain, 52 bits per ball, swap-to-end pool.
function kenoBalls(links) {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1), balls = [];
  links.forEach((digest, i) => {
    const remaining = 40 - i;
    const h = Number(BigInt('0x' + digest.subarray(0, 7).toString('hex')) >> 4n);
    const index = Math.floor((h / 2 ** 52) * remaining);
    balls.push(pool[index]);
    [pool[index], pool[remaining - 1]] = [pool[remaining - 1], pool[index]];
  });
  return { balls };
}
function kenoDraw(p) {
  let link = Buffer.from(str(p, 'randomHash'), 'utf8');
  const salt = Buffer.from(str(p, 'salt'), 'utf8'), links = [];
  for (let i = 0; i < 10; i++) {
    const d = hmac(salt, link);
    links.push(d);
    link = Buffer.from(d.toString('hex'), 'ascii');  // the next message is the lowercase hex text
  }
  return kenoBalls(links);
}
function kenoPick(p) {
  const links = arr(p, 'links');
  if (links.length !== 10) throw new BadInput('links: must hold 10 links');
  return kenoBalls(links.map((x) => hex('links', x, 32, 32)));
}

// crash (specs/crash.md): three conventions over the leading 52 bits.
const E52 = 2 ** 52;
function convention(p) {
  if (!['betkyo-exact', 'bustabit-v1', 'bustabit-v2'].includes(p.convention)) throw new BadInput('convention: unknown');
  return p.convention;
}
function crashFromValue(conv, value) {
  const h = BigInt('0x' + value.subarray(0, 7).toString('hex')) >> 4n;
  if (conv === 'betkyo-exact') return ((100n * 2n ** 52n - h) / (2n ** 52n - h)).toString();  // exact integers
  const hd = Number(h);
  if (conv === 'bustabit-v1') {
    if (BigInt('0x' + value.toString('hex')) % 101n === 0n) return '0';
    return BigInt(Math.floor((100 * E52 - hd) / (E52 - hd))).toString();  // the double's exact value
  }
  return BigInt(Math.max(100, Math.floor(99 / (1 - hd / E52)))).toString();  // String() would round it
}
function crashPoint(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  if (conv === 'betkyo-exact') {
    if ('salt' in p) throw new BadInput('salt: betkyo-exact takes no salt');
    return { hundredths: crashFromValue(conv, link) };
  }
  const salt = Buffer.from(str(p, 'salt'), 'utf8');
  const value = conv === 'bustabit-v1' ? hmac(Buffer.from(link.toString('hex'), 'ascii'), salt) : hmac(salt, link);
  return { hundredths: crashFromValue(conv, value) };
}
function crashPrevious(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  return { link: sha256(conv === 'bustabit-v2' ? link : Buffer.from(link.toString('hex'), 'ascii')).toString('hex') };
}

const OPS = {
  'hmac_dice.seal': (p) => ({ seal: sha256(serverSeed(p)).toString('hex') }),
  'hmac_dice.roll': roll,
  'hmac_dice.message': (p) => ({ message: message(clientSeeds(p), int(p, 'roll', 1, MAX_SAFE), int(p, 'retry', 0, 1000)) }),
  'hmac_dice.pick': pick,
  'keno.draw': kenoDraw,
  'keno.pick': kenoPick,
  'crash.point': crashPoint,
  'crash.previous': crashPrevious,
  'crash.from_hash': (p) => ({ hundredths: crashFromValue(convention(p), hex('hash', p.hash, 32, 32)) }),
};

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
    req = JSON.parse(line);
  } catch (e) { /* answered as not a request */ }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
