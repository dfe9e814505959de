import type { I18n } from "@grammyjs/i18n";
import { GrammyError, type Api } from "grammy";
import type { Logger } from "pino";
import { sleep, type Clock } from "../clock.js";
import type { Repositories, TransactionRecord } from "../db/index.js";
import type { CatalogueService } from "../exchange/catalogue.js";
import { cardKeyboard, explorersOf, renderCard, renderStalled, renderStatusChange, type Explorers, type Translate } from "../bot/cards.js";
import type { BaseContext } from "../bot/context.js";
import { localeOfUser } from "../bot/i18n.js";
import { isNotModified } from "../bot/telegram-errors.js";

/** Telegram allows about 30 messages a second overall and about one a second per chat. */
const GLOBAL_GAP_MS = 40;
const CHAT_GAP_MS = 1_000;

export interface NotifierDeps {
  api: Api;
  repos: Repositories;
  i18n: I18n<BaseContext>;
  catalogue: Pick<CatalogueService, "find">;
  clock: Clock;
  logger: Logger;
}

/**
 * Tells people what happened to their exchanges: a new message at each change of status
 * (so Telegram notifies them) and the card edited in place. A change is marked pending in
 * SQLite before its message goes out; a change found pending after a restart only gets
 * its card updated, so no status message is ever sent twice.
 */
export class StatusNotifier {
  private nextGlobal = 0;
  private readonly nextByChat = new Map<number, number>();

  constructor(private readonly deps: NotifierDeps) {}

  translator(userId: number): Translate {
    const locale = localeOfUser(this.deps.repos.users.find(userId));
    return (key, variables) => this.deps.i18n.t(locale, key, variables);
  }

  explorers(tx: TransactionRecord): Explorers {
    return explorersOf(this.deps.catalogue, tx);
  }

  /** A new status was recorded (and marked pending): say it once, then update the card. */
  async statusChanged(tx: TransactionRecord): Promise<void> {
    const t = this.translator(tx.userId);
    try {
      if (this.mayWrite(tx)) await this.send(tx.chatId, renderStatusChange(t, tx, this.explorers(tx)));
    } catch (error) {
      this.handleSendError(error, tx);
    } finally {
      // Sent, refused, or uncertain: in every case this change is never announced again.
      this.deps.repos.transactions.markNotified(tx.exchangeId, tx.status);
    }
    await this.updateCard(tx);
  }

  /** The tracker gave up on an exchange that stopped moving: say what to do next. */
  async stalled(tx: TransactionRecord): Promise<void> {
    if (!this.mayWrite(tx)) return;
    try {
      await this.send(tx.chatId, renderStalled(this.translator(tx.userId), tx));
    } catch (error) {
      this.handleSendError(error, tx);
    }
    await this.updateCard(tx);
  }

  /** Edits the status card to the current state; a card that is gone or unchanged is fine. */
  async updateCard(tx: TransactionRecord): Promise<void> {
    if (tx.cardMessageId === null || !this.mayWrite(tx)) return;
    const t = this.translator(tx.userId);
    try {
      await this.deps.api.editMessageText(tx.chatId, tx.cardMessageId, renderCard(t, tx, this.explorers(tx), this.deps.clock.now()), {
        parse_mode: "HTML",
        reply_markup: cardKeyboard(t, tx),
        link_preview_options: { is_disabled: true },
      });
    } catch (error) {
      if (isNotModified(error) || (error instanceof GrammyError && /message to edit not found|message can't be edited/.test(error.description))) return;
      this.handleSendError(error, tx);
    }
  }

  /** After a restart: changes whose message may or may not have gone out get only a card update. */
  async recover(): Promise<void> {
    for (const tx of this.deps.repos.transactions.pendingNotices()) {
      this.deps.logger.info({ exchangeId: tx.exchangeId, status: tx.pendingNotice }, "status message state unknown after restart; updating the card only");
      this.deps.repos.transactions.markNotified(tx.exchangeId, tx.status);
      await this.updateCard(tx);
    }
  }

  private mayWrite(tx: TransactionRecord): boolean {
    return !(this.deps.repos.users.find(tx.userId)?.blocked ?? false);
  }

  private handleSendError(error: unknown, tx: TransactionRecord): void {
    if (error instanceof GrammyError && error.error_code === 403) {
      // Blocked or deactivated: stay quiet until they write again (which lifts the mark).
      this.deps.repos.users.setBlocked(tx.userId, true);
      this.deps.logger.info({ userId: tx.userId }, "user blocked the bot; no more messages until they write");
      return;
    }
    this.deps.logger.warn({ err: error, exchangeId: tx.exchangeId }, "could not deliver a status update");
  }

  /** New messages are spaced to stay inside Telegram's limits during a burst of changes. */
  private async send(chatId: number, text: string): Promise<void> {
    const now = this.deps.clock.now();
    const at = Math.max(now, this.nextGlobal, this.nextByChat.get(chatId) ?? 0);
    this.nextGlobal = at + GLOBAL_GAP_MS;
    this.nextByChat.set(chatId, at + CHAT_GAP_MS);
    if (this.nextByChat.size > 10_000) for (const [id, free] of this.nextByChat) if (free < now) this.nextByChat.delete(id);
    if (at > now) await sleep(this.deps.clock, at - now);
    await this.deps.api.sendMessage(chatId, text, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
  }
}
