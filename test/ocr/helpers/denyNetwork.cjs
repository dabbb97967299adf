/* global require, process */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: Node 20 runs
   `--require` preloads in worker threads too, but not `--import` ones. */
/**
 * Preloaded with `node --require` into a process under test (and, through inherited execArgv,
 * into each of its worker threads): every way Node can open a connection or resolve a name
 * throws and is logged to $DENY_NETWORK_LOG, and each thread logs that the guard is active.
 */
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const tls = require('node:tls');
const dns = require('node:dns');
const http = require('node:http');
const https = require('node:https');
const { isMainThread, threadId } = require('node:worker_threads');

const log = process.env.DENY_NETWORK_LOG;
const who = isMainThread ? 'main' : `worker ${threadId}`;
const record = (line) => {
  if (log) fs.appendFileSync(log, `${who}: ${line}\n`);
};

function deny(what) {
  record(`DENIED ${what}`);
  throw new Error(`network access denied by test guard: ${what}`);
}

/**
 * A connection to a path is local IPC (a Unix socket or named pipe, as the TypeScript loader
 * uses), not network; anything with a host or port is network.
 */
function isLocalPath(args) {
  const [first] = args;
  if (typeof first === 'string') return !/^\d+$/.test(first);
  if (Array.isArray(first)) return isLocalPath(first);
  return (
    first !== null &&
    typeof first === 'object' &&
    typeof first.path === 'string' &&
    first.port === undefined
  );
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  if (isLocalPath(args)) return originalConnect.apply(this, args);
  return deny(`net.Socket.connect ${JSON.stringify(args[0])}`);
};
tls.connect = () => deny('tls.connect');
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  dns[name] = () => deny(`dns.${name}`);
  dns.promises[name] = async () => deny(`dns.promises.${name}`);
}
for (const mod of [http, https]) {
  mod.request = () => deny(`${mod === http ? 'http' : 'https'}.request`);
  mod.get = () => deny(`${mod === http ? 'http' : 'https'}.get`);
}
globalThis.fetch = async (input) => deny(`fetch ${String(input && input.url ? input.url : input)}`);

record('guard loaded');
