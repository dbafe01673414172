'use strict';
// node-postgres's crypto utilities (pg/lib/crypto/utils.js: what its client and its SCRAM exchange
// call) on Node's own synchronous crypto, which is loaded on first use. node-postgres's module
// loads node:crypto when it is loaded and computes SCRAM's PBKDF2 with Web Crypto, whose first use
// starts libuv's thread pool and Web Crypto's modules: on this project's machine, 3.8 ms for the
// 4,096 rounds of a SCRAM login against 1.2 ms with pbkdf2Sync, plus 2.7 ms of loading crypto
// before the connection can even start (docs/performance.md, "SCRAM on Node's own crypto").
// Same functions, same arguments, same bytes: test/unit/build/pg-crypto.test.ts compares every
// answer with node-postgres's own module, and the build stops (scripts/bundle.mjs pgShims) if that module's functions
// are ever not these.
let real;
const crypto = () => (real ??= require('node:crypto'));

/** Web Crypto's digest names (SHA-256; what pg/lib/crypto/cert-signatures.js returns) as Node's (sha256). */
const nodeHash = (name) => name.toLowerCase().replace(/^sha-/, 'sha');

function randomBytes(length) {
  return crypto().randomBytes(length);
}

async function md5(string) {
  return crypto().createHash('md5').update(string, 'utf-8').digest('hex');
}

// See AuthenticationMD5Password at https://www.postgresql.org/docs/current/static/protocol-flow.html
async function postgresMd5PasswordHash(user, password, salt) {
  const inner = await md5(password + user);
  const outer = await md5(Buffer.concat([Buffer.from(inner), salt]));
  return 'md5' + outer;
}

async function sha256(data) {
  return crypto().createHash('sha256').update(data).digest();
}

async function hashByName(hashName, data) {
  return crypto().createHash(nodeHash(hashName)).update(data).digest();
}

async function hmacSha256(key, msg) {
  return crypto().createHmac('sha256', Buffer.from(key)).update(msg, 'utf-8').digest();
}

async function deriveKey(password, salt, iterations) {
  return crypto().pbkdf2Sync(Buffer.from(password, 'utf-8'), salt, iterations, 32, 'sha256');
}

module.exports = { postgresMd5PasswordHash, randomBytes, deriveKey, sha256, hashByName, hmacSha256, md5 };
