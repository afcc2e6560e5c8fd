// canonical_json.js - the example port's ops of canonical JSON (specs/canonical-json.md), the form behind tavla's settings hash.
'use strict';
const { BadInput, str, parseJson, Frac, Big, NegZero, DUP, hex } = require('./common.js');

// canonical JSON (specs/canonical-json.md): RFC 8785 restricted to objects, arrays, strings,
// true, false, null and integers |i| <= 2^53 - 1, nested at most 128 levels.
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function canonCheck(v, field, depth = 1) {
  if (v instanceof Frac || v instanceof Big || v instanceof NegZero) throw new BadInput(`${field}: not in the JSON subset`);
  if (typeof v === 'string' && LONE.test(v)) throw new BadInput(`${field}: lone surrogate`);
  if (v === null || typeof v !== 'object') return;
  if (depth > 128) throw new BadInput(`${field}: nested deeper than 128 levels`);
  if (v[DUP]) throw new BadInput(`${field}: duplicate key`);
  for (const k of Object.keys(v)) {
    if (LONE.test(k)) throw new BadInput(`${field}: lone surrogate`);
    canonCheck(v[k], field, depth + 1);
  }
}
const ESC = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };
const canonString = (t) => '"' + t.replace(/["\\\u0000-\u001f]/g,
  (c) => ESC[c] || '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) + '"';
function canonSerialize(v) {
  if (Array.isArray(v)) return '[' + v.map(canonSerialize).join(',') + ']';
  if (v !== null && typeof v === 'object') {  // keys by UTF-16 code units: the default sort order
    return '{' + Object.keys(v).sort().map((k) => canonString(k) + ':' + canonSerialize(v[k])).join(',') + '}';
  }
  return typeof v === 'string' ? canonString(v) : String(v);
}
const canonicalValue = (v, field) => (canonCheck(v, field), canonSerialize(v));
function canonicalText(t, field) {
  if (LONE.test(t)) throw new BadInput(`${field}: lone surrogate`);
  let v;
  try { v = parseJson(t); } catch (e) { throw new BadInput(`${field}: not JSON`); }
  return canonicalValue(v, field);
}
function canonicalHex(p) {
  let t;
  try { t = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hex('jsonHex', p.jsonHex, 0, Infinity)); } catch (e) {
    if (e instanceof BadInput) throw e;
    throw new BadInput('json: not UTF-8');
  }
  const c = canonicalText(t, 'json');
  return { canonical: c, canonicalHex: Buffer.from(c, 'utf8').toString('hex') };
}


const OPS = {
  'canonical_json': (p) => ({ canonical: canonicalText(str(p, 'json'), 'json') }),
  'canonical_json.hex': canonicalHex,
};

module.exports = { OPS, LONE, canonCheck, canonicalValue };
