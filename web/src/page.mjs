// page.mjs - the check page: one tab per sub-form (families.mjs), the report of a check with its
// verdict line exactly as `fairvec verify` prints it, the language from the path (/tr/check/) or
// the switch. It reads nothing from the network; the translations and every module are in the
// page (web/build.mjs). For the tests, window.fairvecCheck exposes the port protocol handler and
// a way to run a sub-form.
import { families } from './families.mjs';
import { catalogs, LANG_CODES, langFromPath } from './i18n.mjs';
import { handleLine, opNames } from './protocol.mjs';
import { verdictOf, verdictLine, checkLine, errorLine, exitCodeOf, mark, PASSED, FAILED } from './report.mjs';
import { BadInput, Unreadable, cryptoAvailable } from './core.mjs';

const texts = {};
for (const s of document.querySelectorAll('script[data-lang]')) texts[s.dataset.lang] = s.textContent.replace(/^\n/, '');
const langs = catalogs(texts);
const forms = families.filter((f) => f.form).map((f) => f.form);
const STORE = 'fairvec-check-lang';

const state = { lang: chooseLang(), form: forms[0].id, values: {}, files: {}, last: null, running: null };
let L = langs[state.lang];

function chooseLang() {
  const fromPath = langFromPath(location.pathname);
  if (fromPath) return fromPath;
  try {
    const saved = localStorage.getItem(STORE);
    if (LANG_CODES.includes(saved)) return saved;
  } catch { /* storage may be unavailable on file:// */ }
  for (const l of navigator.languages || []) {
    const code = l.toLowerCase().split('-')[0];
    if (LANG_CODES.includes(code)) return code;
  }
  return 'en';
}

// ---- DOM helpers.
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}
const $ = (id) => document.getElementById(id);
const fieldId = (form, f) => `f-${form.id}-${f.name}`;

function valuesOf(form) {
  const out = {};
  for (const f of form.fields) {
    if (f.kind === 'preset') continue;
    if (f.kind === 'file') { out[f.name] = state.files[form.id] || null; continue; }
    const input = $(fieldId(form, f));
    out[f.name] = input ? input.value : (state.values[form.id] || {})[f.name] || '';
  }
  return out;
}

function saveValues() {
  for (const form of forms) {
    const v = state.values[form.id] || (state.values[form.id] = {});
    for (const f of form.fields) {
      const input = $(fieldId(form, f));
      if (input && f.kind !== 'file' && f.kind !== 'preset') v[f.name] = input.value;
    }
  }
}

