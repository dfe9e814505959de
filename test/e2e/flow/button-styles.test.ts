/**
 * Telegram's button styles (Bot API 9.4), through the real bot on the emulator and the sandbox:
 * green on what goes ahead with an exchange, red on Cancel and destructive choices, nothing else.
 */
import type { InlineKeyboardButton } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { toSummary } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const TRON_ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

/** Every styled button of a message: label → style. */
function styles(message: StoredMessage): Record<string, string> {
  const found: Record<string, string> = {};
  for (const button of (message.reply_markup?.inline_keyboard ?? []).flat())
    if (button.style !== undefined) found[button.text] = button.style;
  return found;
}

describe("the summary's buttons", () => {
  it("Confirm is green (success), Cancel red (danger), Change plain, as the bot sent them", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9701, first_name: "Ada", language_code: "en" });
    const summary = await toSummary(user, { from: "btc btc", to: "usdt trx", amount: "0.05", address: TRON_ADDRESS });
    expect(styles(summary)).toEqual({ "✅ Confirm": "success", "✖️ Cancel": "danger" });
    // As sent over the Bot API, not only as stored.
    const markupOf = (payload: Record<string, unknown>) =>
      (typeof payload.reply_markup === "string" ? JSON.parse(payload.reply_markup) : payload.reply_markup) as
        | { inline_keyboard: InlineKeyboardButton[][] }
        | undefined;
    const sent = world.tg
      .callsTo("sendMessage")
      .map((call) => markupOf(call.payload))
      .filter((markup) => markup?.inline_keyboard.flat().some((button) => button.text === "✅ Confirm"))
      .at(-1)!;
    expect(sent.inline_keyboard.flat().map((button) => [button.text, button.style])).toEqual([
      ["✅ Confirm", "success"],
      ["✏️ Change", undefined],
      ["✖️ Cancel", "danger"],
    ]);
  });
});
