import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import { askMemo } from "../../../../src/bot/conversations/address-step.js";
import { type FlowUi, STEP_INPUTS_MAX, STEP_TAKEN_KEPT } from "../../../../src/bot/conversations/flow-ui.js";
import { askAmount, type PairDeps, pickerDataOf } from "../../../../src/bot/conversations/pair-and-amount.js";
import { pickCurrency } from "../../../../src/bot/conversations/pick-currency.js";
import { CurrencyIndex } from "../../../../src/domain/currency-search.js";
import { CATALOGUE, currency, labels, runStep, snapshot } from "../../../harness/step.js";

const STEP_AGAIN =
  "Many of your answers here were not what this step needs, so I am asking it again from the start. Everything you chose before is kept; /cancel leaves the exchange.";
const EXPIRED = "This button has expired.";

/** A prompt with one button, and what the person answers to it. */
async function ask(ui: FlowUi, question: string, label: string, action: string) {
  await ui.prompt((button) => ({ text: question, keyboard: new InlineKeyboard().text(label, button("", action).callback_data) }));
  return ui.input();
}

describe("the flow's input", () => {
  it("takes a tap on the current prompt's button, and turns away one of an older prompt", async () => {
    const run = await runStep(async (_conversation, ui) => [await ask(ui, "First?", "A", "a"), await ask(ui, "Second?", "B", "b")]);
    const first = run.last();
    const tapped = await run.tap("A", first);
    expect(tapped.toast).toBe("");
    expect(run.last().text).toBe("Second?");

    const stale = await run.tap("A", first);
    expect(stale.toast).toBe(EXPIRED);
    expect(stale.sent).toEqual([]);
    expect(run.done).toBe(false);

    await run.tap("B");
    expect(run.result).toEqual([
      { kind: "button", action: "a", arg: "" },
      { kind: "button", action: "b", arg: "" },
    ]);
  });

  it("turns away a button of another run of the flow, or that is not the flow's", async () => {
    const run = await runStep((_conversation, ui) => ask(ui, "Which?", "A", "a"));
    const prompt = run.last();
    const own = prompt.keyboard[0]![0]!.callback_data!;
    const other = await run.press({ text: "A", callback_data: own.replace(run.flowId, "zzz999") }, prompt);
    expect(other.toast).toBe(EXPIRED);
    const menu = await run.press({ text: "Menu", callback_data: "m:exchange" }, prompt);
    expect(menu.toast).toBe(EXPIRED);
    expect(run.done).toBe(false);
    await run.tap("A");
    expect(run.result).toEqual({ kind: "button", action: "a", arg: "" });
  });

  it("takes a tap whose answer Telegram refuses (a query answered already, or too old)", async () => {
    const refuse = {
      ok: false as const,
      error_code: 400,
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    };
    const run = await runStep((_conversation, ui) => ask(ui, "Which?", "A", "a"), {
      answer: (call) => (call.method === "answerCallbackQuery" ? refuse : undefined),
    });
    const turn = await run.tap("A");
    expect(turn.calls.map((call) => call.method)).toEqual(["answerCallbackQuery"]);
    expect(run.result).toEqual({ kind: "button", action: "a", arg: "" });
  });

  it("answers a command or a message without text with a hint, and keeps waiting", async () => {
    const run = await runStep((_conversation, ui) => ask(ui, "Which?", "A", "a"));
    const command = await run.send("/help");
    expect(command.sent.map((m) => m.text)).toEqual(["That command doesn't work here. Type /cancel to leave the exchange."]);
    const sticker = await run.post({
      sticker: { file_id: "s1", file_unique_id: "u1", type: "regular", width: 1, height: 1, is_animated: false, is_video: false },
    });
    expect(sticker.sent.map((m) => m.text)).toEqual(["Please type your answer or tap a button."]);
    expect(run.done).toBe(false);
    await run.send("typed");
    expect(run.result).toEqual({ kind: "text", text: "typed" });
  });
});

describe("a step given too many wrong inputs", () => {
  it(`is asked again from its start after ${STEP_INPUTS_MAX}, and its stored log is cut back`, async () => {
    const run = await runStep((_conversation, ui) => askAmount(ui, currency("btc")));
    const prompt = run.last();
    for (let i = 1; i < STEP_INPUTS_MAX; i++) {
      const turn = await run.send(`garbage ${i}`);
      expect(turn.sent.map((m) => m.text)).toEqual(["That is not a number I can read. Type an amount like 0.5 or 1 000."]);
    }
    const grown = run.storedBytes();

    const last = await run.send("garbage again");
    expect(last.sent.map((m) => m.text)).toEqual([
      "That is not a number I can read. Type an amount like 0.5 or 1 000.",
      STEP_AGAIN,
      "How much BTC do you want to send? For example 0.5.",
    ]);
    expect(last.sent[2]!.message_id).not.toBe(prompt.message_id);
    expect(run.storedBytes()).toBeLessThan(grown / 2);

    // Counted afresh: as many wrong inputs again, less one, are answered as before.
    for (let i = 1; i < STEP_INPUTS_MAX; i++) expect((await run.send("?")).sent).toHaveLength(1);
    await run.send("0.5");
    expect(run.result).toBe("0.5");
  });

  it("keeps the buttons of the prompts before the restart expired", async () => {
    const run = await runStep((_conversation, ui) => askMemo(ui, currency("xrp")));
    const before = run.last();
    for (let i = 0; i < STEP_INPUTS_MAX; i++) await run.send("not a tag");
    const again = run.last();
    expect(again.message_id).not.toBe(before.message_id);
    expect(again.text).toBe(before.text);

    const stale = await run.tap("My wallet needs no memo", before);
    expect(stale.toast).toBe(EXPIRED);
    expect(stale.sent).toEqual([]);
    const current = await run.tap("My wallet needs no memo", again);
    expect(current.sent.map((m) => m.text)).toEqual([expect.stringMatching(/^Are you sure\?/)]);
  });
});

describe("a step that keeps taking inputs without finishing (browsing)", () => {
  it(`starts again quietly past ${STEP_TAKEN_KEPT} of them, where the person is, its buttons still working`, async () => {
    const index = new CurrencyIndex(CATALOGUE);
    const deps = {
      repos: { transactions: { listByUser: async () => [] } },
      catalogue: { currencies: () => CATALOGUE, find: () => undefined },
      currencyIndex: () => index,
      availability: { current: () => undefined },
    } as unknown as PairDeps;
    const run = await runStep((conversation, ui) => pickCurrency(ui, pickerDataOf(conversation, deps, 5001), "from"));
    await run.send("usdt");
    const list = run.last();
    const firstPage = snapshot(list);

    await run.tap("›");
    await run.tap("‹");
    const settled = run.storedBytes();
    for (let i = 0; i < 10; i++) {
      const next = await run.tap("›");
      expect(next.sent).toEqual([]);
      const back = await run.tap("‹");
      expect(back.sent).toEqual([]);
    }
    // Twenty page turns later the stored flow is no larger (but for ids a digit longer): each quiet restart cut it back.
    expect(run.storedBytes()).toBeLessThan(settled + 50);
    expect(run.chat.filter((m) => m.text === STEP_AGAIN)).toEqual([]);
    expect(labels(list)).toEqual(labels(firstPage));

    // The list's buttons still work, those of the page shown first included.
    await run.tap(/^TRX ·/, firstPage);
    expect(run.result.currency).toMatchObject({ symbol: "usdt", network: "trx" });
  });
});
