'use strict';
// node-postgres's connection parameters require node:dns when they are loaded, for the one lookup
// its native driver's connection string makes (getLibpqConnectionString), which fisco never uses;
// loading node:dns reads /etc/resolv.conf and starts c-ares. This stand-in loads it on first use.
let real;
module.exports = new Proxy({}, { get: (_target, key) => (real ??= require('node:dns'))[key] });
