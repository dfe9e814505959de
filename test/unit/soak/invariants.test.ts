/**
 * The soak's invariants (test/soak/invariants.ts) on small made-up runs: what each one flags, and
 * what it rightly lets go (a false violation is as bad as a missed one). The messages are written
 * as the bot writes them in English (locales/en.ftl).
 */
import { describe, expect, it } from "vitest";
import type { ApiCall, BotApiEmulator } from "../../../src/emulator/index.js";
import type { TransactionInfo, TransactionRecord } from "../../../src/exchange/sandbox/index.js";
import { attemptAmount, attemptKey } from "../../soak/attempts.js";
import {
  answeredOnce,
  type CardRow,
  depositDetails,
  finalStatus,
  INVARIANTS,
  neverLost,
  oneConfirmOneExchange,
  serviceLimit,
  statusAnnouncements,
  type Traced,
  telegram429,
  traceExchanges,
  unanswered,
} from "../../soak/invariants.js";
import { type ChatEvent, describe as describeText, TelegramJournal } from "../../soak/journal.js";
import { visibleText } from "../../soak/texts.js";
import type { PeopleFacts, SoakEvent } from "../../soak/world.js";

const ID = "changenow-floating-abc123";
const DEPOSIT = "bc1qdeposit0000000000000000000000000000";
const CHAT = 880_001;
const START = 1_000_000;

function card(options: { status?: string; deposit?: boolean; created?: boolean; again?: boolean } = {}): string {
  const status = options.status ?? "⏳ Waiting for your deposit";
  const lines = [
    ...(options.again ? ["🔁 Sent again in case the previous message did not arrive: it may have. These are the same details.", ""] : []),
    ...(options.created === false ? [] : ["✅ <b>Exchange created</b>", ""]),
    `🔁 Exchange <code>${ID}</code>`,
    "0.05001234 BTC (BTC) → about 4800.5 USDT (TRX)",
    `Status: <b>${status}</b>`,
    ...(options.deposit === false
      ? []
      : [
          "",
          "Send exactly <code>0.05001234</code> <b>BTC</b> (exact amount) on <b>Bitcoin</b> to this address:",
          `<code>${DEPOSIT}</code>`,
        ]),
    "",
    "To: <code>TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj</code>",
    "<i>Updated 12:05 UTC</i>",
  ];
  return lines.join("\n");
}

const change = (label: string) => `<b>${label}</b> · exchange <code>${ID}</code>\nSomething happened to it.`;

/** A chat's journal made of texts, in order: sends unless said to be edits. */
function journalOf(texts: (string | { edit: string; of: number } | { at: number; text: string })[]) {
  const events: ChatEvent[] = texts.map((entry, seq) => {
    if (typeof entry === "string") return describeText(entry, seq, START + seq * 1000, "send", seq + 1);
    if ("edit" in entry) return describeText(entry.edit, seq, START + seq * 1000, "edit", entry.of);
    return describeText(entry.text, seq, entry.at, "send", seq + 1);
  });
  return { eventsOf: (chatId: number) => (chatId === CHAT ? events : []) };
}

const traced = (overrides: Partial<Traced> = {}): Traced => ({
  id: ID,
  chatId: CHAT,
  key: "btc/btc>usdt/trx|0.05001234",
  depositAddress: DEPOSIT,
  status: "waiting",
  createdAt: START,
  ...overrides,
});

const kinds = (found: { invariant: string }[]) => found.map((v) => v.invariant);
/** Each violation's kind and when it happened (elapsed ms). */
const timed = (found: { invariant: string; at?: number }[]) => found.map((v) => [v.invariant, v.at]);

