import { afterEach, describe, expect, it } from "vitest";
import { NOTICE_UNSURE_ATTEMPTS } from "../../../src/tracker/notifier.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { letTimePass } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const REPEAT = "🔁 Sent again in case the previous message did not arrive";

/** The messages about this status that reached the chat (a repeat starts with REPEAT). */
function about(w: TestWorld, chatId: number, title: string): string[] {
  return w.tg
    .messages(chatId)
    .map((m) => m.text ?? "")
    .filter((text) => text.startsWith(title) || (text.startsWith(REPEAT) && text.includes(title)));
}

describe("a status message whose send ended unsure (a proxy's error page: Telegram may or may not have it)", () => {
  it("goes again, saying it may repeat the last one, until one is sure: the person hears that the exchange failed", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9361, first_name: "Ines", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);

    // The exchange fails; Telegram's proxy answers the message with an HTML 502 page, twice.
    w.app.sandbox!.steer(exchangeId, "fail");
    w.tg.failNext("sendMessage", { error_code: 502, html: true }, 2);
    await w.app.tracker.refresh(exchangeId);
    expect(about(w, user.id, "❌ Failed")).toHaveLength(0);

    await letTimePass(w, 5 * 60_000, 5_000);
    const told = about(w, user.id, "❌ Failed");
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(REPEAT);
    // Sure at last: never again.
    await letTimePass(w, 10 * 60_000, 30_000);
    expect(about(w, user.id, "❌ Failed")).toHaveLength(1);
  });

  it("is given up after a few unsure sends, each marked, and the card still ends in the status", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9362, first_name: "Jon", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user);

    w.app.sandbox!.steer(exchangeId, "refund");
    // Every send is answered with a page, but each one arrives (a proxy that lost the answers).
    w.tg.loseAnswerNext("sendMessage", 10);
    await w.app.tracker.refresh(exchangeId);
    await letTimePass(w, 20 * 60_000, 15_000);
    const told = about(w, user.id, "↩️ Refunded");
    expect(told).toHaveLength(NOTICE_UNSURE_ATTEMPTS);
    expect(told.slice(1).every((text) => text.startsWith(REPEAT))).toBe(true);
    expect(told[0]).not.toContain(REPEAT);
    expect(w.tg.messages(user.id).find((m) => m.message_id === card.message_id)!.text).toContain("↩️ Refunded");
  });
});
