/**
 * The sandbox exchange over HTTP (node:http): routing, authentication, injected faults, the rate
 * limit and a log of every request. Answers come from the engine; time comes from the Clock.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Decimal } from "decimal.js";
import { type Clock, systemClock } from "../../clock.js";
import { CURRENCIES, type SandboxCurrency } from "./catalogue.js";
import {
  DEFAULT_TIMELINE,
  estimate,
  type ProviderState,
  SandboxEngine,
  type Scenario,
  type SteerEvent,
  type Timeline,
  type TransactionInfo,
  type TransactionRecord,
  validateCreateBody,
  validateEstimateQuery,
} from "./engine.js";
import { createRandom } from "./random.js";
import { renderCreated, renderCurrencies, renderEstimate, renderNotFound, renderProviders, renderTransaction } from "./render.js";

export const BASE_PATH = "/api/dev/v2";

export type Endpoint = "getCurrencies" | "getProviders" | "getEstimatedAmount" | "createTransaction" | "getTransactionInfo";

const ROUTES: Readonly<Record<Endpoint, "GET" | "POST">> = {
  getCurrencies: "GET",
  getProviders: "GET",
  getEstimatedAmount: "GET",
  createTransaction: "POST",
  getTransactionInfo: "GET",
};

export type Fault =
  /** An HTTP error answer, `afterMs` late (a refusal that takes the service its time). */
  | { kind: "status"; status: number; body?: string; contentType?: string; retryAfterSeconds?: number; afterMs?: number }
  | { kind: "malformed-json" }
  | { kind: "delay"; ms: number }
  | { kind: "hang" }
  | { kind: "reset" }
  /**
   * The request is served as usual (a createTransaction does create), but a top-level field of
   * the answer comes under another name, or not at all when `to` is null: a drifted answer.
   */
  | { kind: "rename-field"; field: string; to: string | null };

export interface SandboxOptions {
  /** The valid key, accepted as `Bearer <key>` or bare. */
  apiKey: string;
  clock?: Clock;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Requests served per sliding 60 s window over all endpoints; 0 disables the limit. */
  rateLimitPerMinute?: number;
  timeline?: Partial<Timeline>;
  /** Makes ids, addresses, memos and hashes reproducible. */
  seed?: number;
}

export interface RecordedRequest {
  method: string;
  /** The endpoint name, or the path when it matches no endpoint. */
  endpoint: string;
  query: Record<string, string>;
  /** Parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  /** Clock time of arrival, ms. */
  at: number;
  /** HTTP status answered; 0 while unanswered or when never answered (hang, reset). */
  status: number;
}

export interface SandboxExchange {
  /** Base address ending in /api/dev/v2. */
  url: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  clearRequests(): void;
  faults: {
    inject(fault: Fault, opts?: { endpoint?: Endpoint; times?: number }): void;
    clear(): void;
  };
  setDrift(on: boolean): void;
  /** From now on at most this many requests in any 60 s window (0: no limit), counting those already served. */
  setRateLimit(perMinute: number): void;
  setScenario(exchangeId: string, scenario: Scenario): void;
  /**
   * Every exchange created so far, in order, as it reads now (its status included): what the
   * service holds, read without a request (one would count against the limit).
   */
  transactions(): { record: TransactionRecord; info: TransactionInfo }[];
  /** This exchange's phases take these lengths (e.g. a deposit that comes late). */
  setTimeline(exchangeId: string, timeline: Partial<Timeline>): void;
  /** The deposit arrives now, or the exchange fails or is refunded now (the playground's buttons); false if it has ended. */
  steer(exchangeId: string, event: SteerEvent): boolean;
  /** It pays out this amount instead of its estimate (amount_to once it sends). */
  setPayout(exchangeId: string, amountTo: string): void;
  /**
   * The next read of this exchange (getTransactionInfo) is made when it arrives and answered only
   * once released: a slow answer, older than a read made after it (two overlapping polls).
   */
  holdAnswer(exchangeId: string): HeldAnswer;
  /**
   * The next estimate of this amount (getEstimatedAmount, `amount` as sent) is made and counted
   * when it arrives, and answered only once released: a quote whose asker can be caught (paused,
   * killed) after its call left and before its answer came back.
   */
  holdEstimate(amount: string): HeldAnswer;
  setProviderEnabled(name: string, enabled: boolean): void;
  /** Multiplies a provider's quoted amounts by `factor` ("0" withdraws its offers); null resets. */
  setQuoteFactor(provider: string, factor: string | null): void;
  /**
   * The limits a provider's offers state in estimates, as given (any number of decimals, as the
   * real service may send); null resets. Creating an exchange still checks the provider's own.
   */
  setOfferLimits(provider: string, limits: { min: string; max: string | null } | null): void;
  currencies: readonly SandboxCurrency[];
  /** Current availability (a fresh snapshot on each read). */
  readonly providers: readonly ProviderState[];
}

