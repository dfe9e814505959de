/**
 * Webhooks: setWebhook / deleteWebhook / getWebhookInfo, and the delivery of updates to the
 * bot's HTTP server as Telegram does it (telegram-bot-api's WebhookActor): one POST per update,
 * a chat's updates one at a time and in order, at most max_connections requests in flight, an
 * update confirmed only by a 2xx answer and retried with a backoff otherwise.
 */
import { Agent, type IncomingMessage, request } from "node:http";
import type { Update } from "grammy/types";
import { boolParam, intParam, jsonParam, stringParam } from "./request.js";
import type { EmulatorState } from "./state.js";
import { badRequest, type WebhookConfig } from "./types.js";

/** One POST of an update to the webhook; updated in place when the answer comes. */
export interface WebhookDelivery {
  update_id: number;
  /** Wall-clock time the request was sent, in ms. */
  at: number;
  /**
   * The HTTP status of the answer; or the error as in last_error_message ("Connection refused",
   * "Read timeout expired", ...); "cancelled" when deleteWebhook, a new setWebhook or close()
   * cut it short; undefined while in flight.
   */
  status: number | string | undefined;
}

/** What `tg.webhookInfo()` shows a test: getWebhookInfo's view plus what Telegram keeps to itself. */
export interface WebhookStatus {
  /** "" when no webhook is set. */
  url: string;
  /** The secret_token the bot set; undefined when none (getWebhookInfo never shows it). */
  secret: string | undefined;
  maxConnections: number | undefined;
  /** Updates not yet confirmed (by a 2xx answer, or by getUpdates' offset), those in flight included. */
  pendingUpdates: number;
  inFlight: number;
  /** The last failed delivery to the current webhook; cleared by setWebhook/deleteWebhook. */
  lastError: { date: number; message: string } | undefined;
  /** Requests sent / not answered with a 2xx (errors and timeouts included), over the emulator's life. */
  attempts: number;
  failures: number;
}

export interface WebhookOptions {
  /** Real ms to wait for the bot's answer before "Read timeout expired". */
  timeoutMs: number;
  /** Keep every attempt in `deliveries`. */
  record: boolean;
  /** Where a delivery for `url` really goes; see EmulatorOptions.webhookTarget. */
  target?: (url: string) => string;
}

