/**
 * The soak's invariants (issue 39), judged from what reached Telegram (the journal of the bot's
 * calls, the chats' messages), what the service holds and was asked (the sandbox's exchanges and
 * requests) and what the people did (`world.facts`). Each check is a function of plain inputs, so
 * that it can be tried on small made-up ones (test/unit/soak/). A violation says the chat and
 * what happened, and `at` when it happened (elapsed ms) where the check knows; main.ts adds the
 * seed, the time it was found and the faults around when it happened. `startedAt` is the epoch
 * ms of elapsed 0: the journal's events and the sandbox's records are in epoch ms.
 *
 * Judged all along: one Confirm makes at most one exchange; deposit details never twice without
 * "sent again" and never once the bot said the deposit arrived (or the exchange ended); status
 * changes announced once each and in order; nothing answered twice; the service's limit in every
 * 60 s window; every 429 from Telegram followed by the same call carried out. Judged at the end,
 * the fleet idle: no exchange lost, its deposit details shown at least once, its card in its
 * final status with that status announced, every update answered (or its step taken again).
 */
import type { TransactionInfo, TransactionRecord } from "../../src/exchange/sandbox/index.js";
import { admin } from "../harness/postgres-admin.js";
import { attemptKey } from "./attempts.js";
import { type ChatEvent, journalOf, type Refused429, type TelegramJournal } from "./journal.js";
import { faultSpans } from "./report.js";
import { clock } from "./schedule.js";
import { cardStatus, isNews, STATUS_RANK, textOf } from "./texts.js";
import type { CheckInvariants, PeopleFacts, SoakEvent, SoakWorld, Violation } from "./world.js";

export const INVARIANTS = {
  oneConfirm: "one Confirm makes at most one exchange",
  neverLost: "an exchange the service created is never lost",
  depositAtLeastOnce: "deposit details reach the person at least once",
  depositOnce: 'deposit details never come twice without "sent again"',
  depositNotAfter: "deposit details never come after the bot said the deposit arrived",
  statusOnce: "every change of status is announced once",
  statusOrder: "changes of status are announced in order",
  cardFinal: "the card ends in the final status",
  answered: "every update is answered (or its step taken again)",
  answeredOnce: "nothing is answered twice",
  serviceLimit: "the service never sees more than its limit in any 60 s window",
  telegram429: "no 429 from Telegram is lost",
} as const;

/** An exchange the service created, traced to the chat it was made from (if it could be). */
export interface Traced {
  id: string;
  chatId: number | undefined;
  key: string;
  depositAddress: string;
  /** Its status at the service now. */
  status: string;
  /** When the service created it (epoch ms). */
  createdAt: number;
  /** When the person set out to make it (elapsed ms), if traced. */
  attemptAt?: number;
}

export const checkInvariants: CheckInvariants = async (world, final) => {
  const journal = journalOf(world.fleet.tg);
  journal.drain();
  const exchanges = traceExchanges(world.fleet.sandbox.transactions(), world.facts.attempts ?? []);
  const found: Violation[] = [
    ...oneConfirmOneExchange(exchanges, world.startedAt),
    ...depositDetails(exchanges, journal, false, world.startedAt),
    ...statusAnnouncements(exchanges, journal, world.startedAt),
    ...answeredOnce(world.facts.updates, journal, world.startedAt),
    ...serviceLimit(
      world.fleet.sandbox.requests.map((request) => request.at - world.startedAt),
      world.rateLimits,
    ),
    ...telegram429(journal.refused, world.events, world.startedAt, world.elapsed(), final),
  ];
  if (!final) return found;
  const cards = await cardsInDatabase(world.fleet.databaseUrl);
  for (const exchange of exchanges) if (exchange.chatId === undefined) exchange.chatId = cards.get(exchange.id)?.chatId;
  found.push(
    ...neverLost(exchanges, journal, world.startedAt),
    ...depositDetails(exchanges, journal, true, world.startedAt).filter((v) => v.invariant === INVARIANTS.depositAtLeastOnce),
    ...finalStatus(
      exchanges,
      journal,
      cards,
      (chatId, messageId) => {
        const message = world.fleet.tg.messagesAfter(chatId, messageId - 1)[0];
        return message?.message_id === messageId && !message.deleted ? textOf(message) : undefined;
      },
      world.startedAt,
    ),
    ...(await unanswered(world.facts.updates, answeredNow(world))),
  );
  noteCoverage(world, exchanges, journal);
  return found;
};