describe("one Confirm, one exchange", () => {
  const transaction = (id: string, amount: string, createdAtMs = START) =>
    ({
      record: {
        id,
        amountFrom: amount,
        addressFrom: DEPOSIT,
        createdAtMs,
        pair: { symbolFrom: "btc", networkFrom: "btc", symbolTo: "usdt", networkTo: "trx" },
      } as TransactionRecord,
      info: { status: "waiting" } as TransactionInfo,
    }) as const;

  it("traces each exchange to the attempt of its pair and unique amount, whatever its zeros", () => {
    const amount = attemptAmount({ base: "0.05", decimals: 8 }, 1, 234);
    expect(amount).toBe("0.05010234");
    expect(attemptKey("btc/btc>usdt/trx", "300.010000")).toBe(attemptKey("btc/btc>usdt/trx", "300.01"));
    const attempts = [{ chatId: CHAT, pair: "btc/btc>usdt/trx", amount, at: 5 }];
    const [found] = traceExchanges([transaction("a-b-1", "0.0501023400")], attempts);
    expect(found).toMatchObject({ chatId: CHAT, attemptAt: 5 });
    expect(traceExchanges([transaction("a-b-1", "0.05")], attempts)[0]?.chatId).toBeUndefined();
  });

  it("flags two exchanges made for one summary, at the second's creation, not one each for two", () => {
    const attempts = [
      { chatId: CHAT, pair: "btc/btc>usdt/trx", amount: "0.05000001", at: 0 },
      { chatId: CHAT, pair: "btc/btc>usdt/trx", amount: "0.05000002", at: 0 },
    ];
    const twice = traceExchanges(
      [transaction("a-b-1", "0.05000001", START + 1_000), transaction("a-b-2", "0.05000001", START + 4_000)],
      attempts,
    );
    expect(oneConfirmOneExchange(twice, START)).toEqual([
      {
        invariant: INVARIANTS.oneConfirm,
        chatId: CHAT,
        detail: "2 exchanges for one summary (btc/btc>usdt/trx|0.05000001): a-b-1, a-b-2",
        at: 4_000,
      },
    ]);
    const apart = traceExchanges([transaction("a-b-1", "0.05000001"), transaction("a-b-2", "0.05000002")], attempts);
    expect(oneConfirmOneExchange(apart, START)).toEqual([]);
  });
});

describe("deposit details", () => {
  it("takes a second creation card only when it says it may repeat the first", () => {
    expect(depositDetails([traced()], journalOf([card(), card({ again: true })]), true, START)).toEqual([]);
    // At the second's sending (the journal's events come a second apart from START).
    expect(timed(depositDetails([traced()], journalOf([card(), card()]), false, START))).toEqual([[INVARIANTS.depositOnce, 1_000]]);
  });

  it("counts neither edits of the card nor the card /status shows as bringing them again", () => {
    const journal = journalOf([card(), { edit: card({ created: false }), of: 1 }, card({ created: false })]);
    expect(depositDetails([traced()], journal, true, START)).toEqual([]);
  });

  it("flags where to send shown once a status change said the deposit arrived, and not before", () => {
    const before = journalOf([card(), { edit: card({ created: false }), of: 1 }, change("🔎 Confirming your deposit")]);
    expect(depositDetails([traced()], before, true, START)).toEqual([]);
    const after = journalOf([card(), change("🔎 Confirming your deposit"), { edit: card({ created: false }), of: 1 }]);
    expect(depositDetails([traced()], after, false, START)).toEqual([
      {
        invariant: INVARIANTS.depositNotAfter,
        chatId: CHAT,
        detail: `exchange ${ID}: edit of message #1 showed where to send after "confirming" (message #2)`,
        at: 2_000,
      },
    ]);
    const cardAfter = journalOf([change("❌ Failed"), card()]);
    expect(kinds(depositDetails([traced()], cardAfter, false, START))).toEqual([INVARIANTS.depositNotAfter]);
  });

  it("at the end, wants them shown once, unless the only card came past the deposit", () => {
    const late = journalOf([card({ created: false, deposit: false, status: "🔎 Confirming your deposit" })]);
    expect(depositDetails([traced()], late, true, START)).toEqual([]);
    const missing = journalOf([card({ deposit: false })]);
    // At the exchange's creation.
    expect(timed(depositDetails([traced({ createdAt: START + 7_000 })], missing, true, START))).toEqual([
      [INVARIANTS.depositAtLeastOnce, 7_000],
    ]);
    expect(depositDetails([traced()], missing, false, START)).toEqual([]);
    expect(depositDetails([traced({ chatId: undefined })], missing, true, START)).toEqual([]);
  });

  it("lets them never come when the service had not given them and the deposit came first", () => {
    const notGiven = card({ deposit: false }).replace(
      "\n\nTo:",
      "\n\n⚠️ <b>The exchange service has not given the deposit address yet.</b> Don't send anything until I show it here.\n\nTo:",
    );
    expect(depositDetails([traced()], journalOf([notGiven, change("🔎 Confirming your deposit")]), true, START)).toEqual([]);
    expect(depositDetails([traced()], journalOf([notGiven]), true, START)).toEqual([
      {
        invariant: INVARIANTS.depositAtLeastOnce,
        chatId: CHAT,
        detail:
          `exchange ${ID}: its deposit address was never shown (its first creation card message #1, "waiting", ` +
          "which said the service had not given them yet)",
        at: 0,
      },
    ]);
  });
});

