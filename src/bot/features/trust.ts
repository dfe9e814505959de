import { Composer } from "grammy";
import type { Repositories } from "../../db/index.js";
import type { BotContext } from "../context.js";
import { escapeHtml, graphemeCount } from "../format.js";

export const PHRASE_MIN = 3;
export const PHRASE_MAX = 40;

export interface TrustDeps {
  repos: Repositories;
  supportUserIds: readonly number[];
  /** Usernames given with SUPPORT_USER_IDS, by id. */
  supportUsernames: Readonly<Record<number, string>>;
}

/**
 * Against clones and fake "support": /phrase sets a personal anti-phishing phrase that every
 * message showing a deposit address includes (src/bot/cards.ts), and /verify @name says whether
 * an account is this bot or one of its support staff.
 */
export function trustFeature(deps: TrustDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const pm = composer.chatType("private");

  pm.command("phrase", async (ctx) => {
    const wanted = ctx.match.replace(/\s+/g, " ").trim();
    const current = deps.repos.users.find(ctx.from.id)?.phrase ?? null;
    if (wanted === "") {
      const text = current ? ctx.t("phrase-current", { phrase: escapeHtml(current) }) : ctx.t("phrase-none");
      return void (await ctx.reply(text, { parse_mode: "HTML" }));
    }
    if (/^(off|remove|delete|нет|удалить)$/i.test(wanted)) {
      deps.repos.users.setPhrase(ctx.from.id, null);
      return void (await ctx.reply(ctx.t("phrase-removed"), { parse_mode: "HTML" }));
    }
    const length = graphemeCount(wanted);
    if (length < PHRASE_MIN || length > PHRASE_MAX || wanted.startsWith("/")) {
      return void (await ctx.reply(ctx.t("phrase-invalid", { min: PHRASE_MIN, max: PHRASE_MAX }), { parse_mode: "HTML" }));
    }
    deps.repos.users.setPhrase(ctx.from.id, wanted);
    // The phrase should not sit in the chat for anyone looking over a shoulder; a failure costs only that.
    await ctx.deleteMessage().catch(() => undefined);
    await ctx.reply(ctx.t("phrase-set", { phrase: escapeHtml(wanted) }), { parse_mode: "HTML" });
  });

  composer.command("verify", async (ctx) => {
    const name = usernameIn(ctx.match);
    if (!name) return void (await ctx.reply(`${ctx.t("verify-usage")}\n\n${ctx.t("verify-reminder")}`, { parse_mode: "HTML" }));
    const same = (other: string | null | undefined) => other !== null && other !== undefined && other.toLowerCase() === name.toLowerCase();
    const verdict = same(ctx.me.username) ? "verify-bot" : staffUsernames(deps).some(same) ? "verify-staff" : "verify-unknown";
    await ctx.reply(`${ctx.t(verdict, { name: escapeHtml(name) })}\n\n${ctx.t("verify-reminder")}`, { parse_mode: "HTML" });
  });
  return composer;
}

/** "@name", "name" or "t.me/name": the username, when it can be one (5–32 of A–Z, a–z, 0–9, _). */
function usernameIn(text: string): string | undefined {
  const match = /^(?:https?:\/\/)?(?:t\.me\/|@)?([A-Za-z0-9_]{4,32})$/.exec(text.trim());
  return match?.[1];
}

/** Staff usernames: as configured, and as each staff member last wrote to the bot. */
function staffUsernames(deps: TrustDeps): string[] {
  return deps.supportUserIds.flatMap((id) => [deps.supportUsernames[id], deps.repos.users.find(id)?.username].filter((name): name is string => Boolean(name)));
}
