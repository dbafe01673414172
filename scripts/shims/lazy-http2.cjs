'use strict';
// undici's HTTP/2 client reads node:http2's constants when it is loaded, and node:http2 drags in
// tls and crypto; fisco never speaks HTTP/2 (undici's allowH2 stays off). This stand-in answers
// those constants without loading node:http2, and loads it on first real use (http2.connect).
// Header names follow Node's rule (HTTP2_HEADER_CONTENT_LENGTH is 'content-length', the pseudo
// headers carry a colon); the two error codes are RFC 9113's. test/unit/shims.test.ts compares
// every answer with node:http2's own.
let real;
const load = () => (real ??= require('node:http2'));
const PSEUDO = new Set(['AUTHORITY', 'METHOD', 'PATH', 'SCHEME', 'STATUS', 'PROTOCOL']);
const CODES = { NGHTTP2_REFUSED_STREAM: 0x7, NGHTTP2_CANCEL: 0x8 };

function constant(name) {
  if (Object.hasOwn(CODES, name)) return CODES[name];
  const header = /^HTTP2_HEADER_([A-Z0-9_]+)$/.exec(name);
  if (!header) return load().constants[name];
  const words = header[1].toLowerCase().replace(/_/g, '-');
  return PSEUDO.has(header[1]) ? `:${words}` : words;
}

const constants = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? constant(key) : undefined) });
module.exports = new Proxy({}, { get: (_target, key) => (key === 'constants' && !real ? constants : load()[key]) });
