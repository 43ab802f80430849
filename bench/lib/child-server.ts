import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFlags } from '../../scripts/node-flags.mjs';
import { bundled } from './bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TChildServer = {
  url: string;
  pid: number;
  /** Sends a message and waits for the first answer that has `key`. */
  ask(message: Serializable, key: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The process's CPU time so far (user + system), in ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
};

function waitFor(child: ChildProcess, key: string, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child ${child.pid} sent no "${key}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && key in message) {
        cleanup();
        resolve(message as Record<string, unknown>);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited with ${code} before sending "${key}"`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Starts one of the bench's servers (a file under bench/, bundled into the run's `work` folder) in
 * its own Node process, with the flags `npm start` gives Node, and waits for its port. Its stdout goes to `logFile`, or nowhere, so under
 * load the portal's request log costs what it costs in production minus the disk; its stderr is
 * shown.
 */
export async function startChildServer(
  work: string,
  file: string,
  options: { env?: NodeJS.ProcessEnv; logFile?: string } = {},
): Promise<TChildServer> {
  const script = await bundled(work, file);
  const stdout = options.logFile ? fs.openSync(options.logFile, 'a') : 'ignore';
  // BENCH_NODE_FLAGS adds flags of the bench's own (`--cpu-prof --cpu-prof-dir=/tmp/p` profiles
  // every thread of each server, its database thread included; Node refuses them in NODE_OPTIONS).
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags(), ...extra, script], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  if (typeof stdout === 'number') fs.closeSync(stdout);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let port: number;
  try {
    port = Number((await waitFor(child, 'port', 120_000)).port);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const ask = (message: Serializable, key: string, timeoutMs = 60_000) => {
    const answer = waitFor(child, key, timeoutMs);
    child.send(message);
    return answer;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    ask,
    async cpuMs() {
      const { usage } = (await ask('usage', 'usage')) as { usage: NodeJS.CpuUsage };
      return (usage.user + usage.system) / 1000;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send('stop');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}
