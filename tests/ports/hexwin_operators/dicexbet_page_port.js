#!/usr/bin/env node
// dicexbet_page_port.js - a hexwin-v1 port (specs/hexwin-v1.md) written from ONE operator's published
// code: Dicexbet's "implementation code", the function roll({ serverSeed, clientSeed, nonce }) as its
// provably-fair page prints it (S-DX; the same code is on Rollxbet's and Vortexbets' pages):
//   https://dicexbet.com/provably-fair   (also https://rollxbet.com/provably-fair,
//                                         https://vortexbets.com/provably-fair), as stored on 2026-12-07
// Copied verbatim: the function roll (the text is the same on the three pages; the stored Dicexbet
// copy lost its indentation, so the line layout is the stored Rollxbet copy's). The page calls createHmac without showing its import; Node's
// crypto.createHmac is the one it names. No input checks are added, and nothing is fixed (the
// multiply by 1e-2 and the 9999 fallback stay as printed).
// The page prints no function over a given digest, so hexwin.from_hex is not listed.
// Its hello declares the one convention it implements, primedice, as its scope
// (specs/port-protocol.md, "Declared scope"); any other convention value is answered bad_input.
// What check-port finds is in README.md; dicexbet_page_port.expected.txt pins it.
//   fairvec check-port --random 0 --only 'hexwin_*' --expect tests/ports/hexwin_operators/dicexbet_page_port.expected.txt -- node tests/ports/hexwin_operators/dicexbet_page_port.js
'use strict';
const { createHmac } = require('node:crypto');
const { serve } = require('../operator_port.js');

// ---- https://dicexbet.com/provably-fair, as printed ----
const roll = ({ serverSeed, clientSeed, nonce }) => {
  const nonceClientSeed = `${clientSeed}-${nonce}`;

  const hex = createHmac('sha512', serverSeed)
    .update(nonceClientSeed)
    .digest('hex');

  let index = 0;

  let lucky = parseInt(hex.substring(index * 5, index * 5 + 5), 16);

  while (lucky >= 1e6) {
    index += 1;
    lucky = parseInt(hex.substring(index * 5, index * 5 + 5), 16);

    // we have reached the end of the hash and they all must have been ffffff
    if (index * 5 + 5 > 129) {
      lucky = 9999;
      break;
    }
  }

  return [lucky % 1e4] * 1e-2;
}
// ---- end of the copied code ----

const CONVENTION = 'primedice';
const SCOPE = { 'hexwin.roll': { convention: [CONVENTION] } };
class NoCode extends Error {}
function only(p) {
  if (p.convention !== CONVENTION) throw new NoCode(`this port implements only the convention ${CONVENTION}`);
}
const OPS = {
  'hexwin.roll': (p) => { only(p); return { roll: roll({ serverSeed: p.serverSeed, clientSeed: p.clientSeed, nonce: p.nonce }) }; },
};

serve({ name: "Dicexbet's published roll()", ops: OPS, scope: SCOPE });
