import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { HeldLease } from "../../../src/chat/index.js";
import { ManualClock } from "../../../src/clock.js";
import { LeaseLostError, underFence } from "../../../src/db/fence.js";
import { createRepositories, type Repositories, type Store } from "../../../src/db/index.js";
import { freshRepositoriesEachTest, newTransaction } from "../../harness/store.js";

/**
 * Issue 38: every write made while an update is handled, or by the leader's duties, is fenced by
 * that work's lease (src/db/fence.ts). Each repository method that writes is walked here: under a
 * stale token (a lease row whose token moved on) it is refused with LeaseLostError, tells the holder
 * to stop, and changes nothing; under the current token it goes through. The walk is complete by
 * construction: every method of every repository createRepositories builds is walked, or listed as
 * an exception with its reason, as a read, or as a private part of one, and a method in none fails.
 */

const clock = new ManualClock(1_000);
const fresh = freshRepositoriesEachTest(clock);

/** A process gone (it never beat): its claims are the sweeps' to take. */
const GONE = "gone-host:1:aaaaaa";

interface Case {
  /** The state the write would change, made first, outside any fence; handed to `write`. */
  given(repos: Repositories): Promise<unknown>;
  write(repos: Repositories, given: unknown): Promise<unknown>;
  /**
   * Columns of `transactions` a refusal may change, by design: the card's claim given back and
   * owed at once (src/db/exchanges/card.ts), so that the process that took the chat shows it.
   */
  refusalOwesCard?: true;
}

/** A case whose write takes what its `given` made. */
function walk<G>(given: (repos: Repositories) => Promise<G>, write: (repos: Repositories, given: G) => Promise<unknown>, more = {}): Case {
  return { given, write: (repos, g) => write(repos, g as G), ...more };
}
const nothing = async () => undefined;

/** An exchange stored (as the flow stores one the service created), under its own id. */
const stored = (repos: Repositories, exchangeId: string) => repos.transactions.insert(newTransaction({ exchangeId }));
const alert = { userId: 7, chatId: 7, symbolFrom: "btc", networkFrom: "btc", symbolTo: "eth", networkTo: "eth", amount: "1", target: "30" };
const address = (label: string) => ({ userId: 7, network: "trx", label, address: `T${label}`, memo: null });
const details = {
  symbolFrom: "btc",
  networkFrom: "btc",
  symbolTo: "usdt",
  networkTo: "trx",
  amount: "0.05",
  provider: "exolix",
  rateType: "floating",
  addressTo: "TXYZ",
  extraTo: null,
};

/**
 * Every repository's methods. `writes`: walked (fenced); `exceptions`: writes not fenced, and why;
 * `reads`: they write nothing; `private`: parts of the methods above (their callers are walked).
 */
const METHODS: Record<
  keyof Repositories,
  { writes: Record<string, Case>; exceptions?: Record<string, string>; reads?: string[]; private?: string[] }
