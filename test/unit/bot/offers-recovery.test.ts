/**
 * When the leader's recovery pass looks for offers lists whose process stopped (the pass itself,
 * through the real bot, is in e2e/budget/waits.test.ts and fleet/three-instances.test.ts): often while another
 * process has one unanswered, seldom when none has, and at once when a process is counted gone.
 */
import { describe, expect, it } from "vitest";
import {
  OFFERS_RECOVERY_EVERY_MS,
  OFFERS_RECOVERY_IDLE_MS,
  type RecoveryPass,
  startOffersRecovery,
} from "../../../src/bot/conversations/offers-recovery.js";
import { ManualClock } from "../../../src/clock.js";
import { captureLogs } from "../../harness/drive.js";

/** The recovery's schedule on a manual clock, its passes answering `watching` as told; when each pass ran. */
function recovery(clock: ManualClock) {
  const passes: number[] = [];
  let watching = false;
  let hold: Promise<void> | undefined;
  const pass = async (): Promise<RecoveryPass> => {
    passes.push(clock.now());
    await hold;
    return { taken: 0, watching };
  };
  const started = startOffersRecovery({ clock, logger: captureLogs().logger, pass });
  return {
    ...started,
    passes,
    watch: (value: boolean) => void (watching = value),
    /** The next pass waits until the returned function is called. */
    holdNext: () => {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe("the offers' recovery schedule", () => {
  it("looks every 5 s while another process has a list unanswered, every minute once none has", async () => {
    const clock = new ManualClock(0);
    const r = recovery(clock);
    r.watch(true);
    await clock.advance(3 * OFFERS_RECOVERY_EVERY_MS);
    expect(r.passes).toEqual([5_000, 10_000, 15_000]);

    r.watch(false);
    await clock.advance(OFFERS_RECOVERY_EVERY_MS + 2 * OFFERS_RECOVERY_IDLE_MS);
    expect(r.passes).toEqual([5_000, 10_000, 15_000, 20_000, 80_000, 140_000]);
    await r.stop();
  });

  it("looks at once when woken (a process was counted gone), then keeps its pace", async () => {
    const clock = new ManualClock(0);
    const r = recovery(clock);
    await clock.advance(OFFERS_RECOVERY_EVERY_MS);
    expect(r.passes).toEqual([5_000]);

    await clock.advance(10_000);
    r.wake();
    await clock.advance(0);
    expect(r.passes).toEqual([5_000, 15_000]);
    await clock.advance(OFFERS_RECOVERY_IDLE_MS);
    expect(r.passes).toEqual([5_000, 15_000, 75_000]);
    await r.stop();
  });

  it("looks again as soon as a pass ends when woken while it ran (the process may have gone after it read)", async () => {
    const clock = new ManualClock(0);
    const r = recovery(clock);
    const release = r.holdNext();
    await clock.advance(OFFERS_RECOVERY_EVERY_MS);
    r.wake();
    await clock.advance(1_000);
    expect(r.passes).toEqual([5_000]);
    release();
    await clock.advance(0);
    expect(r.passes).toEqual([5_000, 6_000]);
    await r.stop();
  });

  it("looks no more once stopped, woken or not", async () => {
    const clock = new ManualClock(0);
    const r = recovery(clock);
    await r.stop();
    r.wake();
    await clock.advance(2 * OFFERS_RECOVERY_IDLE_MS);
    expect(r.passes).toEqual([]);
  });
});
