import { afterEach, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { letTimePass } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The card as the person's app shows it now. */
function current(w: TestWorld, message: StoredMessage): StoredMessage {
  return w.tg.messages(message.chat_id).find((m) => m.message_id === message.message_id)!;
}

describe("the status card whose edit Telegram did not take", () => {
  it("is brought up to date once Telegram works again: an exchange that ended never keeps a card saying it waits", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9351, first_name: "Cleo", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);
    expect(card.text).toContain("Waiting for your deposit");

    // The exchange fails; the status message goes out, but Telegram answers the card's edit 502.
    w.app.sandbox!.steer(exchangeId, "fail");
    w.tg.failNext("editMessageText", { error_code: 502, description: "Bad Gateway" }, 1);
    await w.app.tracker.refresh(exchangeId);
    expect((await w.app.repos.transactions.find(exchangeId))!.status).toBe("failed");
    expect(user.messages().some((m) => m.text?.startsWith("❌ Failed"))).toBe(true);
    expect(current(w, card).text).toContain("Waiting for your deposit");

    // A minute later the card says what happened.
    await letTimePass(w, 60_000, 5_000);
    expect(current(w, card).text).toContain("❌ Failed");
    expect(current(w, card).text).not.toContain("Waiting for your deposit");
  });

  it("is edited again when the edit's answer was lost (the edit may not have been made), and only the card changes", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9352, first_name: "Dan", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);

    // A proxy's error page: Telegram may or may not have made the edit (here it did not).
    w.app.sandbox!.steer(exchangeId, "refund");
    w.tg.failNext("editMessageText", { error_code: 502, html: true }, 2);
    await w.app.tracker.refresh(exchangeId);
    const messagesAfterRefresh = user.messages().length;
    await letTimePass(w, 3 * 60_000, 5_000);
    expect(current(w, card).text).toContain("↩️ Refunded");
    // Nothing new was said: the status message went once, before.
    expect(user.messages()).toHaveLength(messagesAfterRefresh);
  });
});
