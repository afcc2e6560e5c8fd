// common.js - what every family module of the example port shares: BadInput, the crypto
// primitives and the request parser that keeps what JSON.parse would hide.
'use strict';
const crypto = require('node:crypto');

class BadInput extends Error {}
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const hmac = (key, msg) => crypto.createHmac('sha256', key).update(msg).digest();
const sha256 = (data) => crypto.createHash('sha256').update(data).digest();

function str(p, k) {
  if (typeof p[k] !== 'string') throw new BadInput(`${k}: not a string`);
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(p[k])) throw new BadInput(`${k}: lone surrogate`);
  return p[k];
}
// The request parser. JSON.parse would read 2.0 as 2, -0 as 0, keep the last of duplicate keys
// and round unsafe integers, all of which a spec calls bad input somewhere; this parser keeps them
// visible: Frac (a number written with a fraction or exponent), Big (an integer beyond 2^53 - 1),
// NegZero (the integer -0), and objects (without prototype) flagged DUP when a key repeats.
class Frac { constructor(v) { this.v = v; } }
class Big { constructor(v) { this.v = v; } }
class NegZero {}
const DUP = Symbol('duplicate key');
function parseJson(text) {
  let pos = 0;
  const fail = () => { throw new SyntaxError(`bad JSON at ${pos}`); };
  const ws = () => { while (pos < text.length && ' \t\r\n'.includes(text[pos])) pos++; };
  const lit = (word, v) => { if (text.startsWith(word, pos)) { pos += word.length; return v; } return fail(); };
  function string() {
    const m = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(pos, pos + 1e7));
    if (!m) fail();
    pos += m[0].length;
    return JSON.parse(m[0]);
  }
  function value(depth) {
    if (depth > 512) fail();
    ws();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const o = Object.create(null);
      ws();
      if (text[pos] === '}') { pos++; return o; }
      for (;;) {
        ws();
        if (text[pos] !== '"') fail();
        const k = string();
        ws();
        if (text[pos++] !== ':') fail();
        if (Object.hasOwn(o, k)) o[DUP] = true;
        o[k] = value(depth + 1);
        ws();
        const d = text[pos++];
        if (d === '}') return o;
        if (d !== ',') fail();
      }
    }
    if (c === '[') {
      pos++;
      const a = [];
      ws();
      if (text[pos] === ']') { pos++; return a; }
      for (;;) {
        a.push(value(depth + 1));
        ws();
        const d = text[pos++];
        if (d === ']') return a;
        if (d !== ',') fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(pos, pos + 1000));
    if (!m) fail();
    pos += m[0].length;
    if (m[2] || m[3]) return new Frac(Number(m[0]));
    if (m[0] === '-0') return new NegZero();
    const n = BigInt(m[0]);
    return n > BigInt(MAX_SAFE) || n < -BigInt(MAX_SAFE) ? new Big(n) : Number(n);
  }
  const v = value(1);
  ws();
  if (pos !== text.length) fail();
  return v;
}
const num = (v) => (v instanceof Frac ? v.v : v instanceof NegZero ? 0 : v);
function int(p, k, lo, hi) {  // a JSON integer (no fraction or exponent) in [lo, hi]
  const v = p[k] instanceof NegZero ? 0 : p[k];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new BadInput(`${k}: not an integer in range`);
  return v;
}
function unit(k, v) {  // a JSON number in [0, 1]
  v = num(v);
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new BadInput(`${k}: not a number in [0, 1]`);
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


const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);

module.exports = { range, BadInput, MAX_SAFE, hmac, sha256, str, parseJson, Frac, Big, NegZero, DUP, num, int, unit, hex, arr };
