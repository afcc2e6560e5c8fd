// keno.mjs - keno-v1 (specs/keno-v1.md): a ticket's ten balls from its own hash chain: link 1 =
// HMAC-SHA256(key = salt's UTF-8 bytes, msg = the random hash as given), link i = HMAC(salt, the
// lowercase hex of link i-1); ball i takes index floor(h52 / 2^52 × remaining) of the pool 1..40,
// swapped to the end (gen/schemes/keno.cc); the port ops; the page's keno sub-form
// (gen/cli/verify/cursor_keno.cc).
import { BadInput, checkText, digestFromHex, toHex, utf8, hmacKey, hmacWith, parseDecimal } from './core.mjs';
import { str, strList } from './params.mjs';
import { Report, PASSED, FAILED, NOT_CHECKED, check, mark } from './report.mjs';

export const POOL_SIZE = 40;
export const BALLS = 10;

export function leading52(d) {
  let v = 0n;
  for (let i = 0; i < 7; i++) v = (v << 8n) | BigInt(d[i]);
  return v >> 4n;
}

export async function chain(randomHash, salt) {
  const key = await hmacKey(utf8(salt));
  const links = [];
  let text = utf8(randomHash);
  for (let i = 0; i < BALLS; i++) {
    const l = await hmacWith(key, text);
    links.push(l);
    text = utf8(toHex(l));
  }
  return links;
}

export function pick(links) {
  const pool = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
  let remaining = POOL_SIZE;
  const balls = [];
  for (const link of links) {
    const index = Math.floor((Number(leading52(link)) / 2 ** 52) * remaining);
    if (index < 0 || index >= remaining) throw new Error('keno pick: index out of range');
    balls.push(pool[index]);
    [pool[index], pool[remaining - 1]] = [pool[remaining - 1], pool[index]];
    remaining--;
  }
  return balls;
}

export async function draw(randomHash, salt) {
  checkText(randomHash, 'randomHash');
  checkText(salt, 'salt');
  const links = await chain(randomHash, salt);
  return { links, balls: pick(links) };
}

export const ops = {
  'keno.draw': async (p) => {
    const randomHash = str(p, 'randomHash');
    const salt = str(p, 'salt');
    return { balls: (await draw(randomHash, salt)).balls };
  },
  'keno.pick': async (p) => {
    const links = strList(p, 'links');
    if (links.length !== BALLS) throw new BadInput('links', `must hold exactly 10 links, got ${links.length}`);
    return { balls: pick(links.map((h, i) => digestFromHex(h, `links[${i}]`))) };
  },
};

async function runKeno(v, { L }) {
  let given = null;
  if (v.balls !== '') {
    given = [];
    for (const item of v.balls.split(',')) {
      if (given.length === BALLS) throw new BadInput('--balls', 'more than 10 balls');
      given.push(Number(parseDecimal(item, `--balls[${given.length}]`, 1, POOL_SIZE)));
    }
    if (given.length !== BALLS) throw new BadInput('--balls', `a ticket draws 10 balls, got ${given.length}`);
  }
  const d = await draw(v['random-hash'], v.salt);
  const rep = new Report('keno');
  rep.lines.push(L.t('keno.header'));
  const columns = [L.t('page.col.ball'), L.t('page.col.number'), L.t('page.col.link')];
  if (given) columns.push(L.t('page.col.given'));
  rep.tables.push({ caption: '', columns, rows: d.balls.map((b, i) => {
    const cells = [String(i + 1), String(b), toHex(d.links[i])];
    if (given) cells.push(String(given[i]));
    return { cells, mark: given ? given[i] === b : null };
  }) });
  const c = check('balls', NOT_CHECKED, L.t('check.balls'), L.t('reason.no_balls'));
  if (given) {
    c.status = given.every((b, i) => b === d.balls[i]) ? PASSED : FAILED;
    c.reason = '';
    const i = given.findIndex((b, k) => b !== d.balls[k]);
    if (i >= 0) {
      rep.firstMismatch = { where: L.t('where.ball', [i + 1]), location: { ball: i + 1 }, expected: String(d.balls[i]), recorded: String(given[i]) };
    }
  }
  rep.checks = [c];
  rep.result = { balls: d.balls, links: d.links.map(toHex) };
  return rep;
}

export const form = {
  id: 'keno',
  titleKey: 'page.form.keno',
  introKey: 'page.intro.keno',
  fields: [
    // Both may be empty texts (`--random-hash=`, `--salt=`): an empty field is an empty value.
    { name: 'random-hash', option: '--random-hash', kind: 'text', labelKey: 'page.field.random_hash', mono: true },
    { name: 'salt', option: '--salt', kind: 'text', labelKey: 'page.field.salt', mono: true },
    { name: 'balls', option: '--balls', kind: 'text', labelKey: 'page.field.balls', hintKey: 'page.hint.balls' },
  ],
  run: runKeno,
};

export const family = { name: 'keno', ops, form };