export interface HeldAnswer {
  /** Resolves once the read is made (the answer is then held). */
  arrived: Promise<void>;
  release(): void;
}

interface Hold {
  arrive(): void;
  released: Promise<void>;
  release(): void;
}

const JSON_TYPE = "application/json; charset=utf-8";
const WINDOW_MS = 60_000;
const MAX_BODY_BYTES = 1_000_000;

interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Returned when the request must get no answer at all (hang, reset, server closing). */
const NO_ANSWER = Symbol("no answer");
type Outcome = Reply | typeof NO_ANSWER;

function json(status: number, payload: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body: JSON.stringify(payload), headers } : { status, body: JSON.stringify(payload) };
}

/** Truncated bodies for the malformed-json fault: plausible starts, cut mid-token. */
const MALFORMED: Readonly<Record<Endpoint, string>> = {
  getCurrencies: '[{"symbol":"btc","network":"btc","fullname":"Bitc',
  getProviders: '[{"name":"changenow","enable":tr',
  getEstimatedAmount: '{"message":"OK","data":[{"provider_name":"changenow","exchange_type":"flo',
  createTransaction: '{"status":"OK","exchange_id":"changenow-floating-',
  getTransactionInfo: '{"symbol_from":"btc","network_from":"btc","status":"wai',
};

const FAULT_MESSAGES: Readonly<Record<number, string>> = {
  429: "Too Many Attempts.",
  500: "Server Error",
};

function statusFaultReply(fault: Extract<Fault, { kind: "status" }>): Reply {
  const message = FAULT_MESSAGES[fault.status] ?? STATUS_CODES[fault.status] ?? "Error";
  return {
    status: fault.status,
    body: fault.body ?? JSON.stringify({ message }),
    contentType: fault.contentType ?? JSON_TYPE,
    headers: fault.retryAfterSeconds === undefined ? {} : { "Retry-After": String(fault.retryAfterSeconds) },
  };
}

/** The reply with one top-level field of its JSON object renamed, or dropped when `to` is null. */
function renameField(reply: Reply, field: string, to: string | null): Reply {
  const payload = JSON.parse(reply.body) as unknown;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload) || !(field in payload)) return reply;
  const { [field]: value, ...rest } = payload as Record<string, unknown>;
  return { ...reply, body: JSON.stringify(to === null ? rest : { ...rest, [to]: value }) };
}

function endpointOf(pathname: string): Endpoint | undefined {
  if (!pathname.startsWith(`${BASE_PATH}/`)) return undefined;
  const name = pathname.slice(BASE_PATH.length + 1);
  return Object.hasOwn(ROUTES, name) ? (name as Endpoint) : undefined;
}

/** Accepts `Bearer <key>` (scheme in any case) and the bare key. */
function keyOf(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  return bearer ? bearer[1] : value;
}

// ---------------------------------------------------------------------------------------------
// Request bodies

type Body = { kind: "empty" } | { kind: "json"; value: unknown } | { kind: "invalid"; text: string } | { kind: "too-large" };

function parseBody(text: string): Body {
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch {
    return { kind: "invalid", text };
  }
}

/** Resolves with the body, or undefined when the client went away before sending all of it. */
function readBody(req: IncomingMessage): Promise<Body | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      resolve(size > MAX_BODY_BYTES ? { kind: "too-large" } : parseBody(Buffer.concat(chunks).toString("utf8")));
    });
    req.on("error", () => resolve(undefined));
    req.on("close", () => resolve(undefined)); // no-op when "end" came first
  });
}

