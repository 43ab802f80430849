/**
 * The reference for GET /api/health: a bare Fastify hello world on the same Fastify the portal
 * uses, in a process of its own like the portal. Answers `{ port }` over IPC, `'usage'` with its
 * CPU time so far; stops on `'stop'`.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });

async function stop(): Promise<void> {
  await app.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
  if (message === 'usage') process.send?.({ usage: process.cpuUsage() });
});
process.on('disconnect', () => void stop());
process.send?.({ port: (app.server.address() as AddressInfo).port });
