// operator_port.js - the port-protocol loop (specs/port-protocol.md) of the ports written from one
// operator's published code (stake_operator/, hexwin_operators/): each line a request; `hello`
// answers the port's name, its ops and its declared scope; an op runs its function, and whatever the
// copied code throws is answered bad_input with the message. Nothing here checks or converts input:
// the adapters pass the code what a request holds, as its page would.
'use strict';
const readline = require('node:readline');

// serve answers requests on stdin with |ops| (name -> params -> result) until stdin ends.
function serve({ name, ops, scope = {} }) {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      process.stdout.write(JSON.stringify({ id: null, ok: false, error: 'bad_input' }) + '\n');
      return;
    }
    const { id, op, params } = req;
    let reply;
    if (op === 'hello') reply = { id, ok: true, result: { name, protocol: 1, ops: Object.keys(ops), scope } };
    else if (!Object.hasOwn(ops, op)) reply = { id, ok: false, error: 'unsupported' };
    else {
      try {
        reply = { id, ok: true, result: ops[op](params) };
      } catch (e) {  // whatever the copied code throws on
        reply = { id, ok: false, error: 'bad_input', message: String(e && e.message) };
      }
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
  });
}

module.exports = { serve };
