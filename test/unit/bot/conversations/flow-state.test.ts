import { describe, expect, it } from "vitest";
import { applyPrefill, createRequestOf, type FlowState, forget, nextStep } from "../../../../src/bot/conversations/flow-state.js";
import { offer } from "../../../harness/quotes.js";
import { CATALOGUE, currency } from "../../../harness/step.js";

const catalogue = { find: (symbol: string, network: string) => CATALOGUE.find((c) => c.symbol === symbol && c.network === network) };
const XRP = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

/** Every answer up to the summary, to XRP (which takes a memo). */
const toXrp = (): FlowState => ({
  from: currency("btc"),
  to: currency("xrp"),
  amount: "0.05",
  offer: offer({ amount: "5000" }),
  quotedAt: 1,
  address: XRP,
  memo: "123",
});

describe("the flow's answers", () => {
  it("ask the first question not answered, the memo only where the currency takes one", () => {
    expect(nextStep({})).toBe("from");
    expect(nextStep({ from: currency("btc") })).toBe("to");
    const state = toXrp();
    expect(nextStep(state)).toBe("confirm");
    delete state.memo;
    expect(nextStep(state)).toBe("memo");
    state.memo = null; // "my wallet needs no memo", confirmed
    expect(nextStep(state)).toBe("confirm");
    expect(nextStep({ ...toXrp(), to: currency("usdt", "trx"), memo: undefined })).toBe("confirm");
  });

  it("forget what depends on a changed answer, and keep the rest", () => {
    const to = toXrp();
    forget(to, "to");
    expect(to).toEqual({ from: currency("btc"), amount: "0.05" });
    expect(nextStep(to)).toBe("to");

    const from = toXrp();
    forget(from, "from");
    expect(from).toEqual({ to: currency("xrp"), address: XRP, memo: "123" });

    const amount = toXrp();
    forget(amount, "amount");
    expect(amount).toEqual({ from: currency("btc"), to: currency("xrp"), address: XRP, memo: "123" });

    const address = toXrp();
    forget(address, "address");
    expect(nextStep(address)).toBe("address");
    expect(address.offer).toBeDefined();
    expect(address.memo).toBe("123");
  });

  it("make the request to create: no memo is an empty one, a fixed offer a fixed exchange", () => {
    expect(createRequestOf({ ...toXrp(), memo: null, offer: offer({ exchange_type: "fixed" }) })).toEqual({
      providerName: "Changelly",
      symbolFrom: "btc",
      networkFrom: "btc",
      symbolTo: "xrp",
      networkTo: "xrp",
      toAddress: XRP,
      toExtraId: "",
      amount: "0.05",
      fixed: true,
    });
  });

  it("take what a deep link named where the catalogue and the amount rules agree", () => {
    const link = (from: [string, string], to: [string, string], amount?: string) => ({
      from: { symbol: from[0], network: from[1] },
      to: { symbol: to[0], network: to[1] },
      ...(amount === undefined ? {} : { amount }),
    });
    expect(applyPrefill(catalogue, link(["btc", "btc"], ["usdt", "trx"], "0.5"))).toEqual({
      from: currency("btc"),
      to: currency("usdt", "trx"),
      amount: "0.5",
    });
    expect(applyPrefill(catalogue, link(["btc", "btc"], ["btc", "btc"], "0.5"))).toEqual({ from: currency("btc"), amount: "0.5" });
    expect(applyPrefill(catalogue, link(["nope", "nope"], ["eth", "eth"], "0.5"))).toEqual({ to: currency("eth") });
    expect(applyPrefill(catalogue, link(["btc", "btc"], ["eth", "eth"], "1,000"))).toEqual({ from: currency("btc"), to: currency("eth") });
    expect(applyPrefill(catalogue, undefined)).toEqual({});
  });
});
