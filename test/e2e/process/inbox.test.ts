import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { InboxRepository, type Store } from "../../../src/db/index.js";
import { type TestUser, waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { toAmount } from "../../harness/flow.js";
import { pressData } from "../../harness/locale-flow.js";
import { testBackEnd } from "../../harness/postgres.js";

/**
 * Nothing Telegram was told arrived is lost (issue 22): every update is stored in the inbox
 * before the webhook's 200 or the next poll's offset, and handled from there.
 */
const SECRET = "webhook-secret-0123456789abcdef";
const WEBHOOK = {
  WEBHOOK_URL: "https://bot.example.test/telegram/hook",
  WEBHOOK_SECRET: SECRET,
  WEBHOOK_PORT: "0",
  WEBHOOK_HOST: "127.0.0.1",
};

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A private message as Telegram would send it. */
function messageUpdate(updateId: number, userId: number, text: string) {
  const from = { id: userId, is_bot: false, first_name: "Ina", language_code: "en" };
  const entities = text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 1_795_000_000,
      chat: { id: userId, type: "private", first_name: "Ina" },
      from,
      text,
      ...(entities ? { entities } : {}),
    },
  };
}

function post(w: TestWorld, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${w.app.ports().webhook}/telegram/hook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
    body: JSON.stringify(body),
  });
}

/** Runs `work` on the world's database, opened as another process would. */
async function onDatabase<T>(w: TestWorld, work: (db: Awaited<ReturnType<typeof openTestStore>>) => Promise<T>): Promise<T> {
  const store = await openTestStore(w);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Another process holds the chat's lease until `until` (the chat's row may be there already, let go). */
function holdLease(store: Store, chatKey: string, owner: string, until: number) {
  return store.db
    .insertInto("chat_leases")
    .values({ chat_key: chatKey, owner, until })
    .onConflict((conflict) => conflict.column("chat_key").doUpdateSet({ owner, until }))
    .execute();
}

/** Stores `updates` as a process that died before handling them would have left them. */
async function leftInInbox(w: TestWorld, updates: ReturnType<typeof messageUpdate>[]): Promise<void> {
  await onDatabase(w, (store) =>
    new InboxRepository(store).add(
      updates.map((u) => ({ updateId: u.update_id, chatKey: `c:${u.message.chat.id}`, payload: JSON.stringify(u) })),
      Date.now(),
    ),
  );
}

/**
 * The emulator knows a chat once its user wrote: a first /help (answered) opens it. Returns
 * the texts the bot sent there since.
 */
async function openChat(w: TestWorld, user: TestUser): Promise<() => string[]> {
  await user.send("/help");
  await user.nextMessage();
  await w.app.idle();
  const fromBot = () =>
    user
      .messages()
      .filter((m) => m.from_bot)
      .map((m) => m.text ?? "");
  const before = fromBot().length;
  return () => fromBot().slice(before);
}

/** Waits for the bot's answer to /help: its "How it works". */
async function helpAnswered(said: () => string[]): Promise<void> {
  await waitFor(() => said().length > 0, 5_000, "the answer to /help");
  expect(said()[0]).toContain("How it works");
}

