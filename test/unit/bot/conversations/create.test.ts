import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CreateDeps, createStep, RATE_LIMITED_ATTEMPTS } from "../../../../src/bot/conversations/create.js";
import type { FlowState } from "../../../../src/bot/conversations/flow-state.js";
import { createdByFlow } from "../../../../src/bot/flow-created.js";
import { HeldLease } from "../../../../src/chat/index.js";
import { ManualClock } from "../../../../src/clock.js";
import { LeaseLostError, underFence } from "../../../../src/db/fence.js";
import { createRepositories, openSqliteStore, type Repositories, requestKeyOf, type Store } from "../../../../src/db/index.js";
import type { QueuePlace } from "../../../../src/exchange/budget.js";
import type { CreateTransactionRequest } from "../../../../src/exchange/client.js";
import { ExchangeError } from "../../../../src/exchange/errors.js";
import type { Transaction } from "../../../../src/service/schemas.js";
import { answeredFlow, offer, TRON_ADDRESS as TRON } from "../../../harness/quotes.js";
import { CATALOGUE, currency, runStep } from "../../../harness/step.js";

const USER = 5001;
const DEPOSIT = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

let clock: ManualClock;
let store: Store;
let repos: Repositories;
/** What the exchange service was asked to create, and what it does with the next request. */
let requests: CreateTransactionRequest[];
let service: (request: CreateTransactionRequest, onQueued?: (place: QueuePlace) => void) => Promise<{ exchangeId: string }>;
let completed: string[];
let queued: string[];
/** Times the tracker was woken (something owed). */
let wakes: number;
beforeEach(() => {
  wakes = 0;
  clock = new ManualClock();
  store = openSqliteStore(":memory:");
  repos = createRepositories(store, clock, "process-a");
  requests = [];
  completed = [];
  queued = [];
  service = async () => ({ exchangeId: "ex-1" });
});
afterEach(() => store.close());

/** The service's answer about an exchange it created: its deposit address, and the amounts. */
const created = (request: CreateTransactionRequest): Transaction => ({
  status: "waiting",
  symbol_from: request.symbolFrom,
  network_from: request.networkFrom,
  symbol_to: request.symbolTo,
  network_to: request.networkTo,
  amount_from: request.amount,
  amount_to: "3401.2",
  address_from: DEPOSIT,
  address_to: request.toAddress,
  address_refund: null,
  extra_from: null,
  extra_to: request.toExtraId || null,
  extra_refund: null,
  hash_from: null,
  hash_to: null,
  created_at: clock.now(),
});

const deps = (): CreateDeps => ({
  clock,
  logger: pino({ level: "silent" }),
  repos,
  catalogue: { find: (symbol, network) => CATALOGUE.find((c) => c.symbol === symbol && c.network === network) },
  client: {
    createTransaction: async (request, options) => {
      requests.push(request);
      return service(request, options?.onQueued);
    },
    getTransaction: async () => created(requests.at(-1)!),
  },
  onCreated: () => void wakes++,
  notifyQueued: async (_chatId, text) => {
    queued.push(text);
    return 99;
  },
  editMessage: async () => {},
  typing: { keep: () => () => {} },
  trackerIntervalMs: 30_000,
  flows: { flowCompleted: (_chatId, how) => void completed.push(how) },
  process: { owner: "process-a" },
});

const answered = (overrides: Partial<FlowState> = {}): FlowState => answeredFlow(clock.now(), overrides);

/** Confirmation `n` of a flow, created as the flow does it: createStep inside the conversation's `external`. */
const create = (state: FlowState = answered(), n = 1) =>
  runStep((conversation, ui) =>
    conversation.external(() => createStep(deps(), { chatId: USER, userId: USER, requestKey: requestKeyOf(USER, "flow1", n), state, ui })),
  );