// ---- Rendering.
function renderField(form, f) {
  const id = fieldId(form, f);
  const hint = f.hintKey ? el('p', { class: 'hint', id: `${id}-hint`, text: L.t(f.hintKey, f.hintArgs || []) }) : null;
  const described = hint ? `${id}-hint` : null;
  const saved = (state.values[form.id] || {})[f.name];
  let input;
  if (f.kind === 'textarea') {
    input = el('textarea', { id, name: f.name, rows: f.rows || 3, class: f.mono ? 'mono' : null, 'aria-describedby': described,
      spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off' });
    input.value = saved || '';
  } else if (f.kind === 'select') {
    input = el('select', { id, name: f.name, 'aria-describedby': described }, f.choices.map((c) => el('option', { value: c, text: c })));
    input.value = saved || f.choices[0];
  } else if (f.kind === 'preset') {
    input = el('select', { id, name: f.name, 'aria-describedby': described, onchange: (e) => applyPreset(form, f, e.target.value) },
      f.presets.map((p, i) => el('option', { value: String(i), text: L.t(p.labelKey) })));
    input.value = saved || '0';
  } else if (f.kind === 'file') {
    const file = state.files[form.id];
    // The browser's own file button is not in the page's language: the input is hidden from sight
    // (not from keyboards or screen readers) and a second label is the button.
    input = el('input', { id, name: f.name, type: 'file', class: 'file', accept: f.accept, 'aria-describedby': described,
      onchange: (e) => { state.files[form.id] = e.target.files[0] || null; showFile(form, f); } });
    const drop = el('div', { class: 'drop', id: `${id}-drop` }, input,
      el('label', { for: id, class: 'button', text: L.t('page.button.choose') }),
      el('p', { class: 'dropname', id: `${id}-name`, 'aria-live': 'polite', text: file ? L.t('page.file.chosen', [file.name]) : L.t('page.file.none') }));
    drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (e) => {
      e.preventDefault();
      drop.classList.remove('over');
      if (e.dataTransfer.files.length) { state.files[form.id] = e.dataTransfer.files[0]; showFile(form, f); }
    });
    return el('div', { class: 'field', id: `${id}-box` }, el('label', { for: id, text: L.t(f.labelKey) }), hint, drop);
  } else {
    input = el('input', { id, name: f.name, type: 'text', class: f.mono ? 'mono' : null, 'aria-describedby': described,
      inputmode: f.numeric ? 'numeric' : null, spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off' });
    input.value = saved || '';
  }
  return el('div', { class: 'field', id: `${id}-box` }, el('label', { for: id, text: L.t(f.labelKey) }), hint, input);
}

function showFile(form, f) {
  const file = state.files[form.id];
  $(`${fieldId(form, f)}-name`).textContent = file ? L.t('page.file.chosen', [file.name]) : L.t('page.file.none');
}

function applyPreset(form, f, index) {
  (state.values[form.id] ||= {})[f.name] = index;
  for (const [name, value] of Object.entries(f.presets[Number(index)].values)) {
    const input = $(fieldId(form, form.fields.find((x) => x.name === name)));
    if (input) input.value = value;
  }
}

function renderTabs() {
  const list = el('div', { class: 'tabs', role: 'tablist', 'aria-label': L.t('page.tabs') });
  forms.forEach((form) => {
    const selected = form.id === state.form;
    list.append(el('button', { type: 'button', role: 'tab', id: `tab-${form.id}`, 'aria-controls': 'panel',
      'aria-selected': selected ? 'true' : 'false', tabindex: selected ? '0' : '-1', text: L.t(form.titleKey),
      onclick: () => selectForm(form.id, true),
      onkeydown: (e) => {
        const i = forms.findIndex((x) => x.id === form.id);
        const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? forms.length - 1 : null;
        if (next === null) return;
        e.preventDefault();
        selectForm(forms[(next + forms.length) % forms.length].id, true);
      } }));
  });
  return list;
}

function render() {
  document.documentElement.lang = L.code;
  document.title = L.t('page.title');
  const app = $('app');
  app.replaceChildren();
  const langSelect = el('select', { id: 'lang', onchange: (e) => setLang(e.target.value) },
    LANG_CODES.map((c) => el('option', { value: c, lang: c, text: langs[c].t('page.lang_name') })));
  langSelect.value = L.code;
  app.append(el('header', {},
    el('div', { class: 'top' }, el('h1', { text: L.t('page.title') }),
      el('div', { class: 'langs' }, el('label', { for: 'lang', text: L.t('page.language') }), langSelect)),
    el('p', { class: 'tagline', text: L.t('page.tagline') })));
  if (!cryptoAvailable()) {
    app.append(el('p', { class: 'verdict internal_error', role: 'alert', text: L.t('page.error.no_crypto') }));
    return;
  }
  const form = forms.find((f) => f.id === state.form);
  const panel = el('section', { id: 'panel', role: 'tabpanel', 'aria-labelledby': `tab-${form.id}` });
  const body = el('form', { id: 'form', novalidate: true, onsubmit: (e) => { e.preventDefault(); run(form); } },
    el('p', { class: 'intro', text: L.t(form.introKey) }),
    form.fields.map((f) => renderField(form, f)),
    el('div', { class: 'buttons' },
      el('button', { type: 'submit', id: 'check', class: 'primary', text: L.t('page.button.check') }),
      el('button', { type: 'button', id: 'clear', text: L.t('page.button.clear'), onclick: () => clearForm(form) }),
      el('button', { type: 'button', id: 'stop', hidden: true, text: L.t('page.button.stop'), onclick: () => state.running && state.running.abort() }),
      el('span', { id: 'progress', class: 'progress', 'aria-live': 'polite' })));
  panel.append(body, el('section', { id: 'result', 'aria-live': 'polite', 'aria-label': L.t('page.result') }));
  app.append(el('nav', {}, renderTabs()), el('main', {}, panel),
    el('footer', {}, el('p', { text: L.t('page.footer') })));
}

function selectForm(id, focus = false) {
  saveValues();
  state.form = id;
  state.last = null;
  render();
  if (focus) $(`tab-${id}`).focus();
}

function clearForm(form) {
  state.values[form.id] = {};
  state.files[form.id] = null;
  state.last = null;
  render();
}

function setLang(code) {
  saveValues();
  state.lang = code;
  L = langs[code];
  try { localStorage.setItem(STORE, code); } catch { /* not kept */ }
  const again = state.last && state.last.form === state.form;
  render();
  if (again) run(forms.find((f) => f.id === state.form));
}

// fieldFor finds the form field an error names: by its option (`--seed`, `--client[1]`,
// `--outcome.pocket`) or by the names the field also answers for (`link.s`, `options.flips`).
function fieldFor(form, name) {
  const root = name.split(/[.[]/)[0];
  return form.fields.find((f) => f.option && (name === f.option || name.startsWith(`${f.option}[`) || name.startsWith(`${f.option}.`)))
    || form.fields.find((f) => (f.also || []).includes(root))
    || form.fields.find((f) => f.name === form.errorField);
}

function renderReport(rep) {
  const v = verdictOf(rep);
  const box = $('result');
  const items = [el('div', { id: 'verdict', class: `verdict ${v}`, 'data-verdict': v, 'data-exit': String(exitCodeOf(rep)), role: 'status' },
    el('span', { class: 'icon', 'aria-hidden': 'true', text: v === 'verified' ? mark(true) : v === 'mismatch' ? mark(false) : '!' }),
    el('span', { id: 'verdict-line', text: verdictLine(rep, L) }))];
  if (rep.firstMismatch) {
    const m = rep.firstMismatch;
    items.push(el('dl', { id: 'first-difference', class: 'diff' },
      el('dt', { text: L.t('page.diff.where') }), el('dd', { text: m.where }),
      el('dt', { text: L.t('page.diff.computed') }), el('dd', { class: 'mono', text: m.expected }),
      el('dt', { text: L.t('page.diff.given') }), el('dd', { class: 'mono', text: m.recorded })));
  }
  items.push(el('ul', { class: 'checks', id: 'checks' }, rep.checks.map((c) =>
    el('li', { class: c.status, 'data-check': c.name, text: checkLine(c) }))));
  for (const n of rep.notes) items.push(el('p', { class: 'note', text: n }));
  items.push(el('pre', { class: 'lines', id: 'lines', text: rep.lines.join('\n') }));
  rep.tables.forEach((t, ti) => {
    // The ✓/✗ column comes first, so that it stays in sight when a wide table scrolls on a phone.
    const withMark = t.rows.some((r) => r.mark !== null);
    const head = el('tr', {}, withMark ? el('th', { scope: 'col', class: 'mark', text: L.t('page.col.match') }) : null,
      t.columns.map((c) => el('th', { scope: 'col', text: c })));
    const rows = document.createDocumentFragment();
    for (const r of t.rows) {
      const tr = el('tr', { class: r.mark === false ? 'bad' : null },
        withMark ? el('td', { class: 'mark', text: r.mark === null ? '-' : mark(r.mark) }) : null,
        r.cells.map((c) => el('td', { class: c.length > 20 ? 'long' : null, text: c })));
      rows.append(tr);
    }
    items.push(el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': t.caption || L.t('page.table', [ti + 1]) },
      el('table', { id: `table-${ti}` }, t.caption ? el('caption', { text: t.caption }) : null, el('thead', {}, head), el('tbody', {}, rows))));
  });
  box.replaceChildren(...items);
  if (box.scrollIntoView) box.scrollIntoView({ block: 'start' });  // on a phone the verdict is below the form
}

function renderError(kind, form, e) {
  const field = e instanceof BadInput ? e.field : 'file';
  const line = e instanceof BadInput ? errorLine(kind, e.field, e.position, e.detail, L) : errorLine(kind, field, null, e.message, L);
  $('result').replaceChildren(el('div', { id: 'verdict', class: `verdict ${kind}`, 'data-verdict': kind, role: 'alert',
    'data-field': e instanceof BadInput ? e.field : null, 'data-position': e instanceof BadInput && e.position !== null ? String(e.position) : null },
  el('span', { class: 'icon', 'aria-hidden': 'true', text: '!' }), el('span', { id: 'verdict-line', text: line })));
  if (!(e instanceof BadInput)) return;
  const f = fieldFor(form, e.field);
  if (!f) return;
  const input = $(fieldId(form, f));
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-errormessage', 'verdict');
    $(`${fieldId(form, f)}-box`).classList.add('invalid');
    input.focus();
  }
}

async function run(form) {
  if (state.running) state.running.abort();
  const controller = new AbortController();
  state.running = controller;
  state.last = { form: form.id };
  for (const b of document.querySelectorAll('.invalid')) b.classList.remove('invalid');
  for (const i of document.querySelectorAll('[aria-invalid]')) i.removeAttribute('aria-invalid');
  const values = valuesOf(form);
  $('check').disabled = true;
  $('stop').hidden = false;
  $('progress').textContent = L.t('page.working');
  $('result').replaceChildren();
  const progress = (done, total) => { if (state.running === controller) $('progress').textContent = L.t('page.progress', [done, total]); };
  try {
    const rep = await form.run(values, { L, progress, signal: controller.signal });
    if (state.running !== controller) return;
    renderReport(rep);
  } catch (e) {
    if (state.running !== controller) return;
    if (e instanceof BadInput) renderError('bad_input', form, e);
    else if (e instanceof Unreadable) renderError('unreadable', form, e);
    else { console.error(e); renderError('internal_error', form, e); }
  } finally {
    if (state.running === controller) {
      state.running = null;
      $('check').disabled = false;
      $('stop').hidden = true;
      $('progress').textContent = '';
    }
  }
}

// startFromLocation: a page opened with a check-page link runs the dice check at once.
function startFromLocation() {
  for (const form of forms) {
    const v = form.fromLocation ? form.fromLocation(location.search, location.hash) : null;
    if (!v) continue;
    state.form = form.id;
    state.values[form.id] = { ...(state.values[form.id] || {}), ...v };
    render();
    run(form);
    return;
  }
  render();
}

window.addEventListener('hashchange', () => { saveValues(); startFromLocation(); });

window.fairvecCheck = {
  opNames,
  // handleLines answers port-protocol request lines in order (the replay of the transcripts).
  async handleLines(lines) {
    const out = [];
    for (const l of lines) out.push(await handleLine(l));
    return out;
  },
  forms: () => forms.map((f) => f.id),
  lang: () => L.code,
  missingKeys: () => LANG_CODES.flatMap((c) => [...langs[c].missing]),
  // fill sets a form's fields (the file field from {name, text}), selects it and runs the check.
  async check(formId, values) {
    const form = forms.find((f) => f.id === formId);
    state.form = formId;
    state.values[formId] = {};
    for (const [k, v] of Object.entries(values)) {
      if (form.fields.find((f) => f.name === k).kind === 'file') {
        const data = new TextEncoder().encode(v.text);
        state.files[formId] = { name: v.name, size: data.length, data };
      } else state.values[formId][k] = v;
    }
    render();
    await run(form);
  },
};

startFromLocation();
