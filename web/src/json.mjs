// json.mjs - the strict JSON reader every input of the page and the port goes through (the rules
// of specs/README.md, "Conventions": valid Unicode, no NUL byte, no escaped lone surrogate, no
// duplicate keys, nesting at most 512 levels, numbers read exactly). JSON.parse would hide what a
// spec calls bad input somewhere, so numbers keep their form:
//   - an integer within +-(2^53 - 1) is a JS number;
//   - the integer -0 is NEG_ZERO (0 to an integer reader, bad input to canonical JSON);
//   - an integer beyond that is a Big (its BigInt value);
//   - a number with a fraction or an exponent is a Frac (its binary64 value and its text), so 2.0
//     is not the integer 2;
// and objects are JObject (a Map in document order, so duplicate, integer-like and "__proto__"
// keys are all plain keys). Errors are BadInput naming the caller's field with the byte offset.
import { BadInput, bytePos } from './core.mjs';

export class Frac { constructor(v, text) { this.v = v; this.text = text; } }
export class Big { constructor(v) { this.v = v; } }
export const NEG_ZERO = Object.freeze({ negZero: true });
export class JObject {
  constructor() { this.map = new Map(); }
  get(k) { return this.map.get(k); }
  has(k) { return this.map.has(k); }
  keys() { return [...this.map.keys()]; }
  entries() { return [...this.map.entries()]; }
  get size() { return this.map.size; }
}

