/**
 * The reference for the family upload: a bare Node http server that pipes each request's body to
 * a file in COPY_DIR and answers `{}` once it is on disk; nothing parsed, hashed or checked. Runs
 * in its own process like the portal (started with startChildServer): answers `{ port }` over
 * IPC, `'usage'` with its CPU time so far; stops on `'stop'`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const folder = process.env.COPY_DIR ?? '.';
let received = 0;

const server = http.createServer((request, response) => {
  const file = path.join(folder, `copy-${process.pid}-${received++}.bin`);
  pipeline(request, fs.createWriteStream(file)).then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

function stop(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('message', (message) => {
  if (message === 'stop') stop();
  if (message === 'usage') process.send?.({ usage: process.cpuUsage() });
});
process.on('disconnect', stop);
process.send?.({ port: (server.address() as AddressInfo).port });
