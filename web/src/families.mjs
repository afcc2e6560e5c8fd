// families.mjs - every scheme family the page and the port know, in the order the page shows
// their sub-forms. A family is one module exporting `family = {name, ops, form?}`: its port ops
// (name -> async params => result) and, when players check it on the page, its sub-form (fields
// and a run function returning a report). Adding a family is one module and one entry here.
import { family as hmacDice } from './hmac_dice.mjs';
import { family as tavla } from './tavla.mjs';
import { family as cursor } from './cursor.mjs';
import { family as keno } from './keno.mjs';
import { family as crash } from './crash.mjs';
import { family as canonicalJson } from './canonical_json.mjs';
import { family as stake } from './stake.mjs';

export const families = [hmacDice, tavla, cursor, keno, crash, canonicalJson, stake];
