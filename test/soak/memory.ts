/**
 * The instances' memory over a soak run (issue 39): each running process's resident size, read
 * from /proc (a frozen process has one too, where its /metrics would not answer), sampled every
 * so often; and whether a process that lived long grew with time.
 */
import { readFileSync } from "node:fs";
import type { SoakWorld } from "./world.js";

export interface MemorySample {
  /** ms since the run began. */
  at: number;
  index: number;
  pid: number;
  rssBytes: number;
}

/** A process's resident size in bytes (VmRSS), if /proc has it. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** One sample of every running instance. */
export function sampleMemory(world: SoakWorld, into: MemorySample[]): void {
  world.fleet.instances.forEach((instance, index) => {
    const pid = instance?.bot.child.pid;
    if (pid === undefined || instance?.bot.child.exitCode !== null) return;
    const rssBytes = residentBytes(pid);
    if (rssBytes !== undefined) into.push({ at: world.elapsed(), index, pid, rssBytes });
  });
}

export interface ProcessMemory {
  index: number;
  pid: number;
  /** How long it was sampled, in ms. */
  spanMs: number;
  /** Median resident size over the first and the last third of its life (after the first two minutes), in MB. */
  earlyMb: number;
  lateMb: number;
  maxMb: number;
}

/** Only a process sampled this long is judged (a shorter life says nothing of growth). */
export const JUDGED_AFTER_MS = 20 * 60_000;
const WARM_UP_MS = 2 * 60_000;

/** Each process's memory, the longest-lived first. */
export function memoryByProcess(samples: readonly MemorySample[]): ProcessMemory[] {
  const byPid = new Map<number, MemorySample[]>();
  for (const sample of samples) {
    const list = byPid.get(sample.pid) ?? [];
    list.push(sample);
    byPid.set(sample.pid, list);
  }
  const found: ProcessMemory[] = [];
  for (const [pid, all] of byPid) {
    const first = all[0]!;
    const warm = all.filter((s) => s.at - first.at >= WARM_UP_MS);
    const used = warm.length >= 6 ? warm : all;
    const third = Math.max(1, Math.floor(used.length / 3));
    found.push({
      index: first.index,
      pid,
      spanMs: all[all.length - 1]!.at - first.at,
      earlyMb: median(used.slice(0, third).map(mb)),
      lateMb: median(used.slice(-third).map(mb)),
      maxMb: Math.max(...all.map(mb)),
    });
  }
  return found.sort((a, b) => b.spanMs - a.spanMs);
}

/**
 * Processes that lived at least JUDGED_AFTER_MS and grew: their late median half as much again
 * as their early one, and 40 MB more. A heap that settles after its caches fill does neither.
 */
export function grewWithTime(processes: readonly ProcessMemory[]): ProcessMemory[] {
  return processes.filter((p) => p.spanMs >= JUDGED_AFTER_MS && p.lateMb > p.earlyMb * 1.5 && p.lateMb - p.earlyMb > 40);
}

const mb = (sample: MemorySample) => sample.rssBytes / 1024 ** 2;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
