/**
 * A Bot API emulator of the project's own: an HTTP server on 127.0.0.1 that answers like
 * api.telegram.org, so the real bot (grammY with `client: { apiRoot }`) runs end to end.
 *
 *   const tg = await startBotApiEmulator();
 *   const bot = new Bot(tg.token, { botInfo: tg.botInfo, client: { apiRoot: tg.apiRoot } });
 *   const alice = tg.user({ id: 1001, first_name: "Alice" });
 *   await alice.send("/start");
 *   const menu = await alice.nextMessage();
 */
import type { User, UserFromGetMe } from "grammy/types";
import { FloodGate, type FloodRules, STRICT_FLOOD_RULES } from "./flood.js";
import { BotApiMethods, placeholderUser } from "./methods.js";
import { BotApiServer } from "./server.js";
import { EmulatorState } from "./state.js";
import { describeKeyboard, preview, TestChat, TestUser, type UserEnvironment } from "./test-user.js";
import type { ApiCall, HeldCall, InjectedError, StoredFile, StoredMessage } from "./types.js";
import { type WebhookDelivery, WebhookSender, type WebhookStatus } from "./webhook.js";

export { type FloodRules, STRICT_FLOOD_RULES } from "./flood.js";
export { EntityParseError, parseHtml } from "./html.js";
export { EmulatorClosedError } from "./state.js";
export { TestChat, TestUser } from "./test-user.js";
export type { ApiCall, ApiResponse, CallbackAnswer, HeldCall, InjectedError, InlineAnswer, StoredFile, StoredMessage } from "./types.js";
export { BotApiError } from "./types.js";
export type { WebhookDelivery, WebhookStatus } from "./webhook.js";

export interface EmulatorOptions {
  /** Default "123456:TEST". */
  token?: string;
  /** Overrides for getMe; default username "swap_test_bot", privacy mode on, inline mode on. */
  botUser?: Partial<UserFromGetMe>;
  /** Milliseconds since the epoch for message dates (a fake clock); default Date.now. */
  clock?: () => number;
  /**
   * Refuse an unescaped `&` in HTML (Telegram shows it literally). Default true: it almost
   * always means unescaped user input, which breaks as soon as the input holds a `<`.
   */
  strictAmpersand?: boolean;
  /** Refuse an inline button with more than one action field (Telegram uses the first). Default true. */
  strictButtons?: boolean;
  /** Keep every call in `calls` (turn off for long benchmarks). Default true. */
  recordCalls?: boolean;
  /** Default timeout of nextMessage/callbackAnswer/inlineAnswer, in real ms. Default 5000. */
  defaultTimeoutMs?: number;
  /** How long a webhook delivery waits for the bot's answer, in real ms ("Read timeout expired"). Default 10000. */
  webhookTimeoutMs?: number;
  /**
   * Where deliveries for the webhook URL the bot set really go: the emulator only POSTs over http
   * to 127.0.0.1/localhost. E.g. the bot sets https://bot.example.com/tg and the test routes it
   * with `(url) => url.replace("https://bot.example.com", "http://127.0.0.1:" + port)`. Called for
   * every delivery, so the port may be known only once the bot listens.
   */
  webhookTarget?: (url: string) => string;
}

export interface UserInit {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface GroupInit {
  /** Groups have negative ids; supergroups look like -100xxxxxxxxxx. */
  id: number;
  title: string;
  type?: "group" | "supergroup";
  /** User ids; the first one is the creator. */
  admins?: number[];
  /** An admin bot sees every message despite privacy mode and may delete others' messages. */
  botIsAdmin?: boolean;
}

export class BotApiEmulator {
  readonly token: string;
  private readonly testUsers = new Map<number, TestUser>();
  private readonly testChats = new Map<number, TestChat>();
  private readonly env: UserEnvironment;

  private constructor(
    readonly apiRoot: string,
    private readonly state: EmulatorState,
    private readonly server: BotApiServer,
    private readonly webhook: WebhookSender,
    methods: BotApiMethods,
    options: EmulatorOptions,
  ) {
    this.token = options.token ?? DEFAULT_TOKEN;
    this.env = {
      state,
      defaultTimeoutMs: options.defaultTimeoutMs ?? 5000,
      setBlocked: (userId, blocked) => this.setBlocked(userId, blocked),
      describeChat: (chatId) => this.describeChat(chatId),
      inlineResultMessage: (result) => methods.inlineResultMessage(result),
    };
  }

