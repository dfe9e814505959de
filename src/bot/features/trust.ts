import { type Api, type Composer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import type { Clock } from "../../clock.js";
import type { Repositories } from "../../db/index.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";
import { escapeHtml, graphemeCount } from "../format.js";

export const PHRASE_MIN = 3;
export const PHRASE_MAX = 40;
/** How long what Telegram said about the bot's and the staff's usernames counts as "now". */
export const NAMES_FRESH_MS = 60_000;

export interface TrustDeps {
  repos: Repositories;
  supportUserIds: readonly number[];
  clock: Clock;
  logger: Logger;
  /** What getMe answered: the bot keeps it (commands addressed to its new name, ctx.me). */
  onBotInfo(me: UserFromGetMe): void;
}

/**
 * Against clones and fake "support": /phrase sets a personal anti-phishing phrase that every
 * message showing a deposit address includes (src/bot/cards.ts), and /verify @name says whether
 * an account is this bot or one of its support staff.
 */
export function trustFeature(deps: TrustDeps): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const pm = composer.chatType("private");

  pm.command("phrase", async (ctx) => {
    const wanted = ctx.match.replace(/\s+/g, " ").trim();
    const current = (await deps.repos.users.find(ctx.from.id))?.phrase ?? null;
    if (wanted === "") {
      const text = current ? ctx.t("phrase-current", { phrase: escapeHtml(current) }) : ctx.t("phrase-none");
      return void (await ctx.reply(text, { parse_mode: "HTML" }));
    }
    if (/^(off|remove|delete|нет|удалить)$/i.test(wanted)) {
      await deps.repos.users.setPhrase(ctx.from.id, null);
      return void (await ctx.reply(ctx.t("phrase-removed"), { parse_mode: "HTML" }));
    }
    const length = graphemeCount(wanted);
    if (length < PHRASE_MIN || length > PHRASE_MAX || wanted.startsWith("/")) {
      return void (await ctx.reply(ctx.t("phrase-invalid", { min: PHRASE_MIN, max: PHRASE_MAX }), { parse_mode: "HTML" }));
    }
    await deps.repos.users.setPhrase(ctx.from.id, wanted);
    // The phrase should not sit in the chat for anyone looking over a shoulder; a failure costs only that.
    await ctx.deleteMessage().catch(() => undefined);
    await ctx.reply(ctx.t("phrase-set", { phrase: escapeHtml(wanted) }), { parse_mode: "HTML" });
  });

  const names = new CurrentNames(deps);
  composer.command("verify", async (ctx) => {
    const name = usernameIn(ctx.match);
    if (!name) return void (await ctx.reply(`${ctx.t("verify-usage")}\n\n${ctx.t("verify-reminder")}`, { parse_mode: "HTML" }));
    const now = await names.read(ctx.api);
    if (!now) return void (await ctx.reply(`${ctx.t("verify-unavailable")}\n\n${ctx.t("verify-reminder")}`, { parse_mode: "HTML" }));
    const same = (other: string | undefined) => other !== undefined && other.toLowerCase() === name.toLowerCase();
    const verdict = same(now.bot.username) ? "verify-bot" : now.staff.some(same) ? "verify-staff" : "verify-unknown";
    await ctx.reply(`${ctx.t(verdict, { name: escapeHtml(name) })}\n\n${ctx.t("verify-reminder")}`, { parse_mode: "HTML" });
  });
  return composer;
}

/**
 * The bot's and each staff member's username as Telegram says now, asked at most once every
 * NAMES_FRESH_MS. A username can be given up and registered by someone else, so neither the
 * name the bot started with nor a name configured with SUPPORT_USER_IDS is trusted: staff are
 * known by their user id, and getChat says which username that id has now. Telegram tells a bot
 * only about people who have written to it: staff who never did are vouched for by no name.
 */
class CurrentNames {
  private last: { at: number; names: Promise<Names | undefined> } | undefined;

  constructor(private readonly deps: TrustDeps) {}

  read(api: Api): Promise<Names | undefined> {
    const at = this.deps.clock.now();
    if (!this.last || at - this.last.at >= NAMES_FRESH_MS) {
      const names = this.ask(api);
      this.last = { at, names };
      // A failed look-up is not kept: the next /verify asks again.
      void names.then((answer) => {
        if (!answer && this.last?.names === names) this.last = undefined;
      });
    }
    return this.last.names;
  }

  private async ask(api: Api): Promise<Names | undefined> {
    let bot: UserFromGetMe;
    try {
      bot = await api.getMe();
    } catch (error) {
      this.deps.logger.warn({ err: error }, "getMe failed for /verify");
      return undefined;
    }
    this.deps.onBotInfo(bot);
    const staff = await Promise.all(
      this.deps.supportUserIds.map(async (id) => {
        const chat = await api.getChat(id).catch((error: unknown) => {
          this.deps.logger.warn(
            { err: error, staffId: id, hint: "have they written to the bot?" },
            "Telegram says nothing about this staff member, so no name vouches for them",
          );
          return undefined;
        });
        return chat?.type === "private" ? chat.username : undefined;
      }),
    );
    return { bot, staff: staff.filter((name): name is string => name !== undefined) };
  }
}

interface Names {
  bot: UserFromGetMe;
  /** Staff usernames, as their ids have them now. */
  staff: string[];
}

/** "@name", "name" or "t.me/name": the username, when it can be one (5–32 of A–Z, a–z, 0–9, _). */
function usernameIn(text: string): string | undefined {
  const match = /^(?:https?:\/\/)?(?:t\.me\/|@)?([A-Za-z0-9_]{4,32})$/.exec(text.trim());
  return match?.[1];
}
