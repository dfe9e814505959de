import { Api, Composer, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, expectTypeOf, it } from "vitest";
import { DirectComposer } from "../../../src/bot/composer.js";
import { botUserFor } from "../../../src/emulator/index.js";

const me: UserFromGetMe = botUserFor("1:composer", { first_name: "Bot", username: "swap_bot" });
const api = new Api("1:token");
const person = { id: 7, is_bot: false, first_name: "Ann" };
const privateChat = { id: 7, type: "private" as const, first_name: "Ann" };
const group = { id: -5, type: "group" as const, title: "Swaps" };

function message(text: string, chat: typeof privateChat | typeof group = privateChat): Update {
  const command = /^\/\S+/.exec(text)?.[0];
  return {
    update_id: 1,
    message: {
      message_id: 1,
      date: 0,
      chat,
      from: person,
      text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    },
  };
}
function tap(data: string): Update {
  return {
    update_id: 2,
    callback_query: {
      id: "q",
      chat_instance: "c",
      from: person,
      data,
      message: { message_id: 2, date: 0, chat: privateChat, text: "menu" },
    },
  };
}
const inline: Update = { update_id: 3, inline_query: { id: "i", from: person, query: "btc", offset: "" } };

const UPDATES: Update[] = [
  message("/start"),
  message("/start@swap_bot hello"),
  message("/start", group),
  message("/history"),
  message("/verify @someone", group),
  message("btc btc"),
  message("hello", group),
  tap("m:history"),
  tap("m:help"),
  tap("x:1"),
  inline,
];

/** The same handlers on any composer: what each saw, in order, per update. */
function register(composer: Composer<Context>, seen: string[]): void {
  const pm = composer.chatType("private");
  pm.on("message:text", async (ctx, next) => {
    seen.push(`text ${ctx.message.text}`);
    await next();
  });
  pm.command("start", async (ctx, next) => {
    seen.push(`start [${ctx.match}]`);
    if (ctx.match === "") return next();
  });
  pm.callbackQuery(/^m:(\w+)$/, async (ctx, next) => {
    seen.push(`menu ${ctx.match[1]}`);
    if (ctx.match[1] !== "history") return next();
  });
  composer.chatType(["group", "supergroup"]).hears(/hello/, (ctx) => void seen.push(`group hello ${ctx.chat.title}`));
  composer.command("verify", (ctx) => void seen.push(`verify ${ctx.match}`));
  composer.on("inline_query", (ctx) => void seen.push(`inline ${ctx.inlineQuery.query}`));
  // A filter with an asynchronous predicate, and one dropping what it matches.
  composer
    .filter(async (ctx) => ctx.from?.id === 7)
    .drop((ctx) => ctx.chat?.type === "group")
    .on("message", (ctx, next) => {
      seen.push(`async ann ${ctx.message.message_id}`);
      return next();
    });
  // Handlers added to a filter's composer after it was registered count too.
  const later = composer.chatType("private");
  later.command("history", (ctx) => void seen.push(`history ${ctx.chat.first_name}`));
  composer.use((ctx, next) => {
    seen.push(`fell through ${ctx.update.update_id}`);
    return next();
  });
}

async function play(composer: Composer<Context>): Promise<string[][]> {
  const seen: string[] = [];
  register(composer, seen);
  const out: string[][] = [];
  for (const update of UPDATES) {
    seen.length = 0;
    let passed = false;
    await composer.middleware()(new Context(update, api, me), async () => {
      passed = true;
    });
    out.push([...seen, passed ? "next" : "handled"]);
  }
  return out;
}

describe("DirectComposer", () => {
  it("runs exactly the handlers grammY's Composer runs, in the same order, with the same ctx.match", async () => {
    const expected = await play(new Composer<Context>());
    expect(await play(new DirectComposer<Context>())).toEqual(expected);
    // What the comparison covers: matches, misses, fall-through.
    expect(expected[0]).toEqual(["text /start", "start []", "async ann 1", "fell through 1", "next"]);
    expect(expected[1]).toEqual(["text /start@swap_bot hello", "start [hello]", "handled"]);
    expect(expected[3]).toEqual(["text /history", "async ann 1", "history Ann", "handled"]);
    expect(expected[6]).toEqual(["group hello Swaps", "handled"]);
    expect(expected[7]).toEqual(["menu history", "handled"]);
    expect(expected[8]).toEqual(["menu help", "fell through 2", "next"]);
  });

  it("hands its filtered handlers the narrowed context", async () => {
    const composer = new DirectComposer<Context>();
    const seen: unknown[] = [];
    composer.chatType("private").command("status", (ctx) => {
      expectTypeOf(ctx.match).toEqualTypeOf<string>();
      expectTypeOf(ctx.chat.type).toEqualTypeOf<"private">();
      seen.push(ctx.match, ctx.chat.type, ctx.message?.text);
    });
    composer.callbackQuery(/^x:(\d+)$/, (ctx) => {
      expectTypeOf(ctx.callbackQuery.data).toEqualTypeOf<string>();
      seen.push(ctx.match[1], ctx.callbackQuery.data);
    });
    await composer.middleware()(new Context(message("/status abc"), api, me), () => Promise.resolve());
    await composer.middleware()(new Context(tap("x:42"), api, me), () => Promise.resolve());
    expect(seen).toEqual(["abc", "private", "/status abc", "42", "x:42"]);
  });

  it("returns composers of its own kind, so chained filters are checked in place too", () => {
    const composer = new DirectComposer<Context>();
    expect(composer.chatType("private")).toBeInstanceOf(DirectComposer);
    expect(composer.chatType("private").command("start")).toBeInstanceOf(DirectComposer);
    expect(composer.use(() => {})).toBeInstanceOf(DirectComposer);
  });
});
