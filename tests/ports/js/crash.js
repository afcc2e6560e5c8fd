// crash.js - the example port's ops of crash (specs/crash.md): crash points of the four conventions and the previous link.
'use strict';
const { BadInput, hmac, sha256, str, hex } = require('./common.js');

// crash (specs/crash.md): four conventions over the leading 52 bits.
const E52 = 2 ** 52;
function convention(p) {
  if (!['betkyo-exact', 'bustabit-v1', 'bustabit-v2', 'bustabit-2025'].includes(p.convention)) throw new BadInput('convention: unknown');
  return p.convention;
}
function crashFromValue(conv, value) {
  const h = BigInt('0x' + value.subarray(0, 7).toString('hex')) >> 4n;
  if (conv === 'betkyo-exact') return ((100n * 2n ** 52n - h) / (2n ** 52n - h)).toString();  // exact integers
  const hd = Number(h);
  if (conv === 'bustabit-v1') {
    if (BigInt('0x' + value.toString('hex')) % 101n === 0n) return '0';
    return BigInt(Math.floor((100 * E52 - hd) / (E52 - hd))).toString();  // the double's exact value
  }
  return BigInt(Math.max(100, Math.floor(99 / (1 - hd / E52)))).toString();  // String() would round it
}
function crashPoint(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  if (conv === 'betkyo-exact') {
    if ('salt' in p) throw new BadInput('salt: betkyo-exact takes no salt');
    return { hundredths: crashFromValue(conv, link) };
  }
  const salt = Buffer.from(str(p, 'salt'), 'utf8');
  const value = conv === 'bustabit-v1' ? hmac(Buffer.from(link.toString('hex'), 'ascii'), salt) : hmac(salt, link);
  return { hundredths: crashFromValue(conv, value) };
}
function crashPrevious(p) {
  const conv = convention(p), link = hex('link', p.link, 32, 32);
  // Only the later bustabit chain hashes the 32 raw bytes; the others hash the lowercase hex text.
  return { link: sha256(conv === 'bustabit-2025' ? link : Buffer.from(link.toString('hex'), 'ascii')).toString('hex') };
}


const OPS = {
  'crash.point': crashPoint,
  'crash.previous': crashPrevious,
  'crash.from_hash': (p) => ({ hundredths: crashFromValue(convention(p), hex('hash', p.hash, 32, 32)) }),
};

module.exports = { OPS };