const coverageNoted = new WeakMap<SoakWorld, string>();

/** Says once (again only when it changed) how much the final check judged: a check that saw nothing proves nothing. */
function noteCoverage(world: SoakWorld, exchanges: readonly Traced[], journal: TelegramJournal): void {
  let deposits = 0;
  let again = 0;
  let changes = 0;
  for (const events of journal.chats.values()) {
    for (const event of events) {
      if (event.kind !== "send") continue;
      if (event.depositAddress !== undefined && (event.created || event.depositReadyOf !== undefined)) deposits++;
      if (event.sentAgain) again++;
      if (event.change) changes++;
    }
  }
  const traced = exchanges.filter((e) => e.chatId !== undefined).length;
  const detail =
    `the final check judged ${exchanges.length} exchanges (${traced} traced to their chat), ` +
    `${deposits} messages of deposit details (${again} marked sent again), ${changes} status changes, ` +
    `${world.facts.updates.length} updates, ${journal.retried} 429s retried`;
  if (coverageNoted.get(world) === detail) return;
  coverageNoted.set(world, detail);
  world.record({ at: world.elapsed(), kind: "note", detail });
}

/** Each exchange of the service with the chat whose attempt asked for it (by its pair and unique amount). */
export function traceExchanges(
  transactions: readonly { record: TransactionRecord; info: TransactionInfo }[],
  attempts: readonly NonNullable<PeopleFacts["attempts"]>[number][],
): Traced[] {
  const byKey = new Map(attempts.map((attempt) => [attemptKey(attempt.pair, attempt.amount), attempt]));
  return transactions.map(({ record, info }) => {
    const { pair } = record;
    const key = attemptKey(`${pair.symbolFrom}/${pair.networkFrom}>${pair.symbolTo}/${pair.networkTo}`, record.amountFrom);
    const attempt = byKey.get(key);
    return {
      id: record.id,
      chatId: attempt?.chatId,
      key,
      depositAddress: record.addressFrom,
      status: info.status,
      createdAt: record.createdAtMs,
      ...(attempt === undefined ? {} : { attemptAt: attempt.at }),
    };
  });
}

/** No attempt (one summary, confirmed once or more) made two exchanges. At: the second's creation. */
export function oneConfirmOneExchange(exchanges: readonly Traced[], startedAt: number): Violation[] {
  const byKey = new Map<string, Traced[]>();
  for (const exchange of exchanges) byKey.set(exchange.key, [...(byKey.get(exchange.key) ?? []), exchange]);
  return [...byKey.values()]
    .filter((made) => made.length > 1)
    .map((made) => ({
      invariant: INVARIANTS.oneConfirm,
      ...(made[0]!.chatId === undefined ? {} : { chatId: made[0]!.chatId }),
      detail: `${made.length} exchanges for one summary (${made[0]!.key}): ${made.map((e) => e.id).join(", ")}`,
      at: made.map((e) => e.createdAt).sort((a, b) => a - b)[1]! - startedAt,
    }));
}

type Journal = Pick<TelegramJournal, "eventsOf">;

/** Each chat's events by what they are about (an exchange id, a deposit address, "#unknown"), indexed as they come. */
const indexes = new WeakMap<readonly ChatEvent[], { indexed: number; byKey: Map<string, ChatEvent[]> }>();

/** The events of a chat about any of `keys`, in order. */
function about(journal: Journal, chatId: number, ...keys: string[]): ChatEvent[] {
  const events = journal.eventsOf(chatId);
  let index = indexes.get(events);
  if (!index) indexes.set(events, (index = { indexed: 0, byKey: new Map() }));
  for (; index.indexed < events.length; index.indexed++) {
    const event = events[index.indexed]!;
    const of = [
      event.cardOf,
      event.change?.exchangeId,
      event.depositReadyOf,
      event.depositAddress,
      event.createUnknown ? "#unknown" : undefined,
    ];
    for (const key of new Set(of)) {
      if (key === undefined) continue;
      const list = index.byKey.get(key);
      if (list) list.push(event);
      else index.byKey.set(key, [event]);
    }
  }
  const found = keys.flatMap((key) => index.byKey.get(key) ?? []);
  return keys.length > 1 ? [...new Set(found)].sort((a, b) => a.seq - b.seq) : found;
}

const PAST_DEPOSIT = (status: string) => (STATUS_RANK[status] ?? 0) >= 1;

