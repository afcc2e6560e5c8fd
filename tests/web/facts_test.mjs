#!/usr/bin/env node
// facts_test.mjs - the constants the page's modules restate equal fairvec's own: every input bound
// the page enforces against `fairvec limits --json`, the op list against `fairvec ops --json`, the
// cursor-v1 games (and their order) and the crash conventions against the op table's enums.
// (The published chains are compared through `fairvec verify crash` in verdicts_test.mjs.)
//   node tests/web/facts_test.mjs --fairvec build/gen/fairvec
import { execFileSync } from 'node:child_process';
import * as json from '../../web/src/json.mjs';
import * as hmacDice from '../../web/src/hmac_dice.mjs';
import * as cursor from '../../web/src/cursor.mjs';
import * as crash from '../../web/src/crash.mjs';
import * as tavla from '../../web/src/tavla.mjs';
import * as canonical from '../../web/src/canonical_json.mjs';
import { opNames } from '../../web/src/protocol.mjs';

const args = process.argv.slice(2);
const fairvec = args[args.indexOf('--fairvec') + 1];
if (!fairvec || args.indexOf('--fairvec') < 0) { console.error('facts_test: --fairvec PATH is required'); process.exit(2); }
const run = (...a) => JSON.parse(execFileSync(fairvec, a, { encoding: 'utf8' }));
const limits = run('limits', '--json');
const ops = run('ops', '--json').ops;
const problems = [];
const same = (what, page, theirs) => {
  if (JSON.stringify(page) !== JSON.stringify(theirs)) problems.push(`${what}: the page has ${JSON.stringify(page)}, fairvec ${JSON.stringify(theirs)}`);
};
for (const [limit, value] of [['proofFileBytes', tavla.MAX_PROOF_BYTES], ['textBytes', hmacDice.MAX_TEXT_BYTES],
  ['jsonOptionBytes', cursor.MAX_JSON_OPTION_BYTES], ['jsonDepth', json.MAX_DEPTH], ['canonicalJsonDepth', canonical.MAX_DEPTH],
  ['matchRolls', hmacDice.MAX_MATCH_ROLLS], ['crashGames', crash.MAX_CRASH_COUNT], ['crashWalkLinks', crash.MAX_WALK],
  ['crashWalkDefaultLinks', crash.DEFAULT_MAX_WALK]]) {
  same(`limit ${limit}`, value, limits[limit]);
}
same('ops', opNames(), ops.map((o) => o.name).sort());
const param = (op, name) => ops.find((o) => o.name === op).params.find((p) => p.name === name).schema.enum;
same('cursor-v1 games', cursor.GAME_NAMES, param('cursor.game', 'game'));
same('crash conventions', crash.CONVENTIONS, param('crash.point', 'convention'));
for (const p of problems) console.log(`FAIL ${p}`);
console.log(`facts_test: ${problems.length ? `${problems.length} FAILED` : 'the page\'s limits, ops, games and conventions are fairvec\'s'}`);
process.exit(problems.length ? 1 : 0);