export const isObject = (v) => v instanceof JObject;
export const isString = (v) => typeof v === 'string';
export const isNumber = (v) => typeof v === 'number' || v instanceof Frac || v instanceof Big || v === NEG_ZERO;
// isInteger: written without fraction or exponent (RapidJSON's Int64/Uint64).
export const isInteger = (v) => typeof v === 'number' || v instanceof Big || v === NEG_ZERO;
// intValue returns a written integer as a BigInt (-0 is 0), or null for anything else.
export function intValue(v) {
  if (typeof v === 'number') return BigInt(v);
  if (v === NEG_ZERO) return 0n;
  if (v instanceof Big) return v.v;
  return null;
}
// numberValue returns the binary64 value of any number (RapidJSON's GetDouble), or null.
export function numberValue(v) {
  if (typeof v === 'number') return v;
  if (v === NEG_ZERO) return 0;
  if (v instanceof Frac) return v.v;
  if (v instanceof Big) return Number(v.v);
  return null;
}
// typeName names a value's JSON type for messages.
export function typeName(v) {
  if (v === null) return 'null';
  if (isObject(v)) return 'object';
  if (Array.isArray(v)) return 'array';
  if (isNumber(v)) return 'number';
  return typeof v;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
export const MAX_DEPTH = 512;

// parse reads |text| (a JS string) strictly. |field| names it in errors. Options: maxDepth (512),
// locate (a JSON path, "" for the root, "rolls[3].dice"): then the result is {value, span}, span
// being the [begin, end) UTF-16 range of the value at that path, or null when it is not there.
// canonical: the rules and messages of canonical_json::parse (specs/canonical-json.md: no
// fraction, exponent, -0 or unsafe integer, each at the number's position); else those of
// json::parse. Syntax errors are RapidJSON's, with its positions.
export function parse(text, field, { maxDepth = MAX_DEPTH, locate = null, canonical = false } = {}) {
  let pos = 0;
  let span = null;
  const at = (i) => bytePos(text, i);
  const fail = (msg, i = pos) => { throw new BadInput(field, `invalid JSON: ${msg}`, at(i)); };
  const dollar = (path) => `$${path === '' || path[0] === '[' ? '' : '.'}${path}`;
  const nul = text.indexOf('\u0000');
  if (nul >= 0 && locate === null) {
    throw new BadInput(field, 'invalid JSON: a NUL byte (not allowed anywhere in the text)', at(nul));
  }
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++;
      else return;
    }
  };
  const hex4 = (i) => {
    const h = text.substr(i, 4);
    return /^[0-9a-fA-F]{4}$/.test(h) ? parseInt(h, 16) : -1;
  };
  function string(path) {
    pos++;  // the opening quote
    let out = '';
    let run = pos;
    let lowAt = -1;  // a \u escape of a lone low surrogate
    for (;;) {
      if (pos >= text.length) fail('Missing a closing quotation mark in string.', text.length);
      const c = text.charCodeAt(pos);
      if (c === 0x22) break;
      if (c < 0x20) {
        fail(`Invalid encoding in string.${canonical ? ' (invalid UTF-8, or a control character that must be escaped)' : ''}`, pos);
      }
      if (c >= 0xd800 && c <= 0xdfff) {  // a raw surrogate: only a pair is Unicode
        const next = text.charCodeAt(pos + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) { pos += 2; continue; }
        fail('Invalid encoding in string.', pos);
      }
      if (c !== 0x5c) { pos++; continue; }
      out += text.slice(run, pos);
      const esc = text[pos + 1];
      const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[esc];
      if (simple !== undefined) { out += simple; pos += 2; run = pos; continue; }
      if (esc !== 'u') fail('Invalid escape character in string.', pos);
      const u = hex4(pos + 2);
      if (u < 0) fail('Incorrect hex digit after \\u escape in string.', pos);
      if (u >= 0xd800 && u <= 0xdbff) {
        if (text[pos + 6] !== '\\' || text[pos + 7] !== 'u') fail('The surrogate pair in string is invalid.', pos);
        const lo = hex4(pos + 8);
        if (lo < 0) fail('Incorrect hex digit after \\u escape in string.', pos);
        if (lo < 0xdc00 || lo > 0xdfff) fail('The surrogate pair in string is invalid.', pos);
        out += String.fromCharCode(u, lo);
        pos += 12;
      } else {
        if (u >= 0xdc00 && u <= 0xdfff && lowAt < 0) lowAt = pos;
        out += String.fromCharCode(u);
        pos += 6;
      }
      run = pos;
    }
    out += text.slice(run, pos);
    pos++;
    if (lowAt >= 0) {
      if (canonical) {
        throw new BadInput(field, 'lone surrogate: a \\u escape of a low surrogate (DC00-DFFF) without a high surrogate before it', at(lowAt));
      }
      throw new BadInput(field, `lone surrogate escape in the string at ${dollar(path)}`, at(pos));
    }
    return out;
  }
  function number() {
    const start = pos;
    if (text[pos] === '-') pos++;
    if (text[pos] === '0') pos++;
    else if (text[pos] >= '1' && text[pos] <= '9') while (text[pos] >= '0' && text[pos] <= '9') pos++;
    else fail('Invalid value.', pos);
    let fraction = false;
    let exponent = false;
    if (text[pos] === '.') {
      pos++;
      if (!(text[pos] >= '0' && text[pos] <= '9')) fail('Miss fraction part in number.', pos);
      while (text[pos] >= '0' && text[pos] <= '9') pos++;
      fraction = true;
    }
    if (text[pos] === 'e' || text[pos] === 'E') {
      pos++;
      if (text[pos] === '+' || text[pos] === '-') pos++;
      if (!(text[pos] >= '0' && text[pos] <= '9')) fail('Miss exponent in number.', pos);
      while (text[pos] >= '0' && text[pos] <= '9') pos++;
      exponent = true;
    }
    const t = text.slice(start, pos);
    if (canonical) {
      const bad = (msg) => { throw new BadInput(field, msg, at(start)); };
      if (fraction) bad(`number ${t} has a fraction; only integers are allowed`);
      if (exponent) bad(`number ${t} has an exponent; only plain integers are allowed`);
      if (t === '-0') bad('-0 is not allowed');
      const b = BigInt(t);
      if (b > MAX_SAFE || b < -MAX_SAFE) bad(`integer ${t} is beyond +-(2^53 - 1) = +-9007199254740991`);
      return Number(b);
    }
    if (fraction || exponent) {
      const v = Number(t);
      const mantissa = t.replace(/[eE].*$/, '').replace(/[-.]/g, '');
      if (!Number.isFinite(v)) fail('Number too big to be stored in double.', pos);
      if (v === 0 && /[1-9]/.test(mantissa)) throw new BadInput(field, `number ${t.slice(0, 40)} is outside binary64`, at(pos));
      return new Frac(v, t);
    }
    if (t === '-0') return NEG_ZERO;
    const b = BigInt(t);
    return b > MAX_SAFE || b < -MAX_SAFE ? new Big(b) : Number(b);
  }
  function literal(word, v) {
    for (let k = 1; k < word.length; k++) if (text[pos + k] !== word[k]) fail('Invalid value.', pos + k);
    pos += word.length;
    return v;
  }
  const dups = [];  // json::parse reports duplicate keys after the whole text parsed
  function value(depth, path) {
    ws();
    const begin = pos;
    const c = text[pos];
    let v;
    if (c === '{' || c === '[') {
      if (depth > maxDepth) {
        if (canonical) throw new BadInput(field, `nesting deeper than ${maxDepth} levels`, at(pos));
        throw new BadInput(field, `nested deeper than ${maxDepth} levels at ${dollar(path)}`, at(pos));
      }
      pos++;
      ws();
      if (c === '{') {
        v = new JObject();
        if (text[pos] === '}') pos++;
        else {
          for (;;) {
            ws();
            if (text[pos] !== '"') fail('Missing a name for object member.');
            const keyAt = pos;
            const k = string(path);
            ws();
            if (text[pos] !== ':') fail('Missing a colon after a name of object member.');
            pos++;
            if (v.has(k)) {
              if (canonical) throw new BadInput(field, `duplicate key "${k}" in the object at ${path === '' ? 'the root' : path}`, at(keyAt));
              dups.push(`${dollar(path)}.${k}`);
            }
            v.map.set(k, value(depth + 1, path === '' ? k : `${path}.${k}`));
            ws();
            if (text[pos] === '}') { pos++; break; }
            if (text[pos] !== ',') fail("Missing a comma or '}' after an object member.");
            pos++;
          }
        }
      } else {
        v = [];
        if (text[pos] === ']') pos++;
        else {
          for (;;) {
            v.push(value(depth + 1, `${path}[${v.length}]`));
            ws();
            if (text[pos] === ']') { pos++; break; }
            if (text[pos] !== ',') fail("Missing a comma or ']' after an array element.");
            pos++;
          }
        }
      }
    } else if (c === '"') v = string(path);
    else if (c === 't') v = literal('true', true);
    else if (c === 'f') v = literal('false', false);
    else if (c === 'n') v = literal('null', null);
    else if (c === '-' || (c >= '0' && c <= '9')) v = number();
    else if (pos >= text.length && depth === 1) fail('The document is empty.');
    else fail('Invalid value.');
    if (locate !== null && path === locate) span = [begin, pos];
    return v;
  }
  if (locate !== null) {
    try {
      const v = value(1, '');
      return { value: v, span };
    } catch (e) {
      if (e instanceof BadInput) return { value: undefined, span };
      throw e;
    }
  }
  const v = value(1, '');
  ws();
  if (pos !== text.length) fail('The document root must not be followed by other values.');
  if (dups.length) throw new BadInput(field, `duplicate object key at ${dups[0]}`);
  return v;
}

