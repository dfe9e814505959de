import { afterEach, describe, expect, it } from "vitest";
import type { TestUser } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { letTimePass } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";

/**
 * Slow exchanges explained (issue 40): past a status's usual time (the deposit network's
 * confirmations; the provider's usual time to exchange and to send) the owner is told once what
 * is happening and what to do; past three times it, the card says "later than usual" and
 * support's /late lists it.
 */
let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const STAFF = 9441;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const slowMessages = (user: TestUser) => user.messages().filter((m) => m.from_bot && /Taking longer than usual/.test(m.text ?? ""));

describe("an exchange later than usual (issue 40)", () => {
  it("confirming a Bitcoin deposit: one message past the usual hour, with the deposit's transaction; the card and /late past three", async () => {
    const w = (world = await startWorld({ SUPPORT_USER_IDS: String(STAFF) }));
    const user = w.tg.user({ id: 9442, first_name: "Slo", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    const sandbox = w.app.sandbox!;
    sandbox.setTimeline(exchangeId, { confirming: 24 * HOUR });
    expect(sandbox.steer(exchangeId, "deposit-arrived")).toBe(true);
    await letTimePass(w, 2 * MINUTE, 15_000);
    expect(user.lastMessage()?.text).toContain("Confirming");

    // Bitcoin's confirmations usually take about an hour: not slow before.
    await letTimePass(w, 50 * MINUTE, MINUTE);
    expect(slowMessages(user)).toEqual([]);
    await letTimePass(w, 20 * MINUTE, MINUTE);
    expect(slowMessages(user)).toHaveLength(1);
    const slow = slowMessages(user)[0]!;
    expect(slow.text).toContain(`exchange ${exchangeId}`);
    expect(slow.text).toContain("waits for the Bitcoin network's confirmations, which usually take about 60 min");
    expect(slow.text).toMatch(/Your deposit on the network: \S+/);
    expect(slow.text).toMatch(/If nothing has changed in \d+ min, ask for help with the exchange ID: tap 🧾 For support on the card/);
    expect(card.text).not.toContain("Later than usual");

    // Three hours in the status: the card says so, once more no message, and support sees it.
    await letTimePass(w, 2 * HOUR, MINUTE);
    expect(slowMessages(user)).toHaveLength(1);
    expect(card.text).toMatch(/⚠️ Later than usual: 🔎 Confirming your deposit since \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const staff = w.tg.user({ id: STAFF, first_name: "Sam", language_code: "en" });
    await staff.send("/late");
    const list = (await staff.nextMessage()).text ?? "";
    expect(list).toContain("Later than usual (1), the longest first:");
    expect(list).toContain(exchangeId);

    // Once it moves on, it is no longer late.
    sandbox.setTimeline(exchangeId, { confirming: 0 });
    await letTimePass(w, HOUR, MINUTE);
    expect(card.text).not.toContain("Later than usual");
    await staff.send("/late");
    expect((await staff.nextMessage()).text).toMatch(/^No exchange is later than usual\./);
  });

  it("exchanging and sending: the provider's usual half hour, each said once in its own words", async () => {
    const w = (world = await startWorld());
    const sandbox = w.app.sandbox!;
    const ex = w.tg.user({ id: 9443, first_name: "Exa", language_code: "en" });
    const se = w.tg.user({ id: 9444, first_name: "Sen", language_code: "en" });
    const exchanging = (await createViaFlow(ex)).exchangeId;
    const sending = (await createViaFlow(se)).exchangeId;
    sandbox.setTimeline(exchanging, { confirming: MINUTE, exchanging: 24 * HOUR });
    sandbox.setTimeline(sending, { confirming: MINUTE, exchanging: MINUTE, sending: 24 * HOUR });
    for (const id of [exchanging, sending]) expect(sandbox.steer(id, "deposit-arrived")).toBe(true);
    await letTimePass(w, 5 * MINUTE, 15_000);
    expect(slowMessages(ex)).toEqual([]);
    await letTimePass(w, 40 * MINUTE, MINUTE);
    expect(slowMessages(ex).map((m) => m.text)).toEqual([
      expect.stringMatching(/is exchanging your BTC for USDT \(TRX\), which usually takes about 30 min/),
    ]);
    expect(slowMessages(se).map((m) => m.text)).toEqual([
      expect.stringMatching(
        /is sending about [\d.,]+ USDT \(TRX\) to TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj, which usually takes about 30 min\. The Tron \(TRC-20\) network may be busy\./,
      ),
    ]);
    await letTimePass(w, HOUR, MINUTE);
    expect(slowMessages(ex)).toHaveLength(1);
    expect(slowMessages(se)).toHaveLength(1);
  });
});