/** Retry delays of one update, in real ms: doubling from the first to the last. */
const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 2000;
const DEFAULT_MAX_CONNECTIONS = 40;
/** Unlike Telegram, which refuses local addresses (and plain http everywhere). */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** Updates of one chat share a delivery queue, whether new or edited (as in telegram-bot-api). */
const MESSAGE_TYPES = new Set(["message", "edited_message", "channel_post", "edited_channel_post"]);

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private attempts = 0;
  private failures = 0;
  private lastError: { date: number; message: string } | undefined;
  /** Cancels of the requests in flight, by update_id. */
  private readonly inFlight = new Map<number, () => void>();
  /** Updates that failed: the delay used last and when to try again (real ms). */
  private readonly retries = new Map<number, { delayMs: number; retryAt: number }>();
  private timer: NodeJS.Timeout | undefined;
  /** Keep-alive connections to the current webhook, as Telegram keeps them; destroyed with it. */
  private agent: Agent | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly state: EmulatorState,
    private readonly options: WebhookOptions,
  ) {
    // New updates (and confirmations, which free a chat's queue) are delivered at once.
    this.unsubscribe = state.onChange(() => this.pump());
  }

  /** setWebhook; an empty url removes the webhook (deleteWebhook is this without a url). */
  set(params: Record<string, unknown>): true {
    const url = stringParam(params.url) ?? "";
    const secret = stringParam(params.secret_token) ?? "";
    const maxConnections = Math.min(100, Math.max(1, intParam(params.max_connections) ?? DEFAULT_MAX_CONNECTIONS));
    const drop = boolParam(params.drop_pending_updates);
    const allowed = jsonParam(params.allowed_updates, "allowed_updates");
    const current = this.state.webhook;
    const unchanged =
      url === "" ? current === undefined : current?.url === url && current.secret === secret && current.maxConnections === maxConnections;
    if (unchanged && !drop) {
      // "Webhook is already set": only allowed_updates may change, deliveries go on.
      if (url !== "" && Array.isArray(allowed)) this.state.allowedUpdates = allowed.map(String);
      this.pump();
      return true;
    }
    // Like Telegram, the old webhook goes first, even when the new one is then refused.
    this.stop();
    this.state.webhook = undefined;
    this.lastError = undefined;
    if (drop) this.state.updates = [];
    if (url === "") return true;

    checkUrl(url);
    if (secret.length > 256) throw badRequest("secret token is too long");
    if (!/^[A-Za-z0-9_-]*$/.test(secret)) throw badRequest("secret token contains unallowed characters");
    if (Array.isArray(allowed)) this.state.allowedUpdates = allowed.map(String);
    this.state.webhook = { url, secret, maxConnections };
    this.agent = new Agent({ keepAlive: true, maxSockets: maxConnections });
    // Ends a waiting getUpdates with 409 and starts the deliveries.
    this.state.changed();
    return true;
  }

  delete(params: Record<string, unknown>): true {
    return this.set({ drop_pending_updates: params.drop_pending_updates });
  }

  /** getWebhookInfo's result; the secret is never shown. */
  info(): Record<string, unknown> {
    const config = this.state.webhook;
    return {
      url: config?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: this.state.takeDeliverable(Infinity).length,
      ...(this.lastError === undefined ? {} : { last_error_date: this.lastError.date, last_error_message: this.lastError.message }),
      ...(config === undefined ? {} : { max_connections: config.maxConnections }),
      ...(this.state.allowedUpdates.length > 0 ? { allowed_updates: [...this.state.allowedUpdates] } : {}),
    };
  }

  status(): WebhookStatus {
    const config = this.state.webhook;
    return {
      url: config?.url ?? "",
      secret: config === undefined || config.secret === "" ? undefined : config.secret,
      maxConnections: config?.maxConnections,
      pendingUpdates: this.state.takeDeliverable(Infinity).length,
      inFlight: this.inFlight.size,
      lastError: this.lastError === undefined ? undefined : { ...this.lastError },
      attempts: this.attempts,
      failures: this.failures,
    };
  }

  /** Stops every delivery for good (the emulator closes). */
  close(): void {
    this.unsubscribe();
    this.stop();
  }

  /** Cancels the requests in flight, forgets retries, drops the connections. */
  private stop(): void {
    for (const cancel of [...this.inFlight.values()]) cancel();
    this.inFlight.clear();
    this.retries.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.agent?.destroy();
    this.agent = undefined;
  }

  /** Sends what may be sent now, and sets a timer for the next retry. */
  private pump(): void {
    const config = this.state.webhook;
    if (config === undefined || this.state.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    let wakeAt = Infinity;
    // A queue with an earlier update still unconfirmed waits for it: a chat's updates stay in order.
    const blocked = new Set<string>();
    for (const update of this.state.takeDeliverable(Infinity)) {
      const queue = queueOf(update);
      if (blocked.has(queue)) continue;
      blocked.add(queue);
      if (this.inFlight.has(update.update_id)) continue;
      const retryAt = this.retries.get(update.update_id)?.retryAt ?? 0;
      if (retryAt > now) {
        wakeAt = Math.min(wakeAt, retryAt);
        continue;
      }
      // Full: the next answer pumps again (and sets the timer).
      if (this.inFlight.size >= config.maxConnections) return;
      this.send(update, config);
    }
    if (wakeAt < Infinity) {
      this.timer = setTimeout(() => this.pump(), wakeAt - now);
      this.timer.unref();
    }
  }

  private send(update: Update, config: WebhookConfig): void {
    const id = update.update_id;
    const delivery: WebhookDelivery = { update_id: id, at: Date.now(), status: undefined };
    if (this.options.record) this.deliveries.push(delivery);
    this.attempts++;
    const target = this.target(config.url);
    const body = JSON.stringify(update);
    const req =
      typeof target === "string"
        ? undefined
        : request(target, {
            method: "POST",
            agent: this.agent,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              ...(config.secret === "" ? {} : { "x-telegram-bot-api-secret-token": config.secret }),
            },
          });

    let settled = false;
    const finish = (status: number | string, error?: string, retryAfterMs?: number): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      this.inFlight.delete(id);
      delivery.status = status;
      if (error === undefined) {
        this.retries.delete(id);
        this.state.updates = this.state.updates.filter((pending) => pending.update_id !== id);
        this.state.changed();
        return;
      }
      this.failures++;
      this.lastError = { date: this.state.now(), message: error };
      const previous = this.retries.get(id)?.delayMs;
      const delayMs = previous === undefined ? FIRST_RETRY_MS : Math.min(MAX_RETRY_MS, previous * 2);
      // Never sooner than the backoff: a Retry-After of 0 must not make a busy loop.
      this.retries.set(id, { delayMs, retryAt: Date.now() + Math.max(delayMs, retryAfterMs ?? 0) });
      this.pump();
    };
    const fail = (error: NodeJS.ErrnoException): void => finish(connectionError(error), connectionError(error));
    this.inFlight.set(id, () => {
      settled = true;
      clearTimeout(timer);
      delivery.status = "cancelled";
      req?.destroy();
    });
    const timer = setTimeout(() => {
      finish("Read timeout expired", "Read timeout expired");
      req?.destroy();
    }, this.options.timeoutMs);
    timer.unref();

    if (req === undefined) {
      // Settled once pump, which called us, has finished its loop.
      queueMicrotask(() => finish(String(target), String(target)));
      return;
    }
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      // The body is not read: a method call in it (which Telegram would run) is not emulated.
      res.resume();
      res.on("end", () => {
        if (status >= 200 && status <= 299) return finish(status);
        finish(status, `Wrong response from the webhook: ${status} ${res.statusMessage ?? ""}`.trim(), retryAfterMs(res));
      });
      res.on("error", fail);
      // Cut off mid-answer (which may come without an error event).
      res.on("close", () => {
        if (!res.complete) finish("Connection reset by peer", "Connection reset by peer");
      });
    });
    req.on("error", fail);
    req.end(body);
  }

  /** The URL to POST to, or why the emulator cannot (it only talks to loopback, over http). */
  private target(url: string): URL | string {
    const routed = this.options.target?.(url) ?? url;
    const parsed = parseUrl(routed);
    if (parsed?.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname)) return parsed;
    return `emulator: delivers only over http to 127.0.0.1/localhost, not to ${routed} (route it with the webhookTarget option)`;
  }
}

