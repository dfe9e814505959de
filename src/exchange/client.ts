import type { Logger } from "pino";
import { Pool } from "undici";
import { z } from "zod";
import { type Clock, sleep } from "../clock.js";
import {
  type CreateResult,
  type Currency,
  createResultSchema,
  currencySchema,
  estimateResponseSchema,
  type Offer,
  offerSchema,
  type Provider,
  providerSchema,
  TRANSACTION_FIELDS,
  type Transaction,
  transactionSchema,
} from "../service/schemas.js";
import type { Lane, QueuePlace, RateBudget } from "./budget.js";
import { ExchangeError } from "./errors.js";

/** How a request waits for its slot: what the budget's `acquire` takes. */
type SlotWait = { signal?: AbortSignal; onQueued?: (place: QueuePlace) => void; requester?: string };

export interface ExchangeClientOptions {
  /** Base address ending in /api/dev/v2. */
  baseUrl: string;
  apiKey: string;
  authScheme: "bearer" | "raw";
  /** The shared rate budget (only what the client needs of it). */
  budget: Pick<RateBudget, "acquire" | "pause" | "fresh" | "giveBack">;
  clock: Clock;
  logger: Logger;
  /**
   * `headersMs` and `bodyMs` are for GETs, which are retried. `createMs` is createTransaction's
   * own response timeout (headers and body each): it is never retried, so giving up early
   * turns a slow provider into an unknown outcome.
   */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; createMs?: number };
  /** Attempts for a GET, the first included. */
  getAttempts?: number;
  /** First pause between two GET attempts; doubles each time. */
  retryDelayMs?: number;
  /** Told the outcome of every HTTP call (metrics): "ok" or the error's kind. */
  onCall?: (endpoint: string, outcome: string, attempt: { retry: boolean }) => void;
}

export interface CallOptions {
  lane?: Lane;
  signal?: AbortSignal;
  /** Told the place in line whenever the call has to wait for the budget. */
  onQueued?: (place: QueuePlace) => void;
  /** Ends the wait for a budget slot, and only that: a request already sent goes on. */
  queueSignal?: AbortSignal;
  /** Told each time an attempt has its slot and goes out. */
  onGranted?: () => void;
  /** The person the call is for: people take turns in the user lane (see budget.ts, rule 7). */
  requester?: string;
}

export interface CreateOptions {
  /** Ends the wait for a budget slot, and only that: giving up there is safe, nothing was sent. */
  queueSignal?: AbortSignal;
  /** Told the place in line whenever the call has to wait for the budget. */
  onQueued?: (place: QueuePlace) => void;
  /** The response timeout once the request is sent, counted from then; default `timeouts.createMs`. */
  requestTimeoutMs?: number;
}

export interface Pair {
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
}

export type EstimateResult = { kind: "ok"; offers: Offer[] } | { kind: "pair-invalid" } | { kind: "below-minimum" };

export interface CreateTransactionRequest extends Pair {
  providerName: string;
  toAddress: string;
  toExtraId?: string;
  amount: string;
  fixed: boolean;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** createTransaction's default response timeout: providers can take a minute or more to answer. */
export const CREATE_TIMEOUT_MS = 90_000;

/** Errors undici raises before a single byte left for the service. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * The upstream API, call by call. Every attempt takes a slot from the shared budget;
 * GETs are retried with backoff, createTransaction never is.
 */
export class ExchangeClient {
  private readonly pool: Pool;
  private readonly basePath: string;
  private readonly authorization: string;
  private readonly getAttempts: number;
  private readonly retryDelayMs: number;
  private readonly createTimeoutMs: number;