> = {
  users: {
    writes: {
      arrive: walk(nothing, (r) => r.users.arrive({ id: 101, username: "ann" }, ["conversation:101"])),
      touch: walk(
        (r) => r.users.touch({ id: 102 }),
        (r) => r.users.touch({ id: 102, username: "bob" }),
      ),
      setLanguage: walk(
        (r) => r.users.touch({ id: 103 }),
        (r) => r.users.setLanguage(103, "ru"),
      ),
      setPhrase: walk(
        (r) => r.users.touch({ id: 104 }),
        (r) => r.users.setPhrase(104, "blue heron"),
      ),
      setBlocked: walk(
        (r) => r.users.touch({ id: 105 }),
        (r) => r.users.setBlocked(105, true),
      ),
    },
    reads: ["find", "findByUsername", "count"],
    private: ["buildUpsertReading", "buildEntries", "update"],
  },
  transactions: {
    writes: {
      setRefreshedAt: walk(
        (r) => stored(r, "t-refreshed"),
        (r) => r.transactions.setRefreshedAt("t-refreshed", 5_000),
      ),
    },
    exceptions: {
      insert: "an exchange the service created: a fact from outside, recorded whoever holds the chat (createRequests.complete)",
      recordDeposit: "the deposit details the service gave for the exchange it created: a fact, kept so that nobody asks again",
    },
    reads: ["findByRowId", "find", "listByUser", "countByUser", "history", "countByStatus", "listLate"],
  },
  schedule: {
    writes: {
      pollTicket: walk(
        (r) => stored(r, "s-ticket"),
        (r) => r.schedule.pollTicket("s-ticket"),
      ),
      recordObservation: walk(
        (r) => stored(r, "s-observed"),
        (r) => r.schedule.recordObservation("s-observed", { status: "confirming", hashFrom: "0xabc" }),
      ),
      recordPollError: walk(
        (r) => stored(r, "s-error"),
        (r) => r.schedule.recordPollError("s-error"),
      ),
      recordNotFound: walk(
        (r) => stored(r, "s-not-found"),
        (r) => r.schedule.recordNotFound("s-not-found"),
      ),
      lease: walk(
        (r) => stored(r, "s-lease"),
        (r) => r.schedule.lease("s-lease", 9_000, 1_000),
      ),
      releaseLeases: walk(
        async (r) => {
          await stored(r, "s-released");
          await r.schedule.lease("s-released", 9_000, 1_000);
        },
        (r) => r.schedule.releaseLeases(2_000),
      ),
      stopTracking: walk(
        (r) => stored(r, "s-stopped"),
        (r) => r.schedule.stopTracking("s-stopped", "stalled", 3_000),
      ),
      scheduleNextPoll: walk(
        (r) => stored(r, "s-scheduled"),
        (r) => r.schedule.scheduleNextPoll("s-scheduled", () => ({ at: 6_000 })),
      ),
      markFundsSent: walk(
        (r) => stored(r, "s-funds"),
        (r) => r.schedule.markFundsSent("s-funds", 500),
      ),
    },
    reads: ["due", "nextDueAt", "nextWork", "trackedByStatus", "trackedCounts"],
    private: ["writeSchedule"],
  },
  notices: {
    writes: {
      markNotified: walk(
        async (r) => {
          await stored(r, "n-notified");
          await r.schedule.recordObservation("n-notified", { status: "confirming" });
        },
        (r) => r.notices.markNotified("n-notified", "confirming"),
      ),
      settleGone: walk(
        async (r) => {
          await stored(r, "n-gone");
          await fresh.as(GONE).schedule.recordObservation("n-gone", { status: "confirming" });
        },
        (r) => r.notices.settleGone("n-gone", "confirming", 1_000, 3),
      ),
      takeNotice: walk(
        async (r) => {
          await stored(r, "n-owed");
          await r.schedule.stopTracking("n-owed", "stalled", 1_000);
        },
        (r) => r.notices.takeNotice("n-owed"),
      ),
      takeCardEdit: walk(
        async (r) => {
          await stored(r, "n-edit");
          await r.notices.oweCardEdit("n-edit", 1_000);
        },
        (r) => r.notices.takeCardEdit("n-edit"),
      ),
      claimSlowness: walk(
        async (r) => {
          await stored(r, "n-slow");
          await r.schedule.recordObservation("n-slow", { status: "confirming" });
        },
        (r) => r.notices.claimSlowness("n-slow", "confirming", "slow"),
      ),
    },
    exceptions: {
      deferNotice:
        "gives back a message Telegram certainly did not get (owed again): a refused sender must too, or it stays with a live holder",
      oweCardEdit: "owes a card's edit Telegram did not take (the same edit, made again by whoever leads): a refused sender must too",
    },
    reads: ["pendingOfGone", "owedBy", "nextNoticeAt"],
  },
  cards: {
    writes: {
      claimCard: walk(
        (r) => stored(r, "c-claimed"),
        (r) => r.cards.claimCard("c-claimed", "flow"),
        { refusalOwesCard: true },
      ),
      touchCardClaim: walk(
        async (r) => {
          await stored(r, "c-touched");
          await r.cards.claimCard("c-touched", "flow");
        },
        (r) => r.cards.touchCardClaim("c-touched"),
        { refusalOwesCard: true },
      ),
      markCardSending: walk(
        async (r) => {
          await stored(r, "c-sending");
          await r.cards.claimCard("c-sending", "flow");
        },
        (r) => r.cards.markCardSending("c-sending"),
        { refusalOwesCard: true },
      ),
      takeOwedCard: walk(
        async (r) => {
          await stored(r, "c-owed");
          await r.cards.oweUnclaimedCard("c-owed");
        },
        (r) => r.cards.takeOwedCard("c-owed"),
      ),
      releaseDeadClaims: walk(
        async (r) => {
          await stored(r, "c-dead");
          await fresh.as(GONE).cards.claimCard("c-dead", "flow");
        },
        (r) => r.cards.releaseDeadClaims(),
      ),
    },
    exceptions: {
      setCardMessage: "records what Telegram took (the card's message): a fact from outside",
      releaseCard: "gives the flow's hold back (owed): what a refused holder must do too",
      releaseFlowHold: "gives a left flow's hold back (owed): what a refused holder must do too",
      oweCard: "gives the tracker's hold back (owed again): a refused sender must too, or it stays with a live holder",
      oweUnclaimedCard: "owes a card nobody holds: never takes one, only makes it owed sooner",
      oweDepositDetails: "owes the details the tracker's card lacked: never takes the card, only makes them owed",
      oweIfLeaseLost: "what a handling refused for its lease does: gives its hold back (owed at once)",
    },
    reads: ["nextCardAt"],
    private: ["heldByFlow", "refusedIfLeaseLost", "soonerOrNow"],
  },
  catalogue: {
    writes: {},
    exceptions: {
      replaceCurrencies: "the currencies the service lists: a fact from outside, recorded whoever leads",
      replaceProviders: "the providers the service lists: a fact from outside, recorded whoever leads",
    },
    reads: ["currencies", "providers"],
  },
  kv: {
    writes: {
      set: walk(nothing, (r) => r.kv.set("flow-created:7", { exchangeId: "ex-1" })),
      replace: walk(
        (r) => r.kv.set("offers:7", { ticket: 1 }),
        (r) => r.kv.replace("offers:7", { ticket: 1 }, { ticket: 2 }),
      ),
      delete: walk(
        (r) => r.kv.set("label:7", { id: 1 }),
        (r) => r.kv.delete("label:7"),
      ),
      // The storage adapter's writes (a conversation's state): the method builds it, its writes are fenced.
      adapter: walk(nothing, async (r) => r.kv.adapter<unknown>("conversation").write("7", { step: "amount" })),
      deleteIfIdle: walk(
        (r) => r.kv.set("idle:7", 1),
        (r) => r.kv.deleteIfIdle("idle", "7", clock.now() + 1),
      ),
      deleteIfLarger: walk(
        (r) => r.kv.set("large:7", "x".repeat(100)),
        (r) => r.kv.deleteIfLarger("large", "7", 10),
      ),
      deleteIdle: walk(
        (r) => r.kv.set("checked:7", 1),
        (r) => r.kv.deleteIdle("checked", clock.now() + 1),
      ),
      keepNewest: walk(
        async (r) => {
          await r.kv.set("quote:7:1", 1);
          await clock.advance(1);
          await r.kv.set("quote:7:2", 2);
        },
        (r) => r.kv.keepNewest("quote:7", 1),
      ),
    },
    reads: ["get", "getStored", "remember", "idleSince", "matchingSince", "largerThan"],
    private: ["forgetRange", "write", "fencedWrite"],
  },
  createRequests: {
    writes: {
      claim: walk(nothing, (r) => r.createRequests.claim("7:f1:1", 7, details, "host-a:1:aaaaaa")),
      markToldInFlight: walk(
        (r) => r.createRequests.claim("7:f2:1", 7, details, "host-a:1:aaaaaa"),
        (r) => r.createRequests.markToldInFlight("7:f2:1", 2_000),
      ),
      markOutcomeTold: walk(
        async (r) => {
          await r.createRequests.claim("7:f3:1", 7, details, "host-a:1:aaaaaa");
          await r.createRequests.markToldInFlight("7:f3:1", 2_000);
        },
        (r) => r.createRequests.markOutcomeTold("7:f3:1", 3_000),
      ),
      claimOutcome: walk(
        async (r) => {
          await r.createRequests.claim("7:f4:1", 7, details, "host-a:1:aaaaaa");
          await r.createRequests.markToldInFlight("7:f4:1", 2_000);
        },
        (r) => r.createRequests.claimOutcome("7:f4:1"),
      ),
    },
    exceptions: {
      complete: "records the exchange the service created: a fact from outside, recorded whoever holds the chat",
      fail: "records that the service refused: a fact from outside",
      markUnknown: "records that no answer said what became of the attempt: a fact from outside",
      releaseOutcome: "gives this process's hold on an owed outcome back: what a refused sender must do too",
    },
    reads: ["stateOf", "wasToldInFlight", "owedOutcomes", "find", "pendingByUser", "countUnknown"],
    private: ["insertFenced"],
  },
  audit: {
    writes: { record: walk(nothing, (r) => r.audit.record(1, "lookup", "ex-1")) },
    reads: ["recent"],
  },
  addresses: {
    writes: {
      save: walk(nothing, (r) => r.addresses.save(address("home"))),
      rename: walk(
        (r) => r.addresses.save(address("work")),
        (r, saved) => r.addresses.rename((saved as { id: number }).id, 7, "office"),
      ),
      delete: walk(
        (r) => r.addresses.save(address("old")),
        (r, saved) => r.addresses.delete((saved as { id: number }).id, 7),
      ),
      used: walk(
        (r) => r.addresses.save(address("often")),
        (r, saved) => r.addresses.used((saved as { id: number }).id, 7),
      ),
    },
    reads: ["list", "find", "findExact"],
  },
  alerts: {
    writes: {
      create: walk(nothing, (r) => r.alerts.create({ ...alert, expiresAt: 90_000 }, 3)),
      end: walk(
        (r) => r.alerts.create({ ...alert, expiresAt: 90_000 }),
        (r, created) => r.alerts.end((created as { id: number }).id, "removed"),
      ),
    },
    exceptions: {
      reopen: "gives back an alert `end` claimed whose message Telegram certainly did not take: a refused teller must too",
    },
    reads: ["openOf", "find", "open", "expired"],
  },
  inbox: {
    writes: {},
    exceptions: {
      add: "stores updates as a feed takes them, before any lease",
      claim: "the chats' leases themselves: conditioned on owner and token in their own statements",
      release: "the chats' leases themselves: conditioned on owner and token in their own statements",
      takeTurn: "the chats' leases themselves: conditioned on owner and token in their own statements",
      giveBack: "the chats' leases themselves: conditioned on owner and token in their own statements",
      finish: "the chats' leases themselves: conditioned on owner and token in their own statements",
      renew: "the chats' leases themselves: conditioned on owner and token in their own statements",
      markDone: "the chats' leases themselves: conditioned on owner and token in their own statements",
      clearLeases: "SQLite's one process, as it starts: every lease another left is its own",
      prune: "housekeeping: handled updates past their day",
      pruneLeases: "housekeeping: leases let go long ago",
    },
    reads: ["waitingChats", "waiting"],
  },
  leases: {
    writes: {},
    exceptions: {
      take: "the leader's lease itself: conditioned on its holder and token in its own statements",
      renew: "the leader's lease itself: conditioned on its holder and token in its own statements",
      release: "the leader's lease itself: conditioned on its holder and token in its own statements",
    },
    reads: ["heldNow"],
  },
  instances: {
    writes: {},
    exceptions: {
      beat: "the registry: a process says it runs whatever lease it holds",
      live: "the registry: forgets processes gone long ago as it counts",
      forget: "the registry: a process stopping says so",
      forgetAllBut: "the registry: SQLite's one process, as it starts",
    },
    reads: ["isRunning"],
  },
};

