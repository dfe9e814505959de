/**
 * The soak's report (issue 39): what ran (people, updates, exchanges, faults by kind), what broke
 * (violations, each with the faults around it), and how it held (reply times, the time to take
 * over after each kind of fault, calls to the service a minute, memory). Plain text for the
 * terminal, markdown for docs/soak.md.
 */
import type { RecordedRequest } from "../../src/exchange/sandbox/index.js";
import { grewWithTime, type MemorySample, memoryByProcess } from "./memory.js";
import { clock } from "./schedule.js";
import type { SoakEvent, SoakWorld } from "./world.js";

/** What main.ts knows of the run besides the world. */
export interface RunFacts {
  seed: number;
  /** The date and time it started (ISO). */
  startedAt: string;
  machine: string;
  database: string;
  people: number;
  /** How long the people acted, and the whole run with its settling, in ms. */
  actedMs: number;
  totalMs: number;
  /** The limit for most of the run. */
  highLimit: number;
  memory: readonly MemorySample[];
}

/** A fault's time on, from its `fault` event to its `fault-over` (undefined: never over). */
interface FaultSpan {
  kind: string;
  target?: number;
  detail: string;
  from: number;
  to?: number;
}

/** How long after a fault ended a violation is still said to be around it. */
const AROUND_AFTER_MS = 30_000;

export function faultSpans(events: readonly SoakEvent[]): FaultSpan[] {
  const spans: FaultSpan[] = [];
  const open = new Map<string, FaultSpan[]>();
  for (const event of events) {
    if (event.kind !== "fault" && event.kind !== "fault-over") continue;
    const key = `${event.fault}|${event.target}|${event.detail}`;
    if (event.kind === "fault") {
      const span: FaultSpan = { kind: event.fault, target: event.target, detail: event.detail ?? "", from: event.at };
      spans.push(span);
      open.set(key, [...(open.get(key) ?? []), span]);
    } else {
      const span = open.get(key)?.shift();
      if (span) span.to = event.at;
    }
  }
  return spans;
}

/** The faults on at `at`, or over less than 30 s before it, as lines. */
export function faultsAround(spans: readonly FaultSpan[], at: number): string[] {
  return spans
    .filter((span) => span.from <= at && (span.to === undefined || span.to + AROUND_AFTER_MS >= at))
    .map((span) => `${span.kind} ${clock(span.from)}–${span.to === undefined ? "…" : clock(span.to)}: ${span.detail}`);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The most requests in any 60 s window ending in [from, to) (epoch ms); `requests` in order of arrival. */
export function maxInWindow(requests: readonly RecordedRequest[], from: number, to: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < requests.length; end++) {
    const at = requests[end]!.at;
    while (requests[start]!.at <= at - 60_000) start++;
    if (at >= from && at < to) most = Math.max(most, end - start + 1);
  }
  return most;
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`);

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

const listCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${n}`)
    .join(", ") || "none";

/** The report's lines: [heading, value] pairs, and the violations apart. */
export interface Report {
  rows: [string, string][];
  violations: string[];
}

