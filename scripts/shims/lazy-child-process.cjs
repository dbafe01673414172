// commander loads node:child_process at start-up for executable subcommands, which fisco has none
// of; child_process drags in dgram, net and more. This stand-in loads it on first use only.
let real;
module.exports = new Proxy({}, { get: (_target, key) => (real ??= require('node:child_process'))[key] });
