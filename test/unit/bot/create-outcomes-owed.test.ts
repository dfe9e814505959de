import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GONE_FOR_GOOD_AFTER_MS, startOwedOutcomes } from "../../../src/bot/create-outcomes.js";
import { ManualClock } from "../../../src/clock.js";
import { createRepositories, type Repositories } from "../../../src/db/index.js";
import { openFreshStore } from "../../harness/store.js";

/**
 * The outcomes owed to people whose Confirm another process took over, told them "your exchange
 * may be being created" (src/bot/create-outcomes.ts): on a real database (the suite's back end),
 * with the messages as they would reach Telegram.
 */
describe("the outcomes owed after a Confirm was taken over", () => {
  let closeStore: () => Promise<void>;
  let repos: Repositories;
  const clock = new ManualClock();
  const sent: { chatId: number; text: string }[] = [];
  const running = new Set<string>();

  beforeEach(async () => {
    const opened = await openFreshStore();
    closeStore = opened.close;
    repos = createRepositories(opened.store, clock);
    sent.length = 0;
    running.clear();
  });
  afterEach(() => closeStore());

  const pass = () =>
    startOwedOutcomes({
      createRequests: repos.createRequests,
      users: repos.users,
      api: { sendMessage: async (chatId: number, text: string) => void sent.push({ chatId, text }) } as never,
      translate: async (_userId, key, variables) => `${key} ${variables.reference}`,
      isRunning: async (owner) => running.has(owner),
      clock,
      logger: pino({ level: "silent" }),
    });

  /** A Confirm of user `userId` made by `by`, whose person was told it may be being created. */
  async function toldInFlight(userId: number, by: string): Promise<string> {
    const key = `${userId}:flow:1`;
    expect(await repos.createRequests.claim(key, userId, undefined, by)).toEqual({ state: "new" });
    await repos.createRequests.markToldInFlight(key, clock.now());
    return key;
  }

  it("tells a refusal learned late once, to the person's chat", async () => {
    running.add("a");
    const key = await toldInFlight(501, "a");
    const owed = pass();
    await owed.pass();
    expect(sent).toEqual([]);
    await repos.createRequests.fail(key, "400: the pair is not available");
    await owed.pass();
    await owed.pass();
    await owed.stop();
    expect(sent).toEqual([{ chatId: 501, text: `create-refused-later ${key}` }]);
  });

  it("says nothing of an attempt whose process may only be paused, and that it stays unknown once it is gone for good", async () => {
    const key = await toldInFlight(502, "frozen");
    const owed = pass();
    // Counted gone by the registry, but a frozen process looks the same: it may still wake and tell.
    await clock.advance(GONE_FOR_GOOD_AFTER_MS - 1_000);
    await owed.pass();
    expect(sent).toEqual([]);
    await clock.advance(1_000);
    await owed.pass();
    await owed.pass();
    await owed.stop();
    expect(sent).toEqual([{ chatId: 502, text: `flow-create-unknown ${key}` }]);
  });

  it("owes nothing for a created exchange (its card tells it), nor while a live process may still learn it", async () => {
    running.add("b");
    const created = await toldInFlight(503, "b");
    await toldInFlight(504, "b");
    await repos.createRequests.complete(created, {
      exchangeId: "ex-503",
      userId: 503,
      chatId: 503,
      symbolFrom: "BTC",
      networkFrom: "BTC",
      symbolTo: "USDT",
      networkTo: "TRX",
      amountFrom: "0.05",
      amountTo: "3000",
      addressTo: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
      extraTo: null,
      addressFrom: null,
      extraFrom: null,
      provider: "changenow",
      rateType: "floating",
      status: "waiting",
      createdAt: clock.now(),
      nextPollAt: clock.now(),
      pollRank: 2,
      cardMessageId: null,
    });
    await clock.advance(GONE_FOR_GOOD_AFTER_MS * 2);
    const owed = pass();
    await owed.pass();
    await owed.stop();
    expect(sent).toEqual([]);
  });
});
