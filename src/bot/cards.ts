import { InlineKeyboard } from "grammy";
import type { TransactionRecord } from "../db/index.js";
import { networkName } from "../domain/networks.js";
import { isFinalStatus, KNOWN_STATUSES } from "../exchange/schemas.js";
import { isWaiting } from "../tracker/policy.js";
import { cardButton } from "./callback-data.js";
import { currencyLabel, escapeHtml, formatAmount, formatUtcMinute } from "./format.js";

export type Translate = (key: string, variables?: Record<string, string | number>) => string;

/** Explorer URL prefixes of the two currencies of an exchange, from the catalogue. */
export interface Explorers {
  from?: string | undefined;
  to?: string | undefined;
}

export function explorersOf(catalogue: { find(symbol: string, network: string): { explorer: string } | undefined }, tx: TransactionRecord): Explorers {
  return {
    from: catalogue.find(tx.symbolFrom, tx.networkFrom)?.explorer,
    to: catalogue.find(tx.symbolTo, tx.networkTo)?.explorer,
  };
}

function isKnown(status: string): boolean {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

/** "⏳ Waiting for your deposit"; a status we do not know is shown as the service wrote it. */
export function statusLabel(t: Translate, status: string): string {
  return isKnown(status) ? t(`status-${status}`) : t("status-unknown", { status: escapeHtml(status) });
}

/** A link to the transaction on an explorer, or the bare hash when there is no usable explorer. */
function txLink(hash: string, explorer: string | undefined): string {
  const short = hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
  if (!explorer || !/^https?:\/\//.test(explorer)) return `<code>${escapeHtml(hash)}</code>`;
  return `<a href="${escapeHtml(explorer + encodeURIComponent(hash))}">${escapeHtml(short)}</a>`;
}

function pairLine(t: Translate, tx: TransactionRecord): string {
  return t("card-pair", {
    amount: formatAmount(tx.amountFrom),
    from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
    receive: tx.amountTo ? formatAmount(tx.amountTo) : "?",
    to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
  });
}

function hashLines(t: Translate, tx: TransactionRecord, explorers: Explorers): string[] {
  const lines: string[] = [];
  if (tx.hashFrom) lines.push(t("card-hash-from", { link: txLink(tx.hashFrom, explorers.from) }));
  if (tx.hashTo) lines.push(t("card-hash-to", { link: txLink(tx.hashTo, explorers.to) }));
  return lines;
}

/**
 * The status card: everything about one exchange, kept current by editing. The exchange id
 * stands alone in <code> so it can be copied, and a forwarded card can be looked up.
 */
export function renderCard(t: Translate, tx: TransactionRecord, explorers: Explorers, now: number, options: { depositInstructions?: boolean } = {}): string {
  const lines = [t("card-title", { id: escapeHtml(tx.exchangeId) }), pairLine(t, tx), t("card-status", { status: statusLabel(t, tx.status) })];
  // Where to send: while the exchange waits for the deposit, and always on the creation message.
  const instruct = options.depositInstructions ?? tx.status === "waiting";
  if (instruct && tx.addressFrom && !isFinalStatus(tx.status)) {
    lines.push(
      "",
      t("created-send", {
        amount: formatAmount(tx.amountFrom),
        currency: escapeHtml(tx.symbolFrom.toUpperCase()),
        network: escapeHtml(networkName(tx.networkFrom)),
      }),
      `<code>${escapeHtml(tx.addressFrom)}</code>`,
    );
    if (tx.extraFrom) lines.push(t("created-memo", { memo: escapeHtml(tx.extraFrom) }));
  }
  lines.push("", t("card-to", { address: escapeHtml(tx.addressTo) }));
  if (tx.extraTo) lines.push(t("card-to-memo", { memo: escapeHtml(tx.extraTo) }));
  lines.push(t("card-provider", { provider: escapeHtml(tx.provider), type: tx.rateType === "fixed" ? t("rate-fixed") : t("rate-floating") }));
  if (tx.addressRefund) lines.push(t("card-refund", { address: escapeHtml(tx.addressRefund) }));
  lines.push(...hashLines(t, tx, explorers));
  if (tx.nextPollAt === null && !isFinalStatus(tx.status)) lines.push("", t("card-not-tracked"));
  lines.push(t("card-updated", { time: formatUtcMinute(now) }));
  return lines.join("\n");
}

/**
 * "I have sent the funds" makes sense while the exchange waits for a deposit the owner can
 * see the address of, and the tracker still follows it (the button moves it up the line).
 */
export function offersFundsSent(tx: TransactionRecord): boolean {
  return isWaiting(tx.status) && tx.addressFrom !== null && tx.nextPollAt !== null;
}

export function cardKeyboard(t: Translate, tx: TransactionRecord): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (offersFundsSent(tx)) keyboard.text(t("button-funds-sent"), cardButton.encode("fundsSent", tx.rowId)).row();
  return keyboard.text(t("button-refresh"), cardButton.encode("refresh", tx.rowId));
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
    sent: formatAmount(tx.amountFrom),
    receive: tx.amountTo ? formatAmount(tx.amountTo) : "?",
    address: escapeHtml(tx.addressTo),
    refund: escapeHtml(tx.addressRefund ?? ""),
    provider: escapeHtml(tx.provider),
  };
  if (isKnown(tx.status)) lines.push(t(`change-${tx.status}`, vars));
  else lines.push(t("change-unknown", vars));
  if (tx.status === "refunded" && tx.addressRefund) lines.push(t("change-refund-address", vars));
  lines.push(...hashLines(t, tx, explorers));
  return lines.join("\n");
}

/** Said once when the tracker gives up on an exchange that stopped moving. */
export function renderStalled(t: Translate, tx: TransactionRecord): string {
  return t("change-stalled", { id: escapeHtml(tx.exchangeId), status: statusLabel(t, tx.status) });
}