  constructor(private readonly options: ExchangeClientOptions) {
    const url = new URL(options.baseUrl);
    this.basePath = url.pathname.replace(/\/+$/, "");
    this.authorization = options.authScheme === "bearer" ? `Bearer ${options.apiKey}` : options.apiKey;
    this.getAttempts = options.getAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 1_000;
    const timeouts = options.timeouts ?? {};
    this.createTimeoutMs = timeouts.createMs ?? CREATE_TIMEOUT_MS;
    this.pool = new Pool(url.origin, {
      // HTTP/1.1 as before: undici 8 would negotiate HTTP/2 with an https service, which the
      // tests (plain HTTP on loopback) cannot exercise.
      allowH2: false,
      connections: 4,
      keepAliveTimeout: 30_000,
      connect: { timeout: timeouts.connectMs ?? 5_000 },
      headersTimeout: timeouts.headersMs ?? 15_000,
      bodyTimeout: timeouts.bodyMs ?? 15_000,
    });
  }

  async getCurrencies(options: CallOptions = {}): Promise<Currency[]> {
    const body = await this.get("getCurrencies", {}, { lane: "catalogue", ...options });
    return this.parseList("getCurrencies", body, currencySchema);
  }

  async getProviders(options: CallOptions = {}): Promise<Provider[]> {
    const body = await this.get("getProviders", {}, { lane: "catalogue", ...options });
    return this.parseList("getProviders", body, providerSchema);
  }

  async getEstimate(pair: Pair, amount: string, options: CallOptions = {}): Promise<EstimateResult> {
    const query = {
      symbol_from: pair.symbolFrom,
      network_from: pair.networkFrom,
      symbol_to: pair.symbolTo,
      network_to: pair.networkTo,
      amount,
    };
    const body = await this.get("getEstimatedAmount", query, { lane: "user", ...options });
    const parsed = estimateResponseSchema.safeParse(body);
    if (!parsed.success) throw this.invalid("getEstimatedAmount", parsed.error);
    const message = parsed.data.message.trim().toLowerCase();
    if (message === "pair is not valid") return { kind: "pair-invalid" };
    if (message === "minimum amount problem") return { kind: "below-minimum" };
    const offers = this.parseItems("getEstimatedAmount", parsed.data.data, offerSchema);
    if (message !== "ok" && offers.length === 0) {
      throw new ExchangeError("invalid-response", `getEstimatedAmount answered "${parsed.data.message}" without offers`, {
        endpoint: "getEstimatedAmount",
      });
    }
    return { kind: "ok", offers };
  }

  /**
   * Creates one exchange. Never retried: a second exchange is worse than an error. The wait
   * for the budget and the request are timed apart: however long the wait in line, the
   * request gets its whole response timeout.
   */
  async createTransaction(request: CreateTransactionRequest, options: CreateOptions = {}): Promise<{ exchangeId: string }> {
    const payload = {
      provider_name: request.providerName,
      symbol_from: request.symbolFrom,
      network_from: request.networkFrom,
      symbol_to: request.symbolTo,
      network_to: request.networkTo,
      to_address: request.toAddress,
      to_extra_id: request.toExtraId ?? "",
      amount: request.amount,
      fixed: request.fixed,
    };
    const wait: SlotWait = {};
    if (options.queueSignal) wait.signal = options.queueSignal;
    if (options.onQueued) wait.onQueued = options.onQueued;
    const timeoutMs = options.requestTimeoutMs ?? this.createTimeoutMs;
    const body = await this.send("createTransaction", "POST", {}, payload, {
      slot: { lane: "create", wait },
      headersMs: timeoutMs,
      bodyMs: timeoutMs,
    });
    const parsed = createResultSchema.safeParse(body);
    if (!parsed.success) throw this.invalid("createTransaction", parsed.error, true);
    return { exchangeId: this.createdId(parsed.data, body) };
  }

