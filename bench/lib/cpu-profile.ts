import path from 'node:path';

type TCallFrame = { functionName: string; url: string; lineNumber: number };
type TProfileNode = { id: number; callFrame: TCallFrame; children?: number[] };
/** The V8 CPU profile format `node --cpu-prof` and the inspector write. */
export type TCpuProfile = { nodes: TProfileNode[]; samples: number[]; timeDeltas: number[] };

export type TShare = { name: string; percent: number };
export type TProfileSummary = {
  /** Samples while the process was busy (not idle), in ms. */
  busyMs: number;
  /** Share of the wall time spent idle (waiting for PostgreSQL or the network). */
  idlePercent: number;
  /** Self time of single functions, as a share of busy time. */
  topFunctions: TShare[];
  /** Self time per package or source area, as a share of busy time. */
  selfByModule: TShare[];
  /**
   * Self time charged to the nearest package or portal source on the stack, so Node's and V8's
   * own work (socket writes, JSON, promises) counts for whoever asked for it.
   */
  selfByOwner: TShare[];
  /** Time with a package anywhere on the stack, as a share of busy time. */
  totalByModule: TShare[];
};

const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);
const NATIVE = '(native V8 builtins)';
const NODE_INTERNALS = 'node (internals)';

/** Groups a frame: an npm package, a node: built-in area, a portal source folder, or V8 itself. */
function moduleOf(frame: TCallFrame, root: string): string {
  if (SPECIAL.has(frame.functionName)) return frame.functionName;
  const { url } = frame;
  if (!url) return NATIVE;
  const packages = url.split('/node_modules/');
  if (packages.length > 1) {
    const parts = packages.at(-1)!.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? NODE_INTERNALS : url;
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const relative = path.relative(root, file);
  if (relative.startsWith('..')) return file;
  // packages/server/src/modules/users/users.repository.ts -> server/modules/users
  return path
    .dirname(relative)
    .replace(/^packages\//, '')
    .replace('/src/', '/');
}

function frameName(frame: TCallFrame, root: string): string {
  if (SPECIAL.has(frame.functionName) || !frame.url) return frame.functionName || '(anonymous)';
  const file = frame.url.startsWith('file://') ? new URL(frame.url).pathname : frame.url;
  const where = file.includes('/node_modules/')
    ? file.split('/node_modules/').at(-1)!
    : path.relative(root, file).startsWith('..')
      ? file
      : path.relative(root, file);
  return `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
}

function top(counts: Map<string, number>, total: number, limit: number): TShare[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, value]) => ({ name, percent: Math.round((value / total) * 1000) / 10 }));
}

/** Self and inclusive time by function and by module, idle time left out of the shares. */
export function summariseProfile(profile: TCpuProfile, root: string, limit = 25): TProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const selfModule = new Map<string, number>();
  const selfOwner = new Map<string, number>();
  const totalModule = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') {
      idle += micros;
      return;
    }
    busy += micros;
    const name = frameName(node.callFrame, root);
    self.set(name, (self.get(name) ?? 0) + micros);
    const module = moduleOf(node.callFrame, root);
    selfModule.set(module, (selfModule.get(module) ?? 0) + micros);
    let owner: string | undefined;
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      const seen = moduleOf(frame, root);
      if (seen === NATIVE || seen === NODE_INTERNALS || seen.startsWith('node:')) continue;
      owner ??= seen;
      onStack.add(seen);
    }
    owner ??= module;
    selfOwner.set(owner, (selfOwner.get(owner) ?? 0) + micros);
    for (const seen of onStack) totalModule.set(seen, (totalModule.get(seen) ?? 0) + micros);
  });
  return {
    busyMs: Math.round(busy / 1000),
    idlePercent: Math.round((idle / Math.max(1, idle + busy)) * 1000) / 10,
    topFunctions: top(self, busy, limit),
    selfByModule: top(selfModule, busy, limit),
    selfByOwner: top(selfOwner, busy, limit),
    totalByModule: top(totalModule, busy, limit),
  };
}
