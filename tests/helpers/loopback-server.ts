import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * A loopback HTTP server for the tests of one describe block: started before them, closed after
 * them. After each test the scraper's private-network switch (`SCAN_ALLOW_PRIVATE_NETWORKS`, which
 * a test turns on to reach 127.0.0.1) is removed and `reset` runs (a request log cleared).
 */
export function useLoopbackServer(handler: http.RequestListener, reset?: () => void): { readonly port: number } {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer(handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    reset?.();
  });
  return {
    get port() {
      return port;
    },
  };
}