export function buildReport(world: SoakWorld, run: RunFacts): Report {
  const { events, facts } = world;
  // In order of arrival (they are recorded once their body is read, so nearly so already).
  const requests = [...world.fleet.sandbox.requests].sort((a, b) => a.at - b.at);
  const replies = facts.updates.flatMap((u) => (u.answeredAt === undefined ? [] : [u.answeredAt - u.sentAt])).sort((a, b) => a - b);
  const created = requests.filter((r) => r.endpoint === "createTransaction" && r.status === 200).length;
  const faults = events.filter((e) => e.kind === "fault");
  const takeovers = events.flatMap((e) => (e.kind === "takeover" ? [e] : []));
  const exits = events.flatMap((e) => (e.kind === "exit" ? [e] : []));
  const minutes = Math.max(1, run.actedMs / 60_000);

  const takeoverByKind = Object.entries(countBy(takeovers, (t) => t.after)).map(([after, n]) => {
    const times = takeovers.filter((t) => t.after === after).map((t) => t.ms);
    return `${after} ${ms(
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      ),
    )} median, ${ms(Math.max(...times))} max (${n})`;
  });

  // Each limit's windows: those ending while it held.
  const limits = world.rateLimits.map((limit, i) => {
    const from = world.startedAt + limit.from;
    const to = world.startedAt + (world.rateLimits[i + 1]?.from ?? Number.POSITIVE_INFINITY);
    return `${limit.perMinute}/min from ${clock(limit.from)}: at most ${maxInWindow(requests, from, to)} in a 60 s window`;
  });

  const memory = memoryByProcess(run.memory);
  const longest = [...new Set(memory.map((p) => p.index))].map((index) => {
    const p = memory.find((m) => m.index === index)!;
    return `instance ${index} (pid ${p.pid}, sampled ${clock(p.spanMs)}): ${p.earlyMb.toFixed(0)} → ${p.lateMb.toFixed(0)} MB, max ${p.maxMb.toFixed(0)} MB`;
  });
  const grew = grewWithTime(memory);

  const spans = faultSpans(events);
  const violations = events.flatMap((e) =>
    e.kind === "violation"
      ? [
          `[${clock(e.at)}] seed ${run.seed} · ${e.invariant}${e.chatId === undefined ? "" : ` · chat ${e.chatId}`}` +
            `${e.happenedAt === undefined ? "" : ` · happened at ${clock(e.happenedAt)}`}: ${e.detail}` +
            faultsAround(spans, e.happenedAt ?? e.at)
              .map((line) => `\n    around: ${line}`)
              .join(""),
        ]
      : [],
  );

  const byScenario = countBy(facts.exchanges, (e) => e.scenario);
  const rows: [string, string][] = [
    ["seed", `${run.seed} (replay: npm run soak -- --seed ${run.seed} --minutes ${Math.round(run.actedMs / 60_000)})`],
    ["started", run.startedAt],
    ["machine", run.machine],
    ["database", run.database],
    ["length", `${clock(run.actedMs)} of people and faults, ${clock(run.totalMs)} in all with settling`],
    ["people", String(run.people)],
    ["updates", `${facts.updates.length} sent, ${replies.length} answered; ${facts.confirms.length} Confirm taps`],
    ["reply time", `p50 ${ms(percentile(replies, 50))}, p99 ${ms(percentile(replies, 99))}`],
    ["exchanges", `${created} created at the service; followed to the end by people: ${listCounts(byScenario)}`],
    ["faults", `${faults.length}: ${listCounts(countBy(faults, (f) => (f.kind === "fault" ? f.fault : "")))}`],
    ["time to take over", takeoverByKind.join("; ") || "no leader was struck"],
    ["processes ended", listCounts(countBy(exits, (e) => e.cause))],
    [
      "calls to the service",
      `${requests.length} (${(requests.length / minutes).toFixed(1)} a minute on average), ` +
        `${requests.filter((r) => r.status === 429).length} answered 429; ${limits.join("; ")}`,
    ],
    ["memory", `${longest.join("; ") || "not sampled"}${grew.length > 0 ? ` — GREW: ${grew.map((p) => `pid ${p.pid}`).join(", ")}` : ""}`],
    ["violations", String(violations.length)],
  ];
  return { rows, violations };
}

export function renderText(report: Report): string {
  const width = Math.max(...report.rows.map(([name]) => name.length));
  const lines = ["", "Soak report", ...report.rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)];
  if (report.violations.length > 0) lines.push("", "Violations:", ...report.violations.map((v) => `  ${v}`));
  return `${lines.join("\n")}\n`;
}

export function renderMarkdown(report: Report): string {
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", "<br>");
  const lines = ["| | |", "|---|---|", ...report.rows.map(([name, value]) => `| ${cell(name)} | ${cell(value)} |`)];
  if (report.violations.length > 0) lines.push("", "Violations:", "", ...report.violations.map((v) => `- ${v.replaceAll("\n", "\n  ")}`));
  return `${lines.join("\n")}\n`;
}