function recordedBody(body: Body): unknown {
  switch (body.kind) {
    case "json":
      return body.value;
    case "invalid":
      return body.text;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Rate limit and faults

/** Counts served requests in a sliding window of clock time. */
class SlidingWindow {
  private readonly served: number[] = [];

  constructor(
    private limit: number,
    private readonly windowMs: number,
  ) {}

  /** From now on at most `limit` a window (0: none); what was served stays counted. */
  setLimit(limit: number): void {
    this.limit = limit;
  }

  /** Whole seconds until a slot frees (at least 1), or undefined when a request may be served. */
  retryAfter(now: number): number | undefined {
    if (this.limit <= 0) return undefined;
    while (this.served.length > 0 && (this.served[0] ?? now) <= now - this.windowMs) this.served.shift();
    if (this.served.length < this.limit) return undefined;
    const freesAt = (this.served[this.served.length - this.limit] ?? now) + this.windowMs;
    return Math.max(1, Math.ceil((freesAt - now) / 1000));
  }

  record(now: number): void {
    this.served.push(now);
    // Kept only as long as a window, so that a limit set later counts what came before it.
    while (this.served.length > 0 && (this.served[0] ?? now) <= now - this.windowMs) this.served.shift();
  }
}

interface QueuedFault {
  fault: Fault;
  endpoint: Endpoint | undefined;
  remaining: number;
}

class FaultQueue {
  private queue: QueuedFault[] = [];

  inject(fault: Fault, opts: { endpoint?: Endpoint; times?: number } = {}): void {
    const times = opts.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`fault times must be a positive integer, got ${times}`);
    if (fault.kind === "status" && !(fault.status >= 100 && fault.status <= 599)) {
      throw new RangeError(`fault status must be an HTTP status, got ${fault.status}`);
    }
    this.queue.push({ fault, endpoint: opts.endpoint, remaining: times });
  }

  /** The first fault that applies to `endpoint`, consuming one of its uses. */
  take(endpoint: Endpoint): Fault | undefined {
    const entry = this.queue.find((q) => q.endpoint === undefined || q.endpoint === endpoint);
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.queue.splice(this.queue.indexOf(entry), 1);
    return entry.fault;
  }

  clear(): void {
    this.queue = [];
  }
}

// ---------------------------------------------------------------------------------------------
// The server

class SandboxServer {
  readonly requests: RecordedRequest[] = [];
  readonly faults = new FaultQueue();
  readonly engine: SandboxEngine;
  drift = false;
  /** Test hook: a provider's quotes multiplied by a factor; "0" withdraws its offers. */
  readonly quoteFactors = new Map<string, Decimal>();
  /** Test hook: the limits a provider's offers state in estimates. */
  readonly offerLimits = new Map<string, { min: string; max: string | null }>();
  /** Test hook: an exchange's next read, or an amount's next estimate, answered when the test releases it (holdAnswer, holdEstimate). */
  private readonly heldAnswers = new Map<string, Hold>();
  /** Reads made and held, released by close() too. */
  private readonly holding = new Set<Hold>();

  private readonly clock: Clock;
  readonly limiter: SlidingWindow;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  /** Cancels of in-progress delay faults, so close() does not wait for them. */
  private readonly delays = new Set<() => void>();
  private closing: Promise<void> | undefined;

  now(): number {
    return this.clock.now();
  }

  constructor(private readonly options: SandboxOptions) {
    this.clock = options.clock ?? systemClock;
    this.limiter = new SlidingWindow(options.rateLimitPerMinute ?? 10, WINDOW_MS);
    this.engine = new SandboxEngine(createRandom(options.seed), { ...DEFAULT_TIMELINE, ...options.timeline });
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => this.sendError(res));
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<string> {
    const host = this.options.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const { port } = this.server.address() as AddressInfo;
    const hostPart = host.includes(":") ? `[${host}]` : host;
    return `http://${hostPart}:${port}${BASE_PATH}`;
  }

  close(): Promise<void> {
    if (!this.closing) {
      this.closing = new Promise((resolve) => this.server.close(() => resolve()));
      for (const cancel of this.delays) cancel();
      for (const hold of this.holding) hold.release();
      // Keep-alive, hanging and delayed requests all hold sockets: end them now.
      for (const socket of this.sockets) socket.destroy();
    }
    return this.closing;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const endpoint = endpointOf(url.pathname);
    const body = await readBody(req);
    if (body === undefined) return;
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      endpoint: endpoint ?? url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: recordedBody(body),
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      contentType: req.headers["content-type"],
      at: this.clock.now(),
      status: 0,
    };
    this.requests.push(record);
    let outcome: Outcome;
    try {
      outcome = await this.process(req, endpoint, record, body);
    } catch {
      // A bug in the sandbox itself: answer 500 rather than crash the host process.
      outcome = json(500, { message: "Server Error" });
    }
    if (outcome !== NO_ANSWER) this.send(res, record, outcome);
  }

  /** Order: route, method, auth, injected fault, rate limit, then the endpoint itself. */
  private async process(req: IncomingMessage, endpoint: Endpoint | undefined, record: RecordedRequest, body: Body): Promise<Outcome> {
    if (!endpoint) return json(404, { message: "Not Found" });
    const allowed = ROUTES[endpoint];
    if (record.method !== allowed) {
      return json(
        405,
        { message: `The ${record.method} method is not supported for route ${endpoint}. Supported methods: ${allowed}.` },
        { Allow: allowed },
      );
    }
    if (keyOf(record.authorization) !== this.options.apiKey) return json(401, { message: "Unauthenticated." });

    const fault = this.faults.take(endpoint);
    if (fault && fault.kind !== "rename-field") {
      const faulted = await this.applyFault(fault, req, endpoint);
      if (faulted !== undefined) return faulted;
    }

    const now = this.clock.now();
    const retryAfter = this.limiter.retryAfter(now);
    if (retryAfter !== undefined) {
      return json(429, { message: "Too Many Attempts." }, { "Retry-After": String(retryAfter) });
    }
    this.limiter.record(now);
    const reply = this.dispatch(endpoint, record.query, body, now);
    if (endpoint === "getTransactionInfo") await this.held(heldKey(endpoint, record.query["exchange_id"]));
    if (endpoint === "getEstimatedAmount") await this.held(heldKey(endpoint, record.query["amount"]));
    return fault?.kind === "rename-field" ? renameField(reply, fault.field, fault.to) : reply;
  }

  /** The faulted outcome, or undefined when the request should then be answered normally. */
  private async applyFault(fault: Fault, req: IncomingMessage, endpoint: Endpoint): Promise<Outcome | undefined> {
    switch (fault.kind) {
      case "status":
        if (fault.afterMs !== undefined && !(await this.realDelay(fault.afterMs))) return NO_ANSWER;
        return statusFaultReply(fault);
      case "malformed-json":
        return { status: 200, body: MALFORMED[endpoint] };
      case "hang":
        return NO_ANSWER; // the socket stays open until the client gives up or close()
      case "reset":
        req.socket.resetAndDestroy();
        return NO_ANSWER;
      case "delay":
        return (await this.realDelay(fault.ms)) ? undefined : NO_ANSWER;
      case "rename-field":
        return undefined; // applied to the answer (see process)
    }
  }

  holdAnswer(exchangeId: string): HeldAnswer {
    return this.hold(heldKey("getTransactionInfo", exchangeId)!);
  }

  holdEstimate(amount: string): HeldAnswer {
    return this.hold(heldKey("getEstimatedAmount", amount)!);
  }

  private hold(key: string): HeldAnswer {
    let arrive!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.heldAnswers.set(key, { arrive, released, release });
    return { arrived, release };
  }

  /** Waits for the test to release an answer it holds (holdAnswer, holdEstimate); the server closing releases it. */
  private async held(key: string | undefined): Promise<void> {
    const hold = key === undefined ? undefined : this.heldAnswers.get(key);
    if (!hold) return;
    this.heldAnswers.delete(key!);
    this.holding.add(hold);
    hold.arrive();
    await hold.released;
    this.holding.delete(hold);
  }

  /** A wall-clock wait (client timeouts are wall-clock); resolves false if the server closes. */
  private realDelay(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const cancel = (): void => {
        clearTimeout(timer);
        this.delays.delete(cancel);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.delays.delete(cancel);
        resolve(this.closing === undefined);
      }, ms);
      this.delays.add(cancel);
    });
  }

  private dispatch(endpoint: Endpoint, query: Record<string, string>, body: Body, now: number): Reply {
    switch (endpoint) {
      case "getCurrencies":
        return json(200, renderCurrencies(CURRENCIES, this.drift));
      case "getProviders":
        return json(200, renderProviders(this.engine.providers(), this.drift));
      case "getEstimatedAmount":
        return this.estimate(query, now);
      case "createTransaction":
        return this.createTransaction(body, now);
      case "getTransactionInfo":
        return this.transactionInfo(query, now);
    }
  }

  private estimate(query: Record<string, string>, now: number): Reply {
    const checked = validateEstimateQuery(query);
    if (!checked.ok) return json(400, { message: checked.message });
    const result = estimate(checked.value.pair, checked.value.amount, now);
    if (result.message === "OK" && this.quoteFactors.size > 0) {
      result.data = result.data.flatMap((offer) => {
        const factor = this.quoteFactors.get(offer.provider_name);
        if (!factor) return [offer];
        if (factor.isZero()) return [];
        return [{ ...offer, amount: new Decimal(offer.amount).mul(factor).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() }];
      });
    }
    if (result.message === "OK" && this.offerLimits.size > 0) {
      result.data = result.data.map((offer) => {
        const limits = this.offerLimits.get(offer.provider_name);
        return limits ? { ...offer, min_amount: limits.min, max_amount: limits.max } : offer;
      });
    }
    return json(200, renderEstimate(result, this.drift));
  }

  private createTransaction(body: Body, now: number): Reply {
    if (body.kind === "invalid") return json(400, { message: "The request body is not valid JSON." });
    if (body.kind === "too-large") return json(413, { message: "The request body is too large." });
    const checked = validateCreateBody(body.kind === "json" ? body.value : undefined);
    if (!checked.ok) return json(400, { message: checked.message });
    const created = this.engine.create(checked.value, now);
    if (!created.ok) return json(400, { message: created.message });
    return json(200, renderCreated(created.value, this.drift));
  }

  private transactionInfo(query: Record<string, string>, now: number): Reply {
    const id = query["exchange_id"];
    if (!id) return json(400, { message: "The exchange_id field is required." });
    const found = this.engine.info(id, now);
    if (!found) return json(200, renderNotFound(this.drift));
    return json(200, renderTransaction(found.info, found.record, this.drift, now));
  }

  private send(res: ServerResponse, record: RecordedRequest, reply: Reply): void {
    if (res.headersSent || res.destroyed) return;
    record.status = reply.status;
    res.writeHead(reply.status, {
      "Content-Type": reply.contentType ?? JSON_TYPE,
      "Content-Length": Buffer.byteLength(reply.body),
      ...reply.headers,
    });
    res.end(reply.body);
  }

  /** Last resort when even reading the request failed. */
  private sendError(res: ServerResponse): void {
    if (res.headersSent || res.destroyed) return;
    const body = JSON.stringify({ message: "Server Error" });
    res.writeHead(500, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  }
}

