'use strict';
// The parts of undici fisco uses (Agent, request, errors), without what undici's index loads
// besides (fetch, WebSocket, EventSource, mocks, caches, proxies): half the code to compile on
// every API command. `request` is built as undici's index builds it.
const Agent = require('undici/lib/dispatcher/agent');
const api = require('undici/lib/api');
const util = require('undici/lib/core/util');
const errors = require('undici/lib/core/errors');
const { getGlobalDispatcher } = require('undici/lib/global');

function makeDispatcher(fn) {
  return (url, opts, handler) => {
    if (typeof opts === 'function') {
      handler = opts;
      opts = null;
    }
    if (!url || (typeof url !== 'string' && typeof url !== 'object' && !(url instanceof URL))) throw new errors.InvalidArgumentError('invalid url');
    if (opts != null && typeof opts !== 'object') throw new errors.InvalidArgumentError('invalid opts');
    if (opts && opts.path != null) {
      if (typeof opts.path !== 'string') throw new errors.InvalidArgumentError('invalid opts.path');
      const path = opts.path.startsWith('/') ? opts.path : `/${opts.path}`;
      url = new URL(util.parseOrigin(url).origin + path);
    } else {
      if (!opts) opts = typeof url === 'object' ? url : {};
      url = util.parseURL(url);
    }
    const { agent, dispatcher = getGlobalDispatcher() } = opts;
    if (agent) throw new errors.InvalidArgumentError('unsupported opts.agent. Did you mean opts.client?');
    return fn.call(
      dispatcher,
      { ...opts, origin: url.origin, path: url.search ? `${url.pathname}${url.search}` : url.pathname, method: opts.method || (opts.body ? 'PUT' : 'GET') },
      handler,
    );
  };
}

module.exports = { Agent, request: makeDispatcher(api.request), errors };
