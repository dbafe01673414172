/**
 * A page opened in real headless Chromium through the DevTools protocol over
 * --remote-debugging-pipe: the page's own network requests, its console errors, values read from
 * the rendered DOM, and a full-page screenshot. The browser is found by system-programs.ts
 * (`need(context, 'chromium')`: CHROMIUM_BIN, a chromium on PATH, or @sparticuz/chromium), so a
 * machine without one skips the test instead of failing it. Whatever happens to the browser (it
 * cannot start, dies, or stops answering), visit() ends within its deadline with one error: never
 * a hang, never an unhandled ENOENT or EPIPE.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export interface PageVisit {
  requests: string[];
  consoleErrors: string[];
  evaluated: unknown;
  screenshot: Buffer;
  /** With `printExpression`: its value with print styles applied, at the width of an A4 page's content. */
  printEvaluated?: unknown;
  /** With `pdf`: the page printed to PDF (A4, as the page's own print styles say). */
  pdf?: Buffer;
}

export interface VisitOptions {
  /** The window's width in CSS pixels (a phone: 600); the height grows with the page for the screenshot. */
  width?: number;
  /** Evaluated after switching to print media at an A4 content width (210 mm − 2 × 14 mm margins ≈ 688 px). */
  printExpression?: string;
  pdf?: boolean;
  /** Bounds the whole visit (default 45 s). */
  deadlineMs?: number;
}

/** An A4 page's content width in CSS pixels with the report's 14 mm margins. */
export const A4_CONTENT_PX = Math.round(((210 - 28) / 25.4) * 96);

/** `executable` is what `need(context, 'chromium')` found. */
export async function visit(executable: string, url: string, expression: string, options: VisitOptions = {}): Promise<PageVisit> {
  const deadlineMs = options.deadlineMs ?? 45_000;
  const profile = mkdtempSync(join(tmpdir(), 'fisco-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--window-size=1100,1600',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  const listeners: ((message: any) => void)[] = [];
  let buffer = '';
  /** The first thing that went wrong with the browser process; every waiting call gets it. */
  let broken: Error | undefined;
  let failAll!: (error: Error) => void;
  const failed = new Promise<never>((_, reject) => {
    failAll = (error: Error) => {
      if (broken) return;
      broken = error;
      for (const { reject: r } of pending.values()) r(error);
      pending.clear();
      reject(error);
    };
  });
  failed.catch(() => undefined);
  child.on('error', (error) => failAll(new Error(`${executable} could not be started: ${error.message}`)));
  input.on('error', (error) => failAll(new Error(`${executable}: writing to its DevTools pipe failed: ${error.message}`)));
  output.on('error', (error) => failAll(new Error(`${executable}: reading its DevTools pipe failed: ${error.message}`)));
  child.once('exit', (code, signal) => failAll(new Error(`${executable} exited (${signal ?? `code ${code}`}) before the page was read`)));
  const deadline = setTimeout(() => failAll(new Error(`${executable} did not render ${url} within ${deadlineMs / 1000} s`)), deadlineMs);
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject } = pending.get(message.id)!;
        pending.delete(message.id);
        if (message.error) reject(new Error(`${message.error.message}`));
        else resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const send = (method: string, params: object = {}, sessionId?: string): Promise<any> =>
    new Promise((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  try {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const requests: string[] = [];
    const consoleErrors: string[] = [];
    let loaded!: () => void;
    const load = new Promise<void>((resolve) => (loaded = resolve));
    listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url);
      if (m.method === 'Runtime.consoleAPICalled' && (m.params.type === 'error' || m.params.type === 'warning'))
        consoleErrors.push(JSON.stringify(m.params.args));
      if (m.method === 'Runtime.exceptionThrown') consoleErrors.push(JSON.stringify(m.params.exceptionDetails));
      if (m.method === 'Log.entryAdded' && (m.params.entry.level === 'error' || m.params.entry.level === 'warning')) consoleErrors.push(m.params.entry.text);
      if (m.method === 'Page.loadEventFired') loaded();
    });
    for (const domain of ['Page', 'Network', 'Runtime', 'Log']) await send(`${domain}.enable`, {}, sessionId);
    if (options.width) await send('Emulation.setDeviceMetricsOverride', { width: options.width, height: 1000, deviceScaleFactor: 1, mobile: false }, sessionId);
    await send('Page.navigate', { url }, sessionId);
    await Promise.race([load, failed]);
    const { result } = await send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
    const shot = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, sessionId);
    const visit: PageVisit = { requests, consoleErrors, evaluated: result.value, screenshot: Buffer.from(shot.data, 'base64') };
    if (options.pdf) {
      const printed = await send('Page.printToPDF', { preferCSSPageSize: true, printBackground: true }, sessionId);
      visit.pdf = Buffer.from(printed.data, 'base64');
    }
    if (options.printExpression) {
      await send('Emulation.setDeviceMetricsOverride', { width: A4_CONTENT_PX, height: 1100, deviceScaleFactor: 1, mobile: false }, sessionId);
      await send('Emulation.setEmulatedMedia', { media: 'print' }, sessionId);
      const printed = await send('Runtime.evaluate', { expression: options.printExpression, returnByValue: true }, sessionId);
      visit.printEvaluated = printed.result.value;
    }
    return visit;
  } finally {
    clearTimeout(deadline);
    const healthy = !broken;
    if (healthy) await Promise.race([send('Browser.close').catch(() => undefined), new Promise((r) => setTimeout(r, 5_000))]);
    failAll(new Error('closed'));
    // A browser that failed is not asked to close: it is killed at once.
    if (!healthy) child.kill('SIGKILL');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
    clearTimeout(timer);
    child.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
  }
}
