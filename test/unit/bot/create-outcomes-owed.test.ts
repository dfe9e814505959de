import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GONE_FOR_GOOD_AFTER_MS, OWED_OUTCOMES_EVERY_MS, startOwedOutcomes } from "../../../src/bot/create-outcomes.js";
import { ManualClock } from "../../../src/clock.js";
import { createRepositories, type Repositories, type Store } from "../../../src/db/index.js";
import { openPostgres, type PostgresStore } from "../../../src/db/postgres/index.js";
import { waitFor } from "../../../src/emulator/index.js";
import { openFreshStore } from "../../harness/store.js";

/**
 * The outcomes owed to people whose Confirm another process took over, told them "your exchange
 * may be being created" (src/bot/create-outcomes.ts): on a real database (the suite's back end),
 * with the messages as they would reach Telegram.
 */
describe("the outcomes owed after a Confirm was taken over", () => {
  let closeStore: () => Promise<void>;
  let store: Store;
  let repos: Repositories;
  const clock = new ManualClock();
  const sent: { chatId: number; text: string }[] = [];
  const running = new Set<string>();

  beforeEach(async () => {
    const opened = await openFreshStore();
    closeStore = opened.close;
    store = opened.store;
    repos = createRepositories(opened.store, clock);
    sent.length = 0;
    running.clear();
  });
  afterEach(() => closeStore());

  const pass = (
    processRepos: Repositories = repos,
    sendMessage = async (chatId: number, text: string) => void sent.push({ chatId, text }),
  ) =>
    startOwedOutcomes({
      createRequests: processRepos.createRequests,
      users: processRepos.users,
      api: { sendMessage } as never,
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

  it("looks on a timer of its own, so that a wake lost (a NOTIFY that never arrived) costs at most half a minute", async () => {
    const owed = pass();
    // Its first look finds nothing owed: it waits for a wake, or its next look.
    await clock.advance(OWED_OUTCOMES_EVERY_MS);
    await waitFor(() => clock.pendingTimers === 1, 5_000, "the next look scheduled");
    // A Confirm taken over and refused at once: both wakes lost.
    running.add("c");
    const key = await toldInFlight(508, "c");
    await repos.createRequests.fail(key, "400: the pair is not available");
    await clock.advance(30_000);
    await waitFor(() => sent.length > 0, 5_000, "the refusal told");
    await owed.stop();
    expect(sent).toEqual([{ chatId: 508, text: `create-refused-later ${key}` }]);
  });

  /**
   * The repositories of another process (`owner`, as the registry names it) on the same database:
   * on PostgreSQL through connections of its own, as a second leader has them.
   */
  async function processOn(owner: string): Promise<{ repos: Repositories; close(): Promise<void> }> {
    if (store.dialect !== "postgres") return { repos: createRepositories(store, clock, owner), close: async () => {} };
    const own = await openPostgres((store as PostgresStore).pool.options.connectionString!, { max: 2, migrate: false });
    return { repos: createRepositories(own, clock, owner), close: () => own.close() };
  }

  it("is told once when two leaders pass at once (a step-down's grace): whoever claims it sends it", async () => {
    const [first, second] = [await processOn("leader-1"), await processOn("leader-2")];
    try {
      await first.repos.instances.beat("leader-1");
      await second.repos.instances.beat("leader-2");
      running.add("a");
      const key = await toldInFlight(505, "a");
      await repos.createRequests.fail(key, "400: the pair is not available");
      // The first leader's message is on its way (Telegram has not answered) when the second looks.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const firstDuty = pass(first.repos, async (chatId, text) => {
        sent.push({ chatId, text });
        await answered;
      });
      const secondDuty = pass(second.repos);
      const firstPass = firstDuty.pass();
      await waitFor(() => sent.length > 0, 5_000, "the first leader's message sent");
      await secondDuty.pass();
      answer();
      await firstPass;
      await Promise.all([firstDuty.pass(), secondDuty.pass()]);
      await Promise.all([firstDuty.stop(), secondDuty.stop()]);
      expect(sent).toEqual([{ chatId: 505, text: `create-refused-later ${key}` }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("is told by another leader once the one sending it is gone before marking it, and sent again after a failed send", async () => {
    const [first, second] = [await processOn("leader-1"), await processOn("leader-2")];
    try {
      await first.repos.instances.beat("leader-1");
      await second.repos.instances.beat("leader-2");
      running.add("a");
      const frozen = await toldInFlight(506, "a");
      await repos.createRequests.fail(frozen, "400: the pair is not available");
      // The first leader sends and never hears back (frozen, then killed).
      const firstDuty = pass(first.repos, async (chatId, text) => {
        sent.push({ chatId, text });
        await new Promise<never>(() => {});
      });
      void firstDuty.pass();
      await waitFor(() => sent.length > 0, 5_000, "the first leader's message sent");
      const secondDuty = pass(second.repos);
      await secondDuty.pass();
      expect(sent).toHaveLength(1);
      // Counted gone: its claim is free, and the second leader tells it (the first may have: once more at worst, never never).
      await first.repos.instances.forget("leader-1");
      await secondDuty.pass();
      expect(sent).toEqual([
        { chatId: 506, text: `create-refused-later ${frozen}` },
        { chatId: 506, text: `create-refused-later ${frozen}` },
      ]);
      await secondDuty.pass();
      expect(sent).toHaveLength(2);

      // A send Telegram certainly refused lets the claim go: the next look sends it.
      const failing = await toldInFlight(507, "a");
      await repos.createRequests.fail(failing, "400: the pair is not available");
      let fail = true;
      const thirdDuty = pass(second.repos, async (chatId, text) => {
        if (fail) throw new Error("connect ECONNREFUSED 127.0.0.1:443");
        sent.push({ chatId, text });
      });
      await thirdDuty.pass();
      expect(sent).toHaveLength(2);
      fail = false;
      await thirdDuty.pass();
      await Promise.all([secondDuty.stop(), thirdDuty.stop()]);
      expect(sent.slice(2)).toEqual([{ chatId: 507, text: `create-refused-later ${failing}` }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
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
