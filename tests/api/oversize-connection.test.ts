import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Over a real socket: after a 413 for a body past 1 MB, the connection the client keeps alive must
 * not swallow its next request.
 */

let t: TestContext;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await createTestContext();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; body: unknown; reusedSocket: boolean };

function send(
  agent: Agent,
  method: string,
  path: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          reusedSocket: req.reusedSocket,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const oversize = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1100 * 1024) }));

describe('a body over 1 MB on a kept-alive connection', () => {
  for (const [name, headers] of [
    ['declared by Content-Length', { 'content-type': 'application/json' }],
    ['sent in chunks', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }],
  ] as const) {
    it(`answers 413, then the next request on the connection, ${name}`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const tooLarge = await send(agent, 'POST', '/api/v1/login', oversize, headers);
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.body).toEqual({ message: messages.payloadTooLarge });
        const next = await send(agent, 'GET', '/api/v1/no-such-thing');
        expect(next.status).toBe(404);
        expect(next.body).toEqual({ message: messages.notFound });
      } finally {
        agent.destroy();
      }
    });
  }
});
