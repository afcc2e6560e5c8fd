// params.mjs - reading port params (port protocol v1) the way fairvec's op table reads them
// (gen/ops/op_table.cc Kinds): a missing or mistyped param is named "params.<key>" or "<key>"
// as the op declares, and the scheme's own reader names what is wrong inside a value.
import { BadInput, MAX_SAFE, checkText } from './core.mjs';
import { intValue, isNumber, isObject } from './json.mjs';

export const P = 'params';
export const BARE = 'bare';
export const fieldName = (key, naming) => (naming === P ? `params.${key}` : key);

// need returns the param |key| or throws "missing" named as |naming|.
export function need(p, key, naming = P) {
  if (!p.has(key)) throw new BadInput(fieldName(key, naming), 'missing');
  return p.get(key);
}

// str reads a string param (string_kind): missing or not a string is named as |naming|.
export function str(p, key, naming = P) {
  const v = need(p, key, naming);
  if (typeof v !== 'string') throw new BadInput(fieldName(key, naming), 'must be a string');
  return v;
}

// strList reads an array of strings (string_list_kind, always "params."-named).
export function strList(p, key) {
  const v = need(p, key, P);
  if (!Array.isArray(v)) throw new BadInput(`params.${key}`, 'must be an array');
  v.forEach((x, i) => {
    if (typeof x !== 'string') throw new BadInput(`params.${key}[${i}]`, 'must be a string');
  });
  return v;
}

// uint reads a JSON integer lo..hi (uint_kind); |message| is the op's message for anything else.
export function uint(p, key, { missing = P, type = P, message = 'must be a non-negative integer', lo = 0n, hi = (1n << 64n) - 1n } = {}) {
  const v = need(p, key, missing);
  const i = intValue(v);
  if (i === null || i < 0n || i >= 1n << 64n || i < BigInt(lo) || i > BigInt(hi)) {
    throw new BadInput(fieldName(key, type), message);
  }
  return i;
}

// object reads an object param.
export function object(p, key, naming = P) {
  const v = need(p, key, naming);
  if (!isObject(v)) throw new BadInput(fieldName(key, naming), 'must be a JSON object');
  return v;
}

// text reads a seed (core/input_rules.h read_text): a JSON string of well-formed UTF-8, every
// error named by the bare key.
export function text(p, key) {
  const v = need(p, key, BARE);
  if (typeof v !== 'string') throw new BadInput(key, 'must be a string');
  return checkText(v, key);
}

// counter reads a nonce or cursor (core/input_rules.h read_counter): a JSON integer 0..2^53 - 1,
// every error named by the bare key.
export function counter(p, key) {
  const v = need(p, key, BARE);
  if (!isNumber(v)) throw new BadInput(key, 'must be an integer');
  const i = intValue(v);
  if (i !== null && i >= 0n && i <= BigInt(MAX_SAFE)) return Number(i);
  if (i !== null && i < 0n && i >= -(1n << 63n)) throw new BadInput(key, 'must not be negative');
  throw new BadInput(key, 'must be an integer between 0 and 2^53 - 1');
}
