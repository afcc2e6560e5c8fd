// report.mjs - the report every sub-form produces and its verdict, as `fairvec verify` has them
// (gen/cli/verify/report.{h,cc}): checks that passed, failed or were not checked, the first
// difference, and the verdict line in the chosen language. The page renders it (page.mjs); the
// rules here decide what it says, so that the page never says "verified" when nothing was compared.
export const PASSED = 'passed';
export const FAILED = 'failed';
export const NOT_CHECKED = 'not_checked';

export const mark = (ok) => (ok ? '\u2713' : '\u2717');

// Report: |lines| are the header lines (localized), |tables| the rows shown (each row's mark true,
// false or null), |checks| [{name, status, label, reason}], |firstMismatch| {where, location,
// expected, recorded} or null, |notes| extra localized remarks that never change the verdict.
export class Report {
  constructor(form) {
    this.form = form;
    this.lines = [];
    this.tables = [];
    this.checks = [];
    this.firstMismatch = null;
    this.notes = [];
    this.result = {};
  }
}

// verdictOf: "mismatch" when a check failed, "unchecked" when none passed, "partial" when some were
// not checked, else "verified" (report.cc verdict_of).
export function verdictOf(r) {
  let passed = false;
  let unchecked = false;
  for (const c of r.checks) {
    if (c.status === FAILED) return 'mismatch';
    passed ||= c.status === PASSED;
    unchecked ||= c.status === NOT_CHECKED;
  }
  if (!passed) return 'unchecked';
  return unchecked ? 'partial' : 'verified';
}

// exitCodeOf: what `fairvec verify` would exit with: 1 for a mismatch, else 0.
export const exitCodeOf = (r) => (verdictOf(r) === 'mismatch' ? 1 : 0);

function join(items, L) {
  let out = '';
  items.forEach((x, i) => {
    if (i) out += i + 1 === items.length ? L.t('list.and') : L.t('list.comma');
    out += x;
  });
  return out;
}

// checkLine: one check as print_text writes it ("✓ label: reason").
export function checkLine(c) {
  const head = c.status === PASSED ? `${mark(true)} ` : c.status === FAILED ? `${mark(false)} ` : '- ';
  return head + c.label + (c.reason ? `: ${c.reason}` : '');
}

// verdictLine: the report's last line (print_text).
export function verdictLine(r, L) {
  const passed = [];
  const notChecked = [];
  for (const c of r.checks) {
    if (c.status === PASSED) passed.push(c.label);
    if (c.status === NOT_CHECKED) notChecked.push(c.reason ? `${c.label} (${c.reason})` : c.label);
  }
  const v = verdictOf(r);
  const checked = passed.length ? join(passed, L) : L.t('verdict.nothing');
  if (v === 'mismatch') {
    const m = r.firstMismatch;
    return L.t('verdict.mismatch', [m.where, m.expected, m.recorded]);
  }
  if (v === 'verified') return L.t('verdict.verified', [checked]);
  if (v === 'partial') return L.t('verdict.partial', [checked, join(notChecked, L)]);
  return L.t('verdict.unchecked', [join(notChecked, L)]);
}

// errorLine: a run that produced no report, as the CLI writes it on stderr.
export function errorLine(kind, field, position, message, L) {
  const key = kind === 'bad_input' ? 'error.bad_input' : kind === 'unreadable' ? 'error.unreadable' : 'error.internal';
  return `${L.t(key)}: ${field}${position === null || position === undefined ? '' : ` (${L.t('error.position')} ${position})`}: ${message}`;
}

// check builds a check.
export const check = (name, status, label, reason = '') => ({ name, status, label, reason });