describe("status changes", () => {
  it("wants each status once and in the order of an exchange's life", () => {
    const fine = journalOf([card(), change("🔎 Confirming your deposit"), change("🔄 Exchanging"), change("✅ Finished")]);
    expect(statusAnnouncements([traced()], fine, START)).toEqual([]);
    const twice = journalOf([change("🔎 Confirming your deposit"), change("🔎 Confirming your deposit")]);
    expect(statusAnnouncements([traced()], twice, START)).toEqual([
      {
        invariant: INVARIANTS.statusOnce,
        chatId: CHAT,
        detail: `exchange ${ID}: "confirming" announced 2 times without "sent again"`,
        at: 1_000,
      },
    ]);
    // Sent again after an unsure send, saying so first (notice-repeat): not a second announcement.
    const repeated = journalOf([
      change("🔎 Confirming your deposit"),
      `🔁 Sent again in case the previous message did not arrive: it may have.\n\n${change("🔎 Confirming your deposit")}`,
    ]);
    expect(statusAnnouncements([traced()], repeated, START)).toEqual([]);
    const backwards = journalOf([change("🔄 Exchanging"), change("🔎 Confirming your deposit")]);
    expect(statusAnnouncements([traced()], backwards, START)).toEqual([
      {
        invariant: INVARIANTS.statusOrder,
        chatId: CHAT,
        detail: `exchange ${ID}: "confirming" announced after "exchanging"`,
        at: 1_000,
      },
    ]);
    const twoEnds = journalOf([card(), change("✅ Finished"), change("❌ Failed")]);
    expect(timed(statusAnnouncements([traced()], twoEnds, START))).toEqual([[INVARIANTS.statusOrder, 2_000]]);
  });

  it("at the end, wants the card in the status the exchange ended in, and that status announced", () => {
    const cards = new Map<string, CardRow>([[ID, { chatId: CHAT, messageId: 1 }]]);
    const finished = traced({ status: "finished", createdAt: START + 3_000 });
    // The message as the chat holds it now: its visible text.
    const shown = (label: string) => () => visibleText(card({ created: false, deposit: false, status: label }));
    const announced = journalOf([card(), change("✅ Finished")]);
    expect(finalStatus([finished], announced, cards, shown("✅ Finished"), START)).toEqual([]);
    expect(finalStatus([finished], announced, cards, shown("🔄 Exchanging"), START)).toEqual([
      {
        invariant: INVARIANTS.cardFinal,
        chatId: CHAT,
        detail: `exchange ${ID} ended "finished"; its card #1 shows "exchanging"`,
        at: 3_000,
      },
    ]);
    // Never announced: at the card's edit to that status (when the announcement was due), else the creation.
    const unannounced = journalOf([card(), { edit: card({ created: false, status: "✅ Finished" }), of: 1 }]);
    expect(timed(finalStatus([finished], unannounced, cards, shown("✅ Finished"), START))).toEqual([[INVARIANTS.statusOnce, 1_000]]);
    expect(timed(finalStatus([finished], journalOf([card()]), cards, shown("✅ Finished"), START))).toEqual([
      [INVARIANTS.statusOnce, 3_000],
    ]);
    const given = new Map<string, CardRow>([[ID, { chatId: CHAT, messageId: 0 }]]);
    expect(timed(finalStatus([finished], announced, given, shown("✅ Finished"), START))).toEqual([[INVARIANTS.cardFinal, 3_000]]);
    // Still under way at the service: nothing to judge yet.
    expect(finalStatus([traced({ status: "exchanging" })], announced, cards, shown("🔎 Confirming your deposit"), START)).toEqual([]);
  });
});