/**
 * Deposit details, per exchange, in its chat: the messages that bring them of the bot's own
 * accord (the creation card, "the deposit details are here") after the first each say "sent
 * again"; nothing shows where to send once a status change said the deposit arrived (or the
 * exchange ended); `final`: they came at least once, or the only card came past the deposit.
 * At: the offending message's sending (or edit); for none shown, the exchange's creation.
 */
export function depositDetails(exchanges: readonly Traced[], journal: Journal, final: boolean, startedAt: number): Violation[] {
  const found: Violation[] = [];
  for (const exchange of exchanges) {
    if (exchange.chatId === undefined) continue;
    const { id, chatId, depositAddress } = exchange;
    const events = about(journal, chatId, id, depositAddress);
    const showing = events.filter((e) => e.depositAddress === depositAddress);
    const brought = showing.filter((e) => e.kind === "send" && (e.created || e.depositReadyOf === id));
    for (const repeat of brought.slice(1).filter((e) => !e.sentAgain)) {
      found.push({
        invariant: INVARIANTS.depositOnce,
        chatId,
        detail: `exchange ${id}: deposit details sent ${brought.length} times, ${describeEvent(repeat)} without "sent again"`,
        at: repeat.at - startedAt,
      });
    }
    const arrived = events.find((e) => e.kind === "send" && e.change?.exchangeId === id && PAST_DEPOSIT(e.change.status));
    if (arrived) {
      for (const late of showing.filter((e) => e.seq > arrived.seq)) {
        found.push({
          invariant: INVARIANTS.depositNotAfter,
          chatId,
          detail:
            `exchange ${id}: ${describeEvent(late)} showed where to send ` +
            `after "${arrived.change!.status}" (${describeEvent(arrived)})`,
          at: late.at - startedAt,
        });
      }
    }
    if (final && showing.length === 0) {
      const firstCard = events.find((e) => e.kind === "send" && e.cardOf === id);
      // Never shown at all: neverLost says so. A card shown late, once the deposit came or the
      // exchange ended, rightly shows only the status.
      if (firstCard === undefined || (!firstCard.created && PAST_DEPOSIT(firstCard.cardStatus ?? "waiting"))) continue;
      // The service had not given them when the card came, and the deposit came (at the sandbox's
      // own pace) before it did: where to send is rightly never shown once the deposit arrived.
      if (firstCard.depositMissing && arrived) continue;
      const what = `${firstCard.created ? "creation card" : "card"} ${describeEvent(firstCard)}, "${firstCard.cardStatus ?? "?"}"`;
      const missing = firstCard.depositMissing ? ", which said the service had not given them yet" : "";
      found.push({
        invariant: INVARIANTS.depositAtLeastOnce,
        chatId,
        detail: `exchange ${id}: its deposit address was never shown (its first ${what}${missing})`,
        at: exchange.createdAt - startedAt,
      });
    }
  }
  return found;
}

/**
 * Each exchange's status changes, as messages in its chat: each status once, in the order of an
 * exchange's life. At: the sending of the second announcement, or of the one out of order.
 */
export function statusAnnouncements(exchanges: readonly Traced[], journal: Journal, startedAt: number): Violation[] {
  const found: Violation[] = [];
  for (const { id, chatId } of exchanges) {
    if (chatId === undefined) continue;
    const changes = about(journal, chatId, id).filter((e) => e.kind === "send" && e.change?.exchangeId === id);
    const byStatus = new Map<string, ChatEvent[]>();
    for (const change of changes) byStatus.set(change.change!.status, [...(byStatus.get(change.change!.status) ?? []), change]);
    for (const [status, same] of byStatus) {
      // Sent again after a send that may have arrived, saying so (notice-repeat), is not a second announcement.
      const unmarked = same.filter((change, i) => i === 0 || !change.sentAgain);
      if (unmarked.length > 1) {
        const detail = `exchange ${id}: "${status}" announced ${unmarked.length} times without "sent again"`;
        found.push({ invariant: INVARIANTS.statusOnce, chatId, detail, at: unmarked[1]!.at - startedAt });
      }
    }
    const distinct = [...byStatus.values()].map((same) => same[0]!);
    for (let i = 1; i < distinct.length; i++) {
      const [before, after] = [distinct[i - 1]!.change!.status, distinct[i]!.change!.status];
      if ((STATUS_RANK[after] ?? -1) <= (STATUS_RANK[before] ?? -1)) {
        const detail = `exchange ${id}: "${after}" announced after "${before}"`;
        found.push({ invariant: INVARIANTS.statusOrder, chatId, detail, at: distinct[i]!.at - startedAt });
      }
    }
  }
  return found;
}

