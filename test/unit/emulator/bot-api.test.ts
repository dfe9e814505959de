/**
 * The Bot API emulator, driven by a real grammY bot over HTTP on 127.0.0.1.
 * These tests pin down both the emulator's Telegram-like behaviour and its test ergonomics.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { run } from "@grammyjs/runner";
import { Bot, type BotError, GrammyError, InlineKeyboard, InputFile, webhookCallback } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BotApiEmulator, parseHtml, startBotApiEmulator, type TestUser, waitFor } from "../../../src/emulator/index.js";

const NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

/** A small bot exercising what the tests need; handler failures are collected, not swallowed. */
function createBot(tg: BotApiEmulator, failures: unknown[]): Bot {
  const bot = new Bot(tg.token, { botInfo: tg.botInfo, client: { apiRoot: tg.apiRoot } });
  bot.command("start", (ctx) =>
    ctx.reply("<b>Welcome</b> to the swap bot &amp; friends, choose:", {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Swap BTC → ETH", "swap:btc:eth").row().text("Help", "help"),
    }),
  );
  bot.callbackQuery(/^swap:(\w+):(\w+)$/, async (ctx) => {
    const [, from, to] = ctx.match as RegExpMatchArray;
    await ctx.editMessageText(`Swapping <b>${String(from).toUpperCase()}</b> → <b>${String(to).toUpperCase()}</b>`, {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Cancel", "cancel"),
    });
    await ctx.answerCallbackQuery({ text: "Quote requested" });
  });
  // Forgets answerCallbackQuery on purpose.
  bot.callbackQuery("help", (ctx) => ctx.reply("Send /start to begin."));
  bot.command("photo", (ctx) =>
    ctx.replyWithPhoto(new InputFile(Buffer.from("not really a png, 29 bytes!!!"), "qr.png"), {
      caption: "Deposit <code>bc1qxyz</code>",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Copied", "copied"),
    }),
  );
  bot.command("admins", async (ctx) => {
    const admins = await ctx.getChatAdministrators();
    await ctx.reply(`Admins: ${admins.map((admin) => admin.user.first_name).join(", ")}`);
  });
  bot.on("inline_query", (ctx) =>
    ctx.answerInlineQuery(
      [{ type: "article", id: "btc", title: "BTC", input_message_content: { message_text: "<b>BTC</b>", parse_mode: "HTML" } }],
      { cache_time: 0 },
    ),
  );
  bot.on("my_chat_member", (ctx) => {
    memberUpdates.push(ctx.myChatMember.new_chat_member.status);
  });
  bot.on("message:text", (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  bot.catch((error: BotError) => {
    failures.push(error.error);
  });
  return bot;
}

let memberUpdates: string[] = [];
let tg: BotApiEmulator;
let bot: Bot;
let polling: { done: Promise<void> };
let failures: unknown[];

/** Starts long polling; resolves once polling runs, with the promise bot.start() settles when stopped. */
async function startPolling(target: Bot): Promise<{ done: Promise<void> }> {
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const done = target.start({ onStart: () => started() });
  await Promise.race([ready, done]);
  // Wrapped: an async function returning a promise would wait for it.
  return { done };
}

/** The user presses Start and reads the welcome message, so the bot may write to them. */
async function open(user: TestUser) {
  await user.send("/start");
  return user.nextMessage();
}

/** The GrammyError a Bot API call fails with. */
async function failure(call: Promise<unknown>): Promise<GrammyError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return error as GrammyError;
}

describe("Bot API emulator with a long-polling grammY bot", () => {
  beforeEach(async () => {
    memberUpdates = [];
    failures = [];
    tg = await startBotApiEmulator();
    bot = createBot(tg, failures);
    polling = await startPolling(bot);
  });

  afterEach(async () => {
    await bot.stop();
    await polling.done;
    await tg.close();
    expect(failures).toEqual([]);
  });

  it("answers /start with HTML and an inline keyboard", async () => {
    const alice = tg.user({ id: 1001, first_name: "Alice", username: "alice" });
    await alice.send("/start");
    const welcome = await alice.nextMessage();

    expect(welcome.text).toBe("Welcome to the swap bot & friends, choose:");
    expect(welcome.html).toBe("<b>Welcome</b> to the swap bot &amp; friends, choose:");
    expect(welcome.entities).toEqual([{ type: "bold", offset: 0, length: 7 }]);
    expect(welcome.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toEqual(["Swap BTC → ETH", "Help"]);
    expect(tg.messages(alice.chatId).map((message) => message.from_bot)).toEqual([false, true]);
    const sent = tg.callsTo("sendMessage")[0];
    expect(sent?.payload).toMatchObject({ chat_id: alice.chatId, parse_mode: "HTML" });
  });

  it("gives a chat's messages after one, deleted ones included", async () => {
    const alice = tg.user({ id: 1002, first_name: "Alice" });
    const first = await alice.send("/start");
    await alice.nextMessage();
    await alice.send("/start");
    await alice.nextMessage();
    expect(tg.messagesAfter(alice.chatId, first).map((message) => [message.message_id, message.from_bot])).toEqual([
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(tg.messagesAfter(alice.chatId, 4)).toEqual([]);
    expect(tg.messagesAfter(-5, 0)).toEqual([]);
  });

  it("delivers /cmd@botname as a command and a button press as a callback query", async () => {
    const alice = tg.user({ id: 1002, first_name: "Alice" });
    await alice.send(`/start@${tg.botInfo.username}`);
    const welcome = await alice.nextMessage();

    const queryId = await alice.click(welcome, "BTC");
    expect(await alice.callbackAnswer(queryId)).toEqual({ text: "Quote requested" });
    await waitFor(() => welcome.edited === 1);
    expect(welcome.text).toBe("Swapping BTC → ETH");
    expect(welcome.reply_markup?.inline_keyboard).toEqual([[{ text: "Cancel", callback_data: "cancel" }]]);
    expect(tg.unansweredCallbackQueries()).toEqual([]);
    // The edit is the same message, not a new one.
    expect(tg.messages(alice.chatId)).toHaveLength(2);
  });

  it("explains a click that matches no button", async () => {
    const alice = tg.user({ id: 1003 });
    const welcome = await open(alice);
    await expect(alice.click(welcome, "Sell")).rejects.toThrow(/no button matches Sell.*\n.*\[Swap BTC → ETH\]\n.*\[Help\]/);
  });

  it("reports callback queries the bot never answered, and refuses a second answer", async () => {
    const alice = tg.user({ id: 1004 });
    const welcome = await open(alice);
    const queryId = await alice.click(welcome, "Help");
    expect((await alice.nextMessage()).text).toBe("Send /start to begin.");
    expect(tg.unansweredCallbackQueries()).toEqual([queryId]);

    await bot.api.answerCallbackQuery(queryId);
    const again = await failure(bot.api.answerCallbackQuery(queryId));
    expect(again.description).toBe("Bad Request: query is too old and response timeout expired or query ID is invalid");
  });

  it("refuses HTML Telegram cannot parse, with Telegram's wording", async () => {
    const alice = tg.user({ id: 1005 });
    await open(alice);
    const send = (html: string) => failure(bot.api.sendMessage(alice.chatId, html, { parse_mode: "HTML" }));

    expect((await send("Hello<foo>x</foo>")).description).toBe(
      `Bad Request: can't parse entities: Unsupported start tag "foo" at byte offset 5`,
    );
    expect((await send("<b><i>test</b></i>")).description).toBe(
      `Bad Request: can't parse entities: Unmatched end tag at byte offset 10, expected "</i>", found "</b>"`,
    );
    expect((await send("<b>unclosed")).description).toBe(
      `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`,
    );
    expect((await send("1 < 2")).description).toBe(`Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2`);
    expect((await send("Tom & Jerry")).description).toMatch(/^Bad Request: can't parse entities: Unescaped "&" at byte offset 4/);
    const error = await send("<br>");
    expect(error.error_code).toBe(400);
    expect(error.method).toBe("sendMessage");
    // Nothing reached the chat.
    expect(tg.messages(alice.chatId)).toHaveLength(2);
  });

  it("refuses a string holding half an emoji (a lone surrogate is not UTF-8), as Telegram does", async () => {
    const alice = tg.user({ id: 1015 });
    await open(alice);
    const halfEmoji = "😀".slice(0, 1);
    const error = await failure(bot.api.sendMessage(alice.chatId, `cut here: ${halfEmoji}`));
    expect(error.description).toBe("Bad Request: strings must be encoded in UTF-8");
    const inKeyboard = await failure(
      bot.api.sendMessage(alice.chatId, "ok", { reply_markup: { inline_keyboard: [[{ text: halfEmoji, callback_data: "x" }]] } }),
    );
    expect(inKeyboard.error_code).toBe(400);
    await bot.api.sendMessage(alice.chatId, "a whole one: 😀");
    expect(tg.messages(alice.chatId).at(-1)?.text).toBe("a whole one: 😀");
  });

  it("limits text to 4096 and captions to 1024 visible characters", async () => {
    const alice = tg.user({ id: 1006 });
    await open(alice);

    expect((await failure(bot.api.sendMessage(alice.chatId, "x".repeat(4097)))).description).toBe("Bad Request: message is too long");
    await bot.api.sendMessage(alice.chatId, "x".repeat(4096));
    // The limit applies after parsing: markup does not count.
    await bot.api.sendMessage(alice.chatId, `<b>${"x".repeat(4096)}</b>`, { parse_mode: "HTML" });
    expect((await failure(bot.api.sendMessage(alice.chatId, ""))).description).toBe("Bad Request: message text is empty");
    expect((await failure(bot.api.sendMessage(alice.chatId, "  \n "))).description).toBe("Bad Request: text must be non-empty");

    const photo = new InputFile(Buffer.from([1, 2, 3]), "p.jpg");
    const longCaption = failure(bot.api.sendPhoto(alice.chatId, photo, { caption: "c".repeat(1025) }));
    expect((await longCaption).description).toBe("Bad Request: message caption is too long");
  });

  it("refuses callback_data over 64 bytes and other broken keyboards", async () => {
    const alice = tg.user({ id: 1007 });
    await open(alice);
    const withButtons = (keyboard: InlineKeyboard) => bot.api.sendMessage(alice.chatId, "pick", { reply_markup: keyboard });

    await withButtons(new InlineKeyboard().text("ok", "x".repeat(64)));
    await withButtons(new InlineKeyboard().text("ok", "é".repeat(32))); // 64 bytes
    expect((await failure(withButtons(new InlineKeyboard().text("no", "x".repeat(65))))).description).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    expect((await failure(withButtons(new InlineKeyboard().text("no", "é".repeat(33))))).description).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    expect((await failure(withButtons(new InlineKeyboard().url("site", "not-a-url")))).description).toBe(
      "Bad Request: inline keyboard button URL 'not-a-url' is invalid: Wrong HTTP URL",
    );
    const many = new InlineKeyboard();
    for (let i = 0; i < 101; i++) many.text(`${i}`, `b${i}`).row();
    expect((await failure(withButtons(many))).description).toBe("Bad Request: reply markup is too long");
    const textOnly = bot.api.sendMessage(alice.chatId, "pick", { reply_markup: { inline_keyboard: [[{ text: "bare" } as never]] } });
    expect((await failure(textOnly)).description).toBe(
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    );
  });

  it("takes copy buttons and button styles, copies without telling the bot, and refuses broken ones as Telegram does", async () => {
    const alice = tg.user({ id: 1017 });
    await open(alice);
    const withButtons = (keyboard: InlineKeyboard | { inline_keyboard: unknown[][] }) =>
      bot.api.sendMessage(alice.chatId, "pay", { reply_markup: keyboard as InlineKeyboard });
    const cant = (why: string) => `Bad Request: can't parse inline keyboard button: ${why}`;

    const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    const sent = await withButtons(
      new InlineKeyboard()
        .copyText("📋 Address", address)
        .copyText("📋 Longest", "x".repeat(256))
        .row()
        .text("✅ Confirm", "ok")
        .success()
        .text("✖️ Cancel", "no")
        .danger()
        .text("Info", "info")
        .primary(),
    );
    const stored = tg.messages(alice.chatId).find((message) => message.message_id === sent.message_id)!;
    expect(stored.reply_markup?.inline_keyboard).toEqual([
      [
        { text: "📋 Address", copy_text: { text: address } },
        { text: "📋 Longest", copy_text: { text: "x".repeat(256) } },
      ],
      [
        { text: "✅ Confirm", callback_data: "ok", style: "success" },
        { text: "✖️ Cancel", callback_data: "no", style: "danger" },
        { text: "Info", callback_data: "info", style: "primary" },
      ],
    ]);
    // Bot API answers carry the markup as sent.
    expect(sent.reply_markup?.inline_keyboard[1]?.[0]).toMatchObject({ style: "success" });
    // The app copies: nothing reaches the bot (no callback query, no update).
    expect(alice.copy(stored, "Address")).toBe(address);
    await expect(alice.click(stored, "Address")).rejects.toThrow(/not a callback button/);
    expect(() => alice.copy(stored, "Confirm")).toThrow(/not a copy button/);
    expect(tg.pendingUpdates()).toBe(0);

    // copy_text: 1 to 256 characters, an object with a text.
    const copyOf = (copy: unknown) => withButtons({ inline_keyboard: [[{ text: "📋", copy_text: copy }]] });
    expect((await failure(copyOf({ text: "" }))).description).toBe("Bad Request: BUTTON_COPY_TEXT_INVALID");
    expect((await failure(copyOf({ text: "x".repeat(257) }))).description).toBe("Bad Request: BUTTON_COPY_TEXT_INVALID");
    expect((await failure(copyOf({}))).description).toBe(cant(`Can't find field "text"`));
    expect((await failure(copyOf("plain"))).description).toBe(cant(`Field "copy_text" must be of type Object`));
    expect((await failure(copyOf({ text: 42 }))).description).toBe(cant(`Field "text" must be of type String`));
    // Exactly one kind of button (strict mode; Telegram would silently take the first).
    const twoKinds = withButtons({ inline_keyboard: [[{ text: "both", callback_data: "x", copy_text: { text: "y" } }]] });
    expect((await failure(twoKinds)).description).toBe(
      cant("exactly one of the fields callback_data, copy_text must be used (emulator strict mode)"),
    );
    const urlAndCopy = withButtons({ inline_keyboard: [[{ text: "both", url: "https://example.com", copy_text: { text: "y" } }]] });
    expect((await failure(urlAndCopy)).description).toBe(
      cant("exactly one of the fields url, copy_text must be used (emulator strict mode)"),
    );

    // style: success, danger or primary.
    const styled = (style: unknown) => withButtons({ inline_keyboard: [[{ text: "go", callback_data: "go", style }]] });
    expect((await failure(styled("warning"))).description).toBe(cant("invalid button style specified"));
    expect((await failure(styled("green"))).description).toBe(cant("invalid button style specified"));
    expect((await failure(styled(1))).description).toBe(cant(`Field "style" must be of type String`));
    // Telegram takes these; the strict emulator wants the documented spelling.
    for (const lenient of ["Success", "default", ""]) {
      expect((await failure(styled(lenient))).description).toBe(
        cant("invalid button style specified (emulator strict mode: one of success, danger, primary, as written)"),
      );
    }
    // A style alone is no button.
    const styleOnly = withButtons({ inline_keyboard: [[{ text: "bare", style: "success" }]] });
    expect((await failure(styleOnly)).description).toBe(cant("Text buttons are unallowed in the inline keyboard"));
    // Editing checks the same way.
    const edit = bot.api.editMessageReplyMarkup(alice.chatId, sent.message_id, {
      reply_markup: { inline_keyboard: [[{ text: "go", callback_data: "go", style: "red" as never }]] },
    });
    expect((await failure(edit)).description).toBe(cant("invalid button style specified"));
    expect(tg.messages(alice.chatId).find((message) => message.message_id === sent.message_id)?.reply_markup).toEqual(stored.reply_markup);
  });

  it("answers 'message is not modified' for an identical edit, and an edit without markup drops the keyboard", async () => {
    const alice = tg.user({ id: 1008 });
    const welcome = await open(alice);
    const keyboard = welcome.reply_markup;
    const same = bot.api.editMessageText(alice.chatId, welcome.message_id, welcome.html ?? "", {
      parse_mode: "HTML",
      reply_markup: keyboard,
    });
    expect((await failure(same)).description).toBe(NOT_MODIFIED);

    await bot.api.editMessageText(alice.chatId, welcome.message_id, welcome.html ?? "", { parse_mode: "HTML" });
    expect(welcome.reply_markup).toBeUndefined();
    expect(welcome.edited).toBe(1);
    expect((await failure(bot.api.editMessageReplyMarkup(alice.chatId, welcome.message_id))).description).toBe(NOT_MODIFIED);
    expect((await failure(bot.api.editMessageText(alice.chatId, 999, "x"))).description).toBe("Bad Request: message to edit not found");
    expect((await failure(bot.api.deleteMessage(alice.chatId, 999))).description).toBe("Bad Request: message to delete not found");

    await bot.api.deleteMessage(alice.chatId, welcome.message_id);
    expect(welcome.deleted).toBe(true);
    expect(tg.messages(alice.chatId).map((message) => message.text)).toEqual(["/start"]);
  });

  it("answers 403 once the user blocked the bot, and tells the bot", async () => {
    const alice = tg.user({ id: 1009 });
    await open(alice);
    tg.blockBy(alice.id);

    const blocked = await failure(bot.api.sendMessage(alice.chatId, "still there?"));
    expect(blocked.error_code).toBe(403);
    expect(blocked.description).toBe("Forbidden: bot was blocked by the user");
    await waitFor(() => memberUpdates.includes("kicked"));

    // Writing again unblocks, like the apps' Restart button.
    await alice.send("/start");
    expect((await alice.nextMessage()).text).toContain("Welcome");
    expect(memberUpdates).toEqual(["kicked", "member"]);
  });

  it("knows only chats that exist", async () => {
    expect((await failure(bot.api.sendMessage(424242, "hi"))).description).toBe("Bad Request: chat not found");
    const bob = tg.user({ id: 1010, first_name: "Bob" });
    expect((await failure(bot.api.sendMessage(bob.chatId, "hi"))).description).toBe("Bad Request: chat not found");
    const group = tg.group({ id: -5001, title: "Traders" });
    await bob.send("/admins", { chat: group });
    await bob.nextMessage({ chat: group });
    // Seen in a group, but never pressed Start.
    const initiate = await failure(bot.api.sendMessage(bob.chatId, "hi"));
    expect(initiate.error_code).toBe(403);
    expect(initiate.description).toBe("Forbidden: bot can't initiate conversation with a user");
  });

  it("injects a 429 with retry_after for the next call only", async () => {
    const alice = tg.user({ id: 1011 });
    await open(alice);
    tg.failNext("sendMessage", { error_code: 429, retry_after: 3 });

    const limited = await failure(bot.api.sendMessage(alice.chatId, "quote"));
    expect(limited.error_code).toBe(429);
    expect(limited.description).toBe("Too Many Requests: retry after 3");
    expect(limited.parameters.retry_after).toBe(3);
    await bot.api.sendMessage(alice.chatId, "quote");
    expect(tg.callsTo("sendMessage").map((call) => call.response.ok)).toEqual([true, false, true]);
  });

  it("holds the next call of a method into one chat only, when asked so: calls into other chats go by", async () => {
    const [alice, bob] = [tg.user({ id: 1012 }), tg.user({ id: 1013 })];
    await open(alice);
    await open(bob);
    const held = tg.holdNext("sendMessage", bob.chatId);
    await bot.api.sendMessage(alice.chatId, "not held");
    const sending = bot.api.sendMessage(bob.chatId, "held");
    await held.arrived;
    expect(tg.messages(bob.chatId).some((m) => m.text === "held")).toBe(false);
    held.release();
    await sending;
    expect(tg.messages(bob.chatId).some((m) => m.text === "held")).toBe(true);
  });

  it("stores a photo uploaded as an InputFile from a Buffer", async () => {
    const alice = tg.user({ id: 1012 });
    await open(alice);
    await alice.send("/photo");
    const message = await alice.nextMessage();

    expect(message.photo?.size).toBe(29);
    expect(message.photo?.filename).toBe("qr.png");
    expect(message.caption).toBe("Deposit bc1qxyz");
    expect(message.caption_entities).toEqual([{ type: "code", offset: 8, length: 7 }]);
    expect(Buffer.from(tg.file(message.photo?.file_id ?? "")?.data ?? []).toString()).toBe("not really a png, 29 bytes!!!");
    expect(message.reply_markup?.inline_keyboard).toEqual([[{ text: "Copied", callback_data: "copied" }]]);
    // grammY sent multipart; the call log shows it parsed, the file as name and size.
    expect(tg.callsTo("sendPhoto")[0]?.payload).toMatchObject({
      chat_id: alice.chatId,
      photo: { file: "qr.png", size: 29 },
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Copied", callback_data: "copied" }]] },
    });

    // The returned file_id can be sent again.
    const again = await bot.api.sendPhoto(alice.chatId, message.photo?.file_id ?? "");
    expect(again.photo?.[0]?.file_size).toBe(29);
  });

  it("answers inline queries and checks the results", async () => {
    const alice = tg.user({ id: 1013 });
    const queryId = await alice.inlineQuery("btc", "sender");
    const answer = await alice.inlineAnswer(queryId);
    expect(answer.results).toHaveLength(1);
    expect(answer.cache_time).toBe(0);

    const second = await alice.inlineQuery("eth");
    await alice.inlineAnswer(second); // answered by the bot already
    const results = Array.from({ length: 51 }, (_, i) => ({
      type: "article" as const,
      id: `r${i}`,
      title: "t",
      input_message_content: { message_text: "x" },
    }));
    expect((await failure(bot.api.answerInlineQuery(second, results))).description).toBe("Bad Request: RESULTS_TOO_MUCH");
    const duplicate = bot.api.answerInlineQuery(
      second,
      [results[0], results[0]].filter((result) => result !== undefined),
    );
    expect((await failure(duplicate)).description).toBe("Bad Request: RESULT_ID_DUPLICATE");
  });

  it("runs a group with admins, honouring privacy mode", async () => {
    const alice = tg.user({ id: 1014, first_name: "Alice" });
    const bob = tg.user({ id: 1015, first_name: "Bob" });
    const group = tg.group({ id: -1001234567890, title: "Swap club", admins: [alice.id] });
    expect(group.type).toBe("supergroup");

    await bob.send("just chatting", { chat: group }); // privacy mode: the bot never sees this
    await bob.send(`/admins@${tg.botInfo.username}`, { chat: group });
    const reply = await bob.nextMessage({ chat: group });
    expect(reply.text).toBe("Admins: Alice");
    expect(tg.callsTo("getChatAdministrators")[0]?.response).toMatchObject({ ok: true, result: [{ status: "creator" }] });
    expect(tg.messages(group.id).map((message) => message.text)).toEqual(["just chatting", "/admins@swap_test_bot", "Admins: Alice"]);
    // Alice is a different reader of the same group: she has not consumed the reply yet.
    expect((await alice.nextMessage({ chat: group })).message_id).toBe(reply.message_id);

    const member = await bot.api.getChatMember(group.id, bob.id);
    expect(member.status).toBe("member");
    expect((await failure(bot.api.getChatAdministrators(alice.chatId))).description).toBe("Bad Request: chat not found");
    await open(alice);
    const privateChat = failure(bot.api.getChatAdministrators(alice.chatId));
    expect((await privateChat).description).toBe("Bad Request: there are no administrators in the private chat");
  });

  it("validates and stores commands per scope and language", async () => {
    await bot.api.setMyCommands([{ command: "start", description: "Begin" }]);
    await bot.api.setMyCommands([{ command: "start", description: "Anfangen" }], { language_code: "de" });
    expect(await bot.api.getMyCommands()).toEqual([{ command: "start", description: "Begin" }]);
    expect(tg.commands({ type: "default" }, "de")).toEqual([{ command: "start", description: "Anfangen" }]);
    const invalid = bot.api.setMyCommands([{ command: "Start", description: "Begin" }]);
    expect((await failure(invalid)).description).toBe("Bad Request: BOT_COMMAND_INVALID");
    // Telegram's language_code is two lowercase letters (ISO 639-1): not a regional or script tag.
    for (const language_code of ["pt-BR", "pt-br", "zh-hans", "DE", "deu", "d"]) {
      const refused = bot.api.setMyCommands([{ command: "start", description: "Begin" }], { language_code: language_code as "de" });
      expect((await failure(refused)).description, language_code).toBe("Bad Request: Invalid language code specified");
    }
    expect((await failure(bot.api.getMyCommands({ language_code: "zh-hans" as "zh" }))).description).toBe(
      "Bad Request: Invalid language code specified",
    );
    const empty = bot.api.setMyCommands([{ command: "start", description: "   " }]);
    expect((await failure(empty)).description).toBe("Bad Request: Command description must be non-empty");
    // 256 characters (code points: an emoji is one) are fine, 257 are not.
    await bot.api.setMyCommands([{ command: "start", description: "🔄".repeat(256) }], { language_code: "fa" });
    expect(tg.commands({ type: "default" }, "fa")[0]!.description).toHaveLength(512);
    const long = bot.api.setMyCommands([{ command: "start", description: "x".repeat(257) }]);
    expect((await failure(long)).description).toBe("Bad Request: Command description length must not exceed 256");
    for (const command of ["", "a".repeat(33), "with-dash", "/start x"]) {
      expect((await failure(bot.api.setMyCommands([{ command, description: "Begin" }]))).description, command).toBe(
        "Bad Request: BOT_COMMAND_INVALID",
      );
    }
    await bot.api.deleteMyCommands();
    expect(await bot.api.getMyCommands()).toEqual([]);
  });

  it("times out nextMessage with what the chat does contain", async () => {
    const alice = tg.user({ id: 1016 });
    await open(alice);
    await bot.api.sendMessage(alice.chatId, "<i>broken", { parse_mode: "HTML" }).catch(() => undefined);
    await expect(alice.nextMessage({ timeoutMs: 50 })).rejects.toThrow(
      /got no new bot message in chat 1016 within 50 ms[\s\S]*#2 bot: "Welcome[\s\S]*sendMessage → 400 Bad Request: can't parse entities/,
    );
  });
});

describe("Bot API emulator without strict buttons", () => {
  it("takes a style as Telegram's server does (any case, 'default' or empty for none) and the first of two button kinds", async () => {
    const lenient = await startBotApiEmulator({ strictButtons: false });
    try {
      const sender = new Bot(lenient.token, { botInfo: lenient.botInfo, client: { apiRoot: lenient.apiRoot } });
      const dan = lenient.user({ id: 2101 });
      await dan.send("/start");
      const markup = {
        inline_keyboard: [
          [
            { text: "a", callback_data: "a", style: "SUCCESS" },
            { text: "b", callback_data: "b", style: "default" },
            { text: "c", callback_data: "c", style: "" },
            { text: "d", callback_data: "d", copy_text: { text: "copied" } },
          ],
        ],
      };
      await sender.api.sendMessage(dan.chatId, "styles", { reply_markup: markup as never });
      expect(lenient.messages(dan.chatId).at(-1)?.reply_markup?.inline_keyboard).toEqual([
        [
          { text: "a", callback_data: "a", style: "success" },
          { text: "b", callback_data: "b" },
          { text: "c", callback_data: "c" },
          { text: "d", callback_data: "d" },
        ],
      ]);
      const wrong = sender.api.sendMessage(dan.chatId, "x", {
        reply_markup: { inline_keyboard: [[{ text: "a", callback_data: "a", style: "warning" as never }]] },
      });
      expect((await failure(wrong)).description).toBe("Bad Request: can't parse inline keyboard button: invalid button style specified");
    } finally {
      await lenient.close();
    }
  });
});

describe("Bot API emulator with @grammyjs/runner", () => {
  it("serves a runner and lets it stop promptly", async () => {
    const emulator = await startBotApiEmulator();
    const runnerFailures: unknown[] = [];
    const runnerBot = createBot(emulator, runnerFailures);
    await runnerBot.init();
    const runner = run(runnerBot);
    try {
      const carol = emulator.user({ id: 2001 });
      await carol.send("hello");
      expect((await carol.nextMessage()).text).toBe("echo: hello");
    } finally {
      await runner.stop();
      await emulator.close();
    }
    expect(runnerFailures).toEqual([]);
  });
});

describe("getUpdates semantics", () => {
  let emulator: BotApiEmulator;
  beforeEach(async () => {
    emulator = await startBotApiEmulator();
  });
  afterEach(async () => {
    await emulator.close();
  });

  const getUpdates = async (params: Record<string, unknown>) => {
    const response = await fetch(`${emulator.apiRoot}/bot${emulator.token}/getUpdates`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
    });
    return {
      status: response.status,
      body: (await response.json()) as { ok: boolean; result?: { update_id: number }[]; description?: string },
    };
  };

  it("redelivers until confirmed by offset, and returns a long poll as soon as an update arrives", async () => {
    const dave = emulator.user({ id: 3001 });
    await dave.send("one");
    const first = await getUpdates({ timeout: 0 });
    const firstId = first.body.result?.[0]?.update_id ?? 0;
    expect((await getUpdates({ timeout: 0 })).body.result?.[0]?.update_id).toBe(firstId);

    const poll = getUpdates({ offset: firstId + 1, timeout: 10 });
    await waitFor(() => emulator.pendingUpdates() === 0);
    await dave.send("two");
    const second = await poll;
    expect(second.body.result?.map((update) => update.update_id)).toEqual([firstId + 1]);
  });

  it("lets a newer getUpdates terminate the waiting one with 409, as Telegram does", async () => {
    const older = getUpdates({ timeout: 10 });
    await waitFor(() => emulator.callsTo("getUpdates").length === 1);
    const newer = getUpdates({ timeout: 0 });
    expect((await older).status).toBe(409);
    expect((await older).body.description).toBe(
      "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    );
    expect((await newer).body).toEqual({ ok: true, result: [] });
  });

  it("answers a waiting long poll with [] on close", async () => {
    const poll = getUpdates({ timeout: 30 });
    await waitFor(() => emulator.callsTo("getUpdates").length === 1);
    await emulator.close();
    expect((await poll).body).toEqual({ ok: true, result: [] });
  });

  it("routes like the Bot API: wrong token 401, unknown method 404, GET with query parameters", async () => {
    expect((await fetch(`${emulator.apiRoot}/bot1:WRONG/getMe`)).status).toBe(401);
    const unknown = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendTelepathy`);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    expect(emulator.callsTo("sendTelepathy")).toHaveLength(1);
    const me = await fetch(`${emulator.apiRoot}/bot${emulator.token}/getme`);
    expect(await me.json()).toMatchObject({ ok: true, result: { username: "swap_test_bot", is_bot: true } });
    const query = await fetch(`${emulator.apiRoot}/bot${emulator.token}/sendMessage?chat_id=1&text=hi`);
    expect(await query.json()).toMatchObject({ ok: false, description: "Bad Request: chat not found" });
  });
});

describe("HTML parse mode", () => {
  it("matches Telegram's visible text, entities and UTF-16 offsets", () => {
    expect(parseHtml("<b>a<i>b</i></b> &lt;&gt;&amp;&quot; &#65;&#x42;")).toEqual({
      text: `ab <>&" AB`,
      entities: [
        { type: "bold", offset: 0, length: 2 },
        { type: "italic", offset: 1, length: 1 },
      ],
    });
    expect(parseHtml("<b>😀</b> <a href='https://example.com'>site</a>").entities).toEqual([
      { type: "bold", offset: 0, length: 2 },
      { type: "text_link", offset: 3, length: 4, url: "https://example.com/" },
    ]);
    expect(parseHtml('<pre><code class="language-ts">x</code></pre><blockquote expandable>q</blockquote>').entities).toEqual([
      { type: "pre", offset: 0, length: 1, language: "ts" },
      { type: "expandable_blockquote", offset: 1, length: 1 },
    ]);
    expect(parseHtml('<span class="tg-spoiler">s</span><tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>').entities).toEqual([
      { type: "spoiler", offset: 0, length: 1 },
      { type: "custom_emoji", offset: 1, length: 2, custom_emoji_id: "5368324170671202286" },
    ]);
    expect(parseHtml("Tom & Jerry", { strictAmpersand: false }).text).toBe("Tom & Jerry");
  });

  it.each([
    ["привет <br>", `Unsupported start tag "br" at byte offset 13`],
    ["x <b", "Unclosed start tag at byte offset 2"],
    ["<a href", `Unclosed start tag "a" at byte offset 0`],
    ["<span>x</span>", `Tag "span" must have class "tg-spoiler" at byte offset 0`],
    ["x</b>", "Unexpected end tag at byte offset 1"],
    ["<b>x</b", "Unclosed end tag at byte offset 4"],
    ["<a href=x/>y</a>", "Unexpected end of name token at byte offset 8"],
    ['<tg-emoji emoji-id="x">y</tg-emoji>', "Invalid custom emoji identifier specified"],
  ])("refuses %j", (html, message) => {
    expect(() => parseHtml(html)).toThrow(message);
  });
});

/** One request the bot's side of a webhook received. */
interface Hit {
  update_id: number;
  text: string | undefined;
  secret: string | undefined;
  contentType: string | undefined;
}

/** The bot's side of a webhook: a node:http server on 127.0.0.1 answering each request with `answer`. */
interface Receiver {
  url: string;
  port: number;
  hits: Hit[];
  /** update_ids answered 2xx, in order. */
  accepted: number[];
  /** Requests answered "hold": call one to answer it. */
  held: ((status: number) => void)[];
  /** Requests being handled now, the most at once, and those the emulator dropped unanswered. */
  stats: { inFlight: number; maxInFlight: number; aborted: number };
  answer: (hit: Hit) => number | "hold";
  close(): Promise<void>;
}

async function startReceiver(port = 0): Promise<Receiver> {
  const server: Server = createServer((req, res) => {
    receiver.stats.inFlight++;
    receiver.stats.maxInFlight = Math.max(receiver.stats.maxInFlight, receiver.stats.inFlight);
    let done = false;
    res.on("close", () => {
      if (done) return;
      done = true;
      receiver.stats.inFlight--;
      receiver.stats.aborted++;
    });
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const update = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { update_id: number; message?: { text?: string } };
      const secret = req.headers["x-telegram-bot-api-secret-token"];
      const hit: Hit = {
        update_id: update.update_id,
        text: update.message?.text,
        secret: typeof secret === "string" ? secret : undefined,
        contentType: req.headers["content-type"],
      };
      receiver.hits.push(hit);
      const reply = (status: number): void => {
        if (done) return;
        done = true;
        receiver.stats.inFlight--;
        if (status >= 200 && status < 300) receiver.accepted.push(hit.update_id);
        res.writeHead(status).end();
      };
      const status = receiver.answer(hit);
      if (status === "hold") receiver.held.push(reply);
      else reply(status);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${actual}/hook`,
    port: actual,
    hits: [],
    accepted: [],
    held: [],
    stats: { inFlight: 0, maxInFlight: 0, aborted: 0 },
    answer: () => 200,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return receiver;
}

describe("webhook delivery", () => {
  let emulator: BotApiEmulator;
  let receivers: Receiver[];
  const receiver = async (port?: number) => {
    const started = await startReceiver(port);
    receivers.push(started);
    return started;
  };

  beforeEach(async () => {
    emulator = await startBotApiEmulator();
    receivers = [];
  });
  afterEach(async () => {
    await emulator.close();
    await Promise.all(receivers.map((started) => started.close()));
  });

  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const response = await fetch(`${emulator.apiRoot}/bot${emulator.token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
    });
    return { status: response.status, body: (await response.json()) as { ok: boolean; result?: unknown; description?: string } };
  };
  const webhookInfo = async () => (await call("getWebhookInfo")).body.result as Record<string, unknown>;

  it("POSTs each update as JSON with the secret header, a chat's updates in order, and confirms on 2xx", async () => {
    const bot = await receiver();
    expect((await call("setWebhook", { url: bot.url, secret_token: "s3cret_-Token" })).body).toEqual({ ok: true, result: true });
    const alice = emulator.user({ id: 5001 });
    for (const text of ["one", "two", "three"]) await alice.send(text);

    // Answered on the bot's side, then seen by the emulator.
    await waitFor(() => bot.accepted.length === 3 && emulator.pendingUpdates() === 0);
    expect(bot.hits.map((hit) => hit.text)).toEqual(["one", "two", "three"]);
    expect(bot.hits.every((hit) => hit.secret === "s3cret_-Token" && hit.contentType === "application/json")).toBe(true);
    expect(bot.accepted).toEqual([...bot.accepted].sort((a, b) => a - b));
    expect(emulator.pendingUpdates()).toBe(0);
    expect(await webhookInfo()).toEqual({ url: bot.url, has_custom_certificate: false, pending_update_count: 0, max_connections: 40 });
    expect(emulator.webhookInfo()).toMatchObject({
      url: bot.url,
      secret: "s3cret_-Token",
      pendingUpdates: 0,
      attempts: 3,
      failures: 0,
      lastError: undefined,
    });
    expect(emulator.webhookDeliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);

    const getUpdates = await call("getUpdates", { timeout: 0 });
    expect(getUpdates.status).toBe(409);
    expect(getUpdates.body.description).toBe(
      "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    );

    // Without a secret_token there is no header.
    await call("setWebhook", { url: bot.url });
    await alice.send("four");
    await waitFor(() => bot.accepted.length === 4);
    expect(bot.hits[3]).toMatchObject({ text: "four", secret: undefined });
    expect(emulator.webhookInfo().secret).toBeUndefined();
  });

  it("ends a waiting getUpdates with 409 when a webhook is set", async () => {
    const bot = await receiver();
    const poll = call("getUpdates", { timeout: 10 });
    await waitFor(() => emulator.callsTo("getUpdates").length === 1);
    await call("setWebhook", { url: bot.url });
    expect(await poll).toEqual({
      status: 409,
      body: { ok: false, error_code: 409, description: "Conflict: terminated by setWebhook request" },
    });
  });

  it("serves a grammY bot in webhook mode (public URL routed to loopback); the bot refuses a wrong secret and the update is retried", async () => {
    let port = 0;
    const routed = await startBotApiEmulator({
      webhookTarget: (url) => url.replace("https://bot.example.com", `http://127.0.0.1:${port}`),
    });
    const hookBot = new Bot(routed.token, { botInfo: routed.botInfo, client: { apiRoot: routed.apiRoot } });
    hookBot.command("start", (ctx) => ctx.reply("Hello from the webhook"));
    const handle = webhookCallback(hookBot, "http", { secretToken: "right_secret" });
    const handlerErrors: unknown[] = [];
    const server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => handlerErrors.push(error));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
    try {
      await hookBot.api.setWebhook("https://bot.example.com/tg", { secret_token: "wrong_secret" });
      const alice = routed.user({ id: 5101 });
      await alice.send("/start");
      await waitFor(() => routed.webhookInfo().failures >= 2, 5000, "the bot refused the wrong secret twice");
      expect(routed.webhookDeliveries.every((delivery) => delivery.status === 401 || delivery.status === undefined)).toBe(true);
      const info = await hookBot.api.getWebhookInfo();
      expect(info).toMatchObject({
        url: "https://bot.example.com/tg",
        pending_update_count: 1,
        last_error_message: "Wrong response from the webhook: 401 Unauthorized",
      });
      expect(JSON.stringify(info)).not.toContain("wrong_secret");
      expect(routed.webhookInfo()).toMatchObject({
        secret: "wrong_secret",
        lastError: { message: "Wrong response from the webhook: 401 Unauthorized" },
      });

      await hookBot.api.setWebhook("https://bot.example.com/tg", { secret_token: "right_secret" });
      expect((await alice.nextMessage()).text).toBe("Hello from the webhook");
      await waitFor(() => routed.pendingUpdates() === 0);
      expect(routed.webhookDeliveries.at(-1)?.status).toBe(200);
      // A new setWebhook clears the last error, as on Telegram.
      expect((await hookBot.api.getWebhookInfo()).last_error_message).toBeUndefined();
      expect(handlerErrors).toEqual([]);
    } finally {
      await routed.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });

  it("retries a 500 and a refused connection with a backoff, keeping the chat's order, and shows last_error", async () => {
    await emulator.close();
    emulator = await startBotApiEmulator({ clock: () => 1_700_000_000_000 });
    const bot = await receiver();
    bot.answer = () => (bot.hits.length <= 2 ? 500 : 200);
    await call("setWebhook", { url: bot.url });
    const alice = emulator.user({ id: 5201 });
    await alice.send("one");
    await alice.send("two");

    await waitFor(() => bot.accepted.length === 2 && emulator.pendingUpdates() === 0);
    // "two" waited until "one" was confirmed.
    expect(bot.hits.map((hit) => hit.text)).toEqual(["one", "one", "one", "two"]);
    const deliveries = emulator.webhookDeliveries;
    expect(deliveries.map((delivery) => delivery.status)).toEqual([500, 500, 200, 200]);
    expect((deliveries[1]?.at ?? 0) - (deliveries[0]?.at ?? 0)).toBeGreaterThanOrEqual(40);
    expect((deliveries[2]?.at ?? 0) - (deliveries[1]?.at ?? 0)).toBeGreaterThanOrEqual(90);
    expect(await webhookInfo()).toMatchObject({
      pending_update_count: 0,
      last_error_date: 1_700_000_000,
      last_error_message: "Wrong response from the webhook: 500 Internal Server Error",
    });
    // The same setWebhook again changes nothing ("Webhook is already set"): the error stays.
    await call("setWebhook", { url: bot.url });
    expect((await webhookInfo()).last_error_message).toBe("Wrong response from the webhook: 500 Internal Server Error");

    // The bot goes down: refused, then delivered once it listens again on the same port.
    await bot.close();
    await alice.send("three");
    await waitFor(() => emulator.webhookInfo().lastError?.message === "Connection refused");
    expect(await webhookInfo()).toMatchObject({ pending_update_count: 1, last_error_message: "Connection refused" });
    expect(emulator.webhookDeliveries.at(-1)?.status).toBe("Connection refused");
    const back = await receiver(bot.port);
    await waitFor(() => back.accepted.length === 1 && emulator.pendingUpdates() === 0);
    expect(back.hits.map((hit) => hit.text)).toEqual(["three"]);
    const attempts = emulator.webhookDeliveries
      .filter((delivery) => delivery.update_id === back.accepted[0])
      .map((delivery) => delivery.status);
    expect(attempts).toContain("Connection refused");
    expect(attempts.at(-1)).toBe(200);
    expect(emulator.webhookInfo()).toMatchObject({ pendingUpdates: 0, failures: 2 + attempts.length - 1 });
  });

  it("gives up on an unanswered request after the timeout, drops its connection and retries", async () => {
    await emulator.close();
    emulator = await startBotApiEmulator({ webhookTimeoutMs: 100 });
    const bot = await receiver();
    bot.answer = () => (bot.hits.length === 1 ? "hold" : 200);
    await call("setWebhook", { url: bot.url });
    await emulator.user({ id: 5301 }).send("slow");

    await waitFor(() => bot.accepted.length === 1 && emulator.pendingUpdates() === 0);
    await waitFor(() => bot.stats.aborted === 1, 5000, "the emulator dropped the unanswered request");
    expect(emulator.webhookDeliveries.map((delivery) => delivery.status)).toEqual(["Read timeout expired", 200]);
    expect((await webhookInfo()).last_error_message).toBe("Read timeout expired");
  });

  it("stops delivering on deleteWebhook: the request in flight is cancelled and updates go to getUpdates", async () => {
    const bot = await receiver();
    bot.answer = () => "hold";
    await call("setWebhook", { url: bot.url });
    const alice = emulator.user({ id: 5401 });
    await alice.send("one");
    await waitFor(() => bot.held.length === 1);

    expect((await call("deleteWebhook")).body).toEqual({ ok: true, result: true });
    await waitFor(() => bot.stats.aborted === 1);
    expect(emulator.webhookDeliveries.map((delivery) => delivery.status)).toEqual(["cancelled"]);
    expect(emulator.webhookInfo()).toMatchObject({ url: "", inFlight: 0, pendingUpdates: 1 });
    expect(await webhookInfo()).toEqual({ url: "", has_custom_certificate: false, pending_update_count: 1 });

    await alice.send("two");
    const updates = (await call("getUpdates", { timeout: 0 })).body.result as { message: { text: string } }[];
    expect(updates.map((update) => update.message.text)).toEqual(["one", "two"]);
    // An absence: no retry of the cancelled request (the first retry would come after 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(bot.hits).toHaveLength(1);
  });

  it("keeps at most max_connections requests in flight: with 1, one at a time in update_id order", async () => {
    const bot = await receiver();
    bot.answer = () => "hold";
    await call("setWebhook", { url: bot.url, max_connections: 1 });
    for (const id of [5501, 5502, 5503]) await emulator.user({ id }).send(`from ${id}`);

    for (let answered = 0; answered < 3; answered++) {
      await waitFor(() => bot.held.length === 1);
      // Counted when sent: a second request would show at once.
      expect(emulator.webhookInfo().inFlight).toBe(1);
      bot.held.shift()?.(200);
    }
    await waitFor(() => bot.accepted.length === 3);
    expect(bot.stats.maxInFlight).toBe(1);
    expect(bot.hits.map((hit) => hit.text)).toEqual(["from 5501", "from 5502", "from 5503"]);
    expect((await webhookInfo()).max_connections).toBe(1);
  });

  it("sends different chats in parallel up to max_connections, one chat's updates one at a time", async () => {
    const bot = await receiver();
    bot.answer = () => "hold";
    await call("setWebhook", { url: bot.url, max_connections: 2 });
    const alice = emulator.user({ id: 5601 });
    await alice.send("alice 1");
    await alice.send("alice 2");
    await emulator.user({ id: 5602 }).send("bob");
    await emulator.user({ id: 5603 }).send("carol");

    await waitFor(() => bot.held.length === 2);
    expect(emulator.webhookInfo().inFlight).toBe(2);
    expect(bot.hits.map((hit) => hit.text)).toEqual(["alice 1", "bob"]);
    while (bot.accepted.length < 4) {
      await waitFor(() => bot.held.length > 0 || bot.accepted.length === 4);
      bot.held.shift()?.(200);
    }
    expect(bot.stats.maxInFlight).toBe(2);
    const texts = bot.hits.map((hit) => hit.text);
    expect(texts.indexOf("alice 2")).toBeGreaterThan(texts.indexOf("alice 1"));
    expect([...texts].sort()).toEqual(["alice 1", "alice 2", "bob", "carol"]);
  });

  it("drops pending updates and filters by allowed_updates when asked", async () => {
    const bot = await receiver();
    const alice = emulator.user({ id: 5701 });
    await alice.send("before");
    await call("setWebhook", { url: bot.url, drop_pending_updates: true, allowed_updates: ["callback_query"] });
    expect(await webhookInfo()).toMatchObject({ pending_update_count: 0, allowed_updates: ["callback_query"] });
    await alice.send("not allowed");
    // Same webhook: only allowed_updates changes ("Webhook is already set").
    await call("setWebhook", { url: bot.url, allowed_updates: [] });
    await alice.send("allowed");
    await waitFor(() => bot.accepted.length === 1);
    expect(bot.hits.map((hit) => hit.text)).toEqual(["allowed"]);
    expect((await webhookInfo()).allowed_updates).toBeUndefined();
  });

  it("validates setWebhook like Telegram, except that plain http is allowed on loopback", async () => {
    const bot = await receiver();
    const refused = async (params: Record<string, unknown>) => (await call("setWebhook", params)).body.description;
    expect(await refused({ url: bot.url, secret_token: "not secret!" })).toBe("Bad Request: secret token contains unallowed characters");
    expect(await refused({ url: bot.url, secret_token: "a".repeat(257) })).toBe("Bad Request: secret token is too long");
    expect(await refused({ url: "http://example.com/hook" })).toBe("Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
    expect(await refused({ url: "https://example.com:8080/hook" })).toBe(
      "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443",
    );
    expect(await refused({ url: "ftp://127.0.0.1/hook" })).toBe("Bad Request: invalid webhook URL specified");
    expect((await call("setWebhook", { url: bot.url, secret_token: "a".repeat(256) })).body.ok).toBe(true);

    // max_connections is clamped to 1..100, as by the Bot API server.
    await call("setWebhook", { url: bot.url, max_connections: 0 });
    expect((await webhookInfo()).max_connections).toBe(1);
    await call("setWebhook", { url: bot.url, max_connections: 1000 });
    expect((await webhookInfo()).max_connections).toBe(100);

    // A refused setWebhook has removed the previous webhook, as on Telegram.
    await refused({ url: bot.url, secret_token: "bad secret" });
    expect((await webhookInfo()).url).toBe("");

    // A public https URL is accepted, but the emulator delivers to loopback only (see webhookTarget).
    await call("setWebhook", { url: "https://example.com/hook" });
    await emulator.user({ id: 5801 }).send("lost");
    await waitFor(() => emulator.webhookInfo().lastError !== undefined);
    expect(emulator.webhookInfo().lastError?.message).toMatch(/^emulator: delivers only over http to 127\.0\.0\.1\/localhost/);

    // An empty url removes the webhook.
    await call("setWebhook", { url: "" });
    expect(await webhookInfo()).toEqual({ url: "", has_custom_certificate: false, pending_update_count: 1 });
  });

  it("stops every delivery on close(), cancelling the request in flight", async () => {
    const bot = await receiver();
    bot.answer = () => "hold";
    await call("setWebhook", { url: bot.url });
    await emulator.user({ id: 5901 }).send("in flight");
    await waitFor(() => bot.held.length === 1);
    await emulator.close();
    await waitFor(() => bot.stats.aborted === 1);
    expect(emulator.webhookInfo().inFlight).toBe(0);
    expect(emulator.webhookDeliveries.map((delivery) => delivery.status)).toEqual(["cancelled"]);
  });
});
