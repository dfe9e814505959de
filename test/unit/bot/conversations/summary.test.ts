import { beforeEach, describe, expect, it } from "vitest";
import type { FlowState } from "../../../../src/bot/conversations/flow-state.js";
import type { QuoteOutcome } from "../../../../src/bot/conversations/offers.js";
import { confirm, requoteIfOld } from "../../../../src/bot/conversations/summary.js";
import { ManualClock } from "../../../../src/clock.js";
import type { Offer } from "../../../../src/service/schemas.js";
import { answeredFlow, offer, offered, offerSourceOf, quotes, TRON_ADDRESS as TRON } from "../../../harness/quotes.js";
import { currency, labels, runStep } from "../../../harness/step.js";

const XRP = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock();
});

/** Every answer of a flow at its summary, quoted now (test/harness/quotes.ts). */
const answered = (overrides: Partial<FlowState> = {}): FlowState => answeredFlow(clock.now(), overrides);

describe("the summary", () => {
  it("shows every answer and what the quote means, with Confirm, Change and Cancel; Confirm confirms", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered()));
    expect(run.last().text).toBe(
      [
        "Please check everything",
        "",
        "Send: 0.05 BTC",
        "Receive about: 3,401.2 USDT (TRX)",
        "Rate: 1 BTC = 68,024 USDT (TRX)",
        "Provider: Changelly (floating rate)",
        `To address (Tron (TRC-20)): ${TRON}`,
        "",
        "⏱ This quote holds for 60 s: after that, Confirm checks it again before anything is created.",
        "Floating rate: the amount you receive follows the market until your coins are exchanged, so it may end up a little higher or lower.",
      ].join("\n"),
    );
    expect(run.last().keyboard).toEqual([
      [expect.objectContaining({ text: "✅ Confirm", style: "success" })],
      [expect.objectContaining({ text: "✏️ Change" }), expect.objectContaining({ text: "✖️ Cancel", style: "danger" })],
    ]);

    const turn = await run.tap("✅ Confirm");
    expect(turn.toast).toBe("");
    expect(turn.sent).toEqual([]);
    expect(run.result).toBe("confirm");
  });

  it("says a fixed rate holds 30 s, and shows the memo, or that there is none", async () => {
    const fixed = await runStep((_conversation, ui) =>
      confirm(ui, answered({ to: currency("xrp"), address: XRP, memo: "123", offer: offer({ exchange_type: "fixed", amount: "50" }) })),
    );
    expect(fixed.last().text).toContain("Memo: 123");
    expect(fixed.last().text).toContain("⏱ This quote holds for 30 s");
    expect(fixed.last().text).toContain("Fixed rate: the provider promises the amount shown");

    const none = await runStep((_conversation, ui) => confirm(ui, answered({ to: currency("xrp"), address: XRP, memo: null })));
    expect(none.last().text).toContain("Memo: none (you confirmed your wallet needs none)");
  });

  it("puts what happened just before above it, in the same message", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered(), "Changelly could not take it."));
    expect(run.sent).toHaveLength(1);
    expect(run.last().text).toMatch(/^Changelly could not take it\.\n\nPlease check everything\n/);
  });

  it("cancels", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered()));
    await run.tap("✖️ Cancel");
    expect(run.result).toBe("cancel");
  });

  it("asks for a tap when the person types", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered()));
    const turn = await run.send("ok");
    expect(turn.sent.map((m) => m.text)).toEqual(["Please tap one of the buttons above."]);
    expect(run.done).toBe(false);
  });

  it("asks what to change; the memo is offered only where the currency takes one", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered()));
    const change = await run.tap("✏️ Change");
    expect(change.sent.map((m) => [m.text, labels(m)])).toEqual([
      ["What do you want to change?", ["What I send", "What I receive", "Amount", "Offer", "Address"]],
    ]);
    await run.tap("Address");
    expect(run.result).toBe("address");

    const memo = await runStep((_conversation, ui) => confirm(ui, answered({ to: currency("xrp"), address: XRP, memo: "1" })));
    await memo.tap("✏️ Change");
    expect(labels(memo.last())).toContain("Memo");
    await memo.tap("Memo");
    expect(memo.result).toBe("memo");
  });

  it("turns away a second tap on a summary already answered: it never confirms the next one", async () => {
    // As the flow does after a refusal: the summary again, for a new Confirm.
    const run = await runStep(async (_conversation, ui) => [await confirm(ui, answered()), await confirm(ui, answered())]);
    const first = run.last();
    await run.tap("✅ Confirm", first);
    const second = run.last();
    expect(second.message_id).not.toBe(first.message_id);

    const again = await run.tap("✅ Confirm", first);
    expect(again.toast).toBe("This button has expired.");
    expect(again.sent).toEqual([]);
    expect(run.done).toBe(false);

    await run.tap("✖️ Cancel", second);
    expect(run.result).toEqual(["confirm", "cancel"]);
  });

  it("turns away Change tapped twice: the second tap is on a summary no longer current", async () => {
    const run = await runStep((_conversation, ui) => confirm(ui, answered()));
    const summary = run.last();
    await run.tap("✏️ Change", summary);
    const twice = await run.tap("✏️ Change", summary);
    expect(twice.toast).toBe("This button has expired.");
    expect(twice.sent).toEqual([]);
    await run.tap("Amount");
    expect(run.result).toBe("amount");
  });
});

