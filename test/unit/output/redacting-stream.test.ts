import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Factory } from '../../../src/factory/factory.js';
import type { GlobalFlags } from '../../../src/flags/global.js';
import { Redactor } from '../../../src/output/redact.js';
import { redactingStream } from '../../../src/output/redacting-stream.js';

class Terminal extends Writable {
  text = '';
  isTTY = true;
  columns = 100;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString('utf8');
    callback();
  }
}

const SECRET = 'sk-live-known-secret-4f2a9c';

describe('every write to stderr passes the redactor', () => {
  it('whichever path writes it: progress, debug, info, success, warning, a preview written straight to the stream', async () => {
    const redactor = new Redactor();
    redactor.add(SECRET);
    const terminal = new Terminal();
    const stderr = redactingStream(terminal as unknown as NodeJS.WriteStream, redactor);
    expect(stderr.isTTY).toBe(true);
    expect(stderr.columns).toBe(100);
    const globals: GlobalFlags = { color: false, input: false, debug: true };
    const factory = Factory.create({
      globals,
      env: {},
      streams: { stdin: process.stdin, stdout: new Terminal() as unknown as NodeJS.WriteStream, stderr },
      redactor,
    });
    const { io } = factory;
    io.progress(`fetching with ${SECRET}`);
    io.progressDone();
    io.debug(`> Authorization: Bearer ${SECRET}`);
    factory.output.info(`info ${SECRET}`);
    factory.output.success(`done ${SECRET}`);
    factory.output.warn(`careful ${SECRET}`);
    // The invoice preview, the guard and the wizard write to the stream itself.
    io.stderr.write(`preview: client ${SECRET}\n`);
    io.stderr.write(Buffer.from(`bytes ${SECRET}\n`));
    expect(terminal.text).not.toContain(SECRET);
    for (const what of ['fetching with', 'Bearer', 'info', 'done', 'careful', 'preview: client', 'bytes']) expect(terminal.text).toContain(what);
    expect(terminal.text.match(/\*{3}|\[redacted\]|REDACTED/gi)?.length ?? 0).toBeGreaterThanOrEqual(1);
  });
});

describe('a run keeps its secrets to itself', () => {
  it('two redactors in one process do not share what they learnt', () => {
    const first = new Redactor();
    const second = new Redactor();
    first.add('tok-of-the-first-run');
    expect(first.redact('a tok-of-the-first-run b')).toBe('a *** b');
    expect(second.redact('a tok-of-the-first-run b')).toBe('a tok-of-the-first-run b');
  });

  it('a secret that contains another is removed whole; short values are not secrets', () => {
    const redactor = new Redactor();
    redactor.add('abcdef');
    redactor.add('abcdef-ghijkl');
    redactor.add('abc');
    expect(redactor.redact('x abcdef-ghijkl y abcdef z abc')).toBe('x *** y *** z abc');
  });
});

describe('webhook secrets are removed whoever sent them', () => {
  it('whatever characters follow whsec_, in any case, up to a space, a quote or a bracket', () => {
    const redactor = new Redactor();
    expect(redactor.redact('echo whsec_abc-def_ghi.jkl/mn+op=~q:r and more')).toBe('echo whsec_*** and more');
    expect(redactor.redact('WHSEC_AbC123.x')).toBe('whsec_***');
    expect(redactor.redact('{"secret_hint":"whsec_0f1e.2d3c"}')).toBe('{"secret_hint":"whsec_***"}');
    expect(redactor.redact('(whsec_zz9) [whsec_yy8]')).toBe('(whsec_***) [whsec_***]');
    // A word that only contains the letters is not one.
    expect(redactor.redact('notwhsec_abc')).toBe('notwhsec_abc');
  });
});
