import { fileURLToPath } from "node:url";
import { I18n, type TranslationVariables } from "@grammyjs/i18n";
import type { MiddlewareFn } from "grammy";
import type { UserRecord, UserRepository } from "../db/users.js";
import { isolateValues, isRtlLocale, markVariables, selectorsOf, startLinesRightToLeft } from "./bidi.js";
import type { BaseContext } from "./context.js";

/**
 * The languages the bot speaks, each the name of its file in locales/ (pt-BR.ftl, zh-Hans.ftl).
 * The order is the /language picker's.
 */
export const LOCALES = ["en", "ru", "es", "pt-BR", "tr", "fa", "uk", "id", "vi", "zh-Hans"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/**
 * Telegram's `language_code` (an IETF tag: "pt-br", "zh-hans", "es-419", sometimes "pt_BR") and
 * our stored choices, by their first subtag, to our locale. One locale per language: every
 * Portuguese gets Brazilian Portuguese, every Chinese Simplified Chinese (a reader of Traditional
 * Chinese, "zh-hant", "zh-tw", "zh-hk", reads it more easily than English, and /language is
 * there), every Spanish the one Spanish. "in" is Indonesian's old code (Android still sends it).
 */
const BY_LANGUAGE: Readonly<Record<string, Locale>> = {
  en: "en",
  ru: "ru",
  es: "es",
  pt: "pt-BR",
  tr: "tr",
  fa: "fa",
  uk: "uk",
  id: "id",
  in: "id",
  vi: "vi",
  zh: "zh-Hans",
};

/** "ru-RU" → "ru", "pt" → "pt-BR", "zh-hans" → "zh-Hans"; anything we have no translation for → undefined. */
export function supportedLocale(code: string | null | undefined): Locale | undefined {
  const language = code?.trim().toLowerCase().split(/[-_]/)[0];
  return language && Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language] : undefined;
}

/**
 * The `language_code` a command menu is registered under: Telegram takes only a two-letter
 * ISO 639-1 code there, and shows that menu to every user whose app's language has it
 * ("pt" covers pt-br, "zh" zh-hans). English is the default menu, registered without one.
 */
export function commandLanguage(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale.slice(0, 2);
}

const dotGrouping = new Map<string, boolean>();

/**
 * Whether people writing in `locale` group thousands with a dot ("1.000" is a thousand in
 * Spanish, Portuguese, Turkish, Indonesian, Vietnamese): an amount they type with a dot before
 * exactly three digits is then asked about, not read as a decimal (src/domain/amount.ts).
 */
export function dotGroupsThousands(locale: string): boolean {
  let dot = dotGrouping.get(locale);
  if (dot === undefined) {
    try {
      dot = new Intl.NumberFormat(locale).formatToParts(1_234_567).find((part) => part.type === "group")?.value === ".";
    } catch {
      dot = false; // not a language tag Intl knows
    }
    // Telegram's codes are few; the cap is a guard against a flood of made-up ones.
    if (dotGrouping.size < 1_000) dotGrouping.set(locale, dot);
  }
  return dot;
}

/**
 * How amounts typed in this update are read: as people write them in the language the bot
 * speaks to them, or in their app's own (a German app, spoken to in English, still means a
 * thousand by "1.000").
 */
export async function amountReading(ctx: BaseContext): Promise<{ dotMayGroupThousands: boolean }> {
  const app = ctx.from?.language_code;
  return { dotMayGroupThousands: dotGroupsThousands(await ctx.i18n.getLocale()) || (app !== undefined && dotGroupsThousands(app)) };
}

/** The language to write to a user in: their /language choice, then their Telegram app's, then English. */
export function localeOfUser(user: { language: string | null; telegramLanguage: string | null } | undefined): Locale {
  return supportedLocale(user?.language) ?? supportedLocale(user?.telegramLanguage) ?? DEFAULT_LOCALE;
}

/** Text in a user's language, for messages sent outside an update (status changes, alerts). */
export async function translatorFor(i18n: I18n<BaseContext>, users: Pick<UserRepository, "find">, userId: number): Promise<Translator> {
  return translatorOf(i18n, await users.find(userId));
}

/** Text in the language of `user` (read already). */
export function translatorOf(i18n: I18n<BaseContext>, user: Pick<UserRecord, "language" | "telegramLanguage"> | undefined): Translator {
  const locale = localeOfUser(user);
  return (key, variables) => i18n.t(locale, key, variables);
}

/** Variables may be amounts (src/bot/amounts.ts): they are written in the message's language. */
export type Translator = (key: string, variables?: TranslationVariables) => string;

/**
 * Fluent translations from locales/*.ftl. The user's stored choice (`storedLanguage`) wins,
 * then their Telegram language, then English; in groups, the language the admins set.
 */
