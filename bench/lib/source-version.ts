import { execFileSync } from 'node:child_process';
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