describe("the create step", () => {
  it("records what a process created after its chat was taken over, owes the card at once, notes nothing (issue 38)", async () => {
    const chatKey = `c:${USER}`;
    const token = (await repos.leases.take(chatKey, "process-a", 60_000))!;
    service = async () => {
      // The process pauses while the service creates the exchange, past its lease: another takes the chat.
      await repos.leases.release(chatKey, "process-a", token);
      await repos.leases.take(chatKey, "process-b", 60_000);
      return { exchangeId: "ex-1" };
    };
    const lease = new HeldLease(chatKey, token, { claimedAt: performance.now(), freshMs: 60_000, confirm: async () => false });
    // Refused, the handling stops there, told to (through the conversation, only the error's message is kept).
    await expect(underFence(lease, () => create())).rejects.toThrow(new LeaseLostError(chatKey).message);
    expect(lease.lost).toBe(true);
    // What the service answered is recorded; the flow's note is refused (it is another's flow now)...
    expect(await repos.createRequests.stateOf(requestKeyOf(USER, "flow1", 1))).toEqual({ state: "created", exchangeId: "ex-1" });
    expect(await createdByFlow(repos.kv, USER)).toBeUndefined();
    // ...and the card, which this process will not show, is owed at once: the tracker shows it.
    expect(await repos.transactions.find("ex-1")).toMatchObject({ addressFrom: DEPOSIT, cardClaim: null, cardDueAt: clock.now() });
    // The tracker woken for the exchange stored, then for its card owed.
    expect(wakes).toBe(2);
  });

  it("creates the exchange asked for, stores it with its deposit, and notes the flow created it", async () => {
    const run = await create();
    expect(run.result).toEqual({ kind: "created", exchangeId: "ex-1", deposit: { address: DEPOSIT, extra: null, amount: "0.05" } });
    expect(requests).toEqual([
      {
        providerName: "Changelly",
        symbolFrom: "btc",
        networkFrom: "btc",
        symbolTo: "usdt",
        networkTo: "trx",
        toAddress: TRON,
        toExtraId: "",
        amount: "0.05",
        fixed: false,
      },
    ]);
    expect(await repos.transactions.find("ex-1")).toMatchObject({ userId: USER, amountFrom: "0.05", addressTo: TRON, status: "waiting" });
    expect(await repos.createRequests.stateOf(requestKeyOf(USER, "flow1", 1))).toEqual({ state: "created", exchangeId: "ex-1" });
    expect(await createdByFlow(repos.kv, USER)).toBe("ex-1");
    expect(completed).toEqual(["created"]);
    // The step says nothing itself: the flow shows the card.
    expect(run.sent).toEqual([]);
  });

  it("sends the memo, and a fixed rate as such", async () => {
    await create(
      answered({
        to: currency("xrp"),
        address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
        memo: "123",
        offer: offer({ exchange_type: "fixed" }),
      }),
    );
    expect(requests).toMatchObject([{ toExtraId: "123", fixed: true }]);
  });

  it("never asks the service twice for one confirmation: the same request key gives the exchange created", async () => {
    await create();
    const again = await create();
    expect(again.result).toMatchObject({ kind: "created", exchangeId: "ex-1" });
    expect(requests).toHaveLength(1);
    // A new confirmation of the same flow is a new request.
    await create(answered(), 2);
    expect(requests).toHaveLength(2);
  });

  it("returns a refusal the service is sure of, and lets the person confirm again", async () => {
    service = async () => {
      throw new ExchangeError("bad-request", "createTransaction: 400", { httpStatus: 400, serviceMessage: "Amount is below the minimum" });
    };
    const run = await create();
    expect(run.result).toEqual({ kind: "refused", error: { kind: "bad-request", message: "Amount is below the minimum" } });
    expect(await repos.createRequests.stateOf(requestKeyOf(USER, "flow1", 1))).toMatchObject({ state: "failed" });
    expect(await createdByFlow(repos.kv, USER)).toBeUndefined();
    expect(completed).toEqual([]);
  });

  it("calls an answer that may have come after the service created it unknown, with the reference", async () => {
    service = async () => {
      throw new ExchangeError("unavailable", "createTransaction: timed out", { mayHaveReachedService: true });
    };
    const run = await create();
    const reference = requestKeyOf(USER, "flow1", 1);
    expect(run.result).toEqual({ kind: "unknown", reference, at: clock.now() });
    expect(await repos.createRequests.stateOf(reference)).toMatchObject({ state: "pending", onItsWay: false });
    expect(completed).toEqual(["unknown"]);
  });

  it("tells the person their place in line, in their language, while the request waits for the budget", async () => {
    service = async (_request, onQueued) => {
      onQueued?.({ position: 3, waitMs: 20_000 });
      return { exchangeId: "ex-1" };
    };
    await create();
    expect(queued).toEqual(["⏳ The exchange service is busy: you are number 3 in line, about 20 s."]);
  });

  it("asks again under the same request key after a 429, telling the person why they wait, and creates once", async () => {
    const rateLimited = new ExchangeError("rate-limited", "createTransaction: rate limited", {
      httpStatus: 429,
      retryAfterMs: 5_000,
      mayHaveReachedService: false,
    });
    service = async (_request, onQueued) => {
      if (requests.length === 1) throw rateLimited;
      // The budget holds the call until the service's wait is over, and says so.
      onQueued?.({ position: 1, waitMs: 5_000 });
      return { exchangeId: "ex-1" };
    };
    const run = await create();
    expect(run.result).toMatchObject({ kind: "created", exchangeId: "ex-1" });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(await repos.createRequests.stateOf(requestKeyOf(USER, "flow1", 1))).toEqual({ state: "created", exchangeId: "ex-1" });
    expect(queued).toEqual(["⏳ The exchange service asked me to wait: your exchange is not created yet. I will try again in about 5 s."]);
    expect(completed).toEqual(["created"]);
  });

  it("refuses, nothing created, only once the service has answered 429 to every attempt", async () => {
    service = async () => {
      throw new ExchangeError("rate-limited", "createTransaction: rate limited", { retryAfterMs: 1_000, mayHaveReachedService: false });
    };
    const run = await create();
    expect(run.result).toMatchObject({ kind: "refused", error: { kind: "rate-limited" } });
    expect(requests).toHaveLength(RATE_LIMITED_ATTEMPTS);
    expect(await repos.createRequests.stateOf(requestKeyOf(USER, "flow1", 1))).toMatchObject({ state: "failed" });
  });
});
