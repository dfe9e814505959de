import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AfterCreationDeps, showCreated } from "../../../../src/bot/conversations/after-creation.js";
import { ManualClock } from "../../../../src/clock.js";
import { createRepositories, openSqliteStore, type Repositories, type Store } from "../../../../src/db/index.js";
import { CATALOGUE, currency, runStep } from "../../../harness/step.js";
import { newTransaction } from "../../../harness/store.js";

const USER = 5002;
const EXCHANGE = "ex-taken-over";
/** A process that held the card and never beat: the registry counts it gone. */
const DEAD = "host-dead:9:dddddd";

let clock: ManualClock;
let store: Store;
let repos: Repositories;
beforeEach(async () => {
  clock = new ManualClock(10_000);
  store = openSqliteStore(":memory:");
  repos = createRepositories(store, clock, "process-a");
  await repos.instances.beat("process-a");
});
afterEach(() => store.close());

const deps = (): AfterCreationDeps => ({
  clock,
  logger: pino({ level: "silent" }),
  repos,
  catalogue: { find: (symbol, network) => CATALOGUE.find((c) => c.symbol === symbol && c.network === network) },
  client: {
    getTransaction: async () => {
      throw new Error("the deposit is complete: nothing to ask the service");
    },
  },
  onCreated: () => {},
});

describe("the creation card, when the flow cannot show it", () => {
  it("taken over from a process that died sending it, and surely not sent here: the tracker's card still says it may repeat", async () => {
    // A Confirm replayed after its process died while sending the card (marked: it may have arrived).
    await repos.transactions.insert(newTransaction({ exchangeId: EXCHANGE, userId: USER, chatId: USER, addressFrom: "bc1qdeposit" }));
    await store.db
      .updateTable("transactions")
      .set({ card_claim: "flow", card_holder: DEAD, card_claimed_at: 1_000, card_repeat: 1 })
      .where("exchange_id", "=", EXCHANGE)
      .execute();
    // Telegram surely refuses every try here (a 5xx: not taken).
    const run = await runStep(
      (conversation, ui) =>
        showCreated(
          conversation,
          ui,
          deps(),
          { kind: "created", exchangeId: EXCHANGE, deposit: { address: "bc1qdeposit", extra: null, amount: "0.05" } },
          currency("btc"),
        ),
      {
        userId: USER,
        answer: (call) => (call.method === "sendMessage" ? { ok: false, error_code: 502, description: "Bad Gateway" } : undefined),
      },
    );
    expect(run.done).toBe(true);
    // Tried and refused: the card, no QR code after it.
    expect(run.sent).toEqual([]);
    const tx = (await repos.transactions.find(EXCHANGE))!;
    // Owed to the tracker, and the next card says it may repeat the one the dead process sent.
    expect(tx.cardClaim).toBeNull();
    expect(tx.cardDueAt).not.toBeNull();
    expect(tx.cardRepeat).toBeGreaterThanOrEqual(1);
  });
});
