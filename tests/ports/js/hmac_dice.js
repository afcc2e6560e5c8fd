// hmac_dice.js - the example port's ops of hmac-dice-v1 (specs/hmac-dice-v1.md): seals, rolls, picks, recorded rolls, links, whole matches.
'use strict';
const { BadInput, MAX_SAFE, arr, hex, hmac, int, range, sha256, str } = require('./common.js');

// hmac-dice-v1 (specs/hmac-dice-v1.md): dice from the first MAC byte below 252.
const serverSeed = (p) => hex('serverSeed', p.serverSeed, 16, 64);
function clientSeeds(p) {
  const s = arr(p, 'clientSeeds');
  if (s.length < 1 || s.length > 2 || !s.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x))) {
    throw new BadInput('clientSeeds: 1 or 2 seeds of [A-Za-z0-9_-]{1,128}');
  }
  return s;
}
function message(seeds, roll, retry) {  // retry k appends k '+' to the last seed
  const parts = [...seeds];
  parts[parts.length - 1] += '+'.repeat(retry);
  return parts.join(':') + ':' + roll;
}
function pickFromMac(mac) {
  for (let i = 0; i < mac.length; i++) {
    if (mac[i] < 252) {
      const v = mac[i] % 36;
      return { dice: [Math.floor(v / 6) + 1, (v % 6) + 1], index: i };
    }
  }
  return null;
}
function roll(p) {
  const key = serverSeed(p), seeds = clientSeeds(p), n = int(p, 'roll', 1, MAX_SAFE);
  for (let retry = 0; retry <= 1000; retry++) {
    const picked = pickFromMac(hmac(key, message(seeds, n, retry)));
    if (picked) return { dice: picked.dice };
  }
  throw new BadInput('serverSeed: no byte below 252');
}
function pick(p) {
  const macs = arr(p, 'macs');
  if (macs.length === 0) throw new BadInput('macs: empty');
  const decoded = macs.map((m) => hex('macs', m, 32, 32));
  for (let k = 0; k < decoded.length; k++) {
    const picked = pickFromMac(decoded[k]);
    if (picked) return { dice: picked.dice, retry: k, index: picked.index };
  }
  throw new BadInput('macs: no byte below 252');
}

