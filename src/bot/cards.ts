import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { TransactionRecord } from "../db/index.js";
import { depositNeedsMemo, depositView } from "../domain/deposit.js";
import { networkName } from "../domain/networks.js";
import { isPastDeposit, isSettled, isWaiting } from "../domain/poll-policy.js";
import { toldOf } from "../domain/slowness.js";
import { isFinalStatus, KNOWN_STATUSES } from "../exchange/index.js";
import { againstQuote, copyable, exactAmount, receivable } from "./amounts.js";
import { againButton, cardButton } from "./callback-data.js";
import { currencyLabel, escapeHtml, moment } from "./format.js";
import type { Translator } from "./i18n.js";

export type Translate = Translator;

/** What the catalogue says of an exchange's two currencies: explorer URL prefixes, and whether the deposit needs a memo. */
export interface Explorers {
  from?: string | undefined;
  to?: string | undefined;
  depositMemo?: boolean | undefined;
}

export function explorersOf(
  catalogue: { find(symbol: string, network: string): { explorer: string; memo?: boolean } | undefined },
  tx: TransactionRecord,
): Explorers {
  const from = catalogue.find(tx.symbolFrom, tx.networkFrom);
  return { from: from?.explorer, to: catalogue.find(tx.symbolTo, tx.networkTo)?.explorer, depositMemo: from?.memo };
}

