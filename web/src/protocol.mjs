// protocol.mjs - port protocol v1 (specs/port-protocol.md) over the families' ops: one request
// line in, one reply line out. `hello` lists every op; a request that is not a JSON object with an
// integer id is answered with id null; `bad_input` carries a message naming the field (and the
// position), as `fairvec port` does. web/port.mjs serves it on stdin/stdout; the page exposes the
// same function, so a replay inside the browser runs exactly this code.
import { BadInput } from './core.mjs';
import { parse, isObject, intValue } from './json.mjs';
import { families } from './families.mjs';

export const NAME = 'fairvec check page (web/)';
export const OPS = Object.assign({}, ...families.map((f) => f.ops));
export const opNames = () => Object.keys(OPS).sort();

const reply = (id, body) => JSON.stringify({ id, ...body });

// handleLine answers one request line (a JS string, UTF-8 already decoded) with one reply line.
export async function handleLine(line) {
  let req;
  try {
    req = parse(line, 'request');
  } catch (e) {
    if (!(e instanceof BadInput)) throw e;
    return reply(null, { ok: false, error: 'bad_input', message: e.message });
  }
  if (!isObject(req) || typeof req.get('id') !== 'number') {
    return reply(null, { ok: false, error: 'bad_input', message: 'not a request: a JSON object with an integer id (at most 2^53 - 1)' });
  }
  const id = req.get('id');
  const op = req.get('op');
  const params = req.has('params') ? req.get('params') : null;
  if (op === 'hello') {
    const protocol = isObject(params) ? intValue(params.get('protocol')) : null;
    if (protocol !== 1n) return reply(id, { ok: false, error: 'bad_input', message: 'params.protocol: must be 1' });
    return reply(id, { ok: true, result: { name: NAME, protocol: 1, ops: opNames() } });
  }
  if (typeof op !== 'string' || !Object.hasOwn(OPS, op)) return reply(id, { ok: false, error: 'unsupported' });
  if (!isObject(params)) return reply(id, { ok: false, error: 'bad_input', message: 'params: must be a JSON object' });
  try {
    return reply(id, { ok: true, result: await OPS[op](params) });
  } catch (e) {
    if (e instanceof BadInput) return reply(id, { ok: false, error: 'bad_input', message: e.message });
    throw e;
  }
}
