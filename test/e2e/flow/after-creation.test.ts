import { afterEach, describe, expect, it } from "vitest";
import { FLOW_STATE_MAX_BYTES } from "../../../src/bot/flow-sweeper.js";
import { type StoredMessage, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { startWorld, type TestWorld } from "../../harness/app.js";
import { buttons, toAmount, toSummary } from "../../harness/flow.js";
import { withholdMemo, XRP_SWAP } from "../../harness/withheld-memo.js";

let world: TestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Confirms an XRP swap whose deposit memo the service withholds; returns the "not given yet" prompt. */
async function toNotGivenYet(w: TestWorld, user: TestUser): Promise<StoredMessage> {
  const summary = await toSummary(user, XRP_SWAP);
  withholdMemo(w, 1_000);
  await user.click(summary, /^✅/);
  const waiting = await user.nextMessage();
  expect(buttons(waiting)).toHaveLength(2); // Try again, Leave
  return waiting;
}

/** Sends `text` and waits for the bot's answer to it. */
async function sendAndWait(w: TestWorld, user: TestUser, text: string): Promise<StoredMessage[]> {
  const seen = user.messages().length;
  await user.send(text);
  await waitFor(() => user.messages().length > seen + 1 || undefined, 5_000, `an answer to "${text}"`);
  await waitFor(() => w.tg.pendingUpdates() === 0, 5_000, "the updates to be taken");
  await w.app.idle();
  return user.messages().slice(seen + 1);
}

describe("the 'deposit memo not given yet' prompt after Confirm", () => {
  it("is its own step: ten typed messages there get a hint to use the buttons, never the summary again, and Try again still works", async () => {
    world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } });
    const user = world.tg.user({ id: 9301, first_name: "Ivy", language_code: "en" });
    const waiting = await toNotGivenYet(world, user);
    expect(waiting.text).toContain("has not given the deposit memo yet");
    const id = (await world.app.repos.transactions.listByUser(9301, 1))[0]!.exchangeId;
    const answers: StoredMessage[] = [];
    for (let i = 0; i < 10; i++) answers.push(...(await sendAndWait(world, user, `hello ${i}`)));
    expect(answers.some((m) => m.text?.includes("Please check everything"))).toBe(false);
    expect(answers.some((m) => buttons(m).some((b) => /Confirm/.test(b)))).toBe(false);
    expect(answers.some((m) => m.text?.includes("Please tap one of the buttons above"))).toBe(true);
    // What they have now is the prompt (asked again, or the first one still live).
    const prompts = [waiting, ...answers].filter((m) => buttons(m).includes("🔁 Try again"));
    // The step was asked again: its prompt came once more, with live buttons.
    expect(prompts.length).toBeGreaterThan(1);
    const live = prompts.at(-1)!;
    expect(buttons(live)).toEqual(["🔁 Try again", "Leave"]);
    expect(await world.app.repos.transactions.listByUser(9301, 5)).toHaveLength(1);
    // The service gives the memo now: Try again shows the deposit, once.
    world.app.sandbox!.faults.clear();
    await user.click(live, "Try again");
    const tx = await waitFor(
      async () => ((await world!.app.repos.transactions.find(id))!.extraFrom ? await world!.app.repos.transactions.find(id) : undefined),
      5_000,
      "the memo",
    );
    const card = await waitFor(
      () => user.messages().find((m) => m.text?.includes(tx.extraFrom!) && buttons(m).includes("🧾 For support")),
      5_000,
      "the creation card",
    );
    expect(card.text).toContain(tx.addressFrom!);
    expect(user.messages().filter((m) => m.text?.includes("Please check everything"))).toHaveLength(1);
    // The person was told along the way that the prompt was asked again.
    expect(answers.some((m) => m.text?.includes("so I am asking it again from the start"))).toBe(true);
  });
});

describe("leaving the flow after the exchange was created", () => {
  it("/start at the 'not given yet' prompt says the exchange exists and the details will come, not that nothing was created (en, ru)", async () => {
    world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } });
    for (const [id, language, created, nothing] of [
      [9311, "en", "was created", "nothing was created"],
      [9312, "ru", "уже создан", "ничего не создано"],
    ] as const) {
      const user = world.tg.user({ id, first_name: "Jo", language_code: language });
      await toNotGivenYet(world, user);
      const exchangeId = (await world.app.repos.transactions.listByUser(id, 1))[0]!.exchangeId;
      await user.send("/start");
      const note = await user.nextMessage();
      expect(note.text).toContain(created);
      expect(note.text).toContain(exchangeId);
      expect(note.text).toContain("/history");
      expect(note.text).not.toContain(nothing);
    }
  });

  it("/start in a flow that created nothing still says nothing was created", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9313, first_name: "Kit", language_code: "en" });
    await toSummary(user, XRP_SWAP);
    await user.send("/start");
    expect((await user.nextMessage()).text).toContain("nothing was created");
  });

  it("/cancel at the 'not given yet' prompt says the exchange was created and is not cancelled", async () => {
    world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } });
    const user = world.tg.user({ id: 9314, first_name: "Lee", language_code: "en" });
    await toNotGivenYet(world, user);
    const exchangeId = (await world.app.repos.transactions.listByUser(9314, 1))[0]!.exchangeId;
    await user.send("/cancel");
    const note = await user.nextMessage();
    expect(note.text).toContain(exchangeId);
    expect(note.text).toContain("not cancelled");
    expect(note.text).not.toContain("Exchange cancelled");
  });
});

