/**
 * The Bot API emulator, driven by a real grammY bot over HTTP on 127.0.0.1.
 * These tests pin down both the emulator's Telegram-like behaviour and its test ergonomics.
 */
import { run } from "@grammyjs/runner";
import { Bot, GrammyError, InlineKeyboard, InputFile, type BotError } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseHtml, startBotApiEmulator, waitFor, type BotApiEmulator, type TestUser } from "./harness/telegram/index.js";

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

    expect((await send("Hello<foo>x</foo>")).description).toBe(`Bad Request: can't parse entities: Unsupported start tag "foo" at byte offset 5`);
    expect((await send("<b><i>test</b></i>")).description).toBe(
      `Bad Request: can't parse entities: Unmatched end tag at byte offset 10, expected "</i>", found "</b>"`,
    );
    expect((await send("<b>unclosed")).description).toBe(`Bad Request: can't parse entities: Can't find end tag corresponding to start tag "b"`);
    expect((await send("1 < 2")).description).toBe(`Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2`);
    expect((await send("Tom & Jerry")).description).toMatch(/^Bad Request: can't parse entities: Unescaped "&" at byte offset 4/);
    const error = await send("<br>");
    expect(error.error_code).toBe(400);
    expect(error.method).toBe("sendMessage");
    // Nothing reached the chat.
    expect(tg.messages(alice.chatId)).toHaveLength(2);
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
    expect((await failure(withButtons(new InlineKeyboard().text("no", "x".repeat(65))))).description).toBe("Bad Request: BUTTON_DATA_INVALID");
    expect((await failure(withButtons(new InlineKeyboard().text("no", "é".repeat(33))))).description).toBe("Bad Request: BUTTON_DATA_INVALID");
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

  it("answers 'message is not modified' for an identical edit, and an edit without markup drops the keyboard", async () => {
    const alice = tg.user({ id: 1008 });
    const welcome = await open(alice);
    const keyboard = welcome.reply_markup;
    const same = bot.api.editMessageText(alice.chatId, welcome.message_id, welcome.html ?? "", { parse_mode: "HTML", reply_markup: keyboard });
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
    const duplicate = bot.api.answerInlineQuery(second, [results[0], results[0]].filter((result) => result !== undefined));
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
    return { status: response.status, body: (await response.json()) as { ok: boolean; result?: { update_id: number }[]; description?: string } };
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