  static async start(options: EmulatorOptions = {}): Promise<BotApiEmulator> {
    const token = options.token ?? DEFAULT_TOKEN;
    const state = new EmulatorState(botUserFor(token, options.botUser), options.clock ?? Date.now);
    const webhook = new WebhookSender(state, {
      timeoutMs: options.webhookTimeoutMs ?? 10_000,
      record: options.recordCalls ?? true,
      ...(options.webhookTarget === undefined ? {} : { target: options.webhookTarget }),
    });
    const methods = new BotApiMethods(
      state,
      { strictAmpersand: options.strictAmpersand ?? true, strictButtons: options.strictButtons ?? true },
      webhook,
    );
    const server = new BotApiServer(state, methods, token);
    server.recordCalls = options.recordCalls ?? true;
    const port = await server.listen();
    return new BotApiEmulator(`http://127.0.0.1:${port}`, state, server, webhook, methods, options);
  }

  /** Every call the bot made, in order (getUpdates included). */
  get calls(): ApiCall[] {
    return this.server.calls;
  }

  /** Calls of one method (case-insensitive). */
  callsTo(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method.toLowerCase() === method.toLowerCase());
  }

  /** Calls Telegram refused, e.g. to see why a message never arrived. */
  failedCalls(): ApiCall[] {
    return this.calls.filter((call) => !call.response.ok && call.response.error_code !== 0);
  }

  /**
   * The webhook as Telegram knows it, secret and delivery counts included, e.g.
   * `expect(tg.webhookInfo().lastError?.message).toBe("Wrong response from the webhook: 401 Unauthorized")`.
   */
  webhookInfo(): WebhookStatus {
    return this.webhook.status();
  }

  /** Every POST of an update to a webhook, in order of sending; entries fill in as answers come. */
  get webhookDeliveries(): readonly WebhookDelivery[] {
    return this.webhook.deliveries;
  }

  /** Things the emulator could not render faithfully (e.g. a Markdown parse_mode). */
  /** What getMe answers now. */
  get botInfo(): UserFromGetMe {
    return this.state.bot;
  }

  /** The bot's owner gives it another username in @BotFather (getMe answers the new one). */
  renameBot(username: string): void {
    this.state.bot = { ...this.state.bot, username };
  }

  /** A person changes (or, with undefined, removes) their username; their messages and getChat show it. */
  renameUser(id: number, username: string | undefined): void {
    const user = this.state.users.get(id)?.user as { username?: string } | undefined;
    if (user === undefined) throw new Error(`no user ${id}`);
    if (username === undefined) delete user.username;
    else user.username = username;
  }

  get warnings(): readonly string[] {
    return this.state.warnings;
  }

  /** A person; the same id returns the same TestUser. */
  user(init: UserInit): TestUser {
    const existing = this.testUsers.get(init.id);
    if (existing !== undefined) return existing;
    const info: User = {
      id: init.id,
      is_bot: false,
      first_name: init.first_name ?? `User${init.id}`,
      ...(init.last_name === undefined ? {} : { last_name: init.last_name }),
      ...(init.username === undefined ? {} : { username: init.username }),
      ...(init.language_code === undefined ? {} : { language_code: init.language_code }),
    };
    this.state.ensureUser(info);
    const user = new TestUser(this.env, info);
    this.testUsers.set(init.id, user);
    return user;
  }

  /** A group the bot is a member of (so it is known to the bot from the start). */
  group(init: GroupInit): TestChat {
    const existing = this.testChats.get(init.id);
    if (existing !== undefined) return existing;
    const admins = init.admins ?? [];
    for (const id of admins) {
      if (!this.state.users.has(id)) this.state.ensureUser(placeholderUser(id));
      (this.state.users.get(id) as { seen: boolean }).seen = true;
    }
    const record = this.state.newChat({
      id: init.id,
      type: init.type ?? (init.id <= -1_000_000_000_000 ? "supergroup" : "group"),
      title: init.title,
      admins,
      botIsAdmin: init.botIsAdmin ?? false,
      members: new Set(admins),
    });
    this.state.chats.set(init.id, record);
    const chat = new TestChat(this.env, record);
    this.testChats.set(init.id, chat);
    return chat;
  }

