import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The commit measured, and whether the packages differ from it (uncommitted work). */
export function sourceVersion(): { commit: string; packagesChanged: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', 'HEAD'),
      packagesChanged: git('status', '--porcelain', 'packages') !== '',
    };
  } catch {
    return { commit: 'unknown', packagesChanged: true };
  }
}

/** The installed version of a package of the workspace's node_modules. */
export function packageVersion(name: string): string {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
