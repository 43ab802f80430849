import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { TDatabase } from '../db/client.ts';
import { backupTo, checkBackupTarget } from './backup.ts';
import type { TManifest } from './backup-format.ts';
import { CliError } from './cli-error.ts';

/**
 * The running portal's control socket, `<DATA_DIR>/control/portal.sock`: how `portal backup`
 * reaches an embedded database the portal holds (PGlite takes one process only). The folder is
 * the owner's alone (0700), so only the portal's own user (or root) can ask. One request per
 * connection, one JSON line; the answer is JSON lines: `{"log"}` while it works, then `{"done":
 * manifest}` or `{"error"}`.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control', 'portal.sock');
}

/** Linux's sun_path holds 108 bytes with the closing NUL. */
const MAX_SOCKET_PATH = 107;
/** A request is one short line; anything longer is not a client of ours. */
const MAX_REQUEST_BYTES = 16 * 1024;
/** A client that sends no request line in this time is dropped. */
const REQUEST_TIMEOUT_MS = 10_000;

type TRequest = { command: 'backup'; output: string };
type TAnswer = { log: string } | { done: TManifest } | { error: string };

export type TControlSocket = { path: string; close(): Promise<void> };

type TLog = { info(message: string): void; warn(message: string): void };

/** Reads the request line; refuses anything that is not `{"command":"backup","output":<absolute path>}`. */
async function readRequest(socket: net.Socket): Promise<TRequest> {
  // Read with events, not `for await`: leaving that loop would destroy the socket the answer goes on.
  const text = await new Promise<string>((resolve) => {
    let received = '';
    const done = () => {
      socket.off('data', onData);
      socket.off('end', done);
      socket.off('close', done);
      socket.setTimeout(0);
      resolve(received);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.includes('\n') || Buffer.byteLength(received) > MAX_REQUEST_BYTES) done();
    };
    socket.on('data', onData);
    socket.once('end', done);
    socket.once('close', done);
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  });
  const line = text.split('\n')[0] ?? '';
  if (!text.includes('\n') || Buffer.byteLength(line) > MAX_REQUEST_BYTES)
    throw new CliError('the request must be one JSON line of at most 16 KiB');
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    throw new CliError('the request is not JSON');
  }
  const { command, output } = (request ?? {}) as Record<string, unknown>;
  if (command !== 'backup') throw new CliError(`unknown command ${JSON.stringify(command)}: only "backup"`);
  if (typeof output !== 'string' || !path.isAbsolute(output) || output.includes('\0'))
    throw new CliError('"output" must be an absolute path');
  return { command, output };
}

/**
 * Opens the control socket of a portal on PGlite. Answers null (with a warning) where the path is
 * too long for a Unix socket: `portal backup` then asks to stop the portal, as before.
 */
export async function openControlSocket(
  dataDir: string,
  database: TDatabase,
  log: TLog,
): Promise<TControlSocket | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(
      `no control socket: ${socketPath} is longer than a Unix socket path may be (a backup needs the portal stopped)`,
    );
    return null;
  }
  const folder = path.dirname(socketPath);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await fs.chmod(folder, 0o700);
  // This process holds the data folder's lock, so a socket left there is a dead portal's.
  await fs.rm(socketPath, { force: true });

  const filesRoot = path.join(path.resolve(dataDir), 'files');
  const connections = new Set<net.Socket>();
  let busy = false;
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    const send = (answer: TAnswer) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
    };
    void (async () => {
      try {
        const { output } = await readRequest(socket);
        if (busy) throw new CliError('a backup is already under way in this portal: wait for it');
        busy = true;
        try {
          await checkBackupTarget(output);
          log.info(`backup to ${output} asked on the control socket`);
          send({ done: await backupTo(database, filesRoot, output, (line) => send({ log: line })) });
        } finally {
          busy = false;
        }
      } catch (error) {
        send({ error: error instanceof Error ? error.message : String(error) });
      } finally {
        socket.end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        // A backup under way stops here: its partial file is removed when the database closes under it.
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the portal that holds `dataDir` for a backup into `output`, passing its progress lines to
 * `log`. Answers null when no portal listens there (none runs, or it runs without the socket).
 */
export async function backupThroughPortal(
  dataDir: string,
  output: string,
  log: (line: string) => void,
): Promise<TManifest | null> {
  const socketPath = controlSocketPath(dataDir);
  const socket = await new Promise<net.Socket | null>((resolve) => {
    const connection = net.connect(socketPath);
    connection.once('connect', () => resolve(connection));
    connection.once('error', () => resolve(null));
  });
  if (!socket) return null;
  socket.write(`${JSON.stringify({ command: 'backup', output } satisfies TRequest)}\n`);
  let pending = '';
  try {
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      pending += chunk.toString('utf8');
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const answer = JSON.parse(pending.slice(0, newline)) as TAnswer;
        pending = pending.slice(newline + 1);
        if ('log' in answer) log(answer.log);
        else if ('done' in answer) return answer.done;
        else throw new CliError(`the running portal refused the backup: ${answer.error}`);
      }
    }
  } finally {
    socket.destroy();
  }
  throw new CliError('the running portal stopped before the backup was complete (it may be shutting down)');
}