describe("the inbox", () => {
  it("handles at the next start an update stored but not handled when the process died", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9301, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    await w.restart(() => leftInInbox(w, [messageUpdate(900_001, 9301, "/help")]));
    await helpAnswered(said);
  });

  it("does not apply twice to a flow an update whose process died after the flow had taken it, before the inbox knew", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9309, first_name: "Ina", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    const amountId = 900_010;
    await w.restart(async () => {
      // The amount, handled by a process that saved the flow (offers shown) and died before marking it done.
      await leftInInbox(w, [messageUpdate(amountId, 9309, "0.05")]);
    });
    const offers = await user.nextMessage();
    expect(offers.text).toContain("0.05 BTC → ETH");
    await w.app.idle();
    await w.restart(async () => {
      await onDatabase(w, (store) =>
        store.db
          .updateTable("inbox")
          .set({ done_at: null, attempts: 1, payload: JSON.stringify(messageUpdate(amountId, 9309, "0.05")) })
          .where("update_id", "=", amountId)
          .execute(),
      );
    });
    await w.app.idle();
    // Taken up again, and known as one the flow had taken: nothing said ("Please tap one of the buttons above"), and done.
    expect(user.messages().filter((m) => m.from_bot && m.message_id > offers.message_id)).toEqual([]);
    expect(await w.app.repos.inbox.waiting()).toMatchObject({ count: 0 });
    // The flow goes on from the offers.
    await pressData(user, offers, /:o:0$/);
    expect((await user.nextMessage()).text).toContain("address");
  });

  it("answers an update Telegram delivers twice once", async () => {
    const w = (world = await startWorld(WEBHOOK));
    const user = w.tg.user({ id: 9302, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    const update = messageUpdate(900_002, 9302, "/help");
    expect((await post(w, update)).status).toBe(200);
    expect((await post(w, update)).status).toBe(200);
    await helpAnswered(said);
    await w.app.idle();
    expect(said()).toHaveLength(1);
  });

  it("answers a webhook delivery 500 when the update could not be stored, and Telegram's next delivery is handled", async () => {
    const w = (world = await startWorld(WEBHOOK));
    const user = w.tg.user({ id: 9303, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    await onDatabase(w, (store) => sql`ALTER TABLE inbox RENAME TO inbox_away`.execute(store.db));
    const update = messageUpdate(900_003, 9303, "/help");
    expect((await post(w, update)).status).toBe(500);
    expect(w.logs.some((l) => /an update could not be stored, so Telegram is answered 500/.test(l.msg))).toBe(true);
    await onDatabase(w, (store) => sql`ALTER TABLE inbox_away RENAME TO inbox`.execute(store.db));
    expect((await post(w, update)).status).toBe(200);
    await helpAnswered(said);
  });

  it("polls the same updates again while the database does not take them, and handles them once it does", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9304, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    await onDatabase(w, (store) => sql`ALTER TABLE inbox RENAME TO inbox_away`.execute(store.db));
    await user.send("/help");
    await waitFor(
      () => w.logs.some((l) => /the updates polled could not be stored, so Telegram keeps them/.test(l.msg)),
      5_000,
      "the failure to store logged",
    );
    expect(said()).toHaveLength(0);
    await onDatabase(w, (store) => sql`ALTER TABLE inbox_away RENAME TO inbox`.execute(store.db));
    await helpAnswered(said);
    await w.app.idle();
    expect(said()).toHaveLength(1);
  });

  it.runIf(testBackEnd() === "postgres")(
    "waits out the lease of a process that died while handling a chat, then goes on with the chat (PostgreSQL)",
    async () => {
      const w = (world = await startWorld());
      const user = w.tg.user({ id: 9305, first_name: "Ina", language_code: "en" });
      const said = await openChat(w, user);
      let leaseEnds = 0;
      await w.restart(async () => {
        await leftInInbox(w, [messageUpdate(900_005, 9305, "/help")]);
        leaseEnds = Date.now() + 1_500;
        await onDatabase(w, (store) => holdLease(store, "c:9305", "gone:1:dead", leaseEnds));
      });
      await helpAnswered(said);
      expect(Date.now()).toBeGreaterThanOrEqual(leaseEnds);
    },
  );

  it.runIf(testBackEnd() === "sqlite")(
    "on SQLite, takes up at once the chats a killed process was handling: it is the only process",
    async () => {
      const w = (world = await startWorld());
      const user = w.tg.user({ id: 9308, first_name: "Ina", language_code: "en" });
      const said = await openChat(w, user);
      await w.restart(async () => {
        await leftInInbox(w, [messageUpdate(900_009, 9308, "/help")]);
        await onDatabase(w, (store) => holdLease(store, "c:9308", "gone:1:dead", Date.now() + 600_000));
      });
      await helpAnswered(said);
    },
  );

  it("shows in /metrics the updates waiting and how long the oldest has waited", async () => {
    const w = (world = await startWorld({ HEALTH_PORT: "0" }));
    const user = w.tg.user({ id: 9307, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    // An update stored behind a chat another process holds (longer than the test looks).
    await onDatabase(w, (store) => holdLease(store, "c:9307", "other:1:busy", Date.now() + 600_000));
    await leftInInbox(w, [messageUpdate(900_008, 9307, "/help")]);
    const metric = async (name: string) => {
      const body = await (await fetch(`http://127.0.0.1:${w.app.ports().health}/metrics`)).text();
      return Number(
        body
          .split("\n")
          .find((line) => line.startsWith(`${name} `))
          ?.split(" ")[1],
      );
    };
    expect(await metric("swapbot_inbox_waiting_updates")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await metric("swapbot_inbox_oldest_waiting_seconds")).toBeGreaterThanOrEqual(1);
    // The lease runs out (here: is gone), and the update is handled.
    await onDatabase(w, (store) => store.db.deleteFrom("chat_leases").where("chat_key", "=", "c:9307").execute());
    await helpAnswered(said);
    await w.app.idle();
    expect(await metric("swapbot_inbox_waiting_updates")).toBe(0);
  });

  it("sets aside an update every process stopped on, and goes on with the chat's next one", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 9306, first_name: "Ina", language_code: "en" });
    const said = await openChat(w, user);
    await w.restart(async () => {
      await leftInInbox(w, [messageUpdate(900_006, 9306, "/language"), messageUpdate(900_007, 9306, "/help")]);
      // Taken up three times already, by processes that never finished it.
      await onDatabase(w, (store) => store.db.updateTable("inbox").set({ attempts: 3 }).where("update_id", "=", 900_006).execute());
    });
    await helpAnswered(said);
    await w.app.idle();
    expect(said()).toHaveLength(1);
    expect(w.logs.some((l) => l.level >= 50 && /an update was set aside unhandled/.test(l.msg))).toBe(true);
  });
});
