/**
 * The portal as `npm start` runs it (loadConfig, openDatabase, buildApp, its own logger), in a
 * process of its own so the load generator does not share its event loop. Answers `{ port }` over
 * IPC once listening; answers `'usage'` with its CPU time so far (`process.cpuUsage()`); on
 * `'stop'` (or when the bench goes away) closes cleanly and exits.
 * With BENCH_PROFILE=1 it records a V8 CPU profile between `{ profile: 'start' }` and
 * `{ profile: 'stop', file }`, so start-up and migrations stay out of it.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';

type TMessage = 'stop' | 'usage' | { profile: 'start' } | { profile: 'stop'; file: string };

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  readConnections: config.readConnections,
});
const app = await buildApp(config, database);
await app.listen({ port: 0, host: '127.0.0.1' });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await app.close();
  process.exit(0);
}

const profiler = new Session();
async function onMessage(message: TMessage): Promise<void> {
  if (message === 'stop') return stop();
  if (message === 'usage') {
    process.send?.({ usage: process.cpuUsage() });
    return;
  }
  if (message.profile === 'start') {
    profiler.connect();
    await profiler.post('Profiler.enable');
    // 1 ms, the interval `node --cpu-prof` samples at.
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
    process.send?.({ profiling: true });
    return;
  }
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(message.file, JSON.stringify(profile));
  profiler.disconnect();
  process.send?.({ profiled: message.file });
}

process.on('message', (message: TMessage) => void onMessage(message));
process.on('disconnect', () => void stop());
process.send?.({ port: (app.server.address() as AddressInfo).port });
