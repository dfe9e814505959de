/** The HTTP side: routing `/bot<token>/<method>`, long polling, injected errors, the call log. */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update } from "grammy/types";
import type { FloodGate } from "./flood.js";
import { isLoopbackHost } from "./loopback.js";
import type { BotApiMethods } from "./methods.js";
import { intParam, jsonParam, type ParsedRequest, readRequest } from "./request.js";
import type { EmulatorState } from "./state.js";
import { type ApiCall, type ApiResponse, BotApiError, type HeldCall, type InjectedError } from "./types.js";

/** Parameters that carry JSON; in multipart and query strings they arrive as strings. */
const JSON_PARAMS = new Set([
  "reply_markup",
  "entities",
  "caption_entities",
  "results",
  "commands",
  "scope",
  "allowed_updates",
  "reply_parameters",
  "link_preview_options",
  "message_ids",
  "menu_button",
  "button",
]);

/** Integer and boolean parameters, which multipart and query strings also carry as strings. */
const INTEGER_PARAMS = new Set([
  "chat_id",
  "from_chat_id",
  "message_id",
  "user_id",
  "offset",
  "limit",
  "timeout",
  "cache_time",
  "reply_to_message_id",
  "message_thread_id",
  "max_connections",
]);
const BOOLEAN_PARAMS = new Set([
  "show_alert",
  "is_personal",
  "disable_notification",
  "protect_content",
  "drop_pending_updates",
  "allow_sending_without_reply",
  "has_spoiler",
  "show_caption_above_media",
]);

interface Hold {
  /** Only a call into this chat is held (any call when undefined). */
  chatId: number | undefined;
  arrived: Promise<void>;
  released: Promise<InjectedError | undefined>;
  arrive(): void;
  release(error: InjectedError | undefined): void;
}

interface PendingPoll {
  finish(response: ApiResponse): void;
}

export class BotApiServer {
  readonly calls: ApiCall[] = [];
  recordCalls = true;
  private readonly server: Server;
  private pendingPoll: PendingPoll | undefined;
  private readonly injected = new Map<string, InjectedError[]>();
  /** Calls of these methods run, but their answer is lost (the connection drops): see loseAnswerNext. */
  private readonly lostAnswers = new Map<string, number>();
  /** The next calls of these methods wait for their release: see holdNext. */
  private readonly holds = new Map<string, Hold[]>();
  /** Telegram down for a while: see outage. */
  private down: { until: number; error: InjectedError } | undefined;
  /** Set by enforceFloodLimits: messages over Telegram's limits are answered 429. */
  flood: FloodGate | undefined;
  private port = 0;

