// keno.js - the example port's ops of keno-v1 (specs/keno-v1.md): tickets through the salt's HMAC chain, and the pick layer.
'use strict';
const { BadInput, hmac, str, hex, arr } = require('./common.js');

// keno-v1 (specs/keno-v1.md): a 10-link HMAC chain, 52 bits per ball, swap-to-end pool.
function kenoBalls(links) {
  const pool = Array.from({ length: 40 }, (_, i) => i + 1), balls = [];
  links.forEach((digest, i) => {
    const remaining = 40 - i;
    const h = Number(BigInt('0x' + digest.subarray(0, 7).toString('hex')) >> 4n);
    const index = Math.floor((h / 2 ** 52) * remaining);
    balls.push(pool[index]);
    [pool[index], pool[remaining - 1]] = [pool[remaining - 1], pool[index]];
  });
  return { balls };
}
function kenoDraw(p) {
  let link = Buffer.from(str(p, 'randomHash'), 'utf8');
  const salt = Buffer.from(str(p, 'salt'), 'utf8'), links = [];
  for (let i = 0; i < 10; i++) {
    const d = hmac(salt, link);
    links.push(d);
    link = Buffer.from(d.toString('hex'), 'ascii');  // the next message is the lowercase hex text
  }
  return kenoBalls(links);
}
function kenoPick(p) {
  const links = arr(p, 'links');
  if (links.length !== 10) throw new BadInput('links: must hold 10 links');
  return kenoBalls(links.map((x) => hex('links', x, 32, 32)));
}


const OPS = {
  'keno.draw': kenoDraw,
  'keno.pick': kenoPick,
};

module.exports = { OPS };
