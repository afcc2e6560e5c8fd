// transcripts.mjs - replaying vectors/transcripts/*.jsonl against a port-protocol line handler,
// with the checker's comparison rules (specs/port-protocol.md, "Comparing answers";
// gen/vectors/vector_file.cc compare_reply, gen/core/json.cc equal): ok must match; an expected
// error is bad_input; only the members the transcript expects are compared, nested objects member
// for member; integers by value, any double bit-exactly (an integer against a double as the
// integer's double). It shares no code with web/: its own JSON reader keeps every number's text
// and every value's source span, so a request is sent with its params exactly as written.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

class Num { constructor(text) { this.text = text; } }
class Obj { constructor() { this.members = []; } get(k) { const m = this.members.find((x) => x[0] === k); return m ? m[1] : undefined; } }

// parse reads JSON text into values (numbers as Num, objects as Obj with [key, value, begin, end]).
export function parse(text) {
  let pos = 0;
  const fail = (why) => { throw new SyntaxError(`JSON at ${pos}: ${why}`); };
  const ws = () => { while (' \t\r\n'.includes(text[pos]) && pos < text.length) pos++; };
  function value() {
    ws();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const o = new Obj();
      ws();
      if (text[pos] === '}') { pos++; return o; }
      for (;;) {
        ws();
        const k = value();
        if (typeof k !== 'string') fail('key');
        ws();
        if (text[pos++] !== ':') fail('colon');
        ws();
        const begin = pos;
        const v = value();
        o.members.push([k, v, begin, pos]);
        ws();
        const d = text[pos++];
        if (d === '}') return o;
        if (d !== ',') fail('comma');
      }
    }
    if (c === '[') {
      pos++;
      const a = [];
      ws();
      if (text[pos] === ']') { pos++; return a; }
      for (;;) {
        a.push(value());
        ws();
        const d = text[pos++];
        if (d === ']') return a;
        if (d !== ',') fail('comma');
      }
    }
    if (c === '"') {
      const m = /"(?:[^"\\]|\\.)*"/y;
      m.lastIndex = pos;
      const r = m.exec(text);
      if (!r) fail('string');
      pos += r[0].length;
      return JSON.parse(r[0]);
    }
    for (const [w, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(w, pos)) { pos += w.length; return v; }
    }
    const m = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
    m.lastIndex = pos;
    const r = m.exec(text);
    if (!r) fail('value');
    pos += r[0].length;
    return new Num(r[0]);
  }
  const v = value();
  ws();
  if (pos !== text.length) fail('trailing text');
  return v;
}

const isInt = (n) => !/[.eE]/.test(n.text);

// equal: json::equal.
export function equal(a, b) {
  if (a instanceof Num && b instanceof Num) {
    if (isInt(a) && isInt(b)) return BigInt(a.text) === BigInt(b.text);
    return Object.is(Number(a.text), Number(b.text));
  }
  if (a instanceof Num || b instanceof Num) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (a instanceof Obj) {
    return b instanceof Obj && a.members.length === b.members.length
      && a.members.every(([k, v]) => b.get(k) !== undefined && equal(v, b.get(k)));
  }
  return a === b;
}

const show = (text, begin, end) => text.slice(begin, end);

// compareReply: '' when |reply| (a reply line) answers the call as expected, else the difference.
export function compareReply(expectText, replyText) {
  const expect = parse(expectText);
  let reply;
  try { reply = parse(replyText); } catch (e) { return `the reply is not JSON: ${e.message}`; }
  if (!(reply instanceof Obj)) return 'the reply is not an object';
  const ok = expect.get('ok');
  if (reply.get('ok') !== true && reply.get('ok') !== false) return 'the reply has no boolean ok';
  if (ok === false) {
    if (reply.get('ok')) return `expected error bad_input, got ok result ${replyText}`;
    return reply.get('error') === 'bad_input' ? '' : `expected error bad_input, got error ${reply.get('error')}`;
  }
  if (!reply.get('ok')) return `expected ok, got error ${reply.get('error')} (${reply.get('message') || ''})`;
  const result = reply.get('result');
  if (!(result instanceof Obj)) return 'reply has no result object';
  for (const [k, v, b, e] of expect.get('result').members) {
    if (result.get(k) === undefined) return `result.${k} missing`;
    if (!equal(v, result.get(k))) {
      const got = result.members.find((m) => m[0] === k);
      return `result.${k}: expected ${show(expectText, b, e)}, got ${show(replyText, got[2], got[3])}`;
    }
  }
  return '';
}

// load returns every transcript test: {file, algorithm, tcId, calls: [{op, params (raw text),
// expect (raw text)}]}, files in name order.
export function load(vectorsDir) {
  const dir = join(vectorsDir, 'transcripts');
  const tests = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line === '') continue;
      const t = parse(line);
      const calls = t.get('calls').map((c) => {
        const m = (k) => c.members.find((x) => x[0] === k);
        return { op: c.get('op'), params: show(line, m('params')[2], m('params')[3]), expect: show(line, m('expect')[2], m('expect')[3]) };
      });
      tests.push({ file: t.get('file'), algorithm: t.get('algorithm'), tcId: Number(t.get('tcId').text), calls });
    }
  }
  return tests;
}

// replay runs |tests| through |send| (an async function: array of request lines -> array of reply
// lines, answered in order) after a hello, and counts per family and file. |listed| is the op list
// of the hello reply. A test with an op the port does not list, or with no call, is skipped.
export async function replay(tests, send) {
  const [hello] = await send([JSON.stringify({ id: 0, op: 'hello', params: { protocol: 1 } })]);
  const listed = new Set(JSON.parse(hello).result.ops);
  const lines = [];
  const index = [];
  let id = 1;
  tests.forEach((t, ti) => {
    if (t.calls.length === 0 || t.calls.some((c) => !listed.has(c.op))) return;
    t.calls.forEach((c, ci) => {
      lines.push(`{"id":${id++},"op":${JSON.stringify(c.op)},"params":${c.params}}`);
      index.push([ti, ci]);
    });
  });
  const replies = await send(lines);
  if (replies.length !== lines.length) throw new Error(`${lines.length} requests, ${replies.length} replies`);
  const failures = new Map();
  const callOk = new Map();
  replies.forEach((r, k) => {
    const [ti, ci] = index[k];
    const wantId = JSON.parse(lines[k]).id;
    let diff = '';
    try {
      if (JSON.parse(r).id !== wantId) diff = `wrong id in ${r.slice(0, 200)}`;
    } catch { diff = `not JSON: ${r.slice(0, 200)}`; }
    diff ||= compareReply(tests[ti].calls[ci].expect, r);
    callOk.set(k, diff === '');
    if (diff && !failures.has(ti)) failures.set(ti, { call: ci, request: lines[k].slice(0, 400), diff, reply: r.slice(0, 400) });
  });
  const families = {};
  const out = { listed: [...listed], families, failures: [], calls: { sent: lines.length } };
  tests.forEach((t, ti) => {
    const f = (families[t.algorithm] ||= { passed: 0, failed: 0, skipped: 0, calls: 0, callsPassed: 0 });
    const run = t.calls.length && t.calls.every((c) => listed.has(c.op));
    if (!run) { f.skipped++; return; }
    if (failures.has(ti)) {
      f.failed++;
      out.failures.push({ id: `${t.file}#${t.tcId}`, ...failures.get(ti) });
    } else {
      f.passed++;
    }
  });
  index.forEach(([ti], k) => {
    const f = families[tests[ti].algorithm];
    f.calls++;
    if (callOk.get(k)) f.callsPassed++;
  });
  return out;
}