describe("the check of an old quote after Confirm", () => {
  /** requoteIfOld on the answers `state` gives, with `ready` as the fresh quotes; returns the verdict and the answers after it. */
  const requote = (state: () => FlowState, ready: QuoteOutcome[]) => {
    const fake = quotes(ready);
    const run = runStep(async (conversation, ui) => {
      const answers = state();
      const verdict = await requoteIfOld(ui, offerSourceOf(conversation, fake), () => conversation.external(() => clock.now()), answers);
      return { verdict, state: answers };
    });
    return { run, asked: () => fake.asked };
  };
  const fresh = (offers: Offer[]): QuoteOutcome => offered(offers, clock.now());

  it("goes on without asking while the quote is recent (a floating one: 60 s)", async () => {
    const quotedAt = clock.now();
    await clock.advance(59_000);
    const { run, asked } = requote(() => answered({ quotedAt }), []);
    expect((await run).result.verdict).toBe("create");
    expect(asked()).toEqual([]);
  });

  it("quotes a fixed rate again past 30 s; the same offer goes on, with its new time", async () => {
    const quotedAt = clock.now();
    await clock.advance(31_000);
    const { run, asked } = requote(
      () => answered({ quotedAt, offer: offer({ exchange_type: "fixed" }) }),
      [fresh([offer({ exchange_type: "fixed", amount: "3400" })])],
    );
    const { result, sent } = await run;
    expect(result.verdict).toBe("create");
    expect(result.state.quotedAt).toBe(clock.now());
    expect(result.state.offer?.amount).toBe("3400");
    expect(asked()).toEqual(["now fresh"]);
    expect(sent).toEqual([]);
  });

  it("shows the new figures when the offer got worse by more than 0.5 %", async () => {
    const quotedAt = clock.now();
    await clock.advance(61_000);
    const { run } = requote(() => answered({ quotedAt }), [fresh([offer({ amount: "3380" })])]);
    const { result, sent } = await run;
    expect(result.verdict).toBe("summary");
    expect(sent.map((m) => m.text)).toEqual([
      "⚠️ The offer has changed since you saw it: you would now receive about 3,380 USDT (TRX) instead of 3,401.2. Here are the new figures: confirm again if they suit you.",
    ]);
    expect(result.state.offer?.amount).toBe("3380");
  });

  it("forgets an offer its provider no longer makes, and says so", async () => {
    const quotedAt = clock.now();
    await clock.advance(61_000);
    const { run } = requote(() => answered({ quotedAt }), [fresh([offer({ provider_name: "FixedFloat" })])]);
    const { result, sent } = await run;
    expect(result.verdict).toBe("summary");
    expect(sent.map((m) => m.text)).toEqual(["⚠️ Changelly no longer offers this exchange. Please pick another offer."]);
    expect(result.state.offer).toBeUndefined();
  });
});
