import { beforeEach, describe, expect, it } from "vitest";
import type { FlowState } from "../../../../src/bot/conversations/flow-state.js";
import { nextBestOffer } from "../../../../src/bot/conversations/next-best.js";
import { ManualClock } from "../../../../src/clock.js";
import { offer, offered, offerSourceOf, type Quotes, quotes } from "../../../harness/quotes.js";
import { currency, labels, runStep } from "../../../harness/step.js";

const REFUSAL = "The exchange service did not accept the request.";
const refused = offer({ provider_name: "Changelly", exchange_type: "fixed", amount: "3420" });

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock();
});

const answered = (): FlowState => ({
  from: currency("btc"),
  to: currency("usdt", "trx"),
  amount: "0.05",
  offer: refused,
  quotedAt: clock.now(),
  address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
});
const nextBest = (fake: Quotes) => runStep((conversation, ui) => nextBestOffer(ui, offerSourceOf(conversation, fake), answered(), REFUSAL));

describe("the next best offer after a refusal", () => {
  it("is the best of the other providers that take the amount, from a fresh quote, said nothing about", async () => {
    const exolix = offer({ provider_name: "Exolix", amount: "3300" });
    const fake = quotes([
      offered(
        [
          offer({ provider_name: "Changelly", exchange_type: "floating", amount: "3410" }),
          offer({ provider_name: "FixedFloat", amount: "3400", max_amount: "0.01" }),
          exolix,
          offer({ provider_name: "SimpleSwap", amount: "3200" }),
        ],
        clock.now(),
      ),
    ]);
    const run = await nextBest(fake);
    expect(run.result).toEqual({ kind: "offer", offer: exolix, fetchedAt: clock.now(), told: false });
    expect(fake.asked).toEqual(["now fresh"]);
    expect(run.sent).toEqual([]);
  });

  it("is none when no other provider takes the amount, or the quote failed", async () => {
    const alone = await nextBest(quotes([offered([offer({ provider_name: "Changelly", exchange_type: "floating" })], clock.now())]));
    expect(alone.result).toEqual({ kind: "none", told: false });
    const failed = await nextBest(quotes([{ kind: "error", error: { kind: "unavailable" } }]));
    expect(failed.result).toEqual({ kind: "none", told: false });
  });

  it("says the refusal first when the quote waits in line, and shows the offer once it is in", async () => {
    const fake = quotes([null]);
    const run = await nextBest(fake);
    const [refusal, waiting] = run.sent;
    expect(refusal!.text).toBe(REFUSAL);
    expect(waiting!.text).toBe("⏳ Looking for the next best offer for you.");
    expect(labels(waiting!)).toEqual(["✖️ Cancel"]);
    expect(fake.asked).toEqual(["now fresh", `deliver #${waiting!.message_id} next-best fresh`]);

    const early = await run.send("?");
    expect(early.sent.map((m) => m.text)).toEqual(["⏳ Still looking: a button will appear here as soon as the offers are in."]);

    const exolix = offer({ provider_name: "Exolix", amount: "3300" });
    fake.delivered = offered([exolix], clock.now());
    // The background could not update the message: the next input of the person does.
    const late = await run.send("?");
    expect(late.edited.map((m) => [m.message_id, m.text, labels(m)])).toEqual([
      [waiting!.message_id, "✅ The offers are in. Tap below to see the next best one.", ["👀 See the offer"]],
    ]);
    await run.tap("👀 See the offer");
    expect(run.result).toEqual({ kind: "offer", offer: exolix, fetchedAt: clock.now(), told: true });
  });

  it("is cancelled while it waits", async () => {
    const fake = quotes([null]);
    const run = await nextBest(fake);
    await run.tap("✖️ Cancel");
    expect(run.result).toEqual({ kind: "cancel" });
    expect(fake.asked.at(-1)).toBe("forget");
  });
});