/** What a held answer is found by: the endpoint and the request's exchange id or amount. */
function heldKey(endpoint: "getTransactionInfo" | "getEstimatedAmount", value: string | undefined): string | undefined {
  return value === undefined ? undefined : `${endpoint}:${value}`;
}

export async function startSandbox(options: SandboxOptions): Promise<SandboxExchange> {
  if (!options.apiKey) throw new Error("sandbox needs a non-empty apiKey");
  const sandbox = new SandboxServer(options);
  const url = await sandbox.listen();
  const { engine } = sandbox;
  return {
    url,
    close: () => sandbox.close(),
    requests: sandbox.requests,
    clearRequests: () => {
      sandbox.requests.length = 0;
    },
    faults: {
      inject: (fault, opts) => sandbox.faults.inject(fault, opts),
      clear: () => sandbox.faults.clear(),
    },
    setDrift: (on) => {
      sandbox.drift = on;
    },
    setRateLimit: (perMinute) => sandbox.limiter.setLimit(perMinute),
    setScenario: (exchangeId, scenario) => engine.setScenario(exchangeId, scenario),
    transactions: () => engine.list(sandbox.now()),
    setTimeline: (exchangeId, timeline) => engine.setTimeline(exchangeId, timeline),
    steer: (exchangeId, event) => engine.steer(exchangeId, event, sandbox.now()),
    setPayout: (exchangeId, amountTo) => engine.setPayout(exchangeId, amountTo),
    setQuoteFactor: (provider, factor) => {
      if (factor === null) sandbox.quoteFactors.delete(provider);
      else sandbox.quoteFactors.set(provider, new Decimal(factor));
    },
    setOfferLimits: (provider, limits) => {
      if (limits === null) sandbox.offerLimits.delete(provider);
      else sandbox.offerLimits.set(provider, limits);
    },
    holdAnswer: (exchangeId) => sandbox.holdAnswer(exchangeId),
    holdEstimate: (amount) => sandbox.holdEstimate(amount),
    setProviderEnabled: (name, enabled) => engine.setProviderEnabled(name, enabled),
    currencies: CURRENCIES,
    get providers() {
      return engine.providers();
    },
  };
}
