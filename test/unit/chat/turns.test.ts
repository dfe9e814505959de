import { Api } from "grammy";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { ChatTurns, chatKeyOfChat, chatLeases, TURN_LEASE } from "../../../src/chat/index.js";
import { ManualClock } from "../../../src/clock.js";
import { InboxRepository } from "../../../src/db/index.js";
import { type ApiCall, type BotApiEmulator, startBotApiEmulator } from "../../../src/emulator/index.js";
import { InboxWorker } from "../../../src/inbox/index.js";
import { Outbox, TELEGRAM_FLOOD_LIMITS } from "../../../src/telegram/outbox.js";
import { captureLogs, drive } from "../../harness/drive.js";
import { openFreshStore } from "../../harness/store.js";

/**
 * Telegram's second between two messages into a chat, kept across two processes of the bot:
 * one handles the person's updates (it holds the chat's lease), the other sends a status
 * message (the leader's tracker). Each has its own outbox; the emulator refuses a message
 * less than a second after the last one in the chat, as Telegram does.
 */
let tg: BotApiEmulator | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  await tg?.close();
  tg = undefined;
});

const refused = (calls: readonly ApiCall[]) =>
  calls.filter((call) => !call.response.ok && (call.response as { error_code?: number }).error_code === 429);
const sentAt = (calls: readonly ApiCall[], text: string) =>
  calls.find((call) => call.method === "sendMessage" && call.response.ok && (call.payload as { text: string }).text === text)!.at;

async function twoProcesses(options: { turns: boolean; leaseMs?: number }) {
  const clock = new ManualClock(Date.UTC(2026, 10, 25, 12));
  tg = await startBotApiEmulator({ clock: () => clock.now() });
  tg.enforceFloodLimits();
  const db = await openFreshStore();
  const { logger } = captureLogs();
  // On the test's clock, as both outboxes are: on PostgreSQL `sent_at` would otherwise be on the
  // database's real clock, and under load more real time passes than simulated time between steps.
  const repo = new InboxRepository(db.store, clock);

  // Process a: takes the person's updates from the inbox and replies.
  const outboxA = new Outbox({ clock, logger, limits: TELEGRAM_FLOOD_LIMITS });
  const apiA = new Api(tg.token, { apiRoot: tg.apiRoot });
  apiA.config.use(outboxA.transformer({ retry: true }));
  const worker = new InboxWorker({
    leases: chatLeases(repo, "a"),
    logger,
    handle: async (update: Update) => {
      await apiA.sendMessage(update.message!.chat.id, `reply to ${update.message!.text}`);
    },
    chatSends: outboxA.chatSends,
  });

  // Process b: sends status messages from outside the chat's updates, as the tracker does.
  const outboxB = new Outbox({ clock, logger, limits: TELEGRAM_FLOOD_LIMITS });
  const apiB = new Api(tg.token, { apiRoot: tg.apiRoot });
  apiB.config.use(outboxB.transformer({ retry: false }));
  const turnLeases = chatLeases(
    repo,
    "b/turns",
    options.leaseMs ? { leaseMs: options.leaseMs, renewEveryMs: options.leaseMs / 3 } : TURN_LEASE,
  );
  if (options.turns)
    apiB.config.use(
      new ChatTurns({
        leases: turnLeases,
        outbox: outboxB,
        handlesChat: () => false,
        logger,
        now: () => clock.now(),
      }).transformer({ waitMs: 3_000 }),
    );

  close = async () => {
    await worker.stop(Date.now() + 1_000);
    await db.close();
  };
  let updateId = 0;
  const personWrites = async (chatId: number, text: string) => {
    const update = {
      update_id: ++updateId,
      message: { message_id: updateId, date: 0, chat: { id: chatId, type: "private" as const, first_name: "P" }, text },
    };
    await repo.add([{ updateId: update.update_id, chatKey: chatKeyOfChat(chatId), payload: JSON.stringify(update) }], Date.now());
    worker.offer([chatKeyOfChat(chatId)]);
    await drive(clock, worker.idle(), { stepMs: 50 });
  };
  return { clock, tg, apiB, personWrites, repo };
}

describe("a chat's turns across processes", () => {
  it("a status message from another process right after a reply waits out the chat's second, and Telegram refuses nothing", async () => {
    const { clock, tg, apiB, personWrites } = await twoProcesses({ turns: true });
    await tg.user({ id: 7101, first_name: "P" }).send("/start");
    await personWrites(7101, "/status");
    await drive(clock, apiB.sendMessage(7101, "status changed"), { stepMs: 50 });
    expect(refused(tg.calls)).toEqual([]);
    expect(sentAt(tg.calls, "status changed") - sentAt(tg.calls, "reply to /status")).toBeGreaterThanOrEqual(1_000);
  });

  it("a reply right after another process's status message waits out the chat's second too", async () => {
    const { clock, tg, apiB, personWrites } = await twoProcesses({ turns: true });
    await tg.user({ id: 7102, first_name: "P" }).send("/start");
    await drive(clock, apiB.sendMessage(7102, "status changed"), { stepMs: 50 });
    await personWrites(7102, "/history");
    expect(refused(tg.calls)).toEqual([]);
    expect(sentAt(tg.calls, "reply to /history") - sentAt(tg.calls, "status changed")).toBeGreaterThanOrEqual(1_000);
  });

  it("keeps the chat's turn while Telegram is slow with the message, longer than a turn lasts unrenewed", async () => {
    const { tg, apiB, repo } = await twoProcesses({ turns: true, leaseMs: 300 });
    await tg.user({ id: 7104, first_name: "P" }).send("/start");
    const held = tg.holdNext("sendMessage");
    const sending = apiB.sendMessage(7104, "status changed");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Three leases' time later, the chat is still the sender's: another process cannot take it.
    expect(await repo.takeTurn("c:7104", "other/turns", 10_000)).toBeUndefined();
    held.release();
    await sending;
    expect(await repo.takeTurn("c:7104", "other/turns", 10_000)).toBeDefined();
  });

  it("without the turns, the same status message is refused by Telegram (what this guards against)", async () => {
    const { clock, tg, apiB, personWrites } = await twoProcesses({ turns: false });
    await tg.user({ id: 7103, first_name: "P" }).send("/start");
    await personWrites(7103, "/status");
    await expect(drive(clock, apiB.sendMessage(7103, "status changed"), { stepMs: 50 })).rejects.toThrow(/429|Too Many/);
    expect(refused(tg.calls)).toHaveLength(1);
  });
});