  /**
   * The next call(s) of `method` fail with this error instead of running, e.g.
   * `failNext("sendMessage", { error_code: 429, retry_after: 3 })`.
   */
  failNext(method: string, error: InjectedError, times = 1): void {
    this.server.failNext(method, error, times);
  }

  /**
   * The next call(s) of `method` are carried out (the message arrives), but the connection drops
   * before the answer: the bot cannot tell a send that timed out after arriving from one that never did.
   */
  loseAnswerNext(method: string, times = 1): void {
    this.server.loseAnswerNext(method, times);
  }

  /**
   * Telegram is slow: the next call of `method` waits, unanswered and not yet carried out, until
   * `release()` (then it runs and is answered) or `release(error)` (answered with that error).
   * Several holds queue up for the calls that follow, one each. With `chatId`, only a call into
   * that chat is held (others go by).
   */
  holdNext(method: string, chatId?: number): HeldCall {
    return this.server.holdNext(method, chatId);
  }

  /**
   * Telegram has an outage until `until` (the emulator's clock): every call that posts, edits or
   * deletes in a chat answers `error` (e.g. 502); getUpdates and the rest keep working.
   */
  outage(until: number, error: InjectedError): void {
    this.server.outage(until, error);
  }

  /**
   * From now on, messages over Telegram's flood limits (one a second per chat, twenty a minute
   * per group, thirty a second overall, on the emulator's clock) are answered 429 with a
   * retry_after, as the real Bot API does; a refused message is not counted.
   */
  enforceFloodLimits(rules: Partial<FloodRules> = {}): void {
    this.server.flood = new FloodGate({ ...STRICT_FLOOD_RULES, ...rules }, this.state.clock);
  }

  /**
   * Telegram out of reach: the emulator stops listening and drops its connections, so every
   * call fails with ECONNREFUSED (nothing was sent) until `goOnline()`, on the same address.
   */
  goOffline(): Promise<void> {
    return this.server.goOffline();
  }

  async goOnline(): Promise<void> {
    await this.server.listen();
  }

  /** The user blocked the bot: sends to their private chat answer 403. */
  blockBy(userId: number): void {
    this.setBlocked(userId, true);
  }

  unblockBy(userId: number): void {
    this.setBlocked(userId, false);
  }

  /** Current state of a chat (edits applied, deletions removed), in order, both directions. */
  messages(chatId: number): StoredMessage[] {
    return this.state.chats.get(chatId)?.messages.filter((message) => !message.deleted) ?? [];
  }

  /**
   * The chat's messages after message `afterId`, both directions, in order, edits applied and
   * deleted ones included (`deleted: true`): without going through the whole of a long chat.
   */
  messagesAfter(chatId: number, afterId: number): StoredMessage[] {
    // Message ids are 1, 2, 3... in array order.
    return this.state.chats.get(chatId)?.messages.slice(Math.max(0, afterId)) ?? [];
  }

  /** Calls `listener` after anything changed (a message, an edit, an answer, a chat action); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.state.onChange(listener);
  }

  /** A chat's kind and, for groups, title and admins; undefined for an unknown id. */
  chatInfo(chatId: number):
    | {
        type: "private" | "group" | "supergroup";
        title?: string;
        admins: readonly number[];
        lastChatAction?: { action: string; at: number; afterMessageId: number };
      }
    | undefined {
    const chat = this.state.chats.get(chatId);
    if (chat === undefined) return undefined;
    return {
      type: chat.type,
      ...(chat.title === undefined ? {} : { title: chat.title }),
      admins: chat.admins,
      ...(chat.lastChatAction === undefined || chat.lastChatActionAt === undefined
        ? {}
        : { lastChatAction: { action: chat.lastChatAction, at: chat.lastChatActionAt, afterMessageId: chat.lastChatActionAfter ?? 0 } }),
    };
  }

  /** Ids of callback queries the bot never answered (Telegram shows a spinner for those). */
  unansweredCallbackQueries(): string[] {
    return [...this.state.callbackQueries.values()].filter((query) => query.answer === undefined).map((query) => query.id);
  }

