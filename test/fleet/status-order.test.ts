import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNALS } from "../../src/db/postgres/signal.js";
import { type TestUser, waitFor } from "../../src/emulator/index.js";
import type { HeldAnswer } from "../../src/exchange/sandbox/index.js";
import { type Fleet, startFleet } from "../harness/fleet.js";
import { createViaFlow } from "../harness/flow.js";
import { admin, freshDatabase, testBackEnd } from "../harness/postgres.js";

/**
 * Issue 31: the status never moves backwards, through real processes. Three bot processes on one
 * PostgreSQL database (test/harness/fleet.ts), the emulator for Telegram, the sandbox for the
 * exchange. A person's Refresh, handled by a follower, reads "exchanging"; its answer is slow to
 * come back, and meanwhile the exchange finishes and the leader's poll reads and announces it.
 * The older read, answered last, must not take the person back to "exchanging", nor lead to a
 * second "finished". (test/e2e/tracker/status-order.test.ts is the same race in one process.)
 */
let fleet: Fleet;

/**
 * The leader polls each moving exchange this often: its next poll comes well after the Refresh's
 * read (a tenth of a second after the news of "exchanging", a second under load). Every wait of
 * this test is about one interval: 8 s made it last 33 s.
 */
const INTERVAL_S = 4;
const SWAP = { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" };
const ORDER = ["waiting", "confirming", "exchanging", "sending", "finished"];

/**
 * What the person was shown of the exchange's status, in the order Telegram got it: the title of
 * each status message ("<b>🔄 Exchanging</b> · exchange …") and the status line of each edit of
 * the card ("Status: <b>✅ Finished</b>").
 */
function statusesShown(user: TestUser): { status: string; message: boolean }[] {
  return fleet.tg.calls.flatMap((call) => {
    const { chat_id: chatId, text } = call.payload;
    if (!call.response.ok || String(chatId) !== String(user.id) || typeof text !== "string") return [];
    const message = call.method === "sendMessage";
    if (!message && call.method !== "editMessageText") return [];
    const label = (message ? /^<b>\S+ (\w+)[^<]*<\/b> · exchange/ : /Status: <b>\S+ (\w+)/).exec(text)?.[1];
    return label ? [{ status: label.toLowerCase(), message }] : [];
  });
}

const announced = (user: TestUser, status: string) => statusesShown(user).filter((shown) => shown.message && shown.status === status);

/** What every process sends when there is new work for the tracker: the leader's looks at its schedule now. */
async function wakeLeadersTracker(): Promise<void> {
  await admin(fleet.databaseUrl, (client) => client.query("SELECT pg_notify($1, '')", [SIGNALS.trackerWake]));
}

/**
 * An exchange the leader has seen start exchanging (and said so), then its card's Refresh, handled
 * by a follower, its read of the service made and its answer held. Tries new people until one's
 * Refresh is handled by a follower (the balancer takes turns).
 */
async function followerRefreshHeld(firstId: number, lead: number): Promise<{ user: TestUser; exchangeId: string; read: HeldAnswer }> {
  for (let id = firstId; id < firstId + 6; id++) {
    const user = fleet.tg.user({ id, first_name: "Order", language_code: "en" });
    const { exchangeId, card } = await createViaFlow(user, SWAP);
    fleet.sandbox.setTimeline(exchangeId, { waiting: 0, confirming: 0, exchanging: 60 * 60_000 });
    await waitFor(() => announced(user, "exchanging")[0], 30_000, "the leader's poll to announce 'exchanging'");
    // The leader polls again INTERVAL_S from now: the Refresh reads well before.
    const answered = fleet.tg.holdNext("answerCallbackQuery");
    await user.click(card, /Refresh/);
    await answered.arrived;
    const handler = await fleet.holderOf(user.id);
    if (handler === undefined || handler === lead) {
      answered.release();
      continue;
    }
    // The Refresh asks the service once its button is answered: that read is held.
    const read = fleet.sandbox.holdAnswer(exchangeId);
    answered.release();
    await read.arrived;
    return { user, exchangeId, read };
  }
  throw new Error("no Refresh was handled by a follower");
}

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
  fleet = await startFleet({
    database: freshDatabase,
    rateLimitPerMinute: 600,
    env: { TRACKER_INTERVAL_SECONDS: String(INTERVAL_S), LOG_FORMAT: "json", LOG_LEVEL: "info" },
    emulator: { defaultTimeoutMs: 30_000 },
  });
  for (const index of [0, 1, 2]) await fleet.start(index, "webhook");
}, 120_000);

afterAll(async () => {
  await fleet?.close();
});

describe.runIf(testBackEnd() === "postgres")("two overlapping polls of one exchange across processes (issue 31)", () => {
  it("a follower's Refresh answered after the leader's newer poll: the person never sees the status go back, and 'finished' is announced once", async () => {
    const lead = await fleet.leader();
    const { user, exchangeId, read } = await followerRefreshHeld(9601, lead);
    // The Refresh read "exchanging"; now the exchange finishes, and the leader's next poll says so.
    fleet.sandbox.setTimeline(exchangeId, { waiting: 0, confirming: 0, exchanging: 0, sending: 0 });
    await waitFor(() => announced(user, "finished")[0], (INTERVAL_S + 5) * 1000, "the leader's poll to announce 'finished'");
    // The older read comes back last (within the client's 15 s: no retry reads again).
    read.release();
    const reads = () => fleet.sandbox.requests.filter((r) => r.endpoint === "getTransactionInfo" && r.query["exchange_id"] === exchangeId);
    await waitFor(() => reads().every((r) => r.status === 200) || undefined, 5_000, "the held read to be answered");
    // Time for its process to record it, and for the leader's poll that would follow if it did.
    // Nothing wakes the leader for such a record: it could sleep its longest (30 s) first. Woken
    // every second here, as new work wakes it, it looks at its schedule and polls within
    // INTERVAL_S whatever the older read made due.
    const wakes = setInterval(() => void wakeLeadersTracker(), 1_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, (INTERVAL_S + 4) * 1000));
    } finally {
      clearInterval(wakes);
    }

    const shown = statusesShown(user).map((s) => s.status);
    const ranks = shown.map((status) => ORDER.indexOf(status));
    expect(
      ranks.every((rank, i) => rank >= 0 && (i === 0 || rank >= ranks[i - 1]!)),
      `statuses shown: ${shown.join(", ")}`,
    ).toBe(true);
    expect(shown.at(-1)).toBe("finished");
    expect(announced(user, "finished")).toHaveLength(1);
    expect(announced(user, "exchanging")).toHaveLength(1);
  }, 150_000);
});
