import { type Composer, InlineKeyboard } from "grammy";
import type { Clock } from "../../clock.js";
import { AddressBook, type Repositories, type SavedAddress } from "../../db/index.js";
import { networkName } from "../../domain/networks.js";
import { addressButton } from "../callback-data.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";
import { escapeHtml, graphemeCount, shorten } from "../format.js";
import { ignoreNotModified } from "../telegram-errors.js";
import { EXCHANGE_FLOW } from "./menu.js";

export const LABEL_MAX = 24;

/** Where the label the bot asked this person for is pending (read on every text and button of theirs). */
export const addressLabelKey = (userId: number) => `address-label:${userId}`;
/** How long the bot waits for a label after "Save" or "Rename" was tapped. */
const LABEL_WAIT_MS = 10 * 60_000;

/** What the next text of this person names: a new entry (from an exchange) or one to rename. */
type PendingLabel = { kind: "save"; rowId: number; at: number } | { kind: "rename"; id: number; at: number };

/**
 * The address book: after a successful exchange the person may save its receiving address (and
 * memo) under a label; /addresses lists, renames and deletes; the exchange flow offers saved
 * addresses of the network at its address step (src/bot/conversations/address-step.ts).
 */
export function addressesFeature(deps: { repos: Repositories; clock: Clock }): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const pm = composer.chatType("private");
  const key = addressLabelKey;

  const askLabel = async (ctx: BotContext, pending: PendingLabel, current?: string) => {
    await deps.repos.kv.set(key(ctx.from!.id), pending);
    const text =
      current === undefined
        ? ctx.t("addresses-ask-label", { max: LABEL_MAX })
        : ctx.t("addresses-ask-rename", { label: escapeHtml(current), max: LABEL_MAX });
    await ctx.reply(text, { parse_mode: "HTML" });
  };

  // The label the bot asked for. Installed before the exchange flow, so it looks only at the
  // very next text: any other button, any command, or a flow going on sets the question aside.
  pm.on("callback_query:data", async (ctx, next) => {
    // A read, not a write, on every other button press: most have nothing to set aside.
    if (!ctx.callbackQuery.data.startsWith("ab:") && (await deps.repos.kv.get<PendingLabel>(key(ctx.from.id))))
      await deps.repos.kv.delete(key(ctx.from.id));
    return next();
  });
  pm.on("message:text", async (ctx, next) => {
    const pending = await deps.repos.kv.get<PendingLabel>(key(ctx.from.id));
    if (!pending) return next();
    if (ctx.message.text.startsWith("/") || deps.clock.now() - pending.at > LABEL_WAIT_MS || ctx.conversation.active(EXCHANGE_FLOW) > 0) {
      await deps.repos.kv.delete(key(ctx.from.id));
      return next();
    }
    const label = ctx.message.text.replace(/\s+/g, " ").trim();
    if (label === "" || graphemeCount(label) > LABEL_MAX) {
      return void (await ctx.reply(ctx.t("addresses-label-invalid", { max: LABEL_MAX }), { parse_mode: "HTML" }));
    }
    await deps.repos.kv.delete(key(ctx.from.id));
    if (pending.kind === "rename") {
      const renamed = await deps.repos.addresses.rename(pending.id, ctx.from.id, label);
      return void (await ctx.reply(renamed ? ctx.t("addresses-renamed", { label: escapeHtml(label) }) : ctx.t("button-expired"), {
        parse_mode: "HTML",
      }));
    }
    const tx = await deps.repos.transactions.findByRowId(pending.rowId);
    if (!tx || tx.userId !== ctx.from.id) return void (await ctx.reply(ctx.t("button-expired")));
    const saved = await deps.repos.addresses.save({
      userId: ctx.from.id,
      network: tx.networkTo,
      label,
      address: tx.addressTo,
      memo: tx.extraTo,
    });
    if (saved === "full") return void (await ctx.reply(ctx.t("addresses-full", { max: AddressBook.MAX_PER_USER }), { parse_mode: "HTML" }));
    await ctx.reply(ctx.t("addresses-saved", { label: escapeHtml(label), network: escapeHtml(networkName(tx.networkTo)) }), {
      parse_mode: "HTML",
    });
  });

  pm.command("addresses", async (ctx) => {
    const entries = await deps.repos.addresses.list(ctx.from.id);
    if (entries.length === 0) return void (await ctx.reply(ctx.t("addresses-empty"), { parse_mode: "HTML" }));
    await ctx.reply(...addressList(ctx, entries));
  });

  pm.callbackQuery(addressButton.pattern, async (ctx) => {
    const id = Number(ctx.match[2]);
    switch (ctx.match[1]) {
      case "s": {
        const tx = await deps.repos.transactions.findByRowId(id);
        if (!tx || tx.userId !== ctx.from.id) return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
        const existing = await deps.repos.addresses.findExact(ctx.from.id, tx.networkTo, tx.addressTo, tx.extraTo);
        if (existing) return void (await ctx.answerCallbackQuery({ text: ctx.t("addresses-already", { label: existing.label }) }));
        await ctx.answerCallbackQuery();
        return askLabel(ctx, { kind: "save", rowId: id, at: deps.clock.now() });
      }
      case "r": {
        const entry = await deps.repos.addresses.find(id, ctx.from.id);
        if (!entry) return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
        await ctx.answerCallbackQuery();
        return askLabel(ctx, { kind: "rename", id, at: deps.clock.now() }, entry.label);
      }
      default: {
        const deleted = await deps.repos.addresses.delete(id, ctx.from.id);
        await ctx.answerCallbackQuery({ text: deleted ? ctx.t("addresses-deleted") : ctx.t("button-expired") });
        const entries = await deps.repos.addresses.list(ctx.from.id);
        const [text, options] =
          entries.length === 0 ? [ctx.t("addresses-empty"), { parse_mode: "HTML" as const }] : addressList(ctx, entries);
        await ctx.editMessageText(text, options).catch(ignoreNotModified);
      }
    }
  });
  return composer;
}

function addressList(ctx: BotContext, entries: SavedAddress[]): [string, { parse_mode: "HTML"; reply_markup: InlineKeyboard }] {
  const lines = [ctx.t("addresses-title"), ""];
  const keyboard = new InlineKeyboard();
  for (const entry of entries) {
    const memo = entry.memo === null ? "" : ` · ${ctx.t("addresses-memo", { memo: escapeHtml(entry.memo) })}`;
    lines.push(
      `📒 <b>${escapeHtml(entry.label)}</b> · ${escapeHtml(networkName(entry.network))}`,
      `<code>${escapeHtml(entry.address)}</code>${memo}`,
      "",
    );
    keyboard
      .text(`✏️ ${shorten(entry.label, LABEL_MAX)}`, addressButton.rename(entry.id))
      .text("🗑", addressButton.remove(entry.id))
      .danger()
      .row();
  }
  lines.push(ctx.t("addresses-footer"));
  return [lines.join("\n"), { parse_mode: "HTML", reply_markup: keyboard }];
}