// Recorded rolls (specs/hmac-dice-v1.md §4): a bare string, unnumbered rolls or numbered rolls.
const ROLL = /^[1-6]{2}$/, MAX_ROLLS = 100000;
function rollNumber(token) {  // [style, digits] of a marker N:, N. or #N
  for (const [style, re] of [['colon', /^([0-9]+):$/], ['dot', /^([0-9]+)\.$/], ['hash', /^#([0-9]+)$/]]) {
    const m = re.exec(token);
    if (m) return [style, m[1]];
  }
  return null;
}
function parseRecorded(text) {
  const tokens = text.split(/[ \t\r\n]+/).filter((t) => t);
  const bad = (why) => { throw new BadInput(`recorded: ${why}`); };
  if (tokens.length === 0) bad('empty listing');
  if (tokens.length === 1 && tokens[0].length > 2 && /^[0-9]+$/.test(tokens[0])) {
    if (tokens[0].length % 2 || !/^[1-6]+$/.test(tokens[0])) bad('not a bare roll string');
    return tokens[0];
  }
  const first = rollNumber(tokens[0]);
  if (!first) {
    if (!tokens.every((t) => ROLL.test(t))) bad('not a roll');
    return tokens.join('');
  }
  if (tokens.length % 2) bad('a roll number without its roll');
  const rolls = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const marker = rollNumber(tokens[i]);
    if (!marker || marker[0] !== first[0]) bad("not a roll number of the listing's style");
    const digits = marker[1];
    if ((digits.length > 1 && digits[0] === '0') || Number(digits) !== i / 2 + 1) bad('roll number out of place');
    if (!ROLL.test(tokens[i + 1])) bad('not a roll');
    rolls.push(tokens[i + 1]);
  }
  return rolls.join('');
}

// Links (specs/hmac-dice-v1.md §5): v0 /<lang>/check/?seed=…, v1 /<lang>/check/#v=1&s=….
const KEYS = { 0: ['seed', 'seal', 'client', 'n', 'rolls'], 1: ['v', 's', 'c', 'p', 'r', 'g'] };
function count(k, t) {
  if (!/^[1-9][0-9]*$/.test(t) || Number(t) > MAX_ROLLS) throw new BadInput(`${k}: not a count 1..100000`);
  return Number(t);
}
function percentDecode(t) {  // %XX decoded after splitting; '+' stays '+'
  const bytes = [];
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '%') {
      if (!/^[0-9a-fA-F]{2}$/.test(t.slice(i + 1, i + 3))) throw new BadInput('link: bad percent escape');
      bytes.push(parseInt(t.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(t[i], 'utf8'));
    }
  }
  try { return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes)); } catch (e) {
    throw new BadInput('link: percent escape is not UTF-8');
  }
}
const checkSeeds = (k, s) => {
  if (s.length < 1 || s.length > 2 || !s.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(x))) {
    throw new BadInput(`${k}: 1 or 2 seeds of [A-Za-z0-9_-]{1,128}`);
  }
  return s;
};
const checkSeal = (k, seal) => (seal === '' ? '' : hex(k, seal, 32, 32).toString('hex'));
function parseLink(link) {
  let rest = link, lang = '';
  const bad = (why) => { throw new BadInput(`link: ${why}`); };
  const scheme = /^https?:\/\//i.exec(rest);
  if (scheme) {
    rest = rest.slice(scheme[0].length);
    const end = [rest.indexOf('/'), rest.indexOf('?'), rest.indexOf('#')].filter((i) => i >= 0).concat(rest.length);
    const host = rest.slice(0, Math.min(...end));
    rest = rest.slice(host.length);
    if (!/^[A-Za-z0-9._:\[\]-]+$/.test(host)) bad('bad host');
    if (!rest.startsWith('/')) bad('a link with a host needs the path');
  }
  if (rest.startsWith('/')) {
    const end = Math.min(...[rest.indexOf('?'), rest.indexOf('#')].filter((i) => i >= 0).concat(rest.length));
    const m = /^\/([a-z]{2,3})\/check\/?$/.exec(rest.slice(0, end));
    if (!m) bad('path is not /<lang>/check/');
    lang = m[1];
    rest = rest.slice(end);
  }
  let version, data;
  if (rest.startsWith('#')) [version, data] = [1, rest.slice(1)];
  else if (rest.startsWith('?')) {
    if (rest.includes('#')) bad('query and fragment');
    [version, data] = [0, rest.slice(1)];
  } else bad('no query or fragment');
  if (data === '') bad('empty data');
  const f = {};
  for (const raw of data.split('&')) {
    const eq = raw.indexOf('=');
    if (raw === '' || eq < 0) bad('malformed field');
    const key = percentDecode(raw.slice(0, eq)), value = percentDecode(raw.slice(eq + 1));
    if (key === '') bad('empty key');
    if (!KEYS[version].includes(key)) bad('unknown key');  // keys are case-sensitive
    if (Object.hasOwn(f, key)) throw new BadInput(`link.${key}: duplicate key`);
    f[key] = value;
  }
  const [kSeed, kSeal, kClient, kRolls] = version === 0 ? ['seed', 'seal', 'client', 'rolls'] : ['s', 'c', 'p', 'r'];
  for (const k of version === 0 ? ['seed', 'client', 'n'] : ['v', 's', 'p', 'r']) {
    if (!Object.hasOwn(f, k)) throw new BadInput(`link.${k}: missing`);
  }
  if (version === 1 && f.v !== '1') throw new BadInput('link.v: unknown version');
  const server = hex(`link.${kSeed}`, f[kSeed], 16, 64).toString('hex');
  const seal = checkSeal(`link.${kSeal}`, f[kSeal] || '');
  const seeds = checkSeeds(`link.${kClient}`, f[kClient].split(','));
  const recorded = f[kRolls] || '';
  if (recorded && !/^([1-6]{2})+$/.test(recorded)) throw new BadInput(`link.${kRolls}: not the bare form`);
  if (version === 1 && recorded === '') throw new BadInput('link.r: empty');
  let rolls, games = [];
  if (version === 0) {
    rolls = count('link.n', f.n);
    if (recorded && recorded.length / 2 !== rolls) throw new BadInput('link.n: count mismatch');
  } else {
    rolls = recorded.length / 2;
    if (rolls > MAX_ROLLS) throw new BadInput('link.r: too many rolls');
    if (f.g) {
      games = f.g.split(',').map((x) => count('link.g', x));
      if (games.reduce((a, b) => a + b, 0) !== rolls) throw new BadInput('link.g: games do not add up');
    }
  }
  return { version, lang, serverSeed: server, seal, clientSeeds: seeds, rolls, recorded, games };
}
function games(p, rolls) {
  const g = arr(p, 'games');
  if (!g.every((x) => Number.isInteger(x) && x >= 1 && x <= MAX_ROLLS)) throw new BadInput('games: not a game length');
  if (g.length && g.reduce((a, b) => a + b, 0) !== rolls) throw new BadInput('games: games do not add up');
  return g;
}
function buildLink(p) {
  const version = int(p, 'version', 0, 1), lang = str(p, 'lang');
  if (lang && !/^[a-z]{2,3}$/.test(lang)) throw new BadInput('lang: not 2 or 3 lowercase letters');
  const server = serverSeed(p).toString('hex'), seal = checkSeal('seal', str(p, 'seal'));
  const seeds = checkSeeds('clientSeeds', arr(p, 'clientSeeds')), rolls = int(p, 'rolls', 1, MAX_ROLLS);
  const recorded = str(p, 'recorded');
  if (recorded && (!/^([1-6]{2})+$/.test(recorded) || recorded.length / 2 !== rolls)) throw new BadInput('recorded: not the bare form');
  const g = games(p, rolls), fields = [];
  if (version === 0) {
    if (g.length) throw new BadInput('games: a v0 link has no games');
    fields.push(['seed', server]);
    if (seal) fields.push(['seal', seal]);
    fields.push(['client', seeds.join(',')], ['n', String(rolls)]);
    if (recorded) fields.push(['rolls', recorded]);
  } else {
    if (!recorded) throw new BadInput('recorded: a v1 link needs the rolls');
    fields.push(['v', '1'], ['s', server]);
    if (seal) fields.push(['c', seal]);
    fields.push(['p', seeds.join(',')], ['r', recorded]);
    if (g.length) fields.push(['g', g.join(',')]);
  }
  return { link: (lang ? `/${lang}/check/` : '') + (version === 0 ? '?' : '#') + fields.map(([k, v]) => `${k}=${v}`).join('&') };
}
function verifyMatch(p) {  // the whole match: seal, every roll, per-game opening summary
  const key = serverSeed(p), seal = checkSeal('seal', str(p, 'seal')), seeds = clientSeeds(p);
  const rolls = int(p, 'rolls', 1, MAX_ROLLS), listing = str(p, 'recorded');
  const recorded = listing !== '' ? parseRecorded(listing) : '';
  if (recorded && recorded.length / 2 !== rolls) throw new BadInput('recorded: count mismatch');
  let g = games(p, rolls);
  if (!g.length) g = [rolls];
  const computedSeal = sha256(key).toString('hex');
  const sealStatus = !seal ? 'absent' : seal === computedSeal ? 'match' : 'mismatch';
  const dice = range(1, rolls + 1).map((n) => roll({ serverSeed: p.serverSeed, clientSeeds: seeds, roll: n }).dice.join(''));
  const mismatches = [], gameSummary = [];
  let first = 1;
  g.forEach((length, gi) => {
    let ties = 0, opening = null;
    for (let k = 0; k < length; k++) {
      const n = first + k, got = recorded.slice(2 * (n - 1), 2 * n);
      if (recorded && got !== dice[n - 1]) mismatches.push({ roll: n, game: gi + 1, rollInGame: k + 1, expected: dice[n - 1], recorded: got });
      if (opening === null) {
        if (dice[n - 1][0] === dice[n - 1][1]) ties++;
        else opening = n;
      }
    }
    gameSummary.push({ game: gi + 1, firstRoll: first, rolls: length, openingTies: ties, openingRoll: opening });
    first += length;
  });
  const verdict = sealStatus === 'mismatch' ? 'seal_mismatch' : mismatches.length ? 'roll_mismatch'
    : seal || recorded ? 'verified' : 'unchecked';
  return { verdict, computedSeal, sealStatus, dice: dice.join(''), mismatches, gameSummary };
}

const OPS = {
  'hmac_dice.seal': (p) => ({ seal: sha256(serverSeed(p)).toString('hex') }),
  'hmac_dice.roll': roll,
  'hmac_dice.message': (p) => ({ message: message(clientSeeds(p), int(p, 'roll', 1, MAX_SAFE), int(p, 'retry', 0, 1000)) }),
  'hmac_dice.pick': pick,
  'hmac_dice.parse_recorded': (p) => ({ recorded: parseRecorded(str(p, 'text')) }),
  'hmac_dice.parse_link': (p) => parseLink(str(p, 'link')),
  'hmac_dice.build_link': buildLink,
  'hmac_dice.verify_match': verifyMatch,
};

module.exports = { OPS };
