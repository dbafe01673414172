// scripts/shims/pg-crypto.cjs stands in for node-postgres's crypto utilities in both of fisco's
// node-postgres bundles (scripts/bundle.mjs, pgShims), and scripts/shims/lazy-dns.cjs for its
// node:dns: the same answers as node-postgres's own module, byte for byte, without loading node:crypto
// or node:dns until they are used.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const SHIM = fileURLToPath(new URL('../../../scripts/shims/pg-crypto.cjs', import.meta.url));
const DNS = fileURLToPath(new URL('../../../scripts/shims/lazy-dns.cjs', import.meta.url));
const OFFLINE_PG = fileURLToPath(new URL('../../../dist/offline-pg.cjs', import.meta.url));
const WORKER = fileURLToPath(new URL('../../../dist/pg-worker.cjs', import.meta.url));

type Utils = {
  postgresMd5PasswordHash(user: string, password: string, salt: Buffer): Promise<string>;
  randomBytes(length: number): Buffer;
  deriveKey(password: string, salt: Uint8Array, iterations: number): Promise<ArrayBuffer | Buffer>;
  sha256(data: ArrayBuffer | Buffer): Promise<ArrayBuffer | Buffer>;
  hashByName(name: string, data: Buffer): Promise<ArrayBuffer | Buffer>;
  hmacSha256(key: ArrayBuffer | Buffer, msg: string): Promise<ArrayBuffer | Buffer>;
  md5(text: string | Buffer): Promise<string>;
};
const own = require('pg/lib/crypto/utils.js') as Utils;
const shim = require(SHIM) as Utils;
const bytes = (value: ArrayBuffer | Buffer) => Buffer.from(value as ArrayBuffer).toString('hex');

describe('node-postgres’s crypto utilities on Node’s own crypto', () => {
  it('offers exactly the functions node-postgres’s module does', () => {
    expect(Object.keys(shim).sort()).toEqual(Object.keys(own).sort());
  });

  it('derives SCRAM’s salted password as Web Crypto does, for passwords a user may hold', async () => {
    const salt = Buffer.from('c2FsdHNhbHRzYWx0', 'base64');
    for (const password of ['s3cret', 'pässwörd/with:odd@chars', '密码🔑', 'x'.repeat(200)]) {
      for (const iterations of [1, 4096]) {
        expect(bytes(await shim.deriveKey(password, salt, iterations)), password).toBe(bytes(await own.deriveKey(password, salt, iterations)));
      }
    }
  });

  it('computes the HMACs and digests of a SCRAM exchange as node-postgres does', async () => {
    const salted = await own.deriveKey('s3cret', Buffer.from('saltsalt'), 4096);
    const message = 'n=*,r=abc,r=abcdef,s=c2FsdA==,i=4096,c=biws,r=abcdef';
    const [ownKey, shimKey] = [await own.hmacSha256(salted, 'Client Key'), await shim.hmacSha256(Buffer.from(salted as ArrayBuffer), 'Client Key')];
    expect(bytes(shimKey)).toBe(bytes(ownKey));
    expect(bytes(await shim.sha256(shimKey))).toBe(bytes(await own.sha256(ownKey)));
    expect(bytes(await shim.hmacSha256(await shim.sha256(shimKey), message))).toBe(bytes(await own.hmacSha256(await own.sha256(ownKey), message)));
    // Channel binding (SCRAM-SHA-256-PLUS) hashes the server's certificate by the names Web Crypto knows.
    const certificate = Buffer.from('a certificate, as bytes');
    for (const name of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'])
      expect(bytes(await shim.hashByName(name, certificate)), name).toBe(bytes(await own.hashByName(name, certificate)));
  });

  it('answers MD5 authentication as node-postgres does', async () => {
    const salt = Buffer.from([1, 2, 3, 4]);
    expect(await shim.postgresMd5PasswordHash('fisco', 'pässword', salt)).toBe(await own.postgresMd5PasswordHash('fisco', 'pässword', salt));
    expect(await shim.md5('text')).toBe(await own.md5('text'));
  });

  it('gives random bytes of the length asked, different each time', () => {
    const [a, b] = [shim.randomBytes(18), shim.randomBytes(18)];
    expect([a.length, b.length]).toEqual([18, 18]);
    expect(a.equals(b)).toBe(false);
  });
});

describe('loading node-postgres’s bundles', () => {
  // A script of its own: `node -e` loads node:crypto before the code it is given.
  const folder = mkdtempSync(join(tmpdir(), 'fisco-pg-crypto-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const probe = (code: string) => {
    const file = join(folder, 'probe.cjs');
    writeFileSync(file, `${code}; process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (crypto|dns)$/.test(m))))`);
    return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8' })) as string[];
  };

  it('loads neither node:crypto nor node:dns until a connection needs them', () => {
    expect(probe(`require(${JSON.stringify(OFFLINE_PG)})`)).toEqual([]);
    expect(probe(`require(${JSON.stringify(DNS)})`)).toEqual([]);
    expect(probe(`require(${JSON.stringify(SHIM)})`)).toEqual([]);
    expect(probe(`require(${JSON.stringify(SHIM)}).randomBytes(4)`)).toEqual(['NativeModule crypto']);
    expect(probe(`if (typeof require(${JSON.stringify(DNS)}).lookup !== 'function') throw new Error('no lookup')`)).toEqual(['NativeModule dns']);
  });

  it('puts the stand-ins in both bundles, and node-postgres’s Web Crypto in neither', () => {
    for (const bundle of [OFFLINE_PG, WORKER]) {
      const source = readFileSync(bundle, 'utf8');
      expect(source, bundle).toContain('pbkdf2Sync');
      expect(source, bundle).not.toContain('subtleCrypto');
    }
  });
});