function isKnown(status: string): boolean {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

/** "⏳ Waiting for your deposit" (whatever the case); a status we do not know is shown as the service wrote it. */
export function statusLabel(t: Translate, status: string): string {
  const known = status.toLowerCase();
  return isKnown(known) ? t(`status-${known}`) : t("status-unknown", { status: escapeHtml(status) });
}

/** A link to the transaction on an explorer, or the bare hash when there is no usable explorer. */
function txLink(hash: string, explorer: string | undefined): string {
  const short = hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
  if (!explorer || !/^https?:\/\//.test(explorer)) return `<code>${escapeHtml(hash)}</code>`;
  return `<a href="${escapeHtml(explorer + encodeURIComponent(hash))}">${escapeHtml(short)}</a>`;
}

function pairLine(t: Translate, tx: TransactionRecord): string {
  return t("card-pair", {
    // Every digit: the card says the amount to send exactly, and must not show it twice two ways.
    amount: exactAmount(tx.amountFrom),
    from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
    receive: tx.amountTo ? receivable(tx.amountTo) : "?",
    to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
  });
}

function hashLines(t: Translate, tx: TransactionRecord, explorers: Explorers): string[] {
  const lines: string[] = [];
  if (tx.hashFrom) lines.push(t("card-hash-from", { link: txLink(tx.hashFrom, explorers.from) }));
  // A refunded exchange's hash_to is the refund's, on the deposit's network (the service has no field of its own for it).
  if (tx.hashTo && isRefunded(tx)) lines.push(t("card-hash-refund", { link: txLink(tx.hashTo, explorers.from) }));
  else if (tx.hashTo) lines.push(t("card-hash-to", { link: txLink(tx.hashTo, explorers.to) }));
  return lines;
}

const isRefunded = (tx: TransactionRecord) => tx.status.toLowerCase() === "refunded";

/**
 * A finished exchange: what arrived against what the person was quoted when they confirmed
 * ("received 5,402.1 USDT; quoted about 5,416.51: 0.27% less"). Nothing without both figures
 * (an exchange created before the quote was kept).
 */
export function receivedLines(t: Translate, tx: TransactionRecord): string[] {
  if (tx.status.toLowerCase() !== "finished" || !tx.amountTo || !tx.quotedTo) return [];
  const against = againstQuote(tx.amountTo, tx.quotedTo);
  if (!against) return [];
  return [
    t("received-vs-quote", {
      direction: against.direction,
      received: exactAmount(tx.amountTo),
      quoted: receivable(tx.quotedTo),
      percent: against.percent,
      to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
    }),
  ];
}

/**
 * The status card: everything about one exchange, kept current by editing. The exchange id
 * stands alone in <code> so it can be copied, and a forwarded card can be looked up.
 */
/**
 * `phrase` is the owner's anti-phishing phrase, shown with the deposit address; it is passed
 * by every caller on purpose (null for support staff, who must not see it).
 */
export function renderCard(
  t: Translate,
  tx: TransactionRecord,
  explorers: Explorers,
  now: number,
  phrase: string | null,
  options: { depositInstructions?: boolean } = {},
): string {
  const lines = [
    t("card-title", { id: escapeHtml(tx.exchangeId) }),
    pairLine(t, tx),
    t("card-status", { status: statusLabel(t, tx.status) }),
    ...receivedLines(t, tx),
  ];
  // Where to send: while the exchange waits for the deposit, and on the creation message unless
  // the deposit arrived or the exchange ended (a card shown late).
  const instruct = options.depositInstructions ?? isWaiting(tx.status);
  if (instruct && !isPastDeposit(tx.status)) lines.push("", ...depositLines(t, tx, explorers.depositMemo, phrase));
  lines.push("", t("card-to", { address: escapeHtml(tx.addressTo) }));
  if (tx.extraTo) lines.push(t("card-to-memo", { memo: escapeHtml(tx.extraTo) }));
  lines.push(
    t("card-provider", { provider: escapeHtml(tx.provider), type: tx.rateType === "fixed" ? t("rate-fixed") : t("rate-floating") }),
  );
  if (tx.addressRefund) lines.push(t("card-refund", { address: escapeHtml(tx.addressRefund) }));
  lines.push(...hashLines(t, tx, explorers));
  lines.push(...notTrackedLines(t, tx));
  if (toldOf(tx.slowState, tx.status) === "late")
    lines.push("", t("card-late", { status: statusLabel(t, tx.status), since: moment(tx.statusChangedAt) }));
  lines.push(t("card-updated", { time: moment(now) }));
  return lines.join("\n");
}

/**
 * "I have sent the funds" makes sense while the exchange waits for a deposit the owner can
 * see the address of, and the tracker still follows it (the button moves it up the line).
 */
export function offersFundsSent(tx: TransactionRecord, catalogueSaysMemo?: boolean): boolean {
  // Only once the whole deposit is known (a card missing the memo says not to send).
  return (
    isWaiting(tx.status) &&
    tx.nextPollAt !== null &&
    depositView(tx, depositNeedsMemo(tx.networkFrom, catalogueSaysMemo)).kind === "complete"
  );
}

/**
 * The message that shows a new exchange: the card with where to send, and what comes next;
 * `repeat`: it says it may repeat one that arrived (a send before it may have). An exchange past
 * its deposit (it arrived, or the exchange ended: the card shown late, after a process died with
 * it) gets the status card instead: never where to send once the bot knows the deposit came.
 */
export function renderCreationCard(
  t: Translate,
  tx: TransactionRecord,
  explorers: Explorers,
  now: number,
  phrase: string | null,
  options: { repeat?: boolean } = {},
): string {
  if (isPastDeposit(tx.status)) return renderCard(t, tx, explorers, now, phrase);
  return [
    ...(options.repeat ? [t("created-repeat"), ""] : []),
    t("created-title"),
    "",
    renderCard(t, tx, explorers, now, phrase, { depositInstructions: true }),
    "",
    t("created-tracking"),
  ].join("\n");
}

/** Said when the deposit details come after the person left a creation that lacked them. */
export function renderDepositReady(t: Translate, tx: TransactionRecord, explorers: Explorers, phrase: string | null): string {
  return [t("deposit-ready", { id: escapeHtml(tx.exchangeId) }), "", ...depositLines(t, tx, explorers.depositMemo, phrase)].join("\n");
}

/**
 * Where and how much to send, by the one deposit rule: complete, or a plain warning not to
 * send (an address whose memo is missing is not shown at all).
 */
export function depositLines(t: Translate, tx: TransactionRecord, catalogueSaysMemo: boolean | undefined, phrase: string | null): string[] {
  const network = escapeHtml(networkName(tx.networkFrom));
  const view = depositView(tx, depositNeedsMemo(tx.networkFrom, catalogueSaysMemo));
  if (view.kind === "missing-address") return [t("deposit-missing-address")];
  if (view.kind === "missing-memo") return [t("deposit-missing-memo", { network })];
  const lines = [
    // First, before the address: a clone of this bot cannot know it.
    ...(phrase ? [t("deposit-phrase", { phrase: escapeHtml(phrase) })] : []),
    // The exact figure, as the QR code has it, in no locale's form: it is copied into a wallet.
    t("created-send", { amount: escapeHtml(copyable(tx.amountFrom)), currency: escapeHtml(tx.symbolFrom.toUpperCase()), network }),
    `<code>${escapeHtml(view.address)}</code>`,
  ];
  if (view.memo !== null) lines.push(t("created-memo", { memo: escapeHtml(view.memo) }));
  return lines;
}

/** The most a copy button can hold (Bot API `copy_text`: 1-256 characters). */
export const MAX_COPY_TEXT = 256;

/** What the copy buttons of a deposit put on the clipboard, in the order they are shown. */
export interface DepositCopies {
  amount: string;
  address: string;
  memo: string | null;
}

/**
 * What a person pastes into their wallet to pay: exactly what the card shows (the address and
 * memo as the service gave them, the amount as `copyable` writes it: every digit, a dot, no
 * grouping). Only while the exchange waits for a deposit whose details are complete: never for
 * one that is over or moving (a second payment), nor an address whose memo is missing.
 */
export function depositCopies(tx: TransactionRecord, catalogueSaysMemo: boolean | undefined): DepositCopies | undefined {
  if (!isWaiting(tx.status)) return undefined;
  const view = depositView(tx, depositNeedsMemo(tx.networkFrom, catalogueSaysMemo));
  if (view.kind !== "complete") return undefined;
  return { amount: copyable(tx.amountFrom), address: view.address, memo: view.memo };
}

/**
 * Copy buttons (Bot API 7.11 `copy_text`: the app copies, nothing comes back to the bot) for the
 * amount and the deposit address, as the card lists them, then the memo on a row of its own.
 * A value too long for a copy button gets none (the card still shows it, to copy by hand). No
 * rows when the deposit is not to be paid now (see depositCopies).
 */
export function copyButtonRows(t: Translate, tx: TransactionRecord, catalogueSaysMemo: boolean | undefined): InlineKeyboardButton[][] {
  const copies = depositCopies(tx, catalogueSaysMemo);
  if (copies === undefined) return [];
  // UTF-16 units: never fewer than the characters Telegram counts, so a value that fits here fits there.
  const fits = (value: string) => value.length > 0 && value.length <= MAX_COPY_TEXT;
  const button = (label: string, value: string) => (fits(value) ? [InlineKeyboard.copyText(label, value)] : []);
  const rows = [
    [...button(t("button-copy-amount"), copies.amount), ...button(t("button-copy-address"), copies.address)],
    copies.memo === null ? [] : button(t("button-copy-memo"), copies.memo),
  ];
  return rows.filter((row) => row.length > 0);
}

/** The keyboard of a message that gives the deposit details on their own (they came later): the copy buttons. */
export function depositKeyboard(t: Translate, tx: TransactionRecord, explorers: Explorers): InlineKeyboard | undefined {
  const rows = copyButtonRows(t, tx, explorers.depositMemo);
  return rows.length === 0 ? undefined : new InlineKeyboard(rows);
}

/**
 * The card's buttons: while it waits for the deposit, copy buttons for what to pay; then "I have
 * sent the funds", Refresh and the receipt; once it is over, swap again.
 */
export function cardKeyboard(t: Translate, tx: TransactionRecord, explorers: Explorers): InlineKeyboard {
  // The copy rows, then a fresh row for the card's own buttons.
  const keyboard = new InlineKeyboard([...copyButtonRows(t, tx, explorers.depositMemo), []]);
  if (offersFundsSent(tx, explorers.depositMemo)) keyboard.text(t("button-funds-sent"), cardButton.encode("fundsSent", tx.rowId)).row();
  keyboard
    .text(t("button-refresh"), cardButton.encode("refresh", tx.rowId))
    .text(t("button-receipt"), cardButton.encode("receipt", tx.rowId));
  if (isFinalStatus(tx.status)) keyboard.row().text(t("button-swap-again"), againButton.encode(tx.rowId)).success();
  return keyboard;
}

function receiptDeposit(t: Translate, tx: TransactionRecord, explorers: Explorers, code: (value: string) => string): string[] {
  const view = depositView(tx, depositNeedsMemo(tx.networkFrom, explorers.depositMemo));
  if (view.kind !== "complete") return [t("receipt-deposit-none")];
  return [t("receipt-deposit", { address: code(view.address), memo: view.memo === null ? "—" : code(view.memo) })];
}

/**
 * Everything a support person needs about one exchange, in one message the owner can forward:
 * /lookup finds the exchange by the id it starts with. Never the anti-phishing phrase.
 */
export function renderReceipt(
  t: Translate,
  tx: TransactionRecord,
  explorers: Explorers,
  history: readonly { status: string; at: number }[],
): string {
  const code = (value: string) => `<code>${escapeHtml(value)}</code>`;
  const lines = [
    t("receipt-title", { id: code(tx.exchangeId) }),
    t("receipt-provider", { provider: escapeHtml(tx.provider), type: tx.rateType === "fixed" ? t("rate-fixed") : t("rate-floating") }),
    t("receipt-created", { time: moment(tx.createdAt) }),
    // A record: every digit.
    t("receipt-amounts", {
      sent: exactAmount(tx.amountFrom),
      from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
      receive: tx.amountTo ? exactAmount(tx.amountTo) : "?",
      to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
    }),
    ...(tx.quotedTo
      ? [
          t("receipt-quoted", {
            quoted: exactAmount(tx.quotedTo),
            to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
          }),
        ]
      : []),
    ...receivedLines(t, tx),
    // Only a complete deposit (address and any memo it needs), and said to be a record, not where to pay.
    ...receiptDeposit(t, tx, explorers, code),
    t("receipt-to", { address: code(tx.addressTo), memo: tx.extraTo ? code(tx.extraTo) : "—" }),
  ];
  if (tx.addressRefund) lines.push(t("receipt-refund", { address: code(tx.addressRefund) }));
  lines.push(t("receipt-hashes", { hashIn: tx.hashFrom ? code(tx.hashFrom) : "—", hashOut: tx.hashTo ? code(tx.hashTo) : "—" }));
  lines.push(t("receipt-status", { status: statusLabel(t, tx.status), raw: escapeHtml(tx.status) }));
  lines.push(t("receipt-history"));
  for (const change of history) lines.push(`  ${moment(change.at)} · ${statusLabel(t, change.status)}`);
  if (tx.trackingStoppedAt !== null)
    lines.push(t("receipt-tracking-stopped", { time: moment(tx.trackingStoppedAt), reason: stopReasonText(t, tx) }));
  lines.push("", t("receipt-footer"));
  return lines.join("\n");
}

/** The new message sent at a change of status: what it is, what it means, what to do. */
export function renderStatusChange(t: Translate, tx: TransactionRecord, explorers: Explorers): string {
  const id = escapeHtml(tx.exchangeId);
  const to = escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo }));
  const from = escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom }));
  const lines = [t("change-title", { id, status: statusLabel(t, tx.status) })];
  const vars = {
    id,
    from,
    to,
    // What they send (or sent), every digit: "waiting for your deposit of …" must be the figure to send.
    sent: exactAmount(tx.amountFrom),
    receive: tx.amountTo ? receivable(tx.amountTo) : "?",
    address: escapeHtml(tx.addressTo),
    refund: escapeHtml(tx.addressRefund ?? ""),
    provider: escapeHtml(tx.provider),
  };
  const status = tx.status.toLowerCase();
  if (isKnown(status)) lines.push(t(`change-${status}`, vars));
  else lines.push(t("change-unknown", vars));
  if (status === "refunded" && tx.addressRefund) lines.push(t("change-refund-address", vars));
  lines.push(...receivedLines(t, tx));
  lines.push(...hashLines(t, tx, explorers));
  return lines.join("\n");
}

