import { describe, expect, it } from "vitest";
import { planLowPhases } from "../../soak/limits.js";
import { Random } from "../../soak/random.js";
import { faultSpans, faultsAround, maxInWindow } from "../../soak/report.js";
import { drawSchedule, type ScheduleOptions } from "../../soak/schedule.js";
import type { SoakEvent } from "../../soak/world.js";

const FIVE_MINUTES: ScheduleOptions = { runMs: 300_000, quietStartMs: 15_000, quietEndMs: 30_000, meanGapMs: 10_000, instanceCount: 3 };

describe("the fault schedule", () => {
  it("is the same for the same seed, and another for another", () => {
    const once = drawSchedule(new Random(39), FIVE_MINUTES);
    expect(drawSchedule(new Random(39), FIVE_MINUTES)).toEqual(once);
    expect(drawSchedule(new Random(40), FIVE_MINUTES)).not.toEqual(once);
  });

  it("strikes in order, inside the run's loud part, at least 2 s apart, on instances that exist", () => {
    const schedule = drawSchedule(new Random(7), { ...FIVE_MINUTES, runMs: 3_600_000 });
    expect(schedule.length).toBeGreaterThan(100);
    schedule.forEach((fault, i) => {
      expect(fault.atMs).toBeGreaterThanOrEqual(15_000);
      expect(fault.atMs).toBeLessThanOrEqual(3_570_000);
      if (i > 0) expect(fault.atMs - schedule[i - 1]!.atMs).toBeGreaterThanOrEqual(2_000);
      if ("target" in fault && fault.target !== "leader") expect([0, 1, 2]).toContain(fault.target);
    });
    // Every kind comes up in an hour.
    expect(new Set(schedule.map((fault) => fault.kind)).size).toBe(15);
  });

  it("gives CI's short run (seed 39, five minutes) at least 20 faults", () => {
    expect(drawSchedule(new Random(39).fork(), FIVE_MINUTES).length).toBeGreaterThanOrEqual(20);
  });
});

describe("the phases at the real limit", () => {
  it("holds one of at least three minutes in a short run, none in a too short one, one quarter hour in a long one", () => {
    expect(planLowPhases(300_000)).toEqual([{ fromMs: 90_000, toMs: 270_000 }]);
    expect(planLowPhases(180_000)).toEqual([]);
    expect(planLowPhases(4 * 3_600_000)).toEqual([{ fromMs: 35 * 60_000, toMs: 50 * 60_000 }]);
  });
});

describe("the report", () => {
  it("counts the most calls in a 60 s window ending in a span", () => {
    const requests = [0, 10_000, 59_000, 60_000, 61_000, 200_000].map((at) => ({ at }) as never);
    expect(maxInWindow(requests, 0, Number.POSITIVE_INFINITY)).toBe(4);
    expect(maxInWindow(requests, 100_000, Number.POSITIVE_INFINITY)).toBe(1);
  });

  it("names the faults on at a time, or over less than 30 s before it", () => {
    const events: SoakEvent[] = [
      { at: 1_000, kind: "fault", fault: "freeze", target: 1, detail: "SIGSTOP instance 1 for 5.0 s" },
      { at: 2_000, kind: "fault", fault: "tg-offline", detail: "Telegram refuses connections" },
      { at: 6_000, kind: "fault-over", fault: "freeze", target: 1, detail: "SIGSTOP instance 1 for 5.0 s" },
    ];
    const spans = faultSpans(events);
    expect(faultsAround(spans, 3_000)).toHaveLength(2);
    expect(faultsAround(spans, 40_000)).toEqual(["tg-offline 0:02–…: Telegram refuses connections"]);
  });
});
