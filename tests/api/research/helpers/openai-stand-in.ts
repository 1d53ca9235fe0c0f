import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  path: string;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the OpenAI HTTP API (a remote paid service): chat completions answer the
 * JSON that `reply` returns as the assistant message; image generations answer `image` as b64.
 * The AI SDK and our code run unchanged against it.
 */
export async function startOpenAiStandIn(opts: {
  reply?: (req: StandInRequest) => unknown;
  image?: (req: StandInRequest) => Buffer;
  fail?: boolean;
}): Promise<{ baseURL: string; requests: StandInRequest[]; close: () => Promise<void> }> {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        /* multipart or empty */
      }
      const path = (req.url ?? '').split('?')[0];
      const r = { path, body };
      requests.push(r);
      if (opts.fail) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'stand-in failure', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (path.endsWith('/chat/completions')) {
        const content = JSON.stringify(opts.reply ? opts.reply(r) : {});
        res.end(
          JSON.stringify({
            id: 'chatcmpl-standin',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: String(body.model ?? 'gpt-4o-mini'),
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      } else if (path.endsWith('/images/generations')) {
        const img = opts.image ? opts.image(r) : Buffer.alloc(0);
        res.end(JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: img.toString('base64') }] }));
      } else {
        res.end(JSON.stringify({}));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