/**
 * Said once when an exchange is later than usual in its status (issue 40): what is happening, why
 * it can take longer, what to do now (with the deposit's transaction while it is confirmed), and
 * when to ask for help. `usual`: the status's usual minutes, and how many more before asking.
 */
export function renderSlow(
  t: Translate,
  tx: TransactionRecord,
  explorers: Explorers,
  usual: { minutes: number; laterMinutes: number },
): string {
  const status = tx.status.toLowerCase();
  const network = escapeHtml(networkName(status === "sending" ? tx.networkTo : tx.networkFrom));
  const vars = {
    id: escapeHtml(tx.exchangeId),
    sent: exactAmount(tx.amountFrom),
    from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
    to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
    receive: tx.amountTo ? receivable(tx.amountTo) : "?",
    address: escapeHtml(tx.addressTo),
    provider: escapeHtml(tx.provider),
    network,
    minutes: usual.minutes,
  };
  const lines = [t("slow-title", { id: vars.id }), t(`slow-${status}`, vars)];
  if (status === "confirming" && tx.hashFrom) lines.push(t("slow-follow", { link: txLink(tx.hashFrom, explorers.from) }));
  lines.push("", t("slow-what-to-do", { later: usual.laterMinutes, button: t("button-receipt") }));
  return lines.join("\n");
}