describe("an exchange never lost", () => {
  it("wants its card in its chat, unless the person was told the creation's outcome is unknown", () => {
    expect(neverLost([traced()], journalOf([card()]), START)).toEqual([]);
    expect(neverLost([traced({ createdAt: START + 5_000 })], journalOf(["Hello"]), START)).toEqual([
      { invariant: INVARIANTS.neverLost, chatId: CHAT, detail: `exchange ${ID} (created 0:05) was never shown in its chat`, at: 5_000 },
    ]);
    const unknown = "⚠️ I could not confirm whether your exchange was created: I sent the request…";
    expect(neverLost([traced({ attemptAt: 0 })], journalOf([unknown]), START)).toEqual([]);
    expect(timed(neverLost([traced({ chatId: undefined, createdAt: START + 5_000 })], journalOf([]), START))).toEqual([
      [INVARIANTS.neverLost, 5_000],
    ]);
  });
});

type Update = PeopleFacts["updates"][number];

describe("answers", () => {
  const update = (sentAtS: number, answeredAtS?: number, kind = "history"): Update => ({
    chatId: CHAT,
    kind,
    sentAt: sentAtS * 1000,
    messageId: sentAtS,
    ...(answeredAtS === undefined ? {} : { answeredAt: answeredAtS * 1000 }),
  });
  const reply = (atS: number, text: string) => ({ at: START + atS * 1000, text });

  it("flags the same answer sent twice after one update, at the answer too many", () => {
    const journal = journalOf([reply(1, "Your exchanges"), reply(2, "Your exchanges")]);
    expect(answeredOnce([update(0, 1)], journal, START)).toEqual([
      { invariant: INVARIANTS.answeredOnce, chatId: CHAT, detail: '"Your exchanges" sent 2 times after one history (0:00)', at: 2_000 },
    ]);
    // Two updates open: the third answer is the one too many.
    const thrice = journalOf([reply(11, "Your exchanges"), reply(12, "Your exchanges"), reply(13, "Your exchanges")]);
    expect(timed(answeredOnce([update(0, 11), update(10, 11)], thrice, START))).toEqual([[INVARIANTS.answeredOnce, 13_000]]);
  });

  it("lets an answer come once per update still open, and lets news and waits repeat", () => {
    // The first /history was not answered when the person sent it again.
    const journal = journalOf([reply(11, "Your exchanges"), reply(12, "Your exchanges")]);
    expect(answeredOnce([update(0, 11), update(10, 11)], journal, START)).toEqual([]);
    const waits = journalOf([
      reply(1, "⏳ You are number 2 in line"),
      reply(2, "⏳ You are number 2 in line"),
      reply(3, change("🔄 Exchanging")),
    ]);
    expect(answeredOnce([update(0, 1)], waits, START)).toEqual([]);
    // Two answers, each after its own update.
    expect(answeredOnce([update(0, 1), update(5, 6)], journalOf([reply(1, "Hi"), reply(6, "Hi")]), START)).toEqual([]);
  });

  it("wants every update answered at the end, or a later one of the same chat", async () => {
    const noneLater = await unanswered([update(0, 1), update(5)], async () => false);
    expect(noneLater).toEqual([
      { invariant: INVARIANTS.answered, chatId: CHAT, detail: "history sent at 0:05 was never answered", at: 5_000 },
    ]);
    expect(await unanswered([update(0), update(5, 6)], async () => false)).toEqual([]);
    expect(await unanswered([update(0), update(5)], async (u) => u.sentAt === 5000)).toEqual([]);
    expect(await unanswered([{ ...update(0), chatId: -100 }], async () => false)).toEqual([]);
  });
});

describe("the service's limit", () => {
  it("flags each stretch of 60 s windows over the limit once, at the start of the first", () => {
    const ten = Array.from({ length: 10 }, (_, i) => 20_000 + i * 5_000);
    expect(serviceLimit(ten, [{ from: 0, perMinute: 10 }])).toEqual([]);
    expect(serviceLimit([...ten, 79_000, 79_500], [{ from: 0, perMinute: 10 }])).toEqual([
      { invariant: INVARIANTS.serviceLimit, detail: "11 calls in the 60 s up to 1:19, over the limit of 10 a minute", at: 20_000 },
    ]);
    // A window is 60 s: a call 60 s after another does not share its window.
    expect(serviceLimit([...ten, 80_000], [{ from: 0, perMinute: 10 }])).toEqual([]);
  });

  it("judges each window by the limit of its time", () => {
    const burst = Array.from({ length: 30 }, (_, i) => i * 1_000);
    const limits = [
      { from: 0, perMinute: 60 },
      { from: 120_000, perMinute: 10 },
    ];
    expect(serviceLimit(burst, limits)).toEqual([]);
    expect(timed(serviceLimit([...burst.map((t) => t + 125_000)], limits))).toEqual([[INVARIANTS.serviceLimit, 125_000]]);
  });
});

