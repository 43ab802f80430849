import path from 'node:path';
import { configProblemLines, configProblems, loadConfig, type TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import { CliError } from './cli-error.ts';
import { rebuildCounts } from './counts.ts';
import {
  appliedCount,
  describeTarget,
  openConfigured,
  runMigrations,
  shippedMigrations,
} from './database.ts';
import { readManifest } from './restore.ts';

/** Where a command writes: lines to the standard output and to the error output. */
export type TCliIo = { env: NodeJS.ProcessEnv; out: (line: string) => void; err: (line: string) => void };

type TParsed = { positional: string[]; flags: Set<string> };

type TCommand = {
  usage: string;
  summary: string;
  /** More lines for `portal <command> --help`. */
  help: string[];
  flags: string[];
  /** How many positional arguments it takes: [least, most]. */
  arity: [number, number];
  run(args: TParsed, io: TCliIo): Promise<number>;
};

const ENVIRONMENT_NOTE =
  'Configured by the same environment variables as `npm start` (DATA_DIR, DATABASE_URL, ...; see docs/operations.md).';

/** The configuration of the environment, or a CliError (exit code 2) naming every wrong variable. */
function configOf(io: TCliIo): TConfig {
  const problems = configProblems(io.env);
  if (problems.length) throw new CliError(configProblemLines(problems).join('\n'), 2);
  return loadConfig(io.env);
}

/** A path the user typed, from where they ran the command (npm runs bins in the package folder). */
function userPath(io: TCliIo, file: string): string {
  return path.resolve(io.env.INIT_CWD ?? process.cwd(), file);
}

/** Runs `work` on the configured database and closes it, whatever happens. */
async function withDatabase<T>(config: TConfig, work: (database: TDatabase) => Promise<T>): Promise<T> {
  const database = await openConfigured(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Refuses a database the portal has never migrated, or one behind this portal's migrations. */
async function requireCurrentSchema(database: TDatabase): Promise<void> {
  const applied = await appliedCount(database.db);
  const shipped = (await shippedMigrations()).length;
  if (applied < shipped)
    throw new CliError(
      applied === 0
        ? 'the database holds no Family Portal yet: start the portal once or run `portal migrations run`'
        : `the database is at migration ${applied} of ${shipped}: run \`portal migrations run\` first`,
    );
}

const COMMANDS: Record<string, TCommand> = {
  'check-config': {
    usage: 'portal check-config',
    summary: 'check every environment variable the portal reads (exit code 2 when one is wrong)',
    help: [
      'Prints one line per wrong variable: its name, its value (secrets hidden) and what it must be.',
      '`npm start` runs the same check before it starts anything.',
    ],
    flags: [],
    arity: [0, 0],
    async run(_args, io) {
      const problems = configProblems(io.env);
      if (problems.length) {
        for (const line of configProblemLines(problems)) io.err(line);
        return 2;
      }
      const config = loadConfig(io.env);
      io.out(
        `The configuration is valid: ${describeTarget(config)}, files in ${config.s3 ? `the S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : path.join(config.dataDir, 'files')}.`,
      );
      return 0;
    },
  },
  backup: {
    usage: 'portal backup <file.tar>',
    summary:
      'write every table and every stored file into one tar file, with a manifest of counts and SHA-256 sums',
    help: [
      'The tables are read in one repeatable-read transaction: one consistent snapshot, even while the portal writes.',
      'On a PostgreSQL server (DATABASE_URL) it runs beside the portal. The embedded database (DATA_DIR)',
      'is held by a running portal: the command asks that portal to take the backup (through',
      'DATA_DIR/control/portal.sock), or opens the folder itself when no portal runs. The file must not exist yet.',
    ],
    flags: [],
    arity: [1, 1],
    async run({ positional }, io) {
      const config = configOf(io);
      const output = userPath(io, positional[0]!);
      const { backupTo, checkBackupTarget } = await import('./backup.ts');
      await checkBackupTarget(output);
      io.out(`Backing up the ${describeTarget(config)} to ${output}`);
      if (config.s3)
        io.out(
          `The stored files are in the S3 bucket ${config.s3.bucket}: this backup holds the database only (back up the bucket with the store's own versioning or replication).`,
        );
      const filesRoot = config.s3 ? null : path.join(config.dataDir, 'files');
      // A running portal holds its embedded database: it takes the backup itself when asked.
      const { backupThroughPortal } = await import('./control-socket.ts');
      const manifest =
        (!config.databaseUrl && (await backupThroughPortal(config.dataDir, output, io.out))) ||
        (await withDatabase(config, async (database) => {
          await requireCurrentSchema(database);
          return backupTo(database, filesRoot, output, io.out);
        }));
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      io.out(`Done: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files.`);
      if (manifest.missingFiles.length)
        io.err(
          `Warning: ${manifest.missingFiles.length} files named in the database were not on disk: ${manifest.missingFiles.slice(0, 5).join(', ')}`,
        );
      return 0;
    },
  },
  restore: {
    usage: 'portal restore <file.tar> [--replace]',
    summary: 'restore a backup into an empty data folder or database (--replace: overwrite what is there)',
    help: [
      'The backup is unpacked and every sum checked before the target is touched; the rows go in in one',
      'transaction, the files after. A backup of either database restores into either (PGlite <-> PostgreSQL).',
      'Stop the portal first. Without --replace a target that holds any row or stored file is refused.',
    ],
    flags: ['--replace'],
    arity: [1, 1],
    async run({ positional, flags }, io) {
      const config = configOf(io);
      const archive = userPath(io, positional[0]!);
      // A file that is not ours is refused before the database is opened.
      const found = await readManifest(archive);
      if (config.s3 && found.files.length)
        throw new CliError(
          `this portal keeps its files in the S3 bucket ${config.s3.bucket}, and the backup holds ${found.files.length} files for a data folder: restore without S3_BUCKET, then copy DATA_DIR/files/ab/<hash> to the bucket's ab/<hash> keys`,
        );
      const { restoreFrom } = await import('./restore.ts');
      io.out(`Restoring ${archive} into the ${describeTarget(config)}`);
      const manifest = await withDatabase(config, (database) =>
        restoreFrom(database, path.join(config.dataDir, 'files'), archive, {
          replace: flags.has('--replace'),
          log: io.out,
        }),
      );
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      io.out(
        `Done: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files (backup of ${manifest.createdAt}).`,
      );
      return 0;
    },
  },
  'create-admin': {
    usage: 'portal create-admin <login> <email>',
    summary: 'create an administrator and print its generated password once',
    help: [
      'The new user has the built-in adminrole in the default company; change the password after signing in.',
    ],
    flags: [],
    arity: [2, 2],
    async run({ positional }, io) {
      const config = configOf(io);
      const { createAdmin, checkNewAdmin } = await import('./accounts.ts');
      checkNewAdmin(positional[0]!, positional[1]!);
      const result = await withDatabase(config, async (database) => {
        await runMigrations(database);
        return createAdmin(config, database, positional[0]!, positional[1]!);
      });
      if (result.firstAdminPassword)
        io.out(
          `First start: the administrator "admin" was created with the password ${result.firstAdminPassword}`,
        );
      io.out(`Administrator "${positional[0]!.trim()}" created. Password (shown once): ${result.password}`);
      return 0;
    },
  },
  'reset-password': {
    usage: 'portal reset-password <login> [--link]',
    summary: 'set a generated password for a user and print it (--link: print a one-time reset link instead)',
    help: [
      'A generated password ends every sign-in of the user. A link works once, for an hour, and leaves',
      'the password as it is until used; it starts with PUBLIC_URL.',
    ],
    flags: ['--link'],
    arity: [1, 1],
    async run({ positional, flags }, io) {
      const config = configOf(io);
      const { resetPassword } = await import('./accounts.ts');
      const result = await withDatabase(config, async (database) => {
        await requireCurrentSchema(database);
        return resetPassword(config, database, positional[0]!, flags.has('--link'));
      });
      if (result.link)
        io.out(`One-time reset link for "${positional[0]}" (valid for an hour): ${result.link}`);
      else io.out(`New password for "${positional[0]}" (shown once): ${result.password}`);
      return 0;
    },
  },
  migrations: {
    usage: 'portal migrations [list|run]',
    summary: 'list the migrations and whether each is applied, or run the pending ones',
    help: ['`list` (the default) changes nothing; `run` applies the pending ones, as `npm start` does.'],
    flags: [],
    arity: [0, 1],
    async run({ positional }, io) {
      const action = positional[0] ?? 'list';
      if (action !== 'list' && action !== 'run')
        throw new CliError(
          `unknown action "${action}": use \`portal migrations list\` or \`portal migrations run\``,
        );
      const config = configOf(io);
      await withDatabase(config, async (database) => {
        if (action === 'run') {
          const ran = await runMigrations(database);
          io.out(ran ? `Applied ${ran} migrations.` : 'Nothing to apply: the database is up to date.');
          return;
        }
        const applied = await appliedCount(database.db);
        const shipped = await shippedMigrations();
        for (const [index, migration] of shipped.entries())
          io.out(`${index < applied ? 'applied' : 'pending'}  ${migration.tag}`);
        io.out(`${applied} of ${shipped.length} applied.`);
      });
      return 0;
    },
  },
  'rebuild-counts': {
    usage: 'portal rebuild-counts',
    summary:
      'rebuild the count tables (user_counts, family_counts) from the rows and forget the kept statistics',
    help: ['Needed only after a bulk load that bypassed the triggers; safe to run any time.'],
    flags: [],
    arity: [0, 0],
    async run(_args, io) {
      const config = configOf(io);
      const counted = await withDatabase(config, async (database) => {
        await requireCurrentSchema(database);
        return rebuildCounts(database);
      });
      io.out(`Rebuilt: ${counted.userCounts} user count rows, ${counted.familyCounts} family count rows.`);
      return 0;
    },
  },
};

function overview(): string[] {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    'Usage: npx portal <command> [arguments]   (npx portal <command> --help for one command)',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    ENVIRONMENT_NOTE,
  ];
}

/** Runs one command line (the arguments after `portal`); answers the exit code. */
export async function runCli(args: readonly string[], io: TCliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    for (const line of overview()) io.err(line);
    return 1;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    for (const line of overview()) io.out(line);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}". Run \`npx portal --help\` for the list.`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    for (const line of [
      `Usage: ${command.usage}`,
      '',
      command.summary,
      ...command.help,
      '',
      ENVIRONMENT_NOTE,
    ])
      io.out(line);
    return 0;
  }
  const flags = new Set(rest.filter((arg) => arg.startsWith('-')));
  const positional = rest.filter((arg) => !arg.startsWith('-'));
  const unknown = [...flags].filter((flag) => !command.flags.includes(flag));
  if (unknown.length) {
    io.err(`${name}: unknown option ${unknown.join(', ')}. Usage: ${command.usage}`);
    return 1;
  }
  const [least, most] = command.arity;
  if (positional.length < least || positional.length > most) {
    io.err(
      `${name}: ${positional.length < least ? 'missing argument' : `unexpected argument "${positional[most]}"`}. Usage: ${command.usage}`,
    );
    return 1;
  }
  try {
    return await command.run({ positional, flags }, io);
  } catch (error) {
    if (error instanceof CliError) {
      for (const line of error.message.split('\n')) io.err(error.exitCode === 2 ? line : `${name}: ${line}`);
      return error.exitCode;
    }
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
