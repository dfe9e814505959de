/** Driving the bot whatever language it speaks: buttons are found by their callback data, not their labels. */
import type { StoredMessage, TestUser } from "../../src/emulator/index.js";

/** Presses the first button of `message` whose callback data matches; returns the callback query id. */
export function pressData(user: TestUser, message: StoredMessage, data: RegExp): Promise<string> {
  const rows = message.reply_markup?.inline_keyboard ?? [];
  for (const [r, row] of rows.entries()) {
    for (const [c, button] of row.entries()) {
      if ("callback_data" in button && button.callback_data !== undefined && data.test(button.callback_data))
        return user.pressButton(message, r, c);
    }
  }
  const all = rows.flat().map((b) => ("callback_data" in b ? b.callback_data : b.text));
  throw new Error(`no button with data ${String(data)} on message #${message.message_id}: ${all.join(", ")}`);
}
