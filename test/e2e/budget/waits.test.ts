import { afterEach, describe, expect, it } from "vitest";
import { OFFERS_RECOVERY_EVERY_MS } from "../../../src/bot/conversations/offers-recovery.js";
import type { Store } from "../../../src/db/index.js";
import { createRepositories } from "../../../src/db/index.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { openTestStore, startWorld, type TestWorld } from "../../harness/app.js";
import { advanceUntil, drive } from "../../harness/drive.js";
import { offerButtons, toAmount, toSummary } from "../../harness/flow.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const SPAN = 61_000;

/** Somebody else used up this window's calls: every slot taken now. */
async function fillWindow(w: TestWorld): Promise<void> {
  while (w.app.budget.preview("user").position === 0) await w.app.budget.acquire("user");
}

function announcedSeconds(message: StoredMessage): number {
  const match = /you are number (\d+) in line, about (\d+) s/.exec(message.text ?? "");
  if (!match) throw new Error(`no place in line in: ${message.text}`);
  return Number(match[2]);
}

describe("a wait for the budget in private chat", () => {
  it("shows one 'getting offers' message with the true place and wait, answers /help meanwhile, then fills in the offers", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const user = world.tg.user({ id: 8101, first_name: "Wen", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await world.clock.advance(2 * SPAN); // the start-up calls have left the window
    await fillWindow(world);
    const filledAt = world.clock.now();
    await world.clock.advance(7_000);

    await user.send("0.1");
    const waiting = await user.nextMessage();
    expect(waiting.text).toContain("Getting offers for 0.1 BTC → ETH");
    await waitFor(() => /number 1 in line/.test(waiting.text ?? ""), 5_000, "the place in line on the waiting message");
    // The slot frees one span after the window was filled: 61 - 7 = 54 s from now.
    const announced = announcedSeconds(waiting);
    expect(announced).toBe(Math.ceil((filledAt + SPAN - world.clock.now()) / 1000));

    // The chat is not held: /help is answered with the clock standing still.
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("/exchange");

    const waited = await advanceUntil(world.clock, () => offerButtons(waiting).length > 0, 3 * 60_000);
    // What was announced is what happened (to the second the test moves the clock by).
    expect(Math.abs(waited / 1000 - announced)).toBeLessThanOrEqual(1);
    expect(waiting.text).toContain("0.1 BTC → ETH");
    // No second "in line" message was sent: the one message was edited, and nothing else came.
    const since = user.messages().filter((m) => m.from_bot && m.message_id >= waiting.message_id);
    expect(since.map((m) => m.message_id)).toEqual([waiting.message_id, waiting.message_id + 2]); // the wait, the help

    await user.click(waiting, offerButtons(waiting)[0]!);
    expect((await user.nextMessage()).text).toContain("address");
  });

  it.each([
    ["/cancel", "Exchange cancelled."],
    ["/exchange", "What do you want to send?"],
    ["/start", "/exchange"],
  ])("%s while the quote waits is answered at once, and the late quote is not shown", async (command, answer) => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const user = world.tg.user({ id: 8102, first_name: "Xu", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await fillWindow(world);
    await user.send("0.2");
    const waiting = await user.nextMessage();
    expect(waiting.text).toContain("Getting offers");
    await user.send(command);
    expect((await user.nextMessage()).text).toContain(answer);
    const before = world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    await advanceUntil(
      world.clock,
      () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length > before,
      3 * 60_000,
    );
    await world.app.idle();
    expect(offerButtons(waiting)).toHaveLength(0);
    expect(waiting.text).toContain("Getting offers");
  });

  it("a quote that came while its screen could not be updated is shown at the person's next message", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const user = world.tg.user({ id: 8105, first_name: "Ib", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await fillWindow(world);
    await user.send("0.3");
    const waiting = await user.nextMessage();
    await waitFor(() => /number 1 in line/.test(waiting.text ?? ""), 5_000, "the place in line");
    // Up to the last second of the wait: the countdown's edits are all behind, the quote not yet come.
    await world.clock.advance((announcedSeconds(waiting) - 1) * 1000);
    world.tg.failNext("editMessageText", { error_code: 500, description: "Internal Server Error" });
    const estimates = () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const before = estimates();
    await advanceUntil(world.clock, () => estimates() > before, 3 * 60_000);
    await world.app.idle();
    expect(offerButtons(waiting)).toHaveLength(0); // the edit was refused
    await user.send("hello?");
    expect((await user.nextMessage()).text).toContain("tap one of the buttons");
    expect(offerButtons(waiting).length).toBeGreaterThan(0);
    expect(waiting.text).toContain("0.3 BTC → ETH");
  });
});

describe("a quote whose process stopped before it came", () => {
  it("is asked again at the person's next message, and fills in the waiting screen", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const w = world;
    const user = w.tg.user({ id: 8106, first_name: "Ib", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await fillWindow(w);
    await user.send("0.3");
    const waiting = await user.nextMessage();
    await waitFor(() => /number 1 in line/.test(waiting.text ?? ""), 5_000, "the place in line");
    // The process is killed while the quote waits in line: its ticket stays as it was, unanswered.
    const key = `offers:${user.id}`;
    const ticket = await w.app.repos.kv.get<Record<string, unknown>>(key);
    expect(ticket?.outcome).toBeUndefined();
    await w.restart(async () => {
      const store = await openTestStore(w);
      try {
        await createRepositories(store, w.clock).kv.set(key, { ...ticket, owner: "gone:1:killed" });
      } finally {
        await store.close();
      }
    });
    const estimates = () => w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const before = estimates();
    await user.send("hello?");
    expect((await user.nextMessage()).text).toContain("tap one of the buttons");
    // Asked again by this process (in line behind the window the killed one filled), and shown.
    await advanceUntil(w.clock, () => estimates() > before, 3 * 60_000);
    await waitFor(() => offerButtons(waiting).length > 0, 5_000, "the offers on the waiting screen");
    expect(waiting.text).toContain("0.3 BTC → ETH");
  });
});

describe("a quote whose process was killed, with nobody writing (the leader's recovery pass)", () => {
  const key = (userId: number) => `offers:${userId}`;
  const estimatesOf = (w: TestWorld) => () => w.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;

  /** A chat whose offers wait in line for the budget: its "getting offers" message and its ticket, unanswered. */
  async function waitingInLine(
    w: TestWorld,
    user: TestUser,
    amount: string,
  ): Promise<{ waiting: StoredMessage; ticket: Record<string, unknown> }> {
    await toAmount(user, "btc btc", "eth eth");
    await fillWindow(w);
    await user.send(amount);
    const waiting = await user.nextMessage();
    await waitFor(() => /in line|в очереди/.test(waiting.text ?? ""), 5_000, "the place in line");
    const ticket = await w.app.repos.kv.get<Record<string, unknown>>(key(user.id));
    expect(ticket?.outcome).toBeUndefined();
    return { waiting, ticket: ticket! };
  }

  /** Restarts the bot with the chat's ticket as `rewrite` leaves it (a process killed leaves it unanswered, owned by the dead). */
  async function restartWith(w: TestWorld, rewrite: (store: Store) => Promise<void>): Promise<void> {
    await w.restart(async () => {
      const store = await openTestStore(w);
      try {
        await rewrite(store);
      } finally {
        await store.close();
      }
    });
  }

  it.each([
    ["en", "Please tap one of the buttons", "address", "0.3 BTC → ETH"],
    ["ru", "нажмите одну из кнопок", "адрес", "0,3 BTC → ETH"],
  ])(
    "(%s) is fetched again by the leader and the waiting screen becomes the offers, drawn as the flow draws them; a tap on an offer goes on",
    async (language, tapHint, addressWord, header) => {
      world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
      const w = world;
      const user = w.tg.user({ id: 8201, first_name: "Ku", language_code: language });
      const { waiting, ticket } = await waitingInLine(w, user, "0.3");
      await restartWith(w, async (store) => {
        await createRepositories(store, w.clock).kv.set(key(user.id), { ...ticket, owner: "gone:1:killed" });
        // The window the killed process filled is over by the time the new one runs.
        await w.clock.advance(SPAN);
      });
      const estimates = estimatesOf(w);
      const before = estimates();

      // Nobody writes: within one pass, the waiting screen is the offers list.
      const took = await advanceUntil(w.clock, () => offerButtons(waiting).length > 0, OFFERS_RECOVERY_EVERY_MS + 1_000);
      expect(took).toBeLessThanOrEqual(OFFERS_RECOVERY_EVERY_MS + 1_000);
      await w.app.idle();
      expect(estimates()).toBe(before + 1);
      expect(waiting.text).toContain(header);
      const stored = await w.app.repos.kv.get<Record<string, unknown>>(key(user.id));
      expect(stored?.outcome).toMatchObject({ kind: "ok" });
      expect(stored?.owner).not.toBe("gone:1:killed");

      // The flow, at the person's next message, draws the same screen: Telegram is asked to change nothing.
      const edits = waiting.edited;
      await user.send("hello?");
      expect((await user.nextMessage()).text).toContain(tapHint);
      expect(waiting.edited).toBe(edits);
      expect(estimates()).toBe(before + 1);

      await user.click(waiting, offerButtons(waiting)[0]!);
      expect((await user.nextMessage()).text).toContain(addressWord);
    },
  );

  it("is asked once: the person writing after the leader took it over does not ask again", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const w = world;
    const user = w.tg.user({ id: 8202, first_name: "Lo", language_code: "en" });
    const { waiting, ticket } = await waitingInLine(w, user, "0.4");
    await restartWith(w, (store) => createRepositories(store, w.clock).kv.set(key(user.id), { ...ticket, owner: "gone:1:killed" }));
    const estimates = estimatesOf(w);
    const before = estimates();

    // Taken over within a pass (it waits in line again: the window is still full).
    await w.clock.advance(OFFERS_RECOVERY_EVERY_MS + 1_000);
    const taken = await w.app.repos.kv.get<Record<string, unknown>>(key(user.id));
    expect(taken?.owner).not.toBe("gone:1:killed");
    expect(taken?.outcome).toBeUndefined();

    await user.send("hello?");
    expect((await user.nextMessage()).text).toContain("tap one of the buttons");
    await advanceUntil(w.clock, () => offerButtons(waiting).length > 0, 3 * 60_000);
    await w.app.idle();
    expect(estimates()).toBe(before + 1);
    expect(waiting.text).toContain("0.4 BTC → ETH");
  });

  it("leaves alone a ticket whose process still runs, one answered already, and one of an older version (asked again at the next message)", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" });
    const w = world;
    const alive = w.tg.user({ id: 8203, first_name: "Mo", language_code: "en" });
    const answered = w.tg.user({ id: 8204, first_name: "Ny", language_code: "en" });
    const older = w.tg.user({ id: 8205, first_name: "Os", language_code: "en" });
    const a = await waitingInLine(w, alive, "0.5");
    const b = await waitingInLine(w, answered, "0.6");
    const c = await waitingInLine(w, older, "0.7");
    const { flowId, step, about } = c.ticket;
    const rewritten = {
      // Another process of the bot, running (it said so just now).
      [alive.id]: { ...a.ticket, owner: "other:2:alive" },
      // The killed process stored the quote, and was killed before it showed it.
      [answered.id]: { ...b.ticket, owner: "gone:1:killed", outcome: { kind: "below-minimum" } },
      // Written by a version that did not say what the quote was for.
      [older.id]: { flowId, step, owner: "gone:1:killed", about },
    };
    await restartWith(w, async (store) => {
      const repos = createRepositories(store, w.clock);
      for (const [userId, value] of Object.entries(rewritten)) await repos.kv.set(key(Number(userId)), value);
    });
    await w.app.repos.instances.beat("other:2:alive", Date.now());
    const estimates = estimatesOf(w);
    const before = estimates();

    const edits = [a, b, c].map(({ waiting }) => waiting.edited);
    for (let pass = 0; pass < 3; pass++) await w.clock.advance(OFFERS_RECOVERY_EVERY_MS);
    await w.app.idle();
    expect(estimates()).toBe(before);
    for (const [userId, value] of Object.entries(rewritten)) expect(await w.app.repos.kv.get(key(Number(userId)))).toEqual(value);
    expect([a, b, c].map(({ waiting }) => waiting.edited)).toEqual(edits);

    // The older ticket is asked again when its person writes, as before.
    await older.send("hello?");
    expect((await older.nextMessage()).text).toContain("tap one of the buttons");
    await advanceUntil(w.clock, () => offerButtons(c.waiting).length > 0, 3 * 60_000);
    expect(estimates()).toBe(before + 1);
    expect(c.waiting.text).toContain("0.7 BTC → ETH");
  });
});

describe("the re-check of an old quote before creating", () => {
  it("waits in line outside the chat, then offers Confirm; nothing is created before the person confirms", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "6" });
    const user = world.tg.user({ id: 8103, first_name: "Yan", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    await world.clock.advance(2 * SPAN); // the quote is old now, and the window is empty
    await fillWindow(world);
    await user.click(summary, /Confirm/);
    const recheck = await user.nextMessage();
    expect(recheck.text).toContain("checking the offer again");
    await waitFor(() => /number 1 in line/.test(recheck.text ?? ""), 5_000, "the place in line on the re-check");
    // Its Cancel is red, as the summary's.
    expect(recheck.reply_markup?.inline_keyboard.flat().map((b) => [b.text, b.style])).toEqual([["✖️ Cancel", "danger"]]);
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("/exchange");

    await advanceUntil(world.clock, () => /has been checked/.test(recheck.text ?? ""), 3 * 60_000);
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(0);
    // Its Confirm is green, as the summary's.
    expect(recheck.reply_markup?.inline_keyboard.flat().map((b) => [b.text, b.style])).toEqual([["✅ Confirm", "success"]]);
    await user.click(recheck, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(1);
  });

  it("a re-check's Confirm pressed 20 minutes later quotes again and shows what changed instead of creating", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "6" });
    const user = world.tg.user({ id: 8106, first_name: "Ola", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    const shown = /Receive about: ([\d.,]+)/.exec(summary.text ?? "")?.[1];
    await world.clock.advance(2 * SPAN);
    await fillWindow(world);
    await user.click(summary, /Confirm/);
    const recheck = await user.nextMessage();
    await advanceUntil(world.clock, () => /has been checked/.test(recheck.text ?? ""), 3 * 60_000);
    const estimates = () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const checked = estimates();

    await world.clock.advance(20 * 60_000);
    await user.click(recheck, /Confirm/);
    const said = await user.nextMessage();
    // Quoted again before anything is created, and the person sees the figures move.
    expect(estimates()).toBe(checked + 1);
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(0);
    expect(said.text).toContain("The offer has changed");
    expect(said.text).toContain(`instead of ${shown}`);
    const again = await user.nextMessage();
    expect(again.text).toContain("Please check everything");
    // Confirmed at once, the fresh quote is young enough: created.
    await user.click(again, /Confirm/);
    expect((await user.nextMessage()).text).toContain("Exchange created");
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(1);
  });

  it("a fixed rate's quote is checked again sooner than a floating one's (45 s: fixed re-quotes, floating creates)", async () => {
    world = await startWorld();
    const estimates = () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length;
    const swapWith = async (userId: number, provider: string) => {
      const user = world!.tg.user({ id: userId, first_name: "Fix", language_code: "en" });
      const summary = await toSummary(user, {
        from: "btc btc",
        to: "usdt trx",
        amount: "0.05",
        address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
        offer: new RegExp(`^${provider} ·`),
      });
      expect(summary.text).toContain(provider);
      await world!.clock.advance(45_000);
      const before = estimates();
      await user.click(summary, /Confirm/);
      expect((await user.nextMessage()).text).toContain("Exchange created");
      return estimates() - before;
    };
    expect(await swapWith(8107, "fixedfloat")).toBe(1);
    expect(await swapWith(8108, "changenow")).toBe(0);
  });

  it("can be cancelled while it waits", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "6" });
    const user = world.tg.user({ id: 8104, first_name: "Zoe", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    await world.clock.advance(2 * SPAN);
    await fillWindow(world);
    await user.click(summary, /Confirm/);
    const recheck = await user.nextMessage();
    await user.click(recheck, /Cancel/);
    expect((await user.nextMessage()).text).toContain("Exchange cancelled.");
    await advanceUntil(
      world.clock,
      () => world!.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").length >= 2,
      3 * 60_000,
    );
    await world.app.idle();
    expect(recheck.text).not.toContain("has been checked");
    expect(world.app.sandbox!.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(0);
  });
});

describe("a wait for the budget in a group", () => {
  it("16 queued /rate cards hold nobody: /settings and a Refresh tap are answered at once, and each card is filled in as its slot comes", async () => {
    world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "10" });
    const admin = world.tg.user({ id: 8201, first_name: "Ada", language_code: "en" });
    const member = world.tg.user({ id: 8202, first_name: "Bo", language_code: "en" });
    const group = world.tg.group({ id: -1820, title: "Busy traders", type: "supergroup", admins: [8201] });
    group.addMember(admin);
    group.addMember(member);
    // One card quoted while slots were free, for the Refresh tap later.
    await member.send("/rate 1 btc eth", { chat: group });
    const first = await member.nextMessage({ chat: group });
    expect(first.text).toMatch(/Quoted at/);
    await world.clock.advance(SPAN); // the card may be refreshed once a minute
    await fillWindow(world);

    // Sixteen people ask at once (one person alone may ask for only a few new quotes a minute).
    const cards: StoredMessage[] = [];
    for (let i = 0; i < 16; i++) {
      const asker = i === 0 ? member : world.tg.user({ id: 8210 + i, first_name: "Q", language_code: "en" });
      if (i > 0) group.addMember(asker);
      await asker.send(`/rate ${i + 2} btc eth`, { chat: group });
      const isCard = (m: StoredMessage) => m.from_bot === true && (m.text ?? "").includes(`Getting offers for ${i + 2} BTC → ETH`);
      await waitFor(() => group.messages().some(isCard), 5_000, "the card");
      cards.push(group.messages().find(isCard)!);
    }
    // Every card went out at once, saying where its quote stands, and the group shows typing… meanwhile.
    cards.forEach((card, i) => expect(card.text).toContain(`you are number ${i + 1} in line`));
    const typingInGroup = () =>
      world!.tg.callsTo("sendChatAction").filter((c) => (c.payload as { chat_id?: number }).chat_id === -1820).length;
    expect(typingInGroup()).toBe(1); // one indicator for the group, however many cards wait

    // With the clock standing still, so nothing the budget holds can come free.
    await admin.send("/settings", { chat: group });
    await waitFor(() => group.lastMessage()?.text?.includes("settings"), 5_000, "the settings to be answered");
    const tap = await member.click(first, "Refresh");
    await member.callbackAnswer(tap);
    await waitFor(() => /number 17 in line/.test(first.text ?? ""), 5_000, "the refreshed card to say it is in line");

    // Cards fill in, in the order of their places in line.
    await advanceUntil(world.clock, () => [...cards, first].every((card) => /Quoted at/.test(card.text ?? "")), 10 * 60_000);
    // Slots that come free together (the window was filled at one moment) are granted in one
    // step, in line order; those calls then go out together, and which reaches the service first
    // is up to the sockets. So the order is checked by the time each card's quote was asked for.
    const asked = world.app.sandbox!.requests.filter((r) => r.endpoint === "getEstimatedAmount").slice(-17);
    const order = [...cards.map((_, i) => String(i + 2)), "1"];
    expect(asked.map((r) => r.query.amount).sort()).toEqual([...order].sort());
    const askedAt = (amount: string) => asked.find((r) => r.query.amount === amount)!.at;
    expect(order.map(askedAt)).toEqual(order.map(askedAt).sort((a, b) => a - b));
    expect(new Set(order.map(askedAt)).size).toBeGreaterThan(1);
    expect(first.text).toMatch(/Quoted at/);
    expect(world.app.sandbox!.requests.filter((r) => r.status === 429)).toHaveLength(0);
    // Once every card is filled in, the typing stops.
    const typed = typingInGroup();
    await world.clock.advance(30_000);
    expect(typingInGroup()).toBe(typed);
  });
});

