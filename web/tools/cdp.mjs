// cdp.mjs - a small driver for headless Chromium over the DevTools protocol, with no library:
// Chromium is started with --remote-debugging-pipe and reads commands on fd 3, writes replies and
// events on fd 4, each message one JSON text ended by a NUL byte.
//
// Chromium runs in a process group of its own (detached) with a fresh --user-data-dir in a
// temporary directory; close() kills the whole group and removes the directory, and so does an
// exit of this process (normal, uncaught error, SIGINT, SIGTERM, SIGHUP). Every command has a
// timeout, and launch() takes an overall deadline after which the group is killed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const live = new Set();
function killAll() {
  for (const b of live) b.kill();
}
let hooked = false;
function hookExit() {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      killAll();
      process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[sig]);
    });
  }
}

// findChromium returns the path of Debian's chromium, or null.
export function findChromium() {
  for (const p of [process.env.FAIRVEC_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

class Browser {
  constructor(path, deadlineMs) {
    this.profile = mkdtempSync(join(tmpdir(), 'fairvec-web-chromium-'));
    this.proc = spawn(path, [...CHROMIUM_FLAGS, `--user-data-dir=${this.profile}`, '--remote-debugging-pipe',
      'about:blank'], { detached: true, stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.pgid = this.proc.pid;
    live.add(this);
    hookExit();
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr = (this.stderr + d).slice(-4000); });
    this.out = this.proc.stdio[3];
    this.in = this.proc.stdio[4];
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    this.buffer = Buffer.alloc(0);
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
    this.exited.then(({ code, signal }) => {
      for (const { reject } of this.pending.values()) {
        reject(new Error(`chromium exited (code ${code}, signal ${signal}): ${this.stderr.slice(-800)}`));
      }
      this.pending.clear();
    });
    this.in.on('data', (chunk) => this.receive(chunk));
    this.deadline = setTimeout(() => {
      process.stderr.write(`cdp: deadline of ${deadlineMs} ms reached; killing chromium\n`);
      this.kill();
    }, deadlineMs);
    this.deadline.unref();
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (let nul = this.buffer.indexOf(0); nul >= 0; nul = this.buffer.indexOf(0)) {
      const msg = JSON.parse(this.buffer.subarray(0, nul).toString('utf8'));
      this.buffer = this.buffer.subarray(nul + 1);
      if (msg.id !== undefined && this.pending.has(msg.id)) {
        const { resolve, reject, timer } = this.pending.get(msg.id);
        clearTimeout(timer);
        this.pending.delete(msg.id);
        if (msg.error) reject(new Error(`${msg.error.message} (${msg.error.code})`));
        else resolve(msg.result);
      } else if (msg.method) {
        for (const l of this.listeners) l(msg);
      }
    }
  }

  // send sends one command (to the browser, or to a page when |session| is given) and resolves with
  // its result; it rejects on a protocol error or after |timeoutMs|.
  send(method, params = {}, session = undefined, timeoutMs = 60000) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (session) msg.sessionId = session;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`cdp: ${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.out.write(JSON.stringify(msg) + '\0');
    });
  }

  on(fn) { this.listeners.push(fn); }

  // newPage opens a tab and returns a Page attached to it.
  async newPage() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const page = new Page(this, sessionId, targetId);
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    return page;
  }

  kill() {
    try { process.kill(-this.pgid, 'SIGKILL'); } catch { /* already gone */ }
    live.delete(this);
    clearTimeout(this.deadline);
    try { rmSync(this.profile, { recursive: true, force: true }); } catch { /* best effort */ }
  }

  // close asks Chromium to quit, then kills its group whatever happened, and removes the profile.
  async close() {
    try {
      await Promise.race([this.send('Browser.close', {}, undefined, 3000).catch(() => {}), this.exited,
        new Promise((r) => setTimeout(r, 3000))]);
    } finally {
      this.kill();
    }
  }
}

class Page {
  constructor(browser, session, targetId) {
    this.browser = browser;
    this.session = session;
    this.targetId = targetId;
    this.console = [];
    this.errors = [];
    browser.on((msg) => {
      if (msg.sessionId !== session) return;
      if (msg.method === 'Runtime.consoleAPICalled') {
        this.console.push(msg.params.args.map((a) => a.value ?? a.description ?? '').join(' '));
      } else if (msg.method === 'Runtime.exceptionThrown') {
        const d = msg.params.exceptionDetails;
        this.errors.push(`${d.text} ${d.exception ? d.exception.description || '' : ''}`);
      }
    });
  }

  send(method, params = {}, timeoutMs = 60000) { return this.browser.send(method, params, this.session, timeoutMs); }

  // goto loads |url| as a new document (through about:blank, so that a URL differing only in its
  // fragment is not a same-document navigation) and waits for the load event.
  async goto(url, timeoutMs = 30000) {
    if (url !== 'about:blank') await this.goto('about:blank', timeoutMs);
    const loaded = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cdp: ${url} did not load in ${timeoutMs} ms`)), timeoutMs);
      this.browser.on((msg) => {
        if (msg.sessionId === this.session && msg.method === 'Page.loadEventFired') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const r = await this.send('Page.navigate', { url });
    if (r.errorText) throw new Error(`cdp: navigating to ${url}: ${r.errorText}`);
    await loaded;
  }

  // eval evaluates |expression| in the page (awaiting a promise) and returns its value.
  async eval(expression, timeoutMs = 120000) {
    const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true },
      timeoutMs);
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error(`in the page: ${d.exception ? d.exception.description : d.text}`);
    }
    return r.result.value;
  }

  // waitFor polls |expression| until it is truthy and returns its value.
  async waitFor(expression, timeoutMs = 60000, what = expression) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await this.eval(expression);
      if (v) return v;
      if (Date.now() > end) throw new Error(`cdp: timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  // screenshot returns a PNG of the whole page at |width| CSS pixels (|mobile| emulates a phone),
  // or, with |viewport| (a height), of the viewport only, scrolled to the element |scrollTo|.
  async screenshot(width, mobile, scale = 1, viewport = 0, scrollTo = null) {
    if (viewport) {
      await this.send('Emulation.setDeviceMetricsOverride', { width, height: viewport, deviceScaleFactor: scale, mobile });
      if (scrollTo) await this.eval(`document.querySelector(${JSON.stringify(scrollTo)}).scrollIntoView({ block: 'start' })`);
      await new Promise((r) => setTimeout(r, 100));
      const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
      return Buffer.from(data, 'base64');
    }
    await this.send('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: scale, mobile });
    const { cssContentSize } = await this.send('Page.getLayoutMetrics');
    const height = Math.ceil(cssContentSize.height);
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: scale, mobile });
    const { data } = await this.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: false });
    return Buffer.from(data, 'base64');
  }
}

// launch starts Chromium at |path|; the whole group is killed after |deadlineMs| at the latest.
export async function launch(path, deadlineMs = 600000) {
  const b = new Browser(path, deadlineMs);
  await b.send('Browser.getVersion', {}, undefined, 30000);
  return b;
}