  /**
   * The id of the created exchange, or the error that says how sure we are it was not created.
   * Only a status that says failure, with no id, is a refusal; an OK (or no status, or another
   * status) without an id we can find may have created one, and so may a refusal that carries an id.
   */
  private createdId(result: CreateResult, body: unknown): string {
    const endpoint = "createTransaction";
    const ok = result.status === undefined || result.status.toUpperCase() === "OK";
    if (result.exchange_id !== undefined && ok) {
      if (result.id_field !== "exchange_id" || result.status === undefined) {
        this.options.logger.warn(
          { endpoint, idField: result.id_field, status: result.status ?? null },
          "createTransaction answered in a drifted shape, and its exchange id was found",
        );
      }
      return result.exchange_id;
    }
    // Only a status that says failure is a refusal: a drifted "success" or "Created" without an
    // id we can find may have created an exchange, and confirming again must not create another.
    if (result.exchange_id === undefined && !ok && /^(error|fail|failed|failure|rejected|invalid)$/i.test(result.status ?? "")) {
      throw new ExchangeError("bad-request", result.message ?? `createTransaction answered status "${result.status}"`, {
        endpoint,
        serviceMessage: result.message,
        mayHaveReachedService: true,
      });
    }
    const fields = isRecord(body) ? Object.keys(body) : [];
    this.options.logger.error(
      { endpoint, status: result.status ?? null, fields, exchangeId: result.exchange_id ?? null },
      "createTransaction answered without a clear outcome, so it may have been created",
    );
    throw new ExchangeError(
      "invalid-response",
      `createTransaction answered status "${result.status ?? "(none)"}" ` +
        `${result.exchange_id === undefined ? "without an exchange id" : `with id ${result.exchange_id}`}`,
      {
        endpoint,
        mayHaveReachedService: true,
      },
    );
  }

  /** Reads a transaction; an unknown id is a `not-found` error. */
  async getTransaction(exchangeId: string, options: CallOptions = {}): Promise<Transaction> {
    const body = await this.get("getTransactionInfo", { exchange_id: exchangeId }, { lane: "user", ...options });
    if (isRecord(body) && typeof body.status === "string" && body.status.toLowerCase() === "error") {
      throw new ExchangeError("not-found", `no transaction ${exchangeId}`, { endpoint: "getTransactionInfo" });
    }
    const parsed = transactionSchema.safeParse(body);
    if (!parsed.success) throw this.invalid("getTransactionInfo", parsed.error);
    const missing = TRANSACTION_FIELDS.filter((field) => parsed.data[field] === null);
    if (missing.length > 0) {
      this.options.logger.warn({ endpoint: "getTransactionInfo", exchangeId, missing }, "the service left out transaction fields");
    }
    return parsed.data;
  }

  /** Waits for calls under way to end; `force` cuts them off (a shutdown out of time). */
  async close(options: { force?: boolean } = {}): Promise<void> {
    if (options.force) await this.pool.destroy();
    else await this.pool.close();
  }

  /** A GET with budgeted attempts and backoff for errors worth retrying. */
  private async get(endpoint: string, query: Record<string, string>, options: CallOptions & { lane: Lane }): Promise<unknown> {
    let delay = this.retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      const { signal, queueSignal, onQueued, requester } = options;
      const waitSignal = signal && queueSignal ? AbortSignal.any([signal, queueSignal]) : (queueSignal ?? signal);
      const wait: SlotWait = {
        ...(waitSignal ? { signal: waitSignal } : {}),
        ...(onQueued ? { onQueued } : {}),
        ...(requester === undefined ? {} : { requester }),
      };
      try {
        return await this.send(endpoint, "GET", query, undefined, {
          slot: { lane: options.lane, wait, ...(options.onGranted ? { onGranted: options.onGranted } : {}) },
          ...(options.signal ? { signal: options.signal } : {}),
          retry: attempt > 1,
        });
      } catch (error) {
        if (!(error instanceof ExchangeError) || !error.retryable || attempt >= this.getAttempts || options.signal?.aborted) throw error;
        // A 429 already paused the whole budget; the next acquire waits for it.
        if (error.kind === "unavailable") await sleep(this.options.clock, delay);
        delay *= 2;
        this.options.logger.debug({ endpoint, attempt, kind: error.kind }, "retrying exchange call");
      }
    }
  }

