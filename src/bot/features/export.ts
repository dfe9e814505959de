import { stringify } from "csv-stringify/sync";
import { type Composer, InputFile } from "grammy";
import type { Clock } from "../../clock.js";
import type { Repositories, TransactionRecord } from "../../db/index.js";
import { depositNeedsMemo, depositView } from "../../domain/deposit.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";

/** Whether the catalogue says a currency's deposits take a memo (the deposit rule's input). */
export type MemoOf = (symbol: string, network: string) => boolean | undefined;

/** One row per exchange; the header names are stable (people's spreadsheets and tax tools read them). */
export const EXPORT_COLUMNS = [
  "created_at_utc",
  "status_changed_at_utc",
  "exchange_id",
  "status",
  "send_amount",
  "send_currency",
  "send_network",
  "receive_amount",
  // What the person was quoted when they confirmed (receive_amount is what the service says now: what arrived, once finished).
  "quoted_receive_amount",
  "receive_currency",
  "receive_network",
  "provider",
  "rate_type",
  "deposit_address",
  "deposit_memo",
  "receiving_address",
  "receiving_memo",
  "refund_address",
  "deposit_hash",
  "payout_hash",
  "refund_hash",
] as const;

/** Exchanges read per query while the file is built. */
const PAGE = 500;

/**
 * /export: the person's whole history as a CSV document (RFC 4180, UTF-8), written with
 * csv-stringify. A cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe: the text comes from the service and must not execute on someone's machine.
 */
export function exportFeature(deps: { repos: Repositories; clock: Clock; memoOf: MemoOf }): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  composer.chatType("private").command("export", async (ctx) => {
    const rows: string[][] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await deps.repos.transactions.listByUser(ctx.from.id, PAGE, offset);
      rows.push(...page.map((tx) => exportRow(tx, deps.memoOf(tx.symbolFrom, tx.networkFrom))));
      if (page.length < PAGE) break;
    }
    if (rows.length === 0) return void (await ctx.reply(ctx.t("export-empty"), { parse_mode: "HTML" }));
    // Oldest first, as a ledger reads.
    rows.reverse();
    const csv = stringify([[...EXPORT_COLUMNS], ...rows], { record_delimiter: "windows" });
    const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
    await ctx.replyWithDocument(new InputFile(Buffer.from(csv, "utf8"), `swaps-${day}.csv`), {
      caption: ctx.t("export-caption", { count: rows.length }),
      parse_mode: "HTML",
    });
  });
  return composer;
}

/**
 * One exchange's row. The deposit goes through the one deposit rule (src/domain/deposit.ts):
 * an address whose memo is not known is not written at all, so nobody pays from the file
 * to a shared address without the memo that credits them.
 */
export function exportRow(tx: TransactionRecord, catalogueSaysMemo?: boolean): string[] {
  const time = (ms: number) => new Date(ms).toISOString();
  const deposit = depositView(tx, depositNeedsMemo(tx.networkFrom, catalogueSaysMemo));
  const refunded = tx.status.toLowerCase() === "refunded";
  return [
    time(tx.createdAt),
    time(tx.statusChangedAt),
    tx.exchangeId,
    tx.status,
    tx.amountFrom,
    tx.symbolFrom.toUpperCase(),
    tx.networkFrom.toUpperCase(),
    tx.amountTo ?? "",
    tx.quotedTo ?? "",
    tx.symbolTo.toUpperCase(),
    tx.networkTo.toUpperCase(),
    tx.provider,
    tx.rateType,
    deposit.kind === "complete" ? deposit.address : "",
    deposit.kind === "complete" ? (deposit.memo ?? "") : "",
    tx.addressTo,
    tx.extraTo ?? "",
    tx.addressRefund ?? "",
    tx.hashFrom ?? "",
    // A refunded exchange's hash_to is the refund's (the service has no field of its own for it).
    refunded ? "" : (tx.hashTo ?? ""),
    refunded ? (tx.hashTo ?? "") : "",
  ].map(inert);
}

/** Amounts and times start with a digit; anything else a spreadsheet could run is made text. */
function inert(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
