/**
 * The soak's report (test/soak/report.ts): a violation names the faults around when what broke
 * happened, if the check knew, else around when it was found.
 */
import { describe, expect, it } from "vitest";
import { buildReport, type RunFacts } from "../../soak/report.js";
import type { SoakEvent, SoakWorld } from "../../soak/world.js";

const run: RunFacts = {
  seed: 7,
  startedAt: "2025-01-01T00:00:00Z",
  machine: "test",
  database: "memory",
  people: 1,
  actedMs: 600_000,
  totalMs: 600_000,
  highLimit: 60,
  memory: [],
};

function violations(events: SoakEvent[]): string[] {
  const world = {
    events,
    facts: { confirms: [], updates: [], exchanges: [] },
    fleet: { sandbox: { requests: [] } },
    rateLimits: [{ from: 0, perMinute: 60 }],
    startedAt: 0,
  } as unknown as SoakWorld;
  return buildReport(world, run).violations;
}

describe("the report's violations", () => {
  const faults: SoakEvent[] = [
    { at: 10_000, kind: "fault", fault: "kill", target: 1, detail: "SIGKILL" },
    { at: 20_000, kind: "fault-over", fault: "kill", target: 1, detail: "SIGKILL" },
    { at: 200_000, kind: "fault", fault: "tg-outage", detail: "502" },
  ];

  it("names the faults around when it happened, and that time", () => {
    const found = violations([...faults, { at: 210_000, kind: "violation", invariant: "x", detail: "d", happenedAt: 15_000 }]);
    expect(found).toEqual(["[3:30] seed 7 · x · happened at 0:15: d\n    around: kill 0:10–0:20: SIGKILL"]);
  });

  it("names the faults around when it was found, if the check did not say when it happened", () => {
    const found = violations([...faults, { at: 210_000, kind: "violation", invariant: "x", detail: "d" }]);
    expect(found).toEqual(["[3:30] seed 7 · x: d\n    around: tg-outage 3:20–…: 502"]);
  });
});
