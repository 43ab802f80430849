import type { BuildResult } from 'esbuild';

export function bundleServer(options: {
  entry: string;
  outfile: string;
  sourcemap?: boolean;
}): Promise<BuildResult<{ metafile: true }>>;