describe("429s from Telegram", () => {
  const refused = [{ seq: 0, at: START + 10_000, method: "sendMessage", chatId: CHAT, retryAfterS: 3, key: "k", preview: "Hi" }];

  it("flags one never carried out once its time to be retried is over", () => {
    expect(telegram429(refused, [], START, 20_000, false)).toEqual([]);
    expect(telegram429(refused, [], START, 200_000, false)).toEqual([
      {
        invariant: INVARIANTS.telegram429,
        chatId: CHAT,
        detail: 'sendMessage answered 429 (retry after 3 s) at 0:10, never carried out since: "Hi"',
        at: 10_000,
      },
    ]);
    expect(telegram429(refused, [], START, 20_000, true)).toHaveLength(1);
  });

  it("excuses one whose process was stopped meanwhile, or that met an outage", () => {
    const kill: SoakEvent[] = [{ at: 30_000, kind: "fault", fault: "kill", target: 1, detail: "SIGKILL" }];
    expect(telegram429(refused, kill, START, 200_000, false)).toEqual([]);
    const outage: SoakEvent[] = [
      { at: 0, kind: "fault", fault: "tg-outage", detail: "502" },
      { at: 15_000, kind: "fault-over", fault: "tg-outage", detail: "502" },
    ];
    expect(telegram429(refused, outage, START, 200_000, false)).toEqual([]);
    const earlier: SoakEvent[] = [
      { at: 0, kind: "fault", fault: "kill", target: 1, detail: "SIGKILL" },
      { at: 5_000, kind: "fault-over", fault: "kill", target: 1, detail: "SIGKILL" },
    ];
    expect(telegram429(refused, earlier, START, 200_000, false)).toHaveLength(1);
  });
});

describe("the journal of Telegram calls", () => {
  const call = (method: string, payload: Record<string, unknown>, response: ApiCall["response"]): ApiCall => ({
    method,
    payload,
    response,
    at: START,
  });
  const sent = (id: number) => ({ ok: true as const, result: { message_id: id } });

  it("keeps what each chat was sent and edited, matches 429s with their retry, and keeps calls not answered yet", () => {
    const waiting = call("sendMessage", { chat_id: CHAT, text: "later" }, { ok: true, result: undefined });
    const calls: ApiCall[] = [
      call(
        "sendMessage",
        { chat_id: CHAT, text: card() },
        { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 2 } },
      ),
      call("sendMessage", { chat_id: CHAT, text: card().replace("12:05", "12:06") }, sent(7)),
      call(
        "editMessageText",
        { chat_id: CHAT, message_id: 7, text: card({ created: false }) },
        { ok: false, error_code: 0, description: "emulator: the answer was lost" },
      ),
      call("sendMessage", { chat_id: CHAT, text: "refused" }, { ok: false, error_code: 502, description: "Bad Gateway" }),
      call("answerCallbackQuery", { callback_query_id: "42" }, { ok: false, error_code: 429, description: "Too Many Requests" }),
      waiting,
    ];
    const journal = new TelegramJournal({ calls } as unknown as BotApiEmulator);
    journal.drain();
    expect(journal.eventsOf(CHAT).map((e) => [e.kind, e.messageId, e.created, e.cardOf, e.depositAddress])).toEqual([
      ["send", 7, true, ID, DEPOSIT],
      ["edit", 7, false, ID, DEPOSIT],
    ]);
    expect(journal.failuresOf(CHAT).map((e) => [e.kind, e.failed])).toEqual([
      ["send", "429 Too Many Requests"],
      ["send", "502 Bad Gateway"],
    ]);
    expect(journal.retried).toBe(1);
    expect(journal.refused.map((r) => [r.method, r.retryAfterS])).toEqual([["answerCallbackQuery", 1]]);
    expect(calls).toEqual([waiting]);
  });
});