  constructor(
    private readonly state: EmulatorState,
    private readonly methods: BotApiMethods,
    private readonly token: string,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error("Bot API emulator: unexpected failure", error);
        if (!res.headersSent) send(res, { ok: false, error_code: 500, description: "Internal Server Error" });
      });
    });
    // Long polls are held open on purpose; Node's default request timeout must not cut them.
    this.server.requestTimeout = 0;
    // Never close idle keep-alive sockets on our side: a client reusing one at that very moment
    // would get ECONNRESET, a flake no real test wants. close() destroys them.
    this.server.keepAliveTimeout = 0;
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /** Stops listening and drops every open connection: calls fail with ECONNREFUSED until listen() again. */
  async goOffline(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    // Let clients see their kept-alive connections close, or their next call would go out on
    // one and be reset (a call that may have been received) instead of refused.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  failNext(method: string, error: InjectedError, times: number): void {
    const queue = this.injected.get(method.toLowerCase()) ?? [];
    for (let i = 0; i < times; i++) queue.push(error);
    this.injected.set(method.toLowerCase(), queue);
  }

  loseAnswerNext(method: string, times: number): void {
    const key = method.toLowerCase();
    this.lostAnswers.set(key, (this.lostAnswers.get(key) ?? 0) + times);
  }

  outage(until: number, error: InjectedError): void {
    this.down = { until, error };
  }

  holdNext(method: string, chatId?: number): HeldCall {
    let arrive!: () => void;
    let release!: (error: InjectedError | undefined) => void;
    const hold: Hold = {
      chatId,
      arrived: new Promise((resolve) => (arrive = resolve)),
      released: new Promise((resolve) => (release = resolve)),
      arrive: () => arrive(),
      release: (error) => release(error),
    };
    const key = method.toLowerCase();
    this.holds.set(key, [...(this.holds.get(key) ?? []), hold]);
    return { arrived: hold.arrived, release: (error?: InjectedError) => hold.release(error) };
  }

  /** Answers a waiting long poll with [] and closes every connection. */
  async close(): Promise<void> {
    this.state.closed = true;
    for (const queue of this.holds.values()) for (const hold of queue) hold.release({ error_code: 502, description: "emulator: closed" });
    this.pendingPoll?.finish({ ok: true, result: [] });
    this.state.changed();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // Give the last answers a moment to flush, then drop keep-alive sockets.
      setTimeout(() => this.server.closeAllConnections(), 20).unref();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/bot([^/]+)\/([A-Za-z0-9_]+)\/?$/.exec(url.pathname);
    const method = match?.[2] ?? url.pathname;
    const call: ApiCall = { method, payload: {}, response: { ok: true, result: undefined }, at: this.state.clock() };
    const answer = (response: ApiResponse): void => {
      call.response = response;
      send(res, response);
    };
    const answerInjected = (error: InjectedError): void => {
      if (error.html !== true) return answer(injectedResponse(error));
      call.response = injectedResponse(error);
      sendHtmlPage(res, error.error_code);
    };

    // No web page talks to the Bot API: a request with another site's Host or any Origin is a
    // page elsewhere posting as the bot (the playground runs this on the person's machine).
    if (!isLoopbackHost(req.headers.host) || req.headers.origin !== undefined) {
      req.resume();
      return answer({
        ok: false,
        error_code: 403,
        description: "Forbidden: the emulator takes requests from loopback clients only, not from web pages",
      });
    }

    let request: ParsedRequest;
    try {
      request = await readRequest(req, url);
    } catch (error) {
      // A stream error means the client went away mid-body: nobody to answer.
      if (!(error instanceof BotApiError)) return;
      if (this.recordCalls) this.calls.push(call);
      answer(errorResponse(error));
      return;
    }
    call.payload = describePayload(request);
    if (this.recordCalls) this.calls.push(call);

    if (match === undefined || match === null) return answer({ ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== this.token) return answer({ ok: false, error_code: 401, description: "Unauthorized" });

    const holds = this.holds.get(method.toLowerCase()) ?? [];
    const held = holds.findIndex((h) => h.chatId === undefined || String(h.chatId) === String(request.params.chat_id));
    const hold = held < 0 ? undefined : holds.splice(held, 1)[0];
    if (hold !== undefined) {
      // Telegram is slow with this one: nothing happens until the test releases it.
      hold.arrive();
      const error = await hold.released;
      if (error !== undefined) return answerInjected(error);
    }
    const injected = this.injected.get(method.toLowerCase())?.shift();
    if (injected !== undefined) return answerInjected(injected);
    if (this.down && this.state.clock() < this.down.until && ACTS_IN_CHAT.test(method)) return answerInjected(this.down.error);
    const floodWait = this.flood?.refuse(method, request.params.chat_id);
    if (floodWait !== undefined) return answer(injectedResponse({ error_code: 429, retry_after: floodWait }));
    // A lone surrogate ("\ud83d" in JSON) is not UTF-8: Telegram refuses the whole request.
    if (holdsLoneSurrogate(request.params))
      return answer({ ok: false, error_code: 400, description: "Bad Request: strings must be encoded in UTF-8" });

    if (method.toLowerCase() === "getupdates") return this.getUpdates(request.params, res, call, answer);
    const handler = this.methods.handlers.get(method.toLowerCase());
    if (handler === undefined) return answer({ ok: false, error_code: 404, description: "Not Found" });
    const lost = this.lostAnswers.get(method.toLowerCase()) ?? 0;
    if (lost > 0) {
      this.lostAnswers.set(method.toLowerCase(), lost - 1);
      // Done, but the answer never comes back: the caller cannot know whether it arrived.
      try {
        handler(request);
      } finally {
        call.response = { ok: false, error_code: 0, description: "emulator: the answer was lost" };
        res.destroy();
      }
      return;
    }
    try {
      answer({ ok: true, result: handler(request) });
    } catch (error) {
      answer(errorResponse(error));
    }
  }

  private getUpdates(params: Record<string, unknown>, res: ServerResponse, call: ApiCall, answer: (response: ApiResponse) => void): void {
    if (this.state.webhook !== undefined) {
      return answer(conflict("can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"));
    }
    const offset = intParam(params.offset) ?? 0;
    const limit = Math.min(100, Math.max(1, intParam(params.limit) ?? 100));
    const timeout = Math.max(0, intParam(params.timeout) ?? 0);
    const allowed = jsonParam(params.allowed_updates, "allowed_updates");
    if (Array.isArray(allowed)) this.state.allowedUpdates = allowed.map(String);

    this.state.confirmUpdates(offset);
    // Like Telegram, a newer getUpdates terminates the one still waiting: two pollers keep kicking each other.
    this.pendingPoll?.finish(conflict("terminated by other getUpdates request; make sure that only one bot instance is running"));

    const ready = this.state.takeDeliverable(limit);
    if (ready.length > 0 || timeout === 0 || this.state.closed) return answer({ ok: true, result: ready });

    let done = false;
    const finish = (response: ApiResponse): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      if (this.pendingPoll === poll) this.pendingPoll = undefined;
      if (!res.destroyed) answer(response);
    };
    const poll: PendingPoll = { finish };
    this.pendingPoll = poll;
    const unsubscribe = this.state.onChange(() => {
      if (this.state.webhook !== undefined) return finish(conflict("terminated by setWebhook request"));
      const updates: Update[] = this.state.takeDeliverable(limit);
      if (updates.length > 0) finish({ ok: true, result: updates });
    });
    const timer = setTimeout(() => finish({ ok: true, result: [] }), timeout * 1000);
    // The client gave up (bot.stop() aborts its poll): forget the poll without answering.
    res.on("close", () => {
      if (!done && !res.writableEnded) {
        done = true;
        clearTimeout(timer);
        unsubscribe();
        if (this.pendingPoll === poll) this.pendingPoll = undefined;
        call.response = { ok: false, error_code: 0, description: "emulator: the client closed the request" };
      }
    });
  }
}

