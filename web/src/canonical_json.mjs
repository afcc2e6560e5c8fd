// canonical_json.mjs - canonical JSON (specs/canonical-json.md): RFC 8785 (JCS) restricted to
// objects, arrays, strings, true, false, null and integers |i| <= 2^53 - 1, nested at most 128
// levels; members sorted by the UTF-16 code units of their keys, JCS string escaping, no
// whitespace (gen/schemes/canonical_json.cc). The settings hash of tavla-commit-v1 hashes it.
import { BadInput, fromHex, toHex, utf8 } from './core.mjs';
import { parse as parseJson, isObject, Frac, Big, NEG_ZERO } from './json.mjs';
import { str } from './params.mjs';

export const MAX_DEPTH = 128;
const at = (path) => (path === '' ? 'the root' : path);

function escape(s) {
  let out = '"';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20) out += `\\u00${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

// serialize writes the canonical form of a parsed value (canonical_json::serialize): it checks the
// value again, so numbers read by the general reader (a fraction, an unsafe integer) are bad input
// naming |field| and the path; -0 read by the general reader is the integer 0, as in fairvec.
export function serialize(v, field, path = '', depth = 0) {
  if (v === null) return 'null';
  if (v === true || v === false) return String(v);
  if (typeof v === 'number') return String(v);
  if (v === NEG_ZERO) return '0';
  if (v instanceof Frac) throw new BadInput(field, `the number at ${at(path)} is not an integer (fractions and exponents are not allowed)`);
  if (v instanceof Big) throw new BadInput(field, `the integer at ${at(path)} is beyond +-(2^53 - 1) = +-9007199254740991`);
  if (typeof v === 'string') return escape(v);
  if (depth >= MAX_DEPTH) throw new BadInput(field, `nesting deeper than ${MAX_DEPTH} levels at ${at(path)}`);
  if (Array.isArray(v)) return `[${v.map((x, i) => serialize(x, field, `${path}[${i}]`, depth + 1)).join(',')}]`;
  if (isObject(v)) {
    const keys = v.keys().sort();  // UTF-16 code unit order, as JS compares strings
    return `{${keys.map((k) => `${escape(k)}:${serialize(v.get(k), field, path === '' ? k : `${path}.${k}`, depth + 1)}`).join(',')}}`;
  }
  throw new TypeError('serialize: not a parsed JSON value');
}

// parse reads canonical-subset JSON text strictly (canonical_json::parse).
export function parse(text, field, locate = null) {
  return parseJson(text, field, { maxDepth: MAX_DEPTH, canonical: true, locate });
}

export function canonicalize(text, field) { return serialize(parse(text, field), field); }

// decodeUtf8 decodes bytes as UTF-8 text (no BOM handling: a BOM stays a character and is then
// not JSON), or throws BadInput naming |field| at the first bad byte.
export function decodeUtf8(bytes, field) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    let i = 0;
    while (i < bytes.length) {
      const n = seqLength(bytes, i);
      if (!n) break;
      i += n;
    }
    throw new BadInput(field, 'invalid JSON: invalid encoding in string (not UTF-8)', i);
  }
}

function seqLength(b, i) {  // the length of the well-formed UTF-8 sequence at i, or 0
  const c = b[i];
  if (c < 0x80) return 1;
  let len;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) len = 2;
  else if (c >= 0xe0 && c <= 0xef) { len = 3; if (c === 0xe0) lo = 0xa0; if (c === 0xed) hi = 0x9f; }
  else if (c >= 0xf0 && c <= 0xf4) { len = 4; if (c === 0xf0) lo = 0x90; if (c === 0xf4) hi = 0x8f; }
  else return 0;
  if (i + len > b.length || b[i + 1] < lo || b[i + 1] > hi) return 0;
  for (let k = 2; k < len; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return 0;
  return len;
}

export const ops = {
  canonical_json: async (p) => ({ canonical: canonicalize(str(p, 'json'), 'json') }),
  'canonical_json.hex': async (p) => {
    const raw = fromHex(str(p, 'jsonHex'), 'jsonHex');
    const c = canonicalize(decodeUtf8(raw, 'json'), 'json');
    return { canonical: c, canonicalHex: toHex(utf8(c)) };
  },
};

export const family = { name: 'canonical_json', ops };