/** Every row of every table, as text, to compare before and after. */
async function snapshot(store: Store): Promise<Map<string, string[]>> {
  const tables =
    store.dialect === "postgres"
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(store.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(store.db);
  const all = new Map<string, string[]>();
  for (const { name } of tables.rows) {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(store.db);
    all.set(name, rows.map((row) => JSON.stringify(row, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).sort());
  }
  return all;
}

/** The snapshot with the columns a refusal may change (refusalOwesCard) left out. */
function withoutCardClaims(tables: Map<string, string[]>): Map<string, string[]> {
  const out = new Map(tables);
  const strip = (json: string) => {
    const row = JSON.parse(json) as Record<string, unknown>;
    for (const column of ["card_claim", "card_holder", "card_due_at"]) delete row[column];
    return JSON.stringify(row);
  };
  out.set("transactions", (tables.get("transactions") ?? []).map(strip).sort());
  return out;
}

/** A lease on `key` as this process would hold it, and whether its token is still the lease's. */
async function fenceOn(repos: Repositories, key: string, state: "current" | "stale"): Promise<() => HeldLease> {
  const token = (await repos.leases.take(key, "this-process", 60_000))!;
  if (state === "stale") {
    // Another process took the lease over: its token moved on.
    await repos.leases.release(key, "this-process", token);
    expect(await repos.leases.take(key, "another-process", 60_000)).toBeGreaterThan(token);
  }
  return () => new HeldLease(key, token, { claimedAt: performance.now(), freshMs: 60_000, confirm: async () => state === "current" });
}

const FENCES = [
  ["an update's handling, under its chat's lease", "c:7"],
  ["the leader's duties, under the leader's lease", "leader"],
] as const;
const withWrites = (Object.keys(METHODS) as (keyof Repositories)[]).filter((name) => Object.keys(METHODS[name].writes).length > 0);

describe.each(FENCES)("a stale token: %s", (_, key) => {
  it.each(withWrites)("refuses every write of %s: LeaseLostError, the holder told to stop, nothing changed", async (name) => {
    const { repos, store } = fresh;
    const stale = await fenceOn(repos, key, "stale");
    for (const [method, c] of Object.entries(METHODS[name].writes)) {
      const given = await c.given(repos);
      await clock.advance(1_000);
      const before = await snapshot(store);
      const fence = stale();
      const refused = await underFence(fence, () => c.write(repos, given)).then(
        () => "went through",
        (error: unknown) => error,
      );
      expect(refused, `${name}.${method}`).toBeInstanceOf(LeaseLostError);
      expect(fence.lost, `${name}.${method} tells its holder to stop`).toBe(true);
      const after = await snapshot(store);
      if (c.refusalOwesCard)
        expect(withoutCardClaims(after), `${name}.${method} changed nothing but the card's claim`).toEqual(withoutCardClaims(before));
      else expect(after, `${name}.${method} changed nothing`).toEqual(before);
    }
  });
});

it("lets every write through under the current token, on either lease", async () => {
  const { repos, store } = fresh;
  const current = { chat: await fenceOn(repos, "c:7", "current"), leader: await fenceOn(repos, "leader", "current") };
  let n = 0;
  for (const name of withWrites)
    for (const [method, c] of Object.entries(METHODS[name].writes)) {
      const given = await c.given(repos);
      await clock.advance(1_000);
      const before = await snapshot(store);
      const fence = (n++ % 2 === 0 ? current.chat : current.leader)();
      await underFence(fence, () => c.write(repos, given));
      expect(fence.lost, `${name}.${method} keeps its lease`).toBe(false);
      expect(await snapshot(store), `${name}.${method} changed something`).not.toEqual(before);
    }
});

it("keeps an update's hot writes to the statements they take unfenced: the fence is in the statement itself", async () => {
  const { repos: setup, store } = fresh;
  let statements = 0;
  const db = store.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  });
  const repos = createRepositories({ dialect: store.dialect, db, close: async () => {} }, clock);
  const current = await fenceOn(setup, "c:7", "current");
  // Each write twice, on rows of its own (`n`: 1 unfenced, 2 fenced), so that both do the same work.
  const hot: Record<string, (n: number) => Promise<unknown>> = {
    "users.arrive": (n) => repos.users.arrive({ id: 200 + n, username: "ann" }, ["conversation:7", "offers:7"]),
    "the conversation's state": async (n) => repos.kv.adapter<unknown>("conversation").write(`${n}`, { step: "amount" }),
    "kv.set": (n) => repos.kv.set(`flow-created:${n}`, { exchangeId: "ex-1" }),
    "kv.delete": (n) => repos.kv.delete(`label:${n}`),
    "createRequests.claim": (n) => repos.createRequests.claim(`7:hot:${n}`, 7, details, "host-a:1:aaaaaa"),
    "cards.claimCard": (n) => repos.cards.claimCard(`hot-${n}`, "flow"),
  };
  for (const n of [1, 2]) {
    await setup.kv.set(`label:${n}`, { id: n });
    await stored(setup, `hot-${n}`);
  }
  for (const [write, run] of Object.entries(hot)) {
    statements = 0;
    await run(1);
    const unfenced = statements;
    statements = 0;
    await underFence(current(), () => run(2));
    expect(statements, write).toBe(unfenced);
  }
});

