/**
 * CPU time from Linux `/proc` for the benchmarks and the cashier crash test (null where there is
 * none): a process's own, and the whole machine's busy time.
 */
import { readFile } from 'node:fs/promises';

/** Clock ticks per second of `/proc` times (USER_HZ: 100 on every Linux this runs on). */
export const TICKS_PER_S = 100;

/** The machine's busy CPU time so far, ms (null without `/proc`). */
export const machineBusyMs = async () => {
  try {
    const first = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const [user, nice, system, , , irq, softirq] = first.trim().split(/\s+/).slice(1).map(Number);
    return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
};

/** A process's CPU time so far (user + system), ms; its command name. */
export const processCpu = async (pid: number | string) => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S };
  } catch {
    return null;
  }
};
