import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import {
  type ApiCall,
  type BotApiEmulator,
  type StoredMessage,
  startBotApiEmulator,
  type TestUser,
  waitFor,
} from "../../../src/emulator/index.js";
import { Outbox, TELEGRAM_FLOOD_LIMITS } from "../../../src/telegram/outbox.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { captureLogs, drive } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";

/**
 * Telegram's flood limits, as the emulator enforces them strictly: over one message a second
 * in a chat, twenty a minute in a group or thirty a second overall is answered 429. The bot
 * paces itself so that Telegram never has to say so, and waits out every 429 it still gets.
 */
let world: TestWorld | undefined;
let tg: BotApiEmulator | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  await tg?.close();
  tg = undefined;
});

const refused = (calls: readonly ApiCall[]) =>
  calls.filter((call) => !call.response.ok && (call.response as { error_code?: number }).error_code === 429);

async function strictWorld(): Promise<TestWorld> {
  world = await startWorld({}, { floodLimits: TELEGRAM_FLOOD_LIMITS });
  world.tg.enforceFloodLimits();
  return world;
}

/** The bot's messages in the user's chat after `after`, oldest first. */
function botMessagesAfter(user: TestUser, after: StoredMessage): StoredMessage[] {
  return user.messages().filter((m) => m.from_bot && m.message_id > after.message_id);
}

describe("replies under Telegram's flood limits", () => {
  it("a whole exchange flow and a burst of /status replies: every message arrives, in order, and Telegram never has to answer 429", async () => {
    const w = await strictWorld();
    const user = w.tg.user({ id: 8801, first_name: "Flo", language_code: "en" });
    const started = w.clock.now();
    const { exchangeId, card } = await drive(w.clock, createViaFlow(user), { stepMs: 100 });
    // About a second per message of the flow; a replayed step paced again would take minutes.
    expect(w.clock.now() - started).toBeLessThan(30_000);

    for (let i = 0; i < 5; i++) await user.send(`/status ${exchangeId}`);
    const cards = () =>
      user.messages().filter((m) => m.from_bot && m.message_id > card.message_id && m.text?.includes(`Exchange ${exchangeId}`));
    await drive(
      w.clock,
      waitFor(() => cards().length >= 5, 20_000, "five /status cards"),
      { stepMs: 100 },
    );
    expect(cards()).toHaveLength(5);
    // The emulator checks one a second per chat on its clock, and refused nothing.
    expect(refused(w.tg.calls)).toEqual([]);
  });

  it("a reply Telegram refuses with 429 four times running is waited out each time and still arrives", async () => {
    const w = await strictWorld();
    const user = w.tg.user({ id: 8802, first_name: "Ro", language_code: "en" });
    w.tg.failNext("sendMessage", { error_code: 429, retry_after: 5 }, 4);
    const before = w.clock.now();
    await user.send("/help");
    const reply = await drive(w.clock, user.nextMessage({ timeoutMs: 10_000 }), { stepMs: 500 });
    expect(reply.text).toContain("/exchange");
    // Each retry_after was honoured on the bot's clock.
    expect(w.clock.now() - before).toBeGreaterThanOrEqual(20_000);
    expect(w.logs.filter((l) => /Telegram asked to wait \(429\)/.test(l.msg))).toHaveLength(4);
  });

  it("gives a reply up only past the bound, and says so in the log", async () => {
    const w = await strictWorld();
    const user = w.tg.user({ id: 8803, first_name: "Bo", language_code: "en" });
    w.tg.failNext("sendMessage", { error_code: 429, retry_after: 100 }, 2);
    await user.send("/help");
    await drive(
      w.clock,
      waitFor(() => w.logs.some((l) => /past the bound/.test(l.msg)), 10_000, "the bound to be logged"),
      { stepMs: 1_000 },
    );
    const line = w.logs.find((l) => /past the bound/.test(l.msg))!;
    expect(line).toMatchObject({ level: 50, chatId: "8803", method: "sendMessage", boundMs: TELEGRAM_FLOOD_LIMITS.maxWaitMs });
    expect(user.messages().filter((m) => m.from_bot)).toHaveLength(0);
  });
});

describe("status messages under Telegram's flood limits", () => {
  it("a status message Telegram keeps refusing with 429 is owed, not lost: the tracker delivers it once Telegram takes it", async () => {
    const w = await strictWorld();
    const user = w.tg.user({ id: 8804, first_name: "Sia", language_code: "en" });
    const { exchangeId } = await drive(w.clock, createViaFlow(user), { stepMs: 100 });
    const qr = user.lastMessage()!;
    w.tg.failNext("sendMessage", { error_code: 429, retry_after: 40 }, 3);
    expect(w.app.sandbox!.steer(exchangeId, "deposit-arrived")).toBe(true);
    const news = await drive(
      w.clock,
      waitFor(() => botMessagesAfter(user, qr)[0], 60_000, "the status message"),
      { stepMs: 1_000, maxMs: 30 * 60_000 },
    );
    // Said late, it says where the exchange stands by then (the sandbox moves on meanwhile).
    expect(news.text).toMatch(/Confirming|Exchanging|Sending/);
    // Owed each time Telegram refused it, and while the chat is held for Telegram's wait; only
    // the three refusals reached Telegram: nothing was sent into a chat Telegram asked to wait.
    expect(w.logs.filter((l) => /tried again later/.test(l.msg)).length).toBeGreaterThanOrEqual(3);
    expect(refused(w.tg.calls)).toHaveLength(3);
  });
});