  /**
   * Takes a slot for one request about to leave: a slot whose grant aged past the budget's margin
   * meanwhile (this process was starved since: a pause, a long GC, SIGSTOP) is given back and
   * asked for again, or the service would see the call later than the budget counted it, and
   * more than its limit in a minute (rule 8 of src/exchange/budget.ts). Nothing is awaited
   * between the last look at the slot and the request.
   */
  private async takeSlot(endpoint: string, lane: Lane, wait: SlotWait): Promise<void> {
    const budget = this.options.budget;
    for (;;) {
      const slot = await budget.acquire(lane, wait);
      if (budget.fresh(slot)) return;
      this.options.logger.warn({ endpoint, lane }, "a budget slot grew too old before its request left");
      await budget.giveBack(slot);
    }
  }

  /**
   * One HTTP exchange, sent as soon as `request.slot` has its budget slot; `request` may set its
   * own timeouts instead of the pool's.
   */
  private async send(
    endpoint: string,
    method: "GET" | "POST",
    query: Record<string, string>,
    payload: unknown,
    request: {
      slot: { lane: Lane; wait: SlotWait; onGranted?: () => void };
      signal?: AbortSignal;
      headersMs?: number;
      bodyMs?: number;
      retry?: boolean;
    },
  ): Promise<unknown> {
    const attempt = { retry: request.retry ?? false };
    const search = new URLSearchParams(query).toString();
    const path = `${this.basePath}/${endpoint}${search ? `?${search}` : ""}`;
    const headers: Record<string, string> = { authorization: this.authorization, accept: "application/json" };
    if (payload !== undefined) headers["content-type"] = "application/json";
    let status: number;
    let text: string;
    let contentType: string;
    let retryAfter: string | undefined;
    await this.takeSlot(endpoint, request.slot.lane, request.slot.wait);
    request.slot.onGranted?.();
    try {
      const response = await this.pool.request({
        path,
        method,
        headers,
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: request.signal,
        ...(request.headersMs === undefined ? {} : { headersTimeout: request.headersMs }),
        ...(request.bodyMs === undefined ? {} : { bodyTimeout: request.bodyMs }),
      });
      status = response.statusCode;
      contentType = String(response.headers["content-type"] ?? "");
      const header = response.headers["retry-after"];
      retryAfter = Array.isArray(header) ? header[0] : header;
      text = await readLimited(response.body);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      this.options.onCall?.(endpoint, "unavailable", attempt);
      throw new ExchangeError("unavailable", `${endpoint}: ${(error as Error).message}`, {
        endpoint,
        mayHaveReachedService: !NOT_SENT_CODES.has(code),
        cause: error,
      });
    }
    try {
      const body = this.interpret(endpoint, status, text, contentType, retryAfter);
      this.options.onCall?.(endpoint, "ok", attempt);
      return body;
    } catch (error) {
      this.options.onCall?.(endpoint, error instanceof ExchangeError ? error.kind : "invalid", attempt);
      throw error;
    }
  }

