// The service's production entry hook, loaded before Next (`node -r ./server/entry.cjs`, as
// `npm start` does, or required first by the standalone server.js). It sees every request before
// Next does and fixes three things Next cannot:
//
// 1. The client address. Next passes the client's own X-Forwarded-For through untouched and only
//    fills it from the socket when it is absent, so the socket's address is otherwise lost to the
//    route handlers. The entry does what every proxy does: it appends the address of the socket
//    it was given to X-Forwarded-For (so it is itself the first hop TRUSTED_PROXY=hops:N counts),
//    and records it in `x-ci-socket-address` after deleting any copy the client sent.
//    lib/http/client-key.ts reads both.
// 2. Undecodable paths. A malformed `%` escape makes Next's router fail before any route runs
//    (it answers a plain-text 500); here it is the 400 BAD_REQUEST envelope the route builder
//    gives for the same fault inside a route.
// 3. Empty path segments under /api/. Next answers `/api/v1/shopping/scan//cached` with a 308 to
//    `/api/v1/shopping/scan/cached` — another route — echoing the whole query in Location (a
//    client's 16 KB query came back as a header clients refuse). An empty segment names no
//    resource: 404 NOT_FOUND, in the envelope.
//
// It also offers every request to the front cache (lib/http/front-cache.ts) once the service has
// registered it (`globalThis.__ciFront`, on the first API request): kept answers of public reads
// are written from memory, everything else goes on to Next as before.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload, run by node before Next
const http = require('node:http');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { randomUUID } = require('node:crypto');

const SOCKET_HEADER = 'x-ci-socket-address';

function undecodable(url) {
  // The common case, no escape at all: nothing to split or decode.
  if (!url.includes('%')) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  for (const seg of path.split('/')) {
    if (!seg.includes('%')) continue;
    try {
      decodeURIComponent(seg);
    } catch {
      return seg;
    }
  }
  return null;
}

function pathOf(url) {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The error envelope the route builder answers (lib/http/error-response.ts), for faults met before Next. */
function sendError(req, res, status, error) {
  const requestId = randomUUID();
  const body = JSON.stringify({
    success: false,
    error,
    meta: { timestamp: new Date().toISOString(), requestId, path: pathOf(req.url).slice(0, 2000), method: req.method },
  });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
  res.end(body);
}

function badPath(req, res, segment) {
  if (!pathOf(req.url).startsWith('/api/')) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'x-request-id': randomUUID() });
    return res.end('Bad Request: the path holds an invalid percent-encoding\n');
  }
  sendError(req, res, 400, { code: 'BAD_REQUEST', message: 'The request path holds an invalid percent-encoding', details: { segment: segment.slice(0, 100) } });
}

function emptySegment(req, res) {
  sendError(req, res, 404, { code: 'NOT_FOUND', message: 'No route matches a path with an empty segment' });
}

function hasEmptyApiSegment(url) {
  if (!url.startsWith('/api/')) return false;
  const empty = url.indexOf('//');
  if (empty < 0) return false;
  const q = url.indexOf('?');
  return q < 0 || empty < q;
}

function wrap(listener) {
  if (typeof listener !== 'function') return listener;
  return function entryListener(req, res) {
    const peer = req.socket && req.socket.remoteAddress ? req.socket.remoteAddress : '';
    req.headers[SOCKET_HEADER] = peer;
    if (peer) {
      const xff = req.headers['x-forwarded-for'];
      const prior = Array.isArray(xff) ? xff.join(', ') : xff;
      req.headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
    }
    const bad = typeof req.url === 'string' ? undecodable(req.url) : null;
    if (bad !== null) return badPath(req, res, bad);
    if (typeof req.url === 'string' && hasEmptyApiSegment(req.url)) return emptySegment(req, res);
    const front = globalThis.__ciFront;
    if (front !== undefined && req.method === 'GET') {
      const served = front(req, res);
      if (served === true) return undefined;
      if (served !== false) {
        const next = () => {
          if (!res.headersSent) listener.call(this, req, res);
        };
        served.then((done) => {
          if (!done) next();
        }, next);
        return undefined;
      }
    }
    return listener.call(this, req, res);
  };
}

const original = http.createServer;
http.createServer = function createServer(options, listener) {
  if (typeof options === 'function') return original.call(http, wrap(options));
  return original.call(http, options, wrap(listener));
};
globalThis.__ciSocketEntry = true;
