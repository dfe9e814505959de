import { beforeEach, describe, expect, it } from "vitest";
import { chooseOffer } from "../../../../src/bot/conversations/offers.js";
import { ManualClock } from "../../../../src/clock.js";
import { offer, offered, offerSourceOf, type Quotes, quotes } from "../../../harness/quotes.js";
import { currency, labels, runStep, snapshot } from "../../../harness/step.js";

const swap = { from: currency("btc"), to: currency("usdt", "trx"), amount: "0.05" };
const changelly = offer();
const fixedFloat = offer({ provider_name: "FixedFloat", exchange_type: "fixed", amount: "3390", tags: ["Best Rate"] });

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 30, 5));
});

const choose = (fake: Quotes) => runStep((conversation, ui) => chooseOffer(ui, offerSourceOf(conversation, fake), swap));

describe("the offers step", () => {
  it("lists the offers best first, each a button naming its provider; the one tapped is returned", async () => {
    const fake = quotes([offered([changelly, fixedFloat], clock.now())]);
    const run = await choose(fake);
    expect(run.last().text).toBe(
      [
        "0.05 BTC → USDT (TRX)",
        "Offers, best first · quoted at 12:30:05 UTC (0 s ago)",
        "",
        "1. Changelly: 3,401.2 USDT (TRX) · floating rate",
        "    limits: 0.001 – no maximum BTC",
        "2. FixedFloat: 3,390 USDT (TRX) (-0.33%) · fixed rate",
        "    limits: 0.001 – no maximum BTC",
        "   💰 Best rate",
      ].join("\n"),
    );
    expect(labels(run.last())).toEqual([
      "Changelly · 3,401.2 USDT",
      "FixedFloat · 3,390 USDT",
      "🔄 Refresh",
      "✏️ Change amount",
      "🔔 Set a rate alert…",
    ]);

    await run.tap("FixedFloat · 3,390 USDT");
    expect(run.result).toEqual({ kind: "offer", offer: fixedFloat, fetchedAt: clock.now() });
    expect(fake.asked).toEqual(["now", "forget"]);
  });

  it("refuses an offer whose limits the amount is outside, saying them", async () => {
    const narrow = offer({ provider_name: "Exolix", amount: "3500", min_amount: "0.1", max_amount: "2" });
    const run = await choose(quotes([offered([narrow, changelly], clock.now())]));
    const turn = await run.tap(/^Exolix/);
    expect(turn.sent.map((m) => m.text)).toEqual([
      "Exolix accepts from 0.1 to 2 BTC; you entered 0.05. Pick another offer or change the amount.",
    ]);
    expect(run.done).toBe(false);
    await run.tap(/^Changelly/);
    expect(run.result).toMatchObject({ kind: "offer", offer: changelly });
  });

  it("refreshes in place; a tap on an offer of the list before turns away", async () => {
    const fake = quotes([offered([changelly, fixedFloat], clock.now())]);
    const run = await choose(fake);
    const before = snapshot(run.last());
    await clock.advance(20_000);
    fake.ready.push(offered([fixedFloat, changelly], clock.now()));

    const refreshed = await run.tap("🔄 Refresh");
    expect(refreshed.sent).toEqual([]);
    expect(refreshed.edited.map((m) => m.message_id)).toEqual([before.message_id]);
    expect(run.last().text).toMatch(/^0\.05 BTC → USDT \(TRX\)\nOffers, best first · quoted at 12:30:25 UTC \(0 s ago\)\n\n1\. FixedFloat/);
    expect(fake.asked).toEqual(["now", "now fresh"]);

    // The first button of the old list was Changelly's; now it is FixedFloat's: the old tap must not pick either.
    const stale = await run.tap("Changelly · 3,401.2 USDT", before);
    expect(stale.toast).toBe("This button has expired.");
    expect(run.done).toBe(false);
    await run.tap("Changelly · 3,401.2 USDT");
    expect(run.result).toMatchObject({ kind: "offer", offer: changelly });
  });

  it("goes back to change the amount", async () => {
    const fake = quotes([offered([changelly], clock.now())]);
    const run = await choose(fake);
    await run.tap("✏️ Change amount");
    expect(run.result).toEqual({ kind: "change", what: "amount" });
    expect(fake.asked).toEqual(["now", "forget"]);
  });

  it("stands in with a waiting screen while the quote waits in line, and shows it once it came", async () => {
    const fake = quotes([null]);
    const run = await choose(fake);
    const waiting = run.last();
    expect(waiting.text).toBe("⏳ Getting offers for 0.05 BTC → USDT (TRX)…");
    expect(labels(waiting)).toEqual(["✏️ Change amount"]);
    expect(fake.asked).toEqual(["now", `deliver #${waiting.message_id} offers`]);

    // Delivered in the background, but its screen could not be updated: a message of the person shows it.
    fake.delivered = offered([changelly], clock.now());
    const turn = await run.send("hello?");
    expect(turn.edited.map((m) => m.message_id)).toEqual([waiting.message_id]);
    expect(labels(waiting)[0]).toBe("Changelly · 3,401.2 USDT");
    expect(turn.sent.map((m) => m.text)).toEqual(["Please tap one of the buttons above."]);

    await run.tap("Changelly · 3,401.2 USDT");
    expect(run.result).toMatchObject({ kind: "offer", offer: changelly });
  });

  it("says when this pair cannot be exchanged, with ways out", async () => {
    const run = await choose(quotes([{ kind: "pair-invalid" }]));
    expect(run.last().text).toBe("This pair can't be exchanged: BTC → USDT (TRX). Please pick another currency.");
    expect(labels(run.last())).toEqual(["✏️ Change amount", "Change what I send", "Change what I receive"]);
    await run.tap("Change what I receive");
    expect(run.result).toEqual({ kind: "change", what: "to" });
  });
});