/** Telegram's checks, minus the refusal of local addresses; plain http is allowed on loopback. */
function checkUrl(url: string): void {
  const parsed = parseUrl(url);
  if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.hostname === "") {
    throw badRequest("invalid webhook URL specified");
  }
  if (LOOPBACK_HOSTS.has(parsed.hostname)) return;
  if (parsed.protocol === "http:") throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
  if (parsed.port !== "" && !["80", "88", "443", "8443"].includes(parsed.port)) {
    throw badRequest("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443");
  }
}

/** Like Telegram, a URL without a scheme means https. */
function parseUrl(url: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
  } catch {
    return undefined;
  }
}

/** The delivery queue of an update: its chat for messages, else its type and chat or user. */
function queueOf(update: Update): string {
  const [type, body] = Object.entries(update).find(([key]) => key !== "update_id") ?? ["", undefined];
  const value = (body ?? {}) as { chat?: { id?: number }; from?: { id?: number }; user?: { id?: number } };
  const id = value.chat?.id ?? value.from?.id ?? value.user?.id;
  if (id === undefined) return `update ${update.update_id}`;
  return MESSAGE_TYPES.has(type) ? `chat ${id}` : `${type} ${id}`;
}

/** Telegram waits as long as an error answer's Retry-After says; here at most as long as the longest backoff. */
function retryAfterMs(res: IncomingMessage): number | undefined {
  const seconds = intParam(res.headers["retry-after"]);
  return seconds === undefined || seconds < 0 ? undefined : Math.min(MAX_RETRY_MS, seconds * 1000);
}

/** Worded as Telegram's last_error_message. */
function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
    case "EPIPE":
      return "Connection reset by peer";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Failed to resolve host";
    default:
      return `Connection error: ${error.code ?? error.message}`;
  }
}
