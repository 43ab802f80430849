import { runCli } from './cli.ts';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
// A pool or timer left open by a service must not keep the command alive once it has answered.
setTimeout(() => process.exit(code), 2000).unref();
