import fs from 'node:fs';

/** CPU time (user + system, ms) of each thread of a process, by thread id, read from /proc. */
export function threadCpuMs(pid: number): Map<number, number> {
  const ticksToMs = 1000 / 100; // USER_HZ is 100 on Linux
  const times = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      // The fields after the command name (in parentheses, which may hold spaces): utime is 14th.
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * ticksToMs);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return times;
}

/** Where a process's CPU went per request: its main thread, its busiest other thread, the rest. */
export type TThreadSplit = { mainMs: number; busiestOtherMs: number; restMs: number };

/**
 * The CPU per request of `pid`'s threads between two `threadCpuMs` readings: the main thread
 * (its id is the process's), the busiest other one (PGlite's database thread when the portal runs
 * the embedded database; on a server, one of V8's helpers) and all the others together (V8's
 * garbage collection and compiler helpers, libuv's pool).
 */
export function threadSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  requests: number,
): TThreadSplit {
  const spent = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
  const main = spent.find((thread) => thread.tid === pid)?.ms ?? 0;
  const others = spent.filter((thread) => thread.tid !== pid).sort((a, b) => b.ms - a.ms);
  const busiest = others[0]?.ms ?? 0;
  const rest = others.slice(1).reduce((sum, thread) => sum + thread.ms, 0);
  const perRequest = (ms: number) => Math.round((ms / Math.max(requests, 1)) * 1000) / 1000;
  return { mainMs: perRequest(main), busiestOtherMs: perRequest(busiest), restMs: perRequest(rest) };
}