export function createI18n(
  storedLanguage: (userId: number) => Promise<string | null | undefined>,
  groupLanguage: (chatId: number) => Promise<string | undefined> = () => Promise.resolve(undefined),
): I18n<BaseContext> {
  const i18n = new I18n<BaseContext>({
    defaultLocale: DEFAULT_LOCALE,
    directory: LOCALES_DIR,
    // Fluent wraps variables in invisible bidi marks by default; they would ride along
    // when a person copies an address or an exchange id, so they are switched off (and put
    // where they belong, in right-to-left languages only: isolateRightToLeft).
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: async (ctx) => {
      // In a group the admins choose the language for everyone.
      if (ctx.chat && ctx.chat.type !== "private") return supportedLocale(await groupLanguage(ctx.chat.id)) ?? DEFAULT_LOCALE;
      const stored = ctx.from ? await storedLanguage(ctx.from.id) : undefined;
      return supportedLocale(stored) ?? supportedLocale(ctx.from?.language_code) ?? DEFAULT_LOCALE;
    },
  });
  matchBundlesOnce(i18n.fluent);
  isolateRightToLeft(i18n.fluent);
  return i18n;
}

/**
 * Every translation (ctx.t and i18n.t both end in Fluent's `translate`) into a right-to-left
 * language has its left-to-right values isolated: src/bot/bidi.ts.
 */
function isolateRightToLeft(fluent: I18n<BaseContext>["fluent"]): void {
  const translate = fluent.translate.bind(fluent);
  // The plugin's own (private) matcher, as in matchBundlesOnce: without it, nothing is left unmarked.
  const bundlesOf = (
    fluent as unknown as {
      matchBundles?: (
        locales: string[],
      ) => Iterable<{ getMessage(id: string): { value: unknown; attributes?: Record<string, unknown> } | undefined }>;
    }
  ).matchBundles?.bind(fluent);
  /** Per locale and message: the variables it selects on, which stay unmarked. */
  const selectors = new Map<string, Set<string>>();
  const selectorsIn = (locale: string, path: string): Set<string> => {
    const key = `${locale}\u0000${path}`;
    let found = selectors.get(key);
    if (found === undefined) {
      const [id, attribute] = path.split(".", 2);
      const [bundle] = bundlesOf?.([locale]) ?? [];
      const message = bundle?.getMessage(id!);
      found = selectorsOf((attribute ? message?.attributes?.[attribute] : message?.value) as Parameters<typeof selectorsOf>[0]);
      selectors.set(key, found);
    }
    return found;
  };
  fluent.translate = (locales, path, context) => {
    const locale = Array.isArray(locales) ? locales[0] : locales;
    if (locale === undefined || !isRtlLocale(locale)) return translate(locales, path, context);
    return startLinesRightToLeft(isolateValues(translate(locales, path, markVariables(context, selectorsIn(locale, path)))));
  };
}

/**
 * One language per update, for the contexts a conversation replays too. The plugin is installed
 * again inside conversations (their contexts are new objects), and there every context the
 * conversation builds for an update (its start, and each step answered so far, replayed)
 * negotiated the language once more, for the answer the update's own context had already. `record`
 * (after the bot's i18n middleware) keeps each private
 * chat's update context while it is handled (a chat's updates run one at a time); `reuse` (the
 * conversations' plugin) gives its contexts that context's translation, or negotiates where none.
 */
export function languageOfUpdate(i18n: I18n<BaseContext>): { record: MiddlewareFn<BaseContext>; reuse: MiddlewareFn<BaseContext> } {
  const handling = new Map<number, BaseContext>();
  const negotiate = i18n.middleware();
  return {
    record: async (ctx, next) => {
      const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
      if (chatId === undefined) return next();
      handling.set(chatId, ctx);
      try {
        await next();
      } finally {
        handling.delete(chatId);
      }
    },
    reuse: (ctx, next) => {
      const update = ctx.chatId === undefined ? undefined : handling.get(ctx.chatId);
      if (update === undefined) return negotiate(ctx, next);
      // As the plugin defines it: redefinable, so the plugin may still be installed over it.
      Object.defineProperty(ctx, "i18n", { value: update.i18n, writable: true });
      ctx.translate = update.translate;
      ctx.t = update.t;
      return next();
    },
  };
}

/**
 * Fluent (inside @grammyjs/i18n) negotiates the language again for every string it translates,
 * a dozen per screen: that was 7 % of all the memory an update of the flow allocates. The
 * bundles are loaded once, so the match for a locale is remembered (per locale, and per number
 * of bundles loaded). `matchBundles` is the plugin's own, private, method: with a version that
 * has none, nothing is remembered and everything still works.
 */
function matchBundlesOnce(fluent: unknown): void {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown; bundles?: { size: number } };
  const match = target.matchBundles?.bind(target);
  if (match === undefined) return;
  const matched = new Map<string, unknown>();
  target.matchBundles = (locales) => {
    const key = `${target.bundles?.size}:${locales.join(",")}`;
    let bundles = matched.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      // Only our few locales ever come here; the cap is a guard, not a policy.
      if (matched.size < 32) matched.set(key, bundles);
    }
    return bundles;
  };
}