describe("long waits are visible", () => {
  const typingIn = (w: TestWorld, chatId: number) =>
    w.tg
      .callsTo("sendChatAction")
      .filter(
        (c) =>
          (c.payload as { chat_id?: number; action?: string }).chat_id === chatId && (c.payload as { action?: string }).action === "typing",
      );

  it("while the first quote waits for the budget, the chat shows typing… all along and the place in line counts down on the one message", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" }));
    const user = w.tg.user({ id: 8110, first_name: "Tia", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await w.clock.advance(2 * SPAN);
    await fillWindow(w);
    await user.send("0.1");
    const waiting = await user.nextMessage();
    await waitFor(() => /number 1 in line/.test(waiting.text ?? ""), 5_000, "the place in line");
    const announced = announcedSeconds(waiting);
    expect(typingIn(w, 8110).length).toBeGreaterThanOrEqual(1);

    await w.clock.advance(20_000);
    await waitFor(() => announcedSeconds(waiting) === announced - 20, 5_000, "the wait counted down on the message");
    // Renewed before Telegram's five seconds run out, for as long as the wait lasts.
    expect(typingIn(w, 8110).length).toBeGreaterThanOrEqual(5);
    expect(waiting.edited).toBeGreaterThanOrEqual(3);

    await advanceUntil(w.clock, () => offerButtons(waiting).length > 0, 3 * 60_000);
    const typed = typingIn(w, 8110).length;
    await w.clock.advance(30_000);
    expect(typingIn(w, 8110)).toHaveLength(typed); // it stops with the wait
  });

  it("after Confirm, a wait for the budget shows one notice counting down, and typing… until the card comes", async () => {
    const w = (world = await startWorld({ EXCHANGE_RATE_LIMIT_PER_MINUTE: "5" }));
    const user = w.tg.user({ id: 8111, first_name: "Uli", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    await fillWindow(w);
    const typedBefore = typingIn(w, 8111).length;
    await user.click(summary, /Confirm/);
    const notice = await user.nextMessage();
    const announced = announcedSeconds(notice);
    await w.clock.advance(20_000);
    await waitFor(() => announcedSeconds(notice) === announced - 20, 5_000, "the notice counted down");
    expect(typingIn(w, 8111).length - typedBefore).toBeGreaterThanOrEqual(5);

    const card = await drive(w.clock, user.nextMessage({ timeoutMs: 10_000 }), { stepMs: 1_000, maxMs: 3 * 60_000 });
    expect(card.text).toContain("Exchange created");
    expect(card.message_id).toBe(notice.message_id + 1); // one notice, edited; nothing else between
  });

  it("after Confirm, a slow read of the deposit details shows typing… before the card", async () => {
    const w = (world = await startWorld());
    const user = w.tg.user({ id: 8112, first_name: "Vi", language_code: "en" });
    const summary = await toSummary(user, {
      from: "btc btc",
      to: "usdt trx",
      amount: "0.05",
      address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
    });
    w.app.sandbox!.faults.inject({ kind: "delay", ms: 300 }, { endpoint: "getTransactionInfo" });
    const typedBefore = typingIn(w, 8112).length;
    await user.click(summary, /Confirm/);
    const card = await user.nextMessage();
    expect(card.text).toContain("Exchange created");
    const typing = typingIn(w, 8112).slice(typedBefore);
    expect(typing.length).toBeGreaterThanOrEqual(1);
    expect(w.tg.chatInfo(8112)!.lastChatAction).toMatchObject({ action: "typing", afterMessageId: summary.message_id });
  });
});