it("walks every repository method that writes, or lists it as an exception with its reason", () => {
  const repos = fresh.repos;
  const unlisted: string[] = [];
  const gone: string[] = [];
  for (const name of Object.keys(repos) as (keyof Repositories)[]) {
    const listed = METHODS[name];
    const prototype = Object.getPrototypeOf(repos[name]) as object;
    const methods = Object.getOwnPropertyNames(prototype).filter(
      (method) => method !== "constructor" && typeof Object.getOwnPropertyDescriptor(prototype, method)?.value === "function",
    );
    const classes = [Object.keys(listed.writes), Object.keys(listed.exceptions ?? {}), listed.reads ?? [], listed.private ?? []];
    for (const method of methods) {
      const count = classes.filter((names) => names.includes(method)).length;
      if (count !== 1) unlisted.push(`${name}.${method}${count > 1 ? " (listed twice)" : ""}`);
    }
    for (const method of classes.flat()) if (!methods.includes(method)) gone.push(`${name}.${method}`);
    for (const [method, reason] of Object.entries(listed.exceptions ?? {}))
      expect(reason.length, `${name}.${method}'s reason`).toBeGreaterThan(20);
  }
  expect(unlisted, "methods neither walked nor listed (a new write must be fenced and walked, or excepted with a reason)").toEqual([]);
  expect(gone, "methods listed that no repository has").toEqual([]);
});