/** What the database says of each exchange's card: its chat and message (0: given up; null: not shown yet). */
export interface CardRow {
  chatId: number;
  messageId: number | null;
  /** What the bot's tracker holds, said with a violation: its status, its next poll, its failed polls in a row. */
  tracker?: string;
}

async function cardsInDatabase(url: string): Promise<Map<string, CardRow>> {
  const { rows } = await admin(url, (client) =>
    client.query<{
      exchange_id: string;
      chat_id: string;
      card_message_id: string | null;
      status: string;
      next_poll_at: string | null;
      error_count: string;
      tracking_stopped_at: string | null;
    }>("SELECT exchange_id, chat_id, card_message_id, status, next_poll_at, error_count, tracking_stopped_at FROM transactions"),
  );
  const now = Date.now();
  return new Map(
    rows.map((row) => {
      const next = row.next_poll_at === null ? "no next poll" : `next poll in ${Math.round((Number(row.next_poll_at) - now) / 1000)} s`;
      const stopped = row.tracking_stopped_at === null ? "" : ", tracking stopped";
      const tracker = `the bot holds "${row.status}", ${next}, ${row.error_count} failed polls in a row${stopped}`;
      return [
        row.exchange_id,
        { chatId: Number(row.chat_id), messageId: row.card_message_id === null ? null : Number(row.card_message_id), tracker },
      ];
    }),
  );
}

/**
 * Every exchange the service created was shown to its person as a card, unless they were told its
 * creation's outcome is unknown. At: its creation.
 */
export function neverLost(exchanges: readonly Traced[], journal: Journal, startedAt: number): Violation[] {
  const found: Violation[] = [];
  for (const exchange of exchanges) {
    const { id, chatId } = exchange;
    const created = clock(exchange.createdAt - startedAt);
    if (chatId === undefined) {
      found.push({
        invariant: INVARIANTS.neverLost,
        detail: `exchange ${id} (created ${created}) came from no person's attempt the bot knows`,
        at: exchange.createdAt - startedAt,
      });
      continue;
    }
    if (about(journal, chatId, id).some((e) => e.kind === "send" && e.cardOf === id)) continue;
    // The bot's honest answer when the service never said: an exchange may exist, don't send anything.
    const attemptAt = exchange.attemptAt === undefined ? exchange.createdAt - 600_000 : startedAt + exchange.attemptAt;
    if (about(journal, chatId, "#unknown").some((e) => e.kind === "send" && e.at >= attemptAt)) continue;
    const detail = `exchange ${id} (created ${created}) was never shown in its chat`;
    found.push({ invariant: INVARIANTS.neverLost, chatId, detail, at: exchange.createdAt - startedAt });
  }
  return found;
}

/**
 * At the end: each exchange that ended at the service has its card (the message the database
 * names) showing that status, and the status announced (once: statusAnnouncements says if twice).
 * At: the exchange's creation; for a status never announced, the card first showing it (the
 * announcement's moment), else the creation.
 */
