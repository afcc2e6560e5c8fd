#!/usr/bin/env node
// duckdice_page_port.js - a hexwin-v1 port (specs/hexwin-v1.md) written from ONE operator's published
// code: DuckDice's function getRoll(serverSeed, clientSeed, nonce), as its fairness pages print it
// (S-DD, Original Dice and Range Dice):
//   https://duckdice.io/fairness   (the same code: https://help.duckdice.io/provably-fair-randomization-and-verify/,
//                                   https://help.duckdice.io/hc/en-us/articles/360000729033-Provably-Fair-Randomization-and-Verify),
//   as stored on 2026-12-07
// Copied verbatim: the function getRoll. The page calls sha512(text) without showing which library;
// here it is the hex SHA-512 of the text's UTF-8 bytes (Node's crypto), which is what the page's
// words say ("hash = SHA512(combination)", "a 128 character hex string"). No input checks are added,
// and nothing is fixed (the unbounded do/while stays as printed).
// The page prints no function over a given digest, so hexwin.from_hex is not listed.
// Its hello declares the one convention it implements, duckdice, as its scope
// (specs/port-protocol.md, "Declared scope"); any other convention value is answered bad_input.
// What check-port finds is in README.md; duckdice_page_port.expected.txt pins it.
//   fairvec check-port --random 0 --only 'hexwin_*' --expect tests/ports/hexwin_operators/duckdice_page_port.expected.txt -- node tests/ports/hexwin_operators/duckdice_page_port.js
'use strict';
const { createHash } = require('node:crypto');
const { serve } = require('../operator_port.js');

// The page's sha512(text): the lowercase hex SHA-512 of the text's UTF-8 bytes.
const sha512 = (text) => createHash('sha512').update(text).digest('hex');

// ---- https://duckdice.io/fairness, as printed ----
function getRoll(serverSeed, clientSeed, nonce) {
var hash = sha512(serverSeed + clientSeed + nonce);
var index = 0;
do {
var lucky = parseInt(hash.substr(index, 5), 16);
index += 5;
} while (lucky >= 1000000);
return lucky % 10000;
}
// ---- end of the copied code ----

const CONVENTION = 'duckdice';
const SCOPE = { 'hexwin.roll': { convention: [CONVENTION] } };
class NoCode extends Error {}
function only(p) {
  if (p.convention !== CONVENTION) throw new NoCode(`this port implements only the convention ${CONVENTION}`);
}
const OPS = {
  'hexwin.roll': (p) => { only(p); return { roll: getRoll(p.serverSeed, p.clientSeed, p.nonce) }; },
};

serve({ name: "DuckDice's published getRoll()", ops: OPS, scope: SCOPE });
