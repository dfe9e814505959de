import { describe, expect, it } from "vitest";
import { depositNeedsMemo, depositView } from "../../../src/domain/deposit.js";

describe("the deposit rule", () => {
  it("needs a memo where the catalogue says so, and on TON, XRP, XLM, EOS and HBAR whatever it says", () => {
    expect(depositNeedsMemo("bsc", true)).toBe(true);
    expect(depositNeedsMemo("btc", false)).toBe(false);
    expect(depositNeedsMemo("btc", undefined)).toBe(false);
    for (const network of ["ton", "TON", "xrp", "xlm", "eos", "hbar"]) expect(depositNeedsMemo(network, false)).toBe(true);
  });

  it("never shows a deposit address that needs a memo without it", () => {
    expect(depositView({ addressFrom: "EQabc", extraFrom: null, networkFrom: "ton" }, true)).toEqual({ kind: "missing-memo" });
    expect(depositView({ addressFrom: "EQabc", extraFrom: "  ", networkFrom: "ton" }, true)).toEqual({ kind: "missing-memo" });
    expect(depositView({ addressFrom: null, extraFrom: "123", networkFrom: "xrp" }, true)).toEqual({ kind: "missing-address" });
    expect(depositView({ addressFrom: " ", extraFrom: null, networkFrom: "btc" }, false)).toEqual({ kind: "missing-address" });
    expect(depositView({ addressFrom: "rAbc", extraFrom: "42", networkFrom: "xrp" }, true)).toEqual({
      kind: "complete",
      address: "rAbc",
      memo: "42",
    });
    expect(depositView({ addressFrom: "bc1q", extraFrom: null, networkFrom: "btc" }, false)).toEqual({
      kind: "complete",
      address: "bc1q",
      memo: null,
    });
    // A memo the service gives where none is needed is still shown: it costs nothing to include.
    expect(depositView({ addressFrom: "bc1q", extraFrom: "7", networkFrom: "btc" }, false)).toEqual({
      kind: "complete",
      address: "bc1q",
      memo: "7",
    });
  });
});