export function finalStatus(
  exchanges: readonly Traced[],
  journal: Journal & Partial<Pick<TelegramJournal, "failuresOf">>,
  cards: ReadonlyMap<string, CardRow>,
  messageText: (chatId: number, messageId: number) => string | undefined,
  startedAt: number,
): Violation[] {
  /** What Telegram refused of `matches` in the chat, as evidence: "502 Bad Gateway at 3:24, …". */
  const refused = (chatId: number, matches: (e: ChatEvent) => boolean): string => {
    const failed = (journal.failuresOf?.(chatId) ?? []).filter(matches);
    return failed.length === 0 ? "" : `; refused by Telegram: ${failed.map((e) => `${e.failed} at ${clock(e.at - startedAt)}`).join(", ")}`;
  };
  const found: Violation[] = [];
  for (const { id, chatId, status, createdAt } of exchanges) {
    if (chatId === undefined || STATUS_RANK[status] !== 4) continue;
    const at = createdAt - startedAt;
    const card = cards.get(id);
    if (!card) continue; // unknown to the bot: neverLost says so
    if (card.messageId === null || card.messageId === 0) {
      const why = card.messageId === null ? "its card was never shown" : "the bot gave its card up";
      found.push({ invariant: INVARIANTS.cardFinal, chatId, detail: `exchange ${id} ended "${status}", and ${why}`, at });
      continue;
    }
    const text = messageText(chatId, card.messageId);
    const shows = text === undefined ? undefined : cardStatus(text);
    if (shows !== status) {
      found.push({
        invariant: INVARIANTS.cardFinal,
        chatId,
        detail:
          `exchange ${id} ended "${status}"; its card #${card.messageId} shows ${shows === undefined ? "no status" : `"${shows}"`}` +
          (card.tracker === undefined ? "" : ` (${card.tracker})`) +
          refused(chatId, (e) => e.kind === "edit" && e.messageId === card.messageId),
        at,
      });
      continue;
    }
    const events = about(journal, chatId, id);
    const announced = events.some((e) => e.kind === "send" && e.change?.exchangeId === id && e.change.status === status);
    if (!announced) {
      const evidence = refused(chatId, (e) => e.change?.exchangeId === id && e.change.status === status);
      const shown = events.find((e) => e.cardOf === id && e.cardStatus === status);
      found.push({
        invariant: INVARIANTS.statusOnce,
        chatId,
        detail: `exchange ${id}: "${status}" was never announced${evidence}`,
        at: shown === undefined ? at : shown.at - startedAt,
      });
    }
  }
  return found;
}

type Update = PeopleFacts["updates"][number];
/** How long an update not answered yet may still have its answer come (a person waits at most minutes). */
const OPEN_FOR_MS = 10 * 60_000;

/**
 * Nothing answered twice: in a person's private chat, between one update and the next, the bot
 * does not send the same answer twice. Answers still owed to earlier updates (not answered when
 * the next was sent: a person who gave up waiting, or tapped twice) may come there too, so a
 * text may come as many times as there were updates open. At: the first answer too many.
 */
export function answeredOnce(updates: readonly Update[], journal: Journal, startedAt: number): Violation[] {
  const found: Violation[] = [];
  const byChat = new Map<number, Update[]>();
  for (const update of updates) if (update.chatId > 0) byChat.set(update.chatId, [...(byChat.get(update.chatId) ?? []), update]);
  for (const [chatId, sent] of byChat) {
    const answers = journal.eventsOf(chatId).filter((e) => e.kind === "send" && !e.news && !e.waiting && !e.preview.startsWith("⌛"));
    let next = 0;
    let stillOpen: Update[] = [];
    for (let i = 0; i < sent.length; i++) {
      const from = startedAt + sent[i]!.sentAt;
      const to = i + 1 < sent.length ? startedAt + sent[i + 1]!.sentAt : Number.POSITIVE_INFINITY;
      while (next < answers.length && answers[next]!.at < from) next++;
      const counts = new Map<number, ChatEvent[]>();
      for (let j = next; j < answers.length && answers[j]!.at < to; j++) {
        counts.set(answers[j]!.hash, [...(counts.get(answers[j]!.hash) ?? []), answers[j]!]);
      }
      // Earlier updates not answered when this one was sent, and recent enough to be answered still.
      const sentAt = sent[i]!.sentAt;
      stillOpen = stillOpen.filter((u) => (u.answeredAt === undefined || u.answeredAt > sentAt) && sentAt - u.sentAt < OPEN_FOR_MS);
      const open = 1 + stillOpen.length;
      stillOpen.push(sent[i]!);
      for (const same of counts.values()) {
        if (same.length <= open) continue;
        found.push({
          invariant: INVARIANTS.answeredOnce,
          chatId,
          detail: `"${same[0]!.preview.slice(0, 60)}" sent ${same.length} times after one ${sent[i]!.kind} (${clock(sent[i]!.sentAt)})`,
          at: same[open]!.at - startedAt,
        });
      }
    }
  }
  return found;
}

/** Whether an update is answered now, looked up again (its person may have given up waiting before). */
export type AnsweredNow = (update: Update) => Promise<boolean>;

function answeredNow(world: SoakWorld): AnsweredNow {
  const { tg } = world.fleet;
  const unansweredTaps = new Set(tg.unansweredCallbackQueries());
  return async (update) => {
    if (update.queryId !== undefined && update.kind !== "inline") return !unansweredTaps.has(update.queryId);
    if (update.queryId !== undefined) {
      const user = tg.user({ id: update.userId ?? update.chatId });
      return user.inlineAnswer(update.queryId, 1).then(
        () => true,
        () => false,
      );
    }
    if (update.messageId === undefined) return true;
    return tg.messagesAfter(update.chatId, update.messageId).some((m) => m.from_bot && !isNews(textOf(m)));
  };
}

