// i18n.mjs - the translations of `fairvec verify`, read from the same files the CLI embeds
// (gen/cli/verify/lang/<code>.txt: lines "key = text", '#' comments, {1} {2} ... placeholders),
// with the same rules as gen/cli/verify/lang.cc: a key a language lacks falls back to English,
// one English lacks too is shown as "[key]".
export const LANG_CODES = ['en', 'tr', 'ru', 'de', 'id'];

// parseCatalog reads one file's text; it throws on a line that is not "key = text" or a
// duplicate key (a defect of the file, as lang.cc treats it).
export function parseCatalog(code, text) {
  const out = new Map();
  text.split('\n').forEach((line, i) => {
    if (line === '' || line[0] === '#') return;
    const eq = line.indexOf(' = ');
    if (eq <= 0) throw new Error(`lang/${code}.txt line ${i + 1}: not 'key = text'`);
    const key = line.slice(0, eq);
    if (out.has(key)) throw new Error(`lang/${code}.txt line ${i + 1}: duplicate key`);
    out.set(key, line.slice(eq + 3));
  });
  return out;
}

export class Lang {
  constructor(code, entries, english) {
    this.code = code;
    this.entries = entries;
    this.english = english;
    this.missing = new Set();  // keys asked for that no catalog has (shown as [key])
  }

  t(key, args = []) {
    const text = this.entries.has(key) ? this.entries.get(key) : this.english.get(key);
    if (text === undefined) {
      this.missing.add(key);
      return `[${key}]`;
    }
    return text.replace(/\{([1-9])\}/g, (m, n) => (Number(n) - 1 < args.length ? String(args[Number(n) - 1]) : ''));
  }
}

// catalogs builds every Lang from {code: text}.
export function catalogs(texts) {
  const parsed = Object.fromEntries(LANG_CODES.map((c) => [c, parseCatalog(c, texts[c])]));
  return Object.fromEntries(LANG_CODES.map((c) => [c, new Lang(c, parsed[c], parsed.en)]));
}

// langFromPath returns the language of a check-page path (/tr/check/, /ru/check/index.html), or null.
export function langFromPath(pathname) {
  const m = /\/([a-z]{2,3})\/check(?:\/(?:index\.html?)?)?$/.exec(pathname);
  return m && LANG_CODES.includes(m[1]) ? m[1] : null;
}
