import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../src/emulator/index.js";
import type { Fault } from "../../../src/exchange/sandbox/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { drive, letTimePass } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The status messages about `status` (its title) that reached the chat. */
function statusMessages(w: TestWorld, chatId: number, title: string): string[] {
  return w.tg
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId && c.response.ok && String(c.payload.text).startsWith(`<b>${title}</b>`))
    .map((c) => String(c.payload.text));
}

/** The status messages about `status` sent again after a send that may have arrived, saying so first. */
function repeats(w: TestWorld, chatId: number, title: string): string[] {
  return w.tg
    .callsTo("sendMessage")
    .filter(
      (c) =>
        c.payload.chat_id === chatId &&
        c.response.ok &&
        String(c.payload.text).startsWith("🔁 Sent again") &&
        String(c.payload.text).includes(`<b>${title}</b>`),
    )
    .map((c) => String(c.payload.text));
}

const HOUR = 60 * 60_000;
const NOT_FOUND: Fault = { kind: "status", status: 200, body: JSON.stringify({ status: "Error", message: "Transaction not found" }) };

describe("a status message is sent once, when an owed message and a poll overlap", () => {
  it("a newer status whose message was on its way when the owed one went out is sent again after a stop only marked as a possible repeat, when tracking later stops", async () => {
    world = await startWorld({ SHUTDOWN_GRACE_SECONDS: "1" });
    const user = world.tg.user({ id: 9301, first_name: "Eve", language_code: "en" });
    const { exchangeId } = await createViaFlow(user);
    const { sandbox, repos, tracker } = world.app;
    sandbox!.setScenario(exchangeId, "overdue");
    const status = async () => (await world!.app.repos.transactions.find(exchangeId))!.status;

    // The deposit arrives; it is exchanged for weeks. Telegram fails the "confirming" message: it is owed.
    sandbox!.setTimeline(exchangeId, { confirming: 2 * 60_000, exchanging: 30 * 24 * HOUR });
    sandbox!.steer(exchangeId, "deposit-arrived");
    world.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await tracker.refresh(exchangeId);
    expect(await status()).toBe("confirming");
    expect((await repos.transactions.find(exchangeId))!.noticeRetryAt).not.toBeNull();

    // The owed "confirming" goes out, and Telegram is slow with it.
    const owed = world.tg.holdNext("sendMessage");
    await drive(world.clock, owed.arrived, { stepMs: 5_000, maxMs: 5 * 60_000 });
    // Meanwhile a poll records "exchanging"; its message waits behind the slow one.
    await drive(
      world.clock,
      waitFor(async () => (await status()) === "exchanging" || undefined, 60_000, "the poll to record exchanging"),
      { stepMs: 5_000, maxMs: 10 * 60_000 },
    );

    // "Confirming" arrives; "exchanging" goes out next, and the process stops before hearing back.
    const newer = world.tg.holdNext("sendMessage");
    owed.release();
    await newer.arrived;
    await world.restart(async () => {
      newer.release();
      await waitFor(
        () => statusMessages(world!, user.id, "🔄 Exchanging").length > 0 || undefined,
        5_000,
        "the exchanging message to arrive",
      );
    });

    // Later the service stops knowing the exchange, and the tracker stops following it.
    world.app.sandbox!.faults.inject(NOT_FOUND, { endpoint: "getTransactionInfo", times: 100 });
    await letTimePass(world, HOUR, 30_000);
    expect((await world.app.repos.transactions.find(exchangeId))!.trackingStoppedReason).toBe("not-found");
    expect(statusMessages(world, user.id, "🔎 Confirming your deposit")).toHaveLength(1);
    expect(statusMessages(world, user.id, "🔄 Exchanging")).toHaveLength(1);
    // The process stopped before hearing back (or heard back as it stopped: the race is the
    // machine's): its message may have arrived, so it may go once more, saying it may repeat the
    // last, and only once (that send was sure).
    expect(repeats(world, user.id, "🔄 Exchanging").length).toBeLessThanOrEqual(1);
    expect(repeats(world, user.id, "🔎 Confirming your deposit")).toHaveLength(0);
  });
});
