import { buildApp } from './app.ts';
import { openControlSocket } from './cli/control-socket.ts';
import { configProblemLines, configProblems, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

// Every wrong variable is named before anything starts (the same check as `portal check-config`).
const problems = configProblems(process.env);
if (problems.length) {
  for (const line of configProblemLines(problems)) console.error(line);
  console.error('Family Portal cannot start: the configuration above is wrong (see docs/operations.md).');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  readConnections: config.readConnections,
}).catch((error: unknown) => {
  console.error(`Family Portal cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const app = await buildApp(config, database);
// The embedded database takes one process: `portal backup` asks this one through the data folder.
const control =
  database.kind === 'pglite'
    ? await openControlSocket(config.dataDir, database, {
        info: (message) => app.log.info(message),
        warn: (message) => app.log.warn(message),
      })
    : null;

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // app.close() stops accepting requests, waits for those under way, then checkpoints and closes the database.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await control?.close();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const { generatedAdminPassword } = app.services;
if (generatedAdminPassword) {
  // Printed once, on the console only: the first start made the administrator.
  console.log(`\n  Administrator created. Sign in as "admin" with the password: ${generatedAdminPassword}\n`);
}
console.log(
  `  Family Portal is running on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL server'})\n`,
);