  private interpret(endpoint: string, status: number, text: string, contentType: string, retryAfter: string | undefined): unknown {
    const details = { endpoint, httpStatus: status };
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(retryAfter, this.options.clock.now());
      this.options.budget.pause(retryAfterMs);
      this.options.logger.warn({ endpoint, retryAfterMs }, "the exchange service answered 429, so every lane pauses");
      // A 429 was refused, not processed: nothing was created.
      return throwError(
        new ExchangeError("rate-limited", `${endpoint}: rate limited`, { ...details, retryAfterMs, mayHaveReachedService: false }),
      );
    }
    if (status === 401) {
      this.options.logger.error(
        { endpoint, status },
        "the exchange service refused the API key (check EXCHANGE_API_KEY, EXCHANGE_AUTH_SCHEME)",
      );
      return throwError(new ExchangeError("unauthorized", `${endpoint}: HTTP ${status}`, { ...details, mayHaveReachedService: false }));
    }
    // 403: the key was accepted but has no access to this one resource (the API's Errors table):
    // this call fails, and nothing says the whole service is unavailable.
    if (status === 403) {
      this.options.logger.warn({ endpoint, status }, "the exchange service gives this API key no access to this resource");
      return throwError(new ExchangeError("forbidden", `${endpoint}: HTTP ${status}`, { ...details, mayHaveReachedService: false }));
    }
    if (status === 400) {
      const serviceMessage = messageOf(text);
      return throwError(
        new ExchangeError("bad-request", `${endpoint}: ${serviceMessage ?? "bad request"}`, {
          ...details,
          serviceMessage,
          mayHaveReachedService: true,
        }),
      );
    }
    if (status === 404) {
      return throwError(new ExchangeError("not-found", `${endpoint}: not found`, { ...details, mayHaveReachedService: true }));
    }
    if (status < 200 || status >= 300) {
      return throwError(new ExchangeError("unavailable", `${endpoint}: HTTP ${status}`, { ...details, mayHaveReachedService: true }));
    }
    if (/html/i.test(contentType) || /^\s*</.test(text)) {
      return throwError(
        new ExchangeError("unavailable", `${endpoint}: an HTML page instead of JSON`, { ...details, mayHaveReachedService: true }),
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      // createTransaction's answer may echo the person's receiving address and memo: its length only.
      const sample = ECHOES_PERSONAL_DATA.has(endpoint) ? { length: text.length } : { sample: text.slice(0, 200) };
      this.options.logger.error({ endpoint, ...sample }, "the exchange service answered malformed JSON");
      return throwError(
        new ExchangeError("invalid-response", `${endpoint}: malformed JSON`, { ...details, mayHaveReachedService: true, cause: error }),
      );
    }
  }

  private parseList<T>(endpoint: string, body: unknown, schema: z.ZodType<T>): T[] {
    if (!Array.isArray(body)) throw this.invalid(endpoint, new Error("expected an array"));
    const items = this.parseItems(endpoint, body, schema);
    if (body.length > 0 && items.length === 0) throw this.invalid(endpoint, new Error("no entry fits the interface"));
    return items;
  }

  /** Parses each entry on its own: one odd entry must not take the rest down with it. */
  private parseItems<T>(endpoint: string, items: unknown[], schema: z.ZodType<T>): T[] {
    const parsed: T[] = [];
    let dropped = 0;
    let firstIssue: string | undefined;
    for (const item of items) {
      const result = schema.safeParse(item);
      if (result.success) parsed.push(result.data);
      else {
        dropped++;
        firstIssue ??= result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      }
    }
    if (dropped > 0) this.options.logger.warn({ endpoint, dropped, firstIssue }, "dropped entries that do not fit the interface");
    return parsed;
  }

  private invalid(endpoint: string, cause: unknown, mayHaveReachedService = false): ExchangeError {
    // A schema error may quote the values it was given: for an answer that may echo the person's
    // address and memo, only where and what kind of misfit.
    const why =
      ECHOES_PERSONAL_DATA.has(endpoint) && cause instanceof z.ZodError
        ? { issues: cause.issues.map((i) => `${i.path.join(".")}: ${i.code}`) }
        : { err: cause };
    this.options.logger.error({ endpoint, ...why }, "the exchange service answered something that does not fit the interface");
    return new ExchangeError("invalid-response", `${endpoint}: unexpected response`, { endpoint, cause, mayHaveReachedService });
  }
}

/** Endpoints whose answers may repeat the person's receiving address and memo: never logged. */
const ECHOES_PERSONAL_DATA: ReadonlySet<string> = new Set(["createTransaction"]);

function throwError(error: ExchangeError): never {
  throw error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (isRecord(body) && typeof body.message === "string") return body.message;
  } catch {
    // not JSON: no message to show
  }
  return undefined;
}

/** The longest pause a 429 may impose: a bad header must not freeze the bot for a day. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** Retry-After in seconds or as an HTTP date; a minute when absent (the service's window). */
export function parseRetryAfter(value: string | undefined, now: number): number {
  if (value === undefined) return 60_000;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(MAX_RETRY_AFTER_MS, Math.ceil(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? 60_000 : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - now));
}

async function readLimited(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("response body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
