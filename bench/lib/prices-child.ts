import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFlags } from '../../scripts/node-flags.mjs';
import { bundled } from './bundle.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TBareChild = {
  pid: number;
  /** Reads (or writes) `file` in the child; answers the rows and the seconds the child measured. */
  run(file: string): Promise<{ rows: number; seconds: number }>;
  stop(): Promise<void>;
};

/**
 * Starts bench/lib/prices-bare.ts in its own Node process (bundled into `work` and run with the
 * flags of npm start, as the portal runs) and waits until it has warmed up on `warmFile`.
 */
export async function startBare(
  work: string,
  mode: 'read' | 'write',
  warmFile: string,
  rows: number,
): Promise<TBareChild> {
  const script = await bundled(work, 'bench/lib/prices-bare.ts');
  const child = spawn(process.execPath, [...nodeFlags(), script, mode, warmFile, String(rows)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (key: string, timeoutMs: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`the bare ${mode} sent no "${key}" in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onMessage = (message: unknown) => {
        if (typeof message !== 'object' || message === null) return;
        if ('failed' in message) done(new Error(`the bare ${mode} failed: ${String(message.failed)}`));
        else if (key in message) done(undefined, message as Record<string, unknown>);
      };
      const onExit = (code: number | null) => done(new Error(`the bare ${mode} exited with ${code}`));
      function done(error?: Error, message?: Record<string, unknown>) {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve(message!);
      }
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  try {
    await next('ready', 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    async run(file) {
      const answer = next('done', 10 * 60_000);
      child.send({ run: file });
      return (await answer).done as { rows: number; seconds: number };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send('stop');
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    },
  };
}
