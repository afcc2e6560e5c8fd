#!/usr/bin/env node
// stake_page_port.js - a port of stake-v1 written from ONE operator's published code: Stake's own
// JavaScript snippets, as its provably-fair pages print them (specs/stake-v1.md §1):
//   byteGenerator   https://stake.us/provably-fair/implementation
//   generateFloats  https://stake.games/provably-fair/conversions (lodash _.chunk and reduce)
//   game events     https://stake.us/provably-fair/game-events (dice, limbo, roulette, keno,
//                   diamonds, cards, plinko's directions)
// Nothing else is added: no input checks beyond what the snippets do, JSON.parse for requests, and
// no code for what those pages print no snippet of (mines, wheel, the plinko payout table, crash):
// its hello declares the games it has as its scope.
// Keno is its snippet as printed: `SQUARES[Math.floor(float * 40)]` for each of its 10 floats. specs/stake-v1.md §9 records what check-port finds; CTest
// `stake_operator_port` pins it (expected-drift.txt).
//   fairvec check-port --expect tests/ports/stake_operator/expected-drift.txt -- node tests/ports/stake_operator/stake_page_port.js
'use strict';
const { createHmac } = require('node:crypto');
const { serve } = require('../operator_port.js');

// ---- https://stake.us/provably-fair/implementation, as printed ----
function* byteGenerator({ serverSeed, clientSeed, nonce, cursor }) {
  // Setup curser variables
  let currentRound = Math.floor(cursor / 32);
  let currentRoundCursor = cursor;
  currentRoundCursor -= currentRound * 32;
  // Generate outputs until cursor requirement fullfilled
  while (true) {
    // HMAC function used to output provided inputs into bytes
    const hmac = createHmac('sha256', serverSeed);
    hmac.update(`${clientSeed}:${nonce}:${currentRound}`);
    const buffer = hmac.digest();
    // Update curser for next iteration of loop
    while (currentRoundCursor < 32) {
      yield Number(buffer[currentRoundCursor]);
      currentRoundCursor += 1;
    }
    currentRoundCursor = 0;
    currentRound += 1;
  }
}

// lodash's _.chunk, the one helper the conversions page uses.
const _ = { chunk: (a, n) => Array.from({ length: Math.ceil(a.length / n) }, (x, i) => a.slice(i * n, i * n + n)) };

// ---- https://stake.games/provably-fair/conversions, as printed ----
function generateFloats({ serverSeed, clientSeed, nonce, cursor, count }) {
  // Random number generator function
  const rng = byteGenerator({ serverSeed, clientSeed, nonce, cursor });
  // Declare bytes as empty array
  const bytes = [];
  // Populate bytes array with sets of 4 from RNG output
  while (bytes.length < count * 4) {
    bytes.push(rng.next().value);
  }
  // Return bytes as floats using lodash reduce function
  return _.chunk(bytes, 4).map(bytesChunk =>
    bytesChunk.reduce((result, value, i) => {
      const divider = 256 ** (i + 1);
      const partialResult = value / divider;
      return result + partialResult;
    }, 0)
  );
}

// ---- https://stake.us/provably-fair/game-events, as printed ----
const CARDS = [];
for (const rank of ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']) {
  for (const suit of ['\u2666', '\u2665', '\u2660', '\u2663']) CARDS.push(suit + rank);  // ♦2, ♥2, ♠2, ♣2, ...
}
const GEMS = ['green', 'purple', 'yellow', 'red', 'cyan', 'orange', 'blue'];
const DIRECTIONS = ['left', 'right'];
const POCKETS = Array.from({ length: 37 }, (x, i) => i);
const SQUARES = Array.from({ length: 40 }, (x, i) => i + 1);  // Index of 0 to 39 : 1 to 40
const EVENTS = {
  dice: { count: 1, event: ([float]) => ({ roll: (float * 10001) / 100 }) },
  limbo: {
    count: 1,
    event: ([float]) => {
      const houseEdge = 0.99;
      const floatPoint = 1e8 / (float * 1e8) * houseEdge;
      const crashPoint = Math.floor(floatPoint * 100) / 100;
      return { multiplier: Math.max(crashPoint, 1) };
    },
  },
  roulette: { count: 1, event: ([float]) => ({ pocket: POCKETS[Math.floor(float * 37)] }) },
  keno: {
    count: 10,
    event: (floats, options) => {
      const drawn = floats.map((float) => SQUARES[Math.floor(float * 40)]);
      return { drawn, hits: options.picks.filter((x) => drawn.includes(x)).sort((a, b) => a - b) };
    },
  },
  diamonds: { count: 5, event: (floats) => ({ gems: floats.map((float) => GEMS[Math.floor(float * 7)]) }) },
  hilo: { count: 52, event: (floats) => ({ cards: floats.map((float) => CARDS[Math.floor(float * 52)]) }) },
  baccarat: { count: 6, event: (floats) => ({ cards: floats.map((float) => CARDS[Math.floor(float * 52)]) }) },
  plinko: {
    count: (o) => o.rows,
    event: (floats) => {
      const path = floats.map((float) => DIRECTIONS[Math.floor(float * 2)]);
      return { path, bucket: path.filter((d) => d === 'right').length };  // the page prints no payout table
    },
  },
};

class NoCode extends Error {}
function translate(game, floats, options) {
  const e = EVENTS[game];
  if (!e) throw new NoCode(`the page prints no code for ${game}`);
  return e.event(floats, options);
}
// The games the pages print a whole translation for, declared as the port's scope (specs/port-protocol.md,
// "Declared scope"): check-port skips the mines, wheel and plinko vectors (plinko's directions are
// printed, its payout table is not) and counts them, instead of failing them.
const GAMES = ['dice', 'limbo', 'roulette', 'keno', 'diamonds', 'hilo', 'baccarat'];
const SCOPE = { 'stake.game': { game: GAMES }, 'stake.event': { game: GAMES } };
const OPS = {
  'stake.floats': (p) => ({ floats: generateFloats(p) }),
  'stake.game': (p) => {
    const e = EVENTS[p.game];
    if (!e) throw new NoCode(`the page prints no code for ${p.game}`);
    const count = typeof e.count === 'function' ? e.count(p.options) : e.count;
    const floats = generateFloats({ ...p, cursor: 0, count });
    return { floats, ...translate(p.game, floats, p.options) };
  },
  'stake.event': (p) => translate(p.game, p.floats, p.options),
};

serve({ name: "Stake's published snippets", ops: OPS, scope: SCOPE });