  /** Commands set with setMyCommands for a scope (default scope when omitted) and language. */
  commands(scope: Record<string, unknown> = { type: "default" }, languageCode = ""): { command: string; description: string }[] {
    const sorted = Object.fromEntries(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
    return this.state.commands.get(`${JSON.stringify(sorted)}|${languageCode}`) ?? [];
  }

  /** A file the bot uploaded (with its bytes) or referenced by URL. */
  file(fileId: string): StoredFile | undefined {
    return this.state.files.get(fileId);
  }

  /** Updates pushed but not yet confirmed by the bot (getUpdates offset, or a 2xx webhook answer). */
  pendingUpdates(): number {
    return this.state.updates.length;
  }

  /** The chat and recent failed calls, as used in timeout messages. */
  describeChat(chatId: number): string {
    const chat = this.state.chats.get(chatId);
    const lines = (chat?.messages ?? []).slice(-10).map((message) => {
      const flags = [message.edited > 0 ? `edited ${message.edited}x` : "", message.deleted ? "deleted" : ""].filter(Boolean).join(", ");
      const keyboard = message.reply_markup === undefined ? "" : `\n${describeKeyboard(message).replace(/^/gm, "    ")}`;
      return (
        `  #${message.message_id} ${message.from_bot ? "bot" : "user"}: ` +
        `${JSON.stringify(preview(message))}${flags ? ` (${flags})` : ""}${keyboard}`
      );
    });
    const failures = this.failedCalls()
      .slice(-5)
      .map((call) => `  ${call.method} → ${call.response.ok ? "ok" : `${call.response.error_code} ${call.response.description}`}`);
    return [
      lines.length > 0 ? `Chat ${chatId} (last messages):\n${lines.join("\n")}` : `Chat ${chatId} has no messages.`,
      failures.length > 0 ? `Recent failed Bot API calls:\n${failures.join("\n")}` : "No failed Bot API calls.",
      this.state.updates.length > 0 ? `${this.state.updates.length} update(s) not yet fetched/confirmed by the bot (is it running?).` : "",
      this.webhookSummary(),
    ]
      .filter(Boolean)
      .join("\n");
  }

  /** Stops webhook deliveries, answers a pending long poll with [] and shuts the server down; pending waits reject. */
  close(): Promise<void> {
    this.webhook.close();
    return this.server.close();
  }

  private webhookSummary(): string {
    const { url, lastError } = this.webhook.status();
    if (url === "") return "";
    return `Webhook ${url}: ${lastError === undefined ? "no failed delivery" : `last error "${lastError.message}"`}.`;
  }

  private setBlocked(userId: number, blocked: boolean): void {
    const record = this.state.users.get(userId);
    if (record === undefined) throw new Error(`blockBy/unblockBy: unknown user ${userId}`);
    if (record.blocked === blocked) return;
    record.blocked = blocked;
    const chat = this.state.chats.get(userId);
    // Telegram tells the bot with a my_chat_member update.
    if (chat !== undefined) {
      const member = (status: "member" | "kicked") =>
        status === "kicked" ? { status, user: this.botInfo, until_date: 0 } : { status, user: this.botInfo };
      this.state.pushUpdate({
        my_chat_member: {
          chat: this.state.chatObject(chat),
          from: record.user,
          date: this.state.now(),
          old_chat_member: member(blocked ? "member" : "kicked"),
          new_chat_member: member(blocked ? "kicked" : "member"),
        },
      });
    } else {
      this.state.changed();
    }
  }
}

const DEFAULT_TOKEN = "123456:TEST";

/** The bot as getMe describes it: its id from the token, the rest the emulator's defaults unless overridden. */
export function botUserFor(token: string, overrides: Partial<UserFromGetMe> = {}): UserFromGetMe {
  const id = Number(token.split(":")[0]) || 123456;
  return {
    id,
    is_bot: true,
    first_name: "Swap Test Bot",
    username: "swap_test_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...overrides,
  };
}

export function startBotApiEmulator(options: EmulatorOptions = {}): Promise<BotApiEmulator> {
  return BotApiEmulator.start(options);
}

/**
 * Polls `predicate` every 10 ms (real time) until it returns something truthy, and returns it.
 * A predicate that throws (e.g. an `expect`) is retried; its last error is reported on timeout.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, timeoutMs = 5000, what = "condition"): Promise<NonNullable<T>> {
  const timeoutError = new Error("timed out");
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : "";
      timeoutError.message = `waitFor: ${what} not met within ${timeoutMs} ms${reason}`;
      timeoutError.stack = timeoutError.stack?.replace("timed out", timeoutError.message);
      throw timeoutError;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
