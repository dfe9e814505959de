import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { DEFAULT_SLOWNESS, parseConfirmingMinutes, slownessOf, toldOf, usualMs } from "../../../src/domain/slowness.js";

const MINUTE = 60_000;

describe("when an exchange is later than usual", () => {
  it("confirming takes the deposit network's usual time (Bitcoin an hour, Tron five minutes), exchanging and sending the provider's", () => {
    expect(usualMs("confirming", "btc", DEFAULT_SLOWNESS)).toBe(60 * MINUTE);
    expect(usualMs("Confirming", "TRX", DEFAULT_SLOWNESS)).toBe(5 * MINUTE);
    expect(usualMs("confirming", "unknown-chain", DEFAULT_SLOWNESS)).toBe(30 * MINUTE);
    expect(usualMs("exchanging", "btc", DEFAULT_SLOWNESS)).toBe(30 * MINUTE);
    expect(usualMs("sending", "btc", DEFAULT_SLOWNESS)).toBe(30 * MINUTE);
    // Waiting for a deposit is the person's own time; an exchange that ended is never slow.
    for (const status of ["waiting", "finished", "failed", "refunded", "overdue", "hold"])
      expect(usualMs(status, "btc", DEFAULT_SLOWNESS)).toBeUndefined();
  });

  it("is slow past the usual time, late past the factor, and the operator's minutes win over the table", () => {
    expect(slownessOf("confirming", "btc", 59 * MINUTE, DEFAULT_SLOWNESS)).toBe("usual");
    expect(slownessOf("confirming", "btc", 60 * MINUTE, DEFAULT_SLOWNESS)).toBe("slow");
    expect(slownessOf("confirming", "btc", 180 * MINUTE, DEFAULT_SLOWNESS)).toBe("late");
    const settings = { ...DEFAULT_SLOWNESS, confirmingMinutes: { btc: 90, "*": 10 } };
    expect(usualMs("confirming", "btc", settings)).toBe(90 * MINUTE);
    expect(usualMs("confirming", "trx", settings)).toBe(5 * MINUTE);
    expect(usualMs("confirming", "unknown-chain", settings)).toBe(10 * MINUTE);
  });

  it("reads what was said of the current status only", () => {
    expect(toldOf(null, "confirming")).toBe("usual");
    expect(toldOf("confirming", "confirming")).toBe("slow");
    expect(toldOf("confirming:late", "confirming")).toBe("late");
    expect(toldOf("confirming:late", "exchanging")).toBe("usual");
  });

  it("takes SLOW_CONFIRMING_MINUTES as network:minutes pairs, and names the variable of a wrong one", () => {
    expect(parseConfirmingMinutes(" btc:90, *:45 ")).toEqual({ btc: 90, "*": 45 });
    expect(loadConfig({ SLOW_CONFIRMING_MINUTES: "BTC:120", LATE_AFTER_FACTOR: "4" }).slowness).toMatchObject({
      confirmingMinutes: { btc: 120 },
      lateFactor: 4,
    });
    expect(() => loadConfig({ SLOW_CONFIRMING_MINUTES: "btc=90" })).toThrow(/Invalid SLOW_CONFIRMING_MINUTES: .*btc=90/);
    expect(() => loadConfig({ SLOW_CONFIRMING_MINUTES: "btc:0" })).toThrow(/SLOW_CONFIRMING_MINUTES/);
  });
});