// stringify writes a parsed value back as JSON text, every number in the form it was read.
export function stringify(v) {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return String(v);
  if (v === NEG_ZERO) return '-0';
  if (v instanceof Frac) return v.text;
  if (v instanceof Big) return v.v.toString();
  if (Array.isArray(v)) return `[${v.map(stringify).join(',')}]`;
  if (isObject(v)) return `{${v.entries().map(([k, x]) => `${JSON.stringify(k)}:${stringify(x)}`).join(',')}}`;
  throw new TypeError('stringify: not a parsed JSON value');
}

// plain turns a parsed value into plain JS (objects, numbers), for display; Big becomes a BigInt.
export function plain(v) {
  if (Array.isArray(v)) return v.map(plain);
  if (isObject(v)) return Object.fromEntries(v.entries().map(([k, x]) => [k, plain(x)]));
  if (v === NEG_ZERO) return 0;
  if (v instanceof Frac) return v.v;
  if (v instanceof Big) return v.v;
  return v;
}

// toLine writes a plain JS result as one JSON line, as RapidJSON writes it in fairvec (used to
// compare outcomes): BigInt as an integer.
export function toLine(v) {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof JObject || v instanceof Frac || v instanceof Big || v === NEG_ZERO) return stringify(v);
  if (Array.isArray(v)) return `[${v.map(toLine).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toLine(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

// formatDouble writes a double as fairvec does (json::format_double: std::to_chars shortest form,
// fixed or scientific whichever is shorter, fixed on a tie, ".0" added to a bare integer).
export function formatDouble(d) {
  if (!Number.isFinite(d)) throw new RangeError('formatDouble: non-finite');
  const sign = d < 0 || Object.is(d, -0) ? '-' : '';
  const a = Math.abs(d);
  let s;
  if (a === 0) s = '0';
  else {
    const [m, e10] = a.toExponential().split('e');
    const digits = m.replace('.', '');
    const e = Number(e10);
    const sci = `${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
    let fixed;
    if (e >= 0) fixed = digits.length <= e + 1 ? digits + '0'.repeat(e + 1 - digits.length) : `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
    else fixed = `0.${'0'.repeat(-e - 1)}${digits}`;
    s = fixed.length <= sci.length ? fixed : sci;
  }
  s = sign + s;
  return /[.e]/.test(s) ? s : `${s}.0`;
}
