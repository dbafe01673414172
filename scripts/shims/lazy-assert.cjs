'use strict';
// undici calls node:assert only as a function, `assert(value)` or `assert(value, message)`, to
// check its own invariants; node:assert drags in its error class, tty and colours (about 4 ms of
// a list's start-up). This stand-in passes a true value on, and hands a false one to node:assert
// itself, loaded then: a failed invariant throws node:assert's AssertionError as before (with
// undici's message; without one, node:assert's own quotes this line instead of undici's).
// test/unit/build/lazy-assert.test.ts checks that undici uses no other form.
module.exports = function assert(value, message) {
  if (!value) require('node:assert')(value, message);
};