describe("the sweep of a flow left at the 'not given yet' prompt", () => {
  it("says the exchange was created and stays open, not only that the flow was closed", async () => {
    world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } });
    const user = world.tg.user({ id: 9316, first_name: "Mo", language_code: "en" });
    await toNotGivenYet(world, user);
    const exchangeId = (await world.app.repos.transactions.listByUser(9316, 1))[0]!.exchangeId;
    await world.app.idle();
    await world.clock.advance(31 * 60_000);
    const note = await waitFor(() => user.messages().find((m) => m.text?.includes("30 minutes")), 5_000, "the sweeper's note");
    expect(note.text).toContain(exchangeId);
    expect(note.text).toContain("stays open");
  });
});

describe("a flow at the 'not given yet' prompt closed for its size", () => {
  it("says the exchange was created and stays open, and lets the tracker deliver its card now, not after the flow's hold lapses", async () => {
    world = await startWorld({}, { timeline: { waiting: 3 * 60 * 60_000 } });
    const user = world.tg.user({ id: 9317, first_name: "Nia", language_code: "en" });
    await toNotGivenYet(world, user);
    const exchangeId = (await world.app.repos.transactions.listByUser(9317, 1))[0]!.exchangeId;
    await world.app.idle();
    // Its stored state grew past the sweep's limit (as an older version let it).
    const key = "conv:9317";
    const stored = (await world.app.repos.kv.get<Record<string, unknown>>(key))!;
    await world.app.repos.kv.set(key, { ...stored, grown: "x".repeat(FLOW_STATE_MAX_BYTES) });
    const seen = user.messages().length;
    await world.clock.advance(60_000);
    const note = await waitFor(
      () =>
        user
          .messages()
          .slice(seen)
          .find((m) => m.text?.includes("grew too long for me to keep")),
      5_000,
      "the sweeper's note",
    );
    expect(note.text).toContain(exchangeId);
    expect(note.text).toContain("stays open");
    expect(note.text).not.toContain("start again");
    // Well inside the flow's 35-minute hold: the tracker shows the card.
    const card = () =>
      user
        .messages()
        .slice(seen)
        .find((m) => m !== note && m.text?.includes(exchangeId));
    for (let minute = 0; minute < 5 && !card(); minute++) {
      await world.clock.advance(60_000);
      await world.app.idle();
    }
    expect(card()?.text, "the card from the tracker").toContain(exchangeId);
  });
});

describe("people who blocked the bot", () => {
  /** Messages the bot tried to send into a chat. */
  const sendsTo = (w: TestWorld, chatId: number) => w.tg.callsTo("sendMessage").filter((c) => c.payload.chat_id === chatId).length;

  it("get no 'flow closed' note from the sweeper once they are known to have blocked it", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9321, first_name: "Max", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await world.app.idle();
    user.block();
    await waitFor(async () => (await world!.app.repos.users.find(9321))?.blocked || undefined, 5_000, "the block to be noted");
    const before = sendsTo(world, 9321);
    await world.clock.advance(31 * 60_000);
    await waitFor(async () => (await world!.app.repos.kv.get("conv:9321")) === undefined || undefined, 5_000, "the flow to be swept");
    await world.app.idle();
    expect(sendsTo(world, 9321)).toBe(before);
  });

  it("are marked blocked when the sweeper's note is refused with 403, so nothing more is tried", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9322, first_name: "Ned", language_code: "en" });
    await toAmount(user, "btc btc", "eth eth");
    await world.app.idle();
    // Blocked without the bot hearing of it (the update was lost): the note's 403 is how it learns.
    world.tg.failNext("sendMessage", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    await world.clock.advance(31 * 60_000);
    await waitFor(async () => (await world!.app.repos.users.find(9322))?.blocked || undefined, 5_000, "the 403 to mark them blocked");
  });

  it("get none of the calls still queued for their chat after Telegram says 'bot was blocked by the user', until they write again", async () => {
    world = await startWorld();
    const user = world.tg.user({ id: 9323, first_name: "Oz", language_code: "en" });
    await user.send("/start");
    await user.nextMessage();
    const before = sendsTo(world, 9323);
    // Three messages for them are under way at once (tracker news, alerts, replies); Telegram holds the first.
    const held = world.tg.holdNext("sendMessage");
    const sends = [1, 2, 3].map((n) =>
      world!.app.bot.api.sendMessage(9323, `news ${n}`).then(
        () => "sent",
        (error: Error) => error.message,
      ),
    );
    await held.arrived;
    held.release({ error_code: 403, description: "Forbidden: bot was blocked by the user" });
    const outcomes = await Promise.all(sends);
    expect(outcomes.every((o) => o.includes("bot was blocked by the user"))).toBe(true);
    // Only the first reached Telegram.
    expect(sendsTo(world, 9323)).toBe(before + 1);
    expect(
      await world.app.bot.api.sendMessage(9323, "later").then(
        () => "sent",
        (error: Error) => error.message,
      ),
    ).toContain("blocked");
    expect(sendsTo(world, 9323)).toBe(before + 1);
    // They write again: answered as usual.
    await user.send("/help");
    expect((await user.nextMessage()).text).toBeTruthy();
  });
});