/**
 * Said once when the tracker stops following an exchange that has not ended: what happened,
 * and what to do (the provider's support, with the id: the funds are not lost for that).
 */
export function renderTrackingStopped(t: Translate, tx: TransactionRecord): string {
  const id = escapeHtml(tx.exchangeId);
  const what =
    tx.trackingStoppedReason === "not-found"
      ? t("tracking-stopped-not-found", { id })
      : t("tracking-stopped-stalled", { id, status: statusLabel(t, tx.status), since: moment(tx.statusChangedAt) });
  return [what, t("tracking-stopped-what-to-do", { id, provider: escapeHtml(tx.provider) })].join("\n");
}

/** Why the tracker stopped following this exchange, as a clause (the card, /lookup). */
export function stopReasonText(t: Translate, tx: TransactionRecord): string {
  if (tx.trackingStoppedReason === "not-found") return t("tracking-reason-not-found");
  if (tx.trackingStoppedReason === "stalled") return t("tracking-reason-stalled");
  return t("tracking-reason-unknown");
}

/** The card's word on tracking when the bot no longer follows an exchange that has not ended. */
function notTrackedLines(t: Translate, tx: TransactionRecord): string[] {
  if (tx.nextPollAt !== null || isSettled(tx.status)) return [];
  if (tx.trackingStoppedAt === null) return ["", t("card-not-tracked")];
  const time = moment(tx.trackingStoppedAt);
  return ["", t("card-tracking-stopped", { time, reason: stopReasonText(t, tx), provider: escapeHtml(tx.provider) })];
}