/**
 * At the end, every update of a private chat was answered, or its step taken again: a later
 * update of the same person there was answered (the person gave up waiting and went on). In
 * groups Telegram's limit rightly leaves some quotes unanswered. At: the update's sending.
 */
export async function unanswered(updates: readonly Update[], isAnswered: AnsweredNow): Promise<Violation[]> {
  const found: Violation[] = [];
  const byChat = new Map<number, Update[]>();
  for (const update of updates) if (update.chatId > 0) byChat.set(update.chatId, [...(byChat.get(update.chatId) ?? []), update]);
  for (const [chatId, sent] of byChat) {
    let laterAnswered = false;
    for (let i = sent.length - 1; i >= 0; i--) {
      const update = sent[i]!;
      const answered = update.answeredAt !== undefined || (await isAnswered(update));
      if (!answered && !laterAnswered) {
        const detail = `${update.kind} sent at ${clock(update.sentAt)} was never answered`;
        found.push({ invariant: INVARIANTS.answered, chatId, detail, at: update.sentAt });
      }
      laterAnswered ||= answered;
    }
  }
  return found;
}

/**
 * The service's limit in every 60 s window: `times` are the requests' arrivals (ms since the run
 * began, any answer: a refused request was made all the same), `limits` the limit from each time
 * on. One violation for each stretch of windows over the limit, at its first; at: the first call
 * of that window.
 */
export function serviceLimit(times: readonly number[], limits: readonly { from: number; perMinute: number }[]): Violation[] {
  const sorted = [...times].sort((a, b) => a - b);
  const limitAt = (at: number) => limits.filter((l) => l.from <= at).at(-1)?.perMinute ?? limits[0]?.perMinute ?? Number.POSITIVE_INFINITY;
  const found: Violation[] = [];
  let over = false;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[i]! <= sorted[j]! - 60_000) i++;
    const count = j - i + 1;
    const limit = limitAt(sorted[j]!);
    if (count > limit && !over) {
      found.push({
        invariant: INVARIANTS.serviceLimit,
        detail: `${count} calls in the 60 s up to ${clock(sorted[j]!)}, over the limit of ${limit} a minute`,
        at: sorted[i]!,
      });
    }
    over = count > limit;
  }
  return found;
}

/** Faults during which a 429's retry may rightly not come: the process that got it stopped, or Telegram was down. */
const STOPS_RETRIES = /^(kill|freeze|clock|db-hang|rolling-restart|tg-outage|tg-offline)$/;
/** The outbox waits out retry_after, and gives a message up after two minutes: then some slack. */
const RETRY_WITHIN_MS = 150_000;

/**
 * Every call Telegram answered 429 was carried out later (the same message into the same chat,
 * the same message edited, the same query answered). One still waiting for its retry is judged
 * once its time is over (or at the end); one whose process was stopped meanwhile, or that met
 * an outage, is excused. At: the refused call.
 */
export function telegram429(
  refused: readonly Refused429[],
  events: readonly SoakEvent[],
  startedAt: number,
  now: number,
  final: boolean,
): Violation[] {
  const spans = faultSpans(events).filter((span) => STOPS_RETRIES.test(span.kind));
  const exits = events.filter((e) => e.kind === "exit").map((e) => e.at);
  const found: Violation[] = [];
  for (const call of refused) {
    const at = call.at - startedAt;
    const until = at + call.retryAfterS * 1000 + RETRY_WITHIN_MS;
    if (!final && now < until) continue;
    if (spans.some((span) => span.from <= until && (span.to ?? Number.POSITIVE_INFINITY) >= at)) continue;
    if (exits.some((exit) => exit >= at && exit <= until)) continue;
    found.push({
      invariant: INVARIANTS.telegram429,
      ...(call.chatId === undefined ? {} : { chatId: call.chatId }),
      detail: `${call.method} answered 429 (retry after ${call.retryAfterS} s) at ${clock(at)}, never carried out since: "${call.preview}"`,
      at,
    });
  }
  return found;
}

function describeEvent(event: ChatEvent): string {
  const what = event.kind === "send" ? "message" : "edit of message";
  return `${what} ${event.messageId === undefined ? "(id unknown)" : `#${event.messageId}`}`;
}
