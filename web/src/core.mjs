// core.mjs - what every family module shares: the bad-input error (field and position, as
// fairvec's InputError), hex and UTF-8 bytes, decimal counts, and SHA-256 / HMAC-SHA256 through
// WebCrypto (crypto.subtle: the browser's, or Node's globalThis.crypto). Nothing here touches the
// DOM, so the same module runs in the page and in web/port.mjs.

// BadInput is malformed input: |field| names the input (a port param, a link field, a form field
// by its `fairvec verify` option name, a JSON path) and |position|, when known, the 0-based byte
// position of the first bad character or token (or element index), as specs/README.md says.
export class BadInput extends Error {
  constructor(field, detail, position = null) {
    super(`${field}${position === null ? '' : ` (at ${position})`}: ${detail}`);
    this.field = field;
    this.detail = detail;
    this.position = position;
  }
}

// Unreadable is a file the page could not read (the CLI's exit 3).
export class Unreadable extends Error {}

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;  // 2^53 - 1
const enc = new TextEncoder();
export const utf8 = (s) => enc.encode(s);
export const utf8Length = (s) => enc.encode(s).length;

export const isHexDigit = (c) => /^[0-9a-fA-F]$/.test(c);
const HEX = '0123456789abcdef';
export function toHex(bytes) {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4] + HEX[b & 15];
  return s;
}

// fromHex decodes hex (either case) as core/bytes.cc from_hex: the first non-hex character is bad
// input at its position, then an odd length.
export function fromHex(text, field) {
  for (let i = 0; i < text.length; i++) {
    if (!isHexDigit(text[i])) throw new BadInput(field, 'not a hex digit', bytePos(text, i));
  }
  if (text.length % 2) throw new BadInput(field, `hex has odd length ${text.length}`);
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
  return out;
}

// digestFromHex decodes exactly 32 bytes of hex (core/bytes.cc digest_from_hex).
export function digestFromHex(text, field) {
  const b = fromHex(text, field);
  if (b.length !== 32) throw new BadInput(field, `must be 32 bytes (64 hex digits), got ${b.length} bytes`);
  return b;
}

// bytePos converts the UTF-16 index |i| of |text| into the byte position in its UTF-8 form, so that
// positions agree with fairvec's, which count bytes.
export function bytePos(text, i) {
  for (let k = 0; k < i && k < text.length; k++) if (text.charCodeAt(k) > 0x7f) return utf8Length(text.slice(0, i));
  return i;
}

// byteString returns the UTF-8 bytes of |s| as a string of char codes 0..255, so that indexes
// are byte positions (the hmac-dice text parsers read bytes, as fairvec's do).
export function byteString(s) {
  const b = utf8(s);
  let out = '';
  for (let i = 0; i < b.length; i += 8192) out += String.fromCharCode(...b.subarray(i, i + 8192));
  return out;
}

// printable quotes |s| for a message as hmac_dice_text.h does: bytes outside printable ASCII
// (and \ and ') as \xNN, cut after 40 bytes. |bytes|: |s| is a byteString already.
export function printable(s, bytes = false) {
  const b = bytes ? Uint8Array.from(s, (c) => c.charCodeAt(0)) : utf8(s);
  let out = "'";
  for (let i = 0; i < b.length; i++) {
    if (i === 40) { out += '...'; break; }
    const c = b[i];
    out += c >= 0x20 && c < 0x7f && c !== 0x5c && c !== 0x27 ? String.fromCharCode(c) : `\\x${HEX[c >> 4]}${HEX[c & 15]}`;
  }
  return out + "'";
}

// parseDecimal reads a decimal count in [min, max] (core/bytes.cc parse_decimal: no sign, no
// leading zeros); |min| and |max| are numbers or BigInts, the result a BigInt.
export function parseDecimal(text, field, min, max) {
  if (text === '') throw new BadInput(field, 'empty number');
  for (let i = 0; i < text.length; i++) {
    if (text[i] < '0' || text[i] > '9') throw new BadInput(field, 'not a decimal digit', bytePos(text, i));
  }
  if (text.length > 1 && text[0] === '0') throw new BadInput(field, 'leading zero', 0);
  const v = BigInt(text);
  if (v < BigInt(min) || v > BigInt(max) || v >= 1n << 64n) {
    throw new BadInput(field, `must be between ${min} and ${max}, got ${text}`);
  }
  return v;
}

// checkUtf8 is fairvec's UTF-8 rule for text (keno::check_utf8, cursor::check_text): a JS string
// holds only Unicode scalar values when it has no lone surrogate, so only those can fail; the
// position is the byte offset of the bad one.
export function checkText(s, field) {
  const m = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.exec(s);
  if (m) throw new BadInput(field, 'not well-formed UTF-8', bytePos(s, m.index));
  return s;
}

// ---- Crypto: WebCrypto only. A key is imported once per byte string and cached.
const subtle = globalThis.crypto && globalThis.crypto.subtle;
export function cryptoAvailable() { return !!subtle; }

// A hash is named as WebCrypto names it: 'SHA-256' or 'SHA-512' (gen/core/crypto.h's Hash).
export async function digest(bytes, hash = 'SHA-256') {
  return new Uint8Array(await subtle.digest(hash, bytes));
}

export async function sha256(bytes) {
  return digest(bytes, 'SHA-256');
}

const keys = new Map();
export async function hmacKey(keyBytes, hash = 'SHA-256') {
  const id = `${hash}:${toHex(keyBytes)}`;
  let k = keys.get(id);
  if (!k) {
    // An empty HMAC key is valid (RFC 2104); WebCrypto refuses a zero-length raw key, and the
    // HMAC of an empty key equals the HMAC of one zero byte (the key is zero-padded to the block).
    const raw = keyBytes.length === 0 ? new Uint8Array(1) : keyBytes;
    k = subtle.importKey('raw', raw, { name: 'HMAC', hash }, false, ['sign']);
    if (keys.size > 64) keys.clear();
    keys.set(id, k);
  }
  return k;
}

export async function hmac(keyBytes, msgBytes, hash = 'SHA-256') {
  return new Uint8Array(await subtle.sign('HMAC', await hmacKey(keyBytes, hash), msgBytes));
}

export async function hmacWith(key, msgBytes) {
  return new Uint8Array(await subtle.sign('HMAC', key, msgBytes));
}

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