/** What an outage refuses: calls that post, edit or delete in a chat. */
const ACTS_IN_CHAT = /^(send|edit|copy|forward|delete)/i;

function send(res: ServerResponse, response: ApiResponse): void {
  if (res.destroyed || res.writableEnded) return;
  const status = response.ok ? 200 : [400, 401, 403, 404, 409, 429].includes(response.error_code) ? response.error_code : 500;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(response));
}

/** A proxy's error page, as nginx serves it when Telegram's servers behind it fail. */
function sendHtmlPage(res: ServerResponse, status: number): void {
  if (res.destroyed || res.writableEnded) return;
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  res.writeHead(status, { "content-type": "text/html" });
  res.end(
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n` +
      "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
  );
}

function errorResponse(error: unknown): ApiResponse {
  if (error instanceof BotApiError) {
    return {
      ok: false,
      error_code: error.error_code,
      description: error.description,
      ...(error.parameters === undefined ? {} : { parameters: error.parameters }),
    };
  }
  throw error;
}

function conflict(what: string): ApiResponse {
  return { ok: false, error_code: 409, description: `Conflict: ${what}` };
}

const DEFAULT_DESCRIPTIONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden: bot was blocked by the user",
  404: "Not Found",
  409: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
  500: "Internal Server Error",
};

function injectedResponse(error: InjectedError): ApiResponse {
  const description =
    error.description ??
    (error.error_code === 429
      ? `Too Many Requests: retry after ${error.retry_after ?? 1}`
      : (DEFAULT_DESCRIPTIONS[error.error_code] ?? "Error"));
  const retryAfter = error.retry_after ?? (error.error_code === 429 ? 1 : undefined);
  return {
    ok: false,
    error_code: error.error_code,
    description,
    ...(retryAfter === undefined ? {} : { parameters: { retry_after: retryAfter } }),
  };
}

/** The call log's view of the parameters: JSON fields parsed, files as `{ file, size }`. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsLoneSurrogate);
  return false;
}

function describePayload({ params, files }: ParsedRequest): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const referenced = new Set<string>();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && value.startsWith("attach://") && files.has(value.slice(9))) {
      const file = files.get(value.slice(9));
      referenced.add(value.slice(9));
      payload[key] = { file: file?.filename, size: file?.data.length };
    } else if (typeof value === "string" && JSON_PARAMS.has(key)) {
      try {
        payload[key] = JSON.parse(value);
      } catch {
        payload[key] = value;
      }
    } else if (typeof value === "string" && INTEGER_PARAMS.has(key) && /^-?\d+$/.test(value)) {
      payload[key] = Number(value);
    } else if (typeof value === "string" && BOOLEAN_PARAMS.has(key) && (value === "true" || value === "false")) {
      payload[key] = value === "true";
    } else {
      payload[key] = value;
    }
  }
  for (const [name, file] of files) {
    if (!referenced.has(name)) payload[name] = { file: file.filename, size: file.data.length };
  }
  return payload;
}