describe("the outbox against Telegram's limits", () => {
  async function pacedApi(limits = TELEGRAM_FLOOD_LIMITS): Promise<{ api: Api; clock: ManualClock; tg: BotApiEmulator; outbox: Outbox }> {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
    tg = await startBotApiEmulator({ clock: () => clock.now() });
    tg.enforceFloodLimits();
    const outbox = new Outbox({ clock, logger: captureLogs().logger, limits });
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    api.config.use(outbox.transformer({ retry: true }));
    return { api, clock, tg, outbox };
  }

  it("forgets the chats it has no limit left to remember, and still keeps a busy group to its minute", async () => {
    // No overall pace here (thirty a second would make this take 40 s of simulated time): a chat's and a group's limits only.
    const { api, clock, tg: emulator, outbox } = await pacedApi({ ...TELEGRAM_FLOOD_LIMITS, globalGapMs: 0 });
    emulator.enforceFloodLimits({ perSecond: Number.POSITIVE_INFINITY });
    emulator.group({ id: -1009988770001, title: "Busy", admins: [8810] });
    const start = clock.now();
    await drive(clock, Promise.all(Array.from({ length: 20 }, (_, i) => api.sendMessage(-1009988770001, `message ${i + 1}`))), {
      stepMs: 500,
    });
    // 1,200 people get a message each: past a thousand chats, those with nothing left to count are forgotten.
    const people = Array.from({ length: 1_200 }, (_, i) => emulator.user({ id: 9_100_000 + i, first_name: "P" }));
    for (const person of people) await person.send("/start");
    await Promise.all(people.map((person) => api.sendMessage(person.id, "news")));
    expect(outbox.chatsRemembered()).toBe(1_201);
    await clock.advance(2_000);
    await drive(clock, api.sendMessage(-1009988770001, "message 21"), { stepMs: 500 });
    expect(refused(emulator.calls)).toEqual([]);
    expect(emulator.callsTo("sendMessage").filter((c) => c.response.ok)).toHaveLength(1_221);
    // The group's twenty-first still waited for its minute, though a thousand other chats came and went.
    const group = emulator.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === -1009988770001);
    expect(group.at(-1)!.at - start).toBeGreaterThanOrEqual(60_000);
    expect(outbox.chatsRemembered()).toBe(1);
  });

  it("keeps a group to twenty messages a minute: the twenty-first waits for the minute, none is refused", async () => {
    const { api, clock, tg: emulator } = await pacedApi();
    emulator.group({ id: -1009988776655, title: "Busy", admins: [8810] });
    const start = clock.now();
    const sends = Array.from({ length: 25 }, (_, i) => api.sendMessage(-1009988776655, `message ${i + 1}`));
    await drive(clock, Promise.all(sends), { stepMs: 500 });
    const sent = emulator.callsTo("sendMessage");
    expect(refused(emulator.calls)).toEqual([]);
    expect(sent).toHaveLength(25);
    expect(sent.map((c) => (c.payload as { text: string }).text)).toEqual(Array.from({ length: 25 }, (_, i) => `message ${i + 1}`));
    expect(sent[20]!.at - start).toBeGreaterThanOrEqual(60_000);
  });

  it("shares a group's minute and the overall rate among the processes of the bot: two, each at its share, are never refused together", async () => {
    const { api, clock, tg: emulator, outbox } = await pacedApi();
    // A chat's one-second gap is not what this is about: both processes post into every chat here at once.
    emulator.enforceFloodLimits({ chatGapMs: 0 });
    // A second process of the same bot: its own outbox, on the same Telegram.
    const other = new Outbox({ clock, logger: captureLogs().logger, limits: TELEGRAM_FLOOD_LIMITS });
    const otherApi = new Api(emulator.token, { apiRoot: emulator.apiRoot });
    otherApi.config.use(other.transformer({ retry: true }));
    outbox.shareWith(2);
    other.shareWith(2);
    emulator.group({ id: -1009988776600, title: "Shared", admins: [8810] });
    const groups = Array.from({ length: 30 }, (_, i) => -1001000000100 - i);
    for (const id of groups) emulator.group({ id, title: `Group ${id}`, admins: [8810] });
    const start = clock.now();
    const sends = [api, otherApi].flatMap((each, p) => [
      ...Array.from({ length: 12 }, (_, i) => each.sendMessage(-1009988776600, `p${p} message ${i + 1}`)),
      ...groups.map((id) => each.sendMessage(id, `p${p} news`)),
    ]);
    await drive(clock, Promise.all(sends), { stepMs: 50 });
    expect(refused(emulator.calls)).toEqual([]);
    const shared = emulator.callsTo("sendMessage").filter((c) => (c.payload as { chat_id: number }).chat_id === -1009988776600);
    expect(shared).toHaveLength(24);
    // Ten a minute each: the twenty-first message into the group waits for the minute.
    expect(shared[20]!.at - start).toBeGreaterThanOrEqual(60_000);
  });

  it("keeps to thirty messages a second overall across many chats", async () => {
    const { api, clock, tg: emulator } = await pacedApi();
    const groups = Array.from({ length: 45 }, (_, i) => -1001000000000 - i);
    for (const id of groups) emulator.group({ id, title: `Group ${id}`, admins: [8810] });
    await drive(clock, Promise.all(groups.map((id) => api.sendMessage(id, "news"))), { stepMs: 50 });
    expect(refused(emulator.calls)).toEqual([]);
    expect(emulator.callsTo("sendMessage").filter((c) => c.response.ok)).toHaveLength(45);
  });
});
