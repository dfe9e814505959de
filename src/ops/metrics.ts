import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Lane } from "../exchange/index.js";
import { ALLOWED_UPDATES } from "../telegram/feed.js";

/** Readings taken when /metrics is scraped, from the parts that own them. */
export interface MetricSources {
  queuedByLane(): Record<Lane, number>;
  trackedByStatus(): Promise<Record<string, number>>;
  /** Whether this instance leads (runs the background duties); absent: the gauge is not exported. */
  leading?(): boolean;
  /** Updates stored and not yet handled, by any process, and when the oldest arrived (epoch ms). */
  inboxWaiting?(): Promise<{ count: number; oldestAt: number | null }>;
  /** Processes of the bot counted on the database (Telegram's limits are shared among them). */
  processes?(): number;
}

const UPDATE_TYPES: ReadonlySet<string> = new Set(ALLOWED_UPDATES);

/** How many chats' flow steps /metrics remembers at most (one entry a chat, ~100 bytes each). */
export const FLOW_STEPS_KEPT = 10_000;

/** Where a flow stood: the names of the exchange flow's steps. */
export type FlowStep = "from" | "to" | "amount" | "offers" | "address" | "memo" | "confirm";

/**
 * Every figure the bot exports, on a registry of its own (never prom-client's global one,
 * so two bots in one process, as in tests, do not mix). Parts receive this object and call
 * the narrow methods; only `/metrics` reads the registry.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly updates = new Counter({
    name: "swapbot_updates_total",
    help: "Updates received from Telegram, by type",
    labelNames: ["type"],
    registers: [this.registry],
  });
  private readonly handlerErrors = new Counter({
    name: "swapbot_handler_errors_total",
    help: "Updates whose handler failed, by cause",
    labelNames: ["cause"],
    registers: [this.registry],
  });
  private readonly upstreamCalls = new Counter({
    name: "swapbot_upstream_calls_total",
    help: "Calls to the exchange service, by endpoint and outcome",
    labelNames: ["endpoint", "outcome"],
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: "swapbot_rate_limited_total",
    help: "429 answers, by side: the exchange service or Telegram",
    labelNames: ["side"],
    registers: [this.registry],
  });
  private readonly budgetWait = new Histogram({
    name: "swapbot_budget_wait_seconds",
    help: "Time a call waited for the rate budget, by lane",
    labelNames: ["lane"],
    buckets: [0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });
  private readonly outboxWait = new Histogram({
    name: "swapbot_telegram_pacing_wait_seconds",
    help: "Time a call into a chat waited in its line under Telegram's flood limits",
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });
  private readonly statusMessages = new Counter({
    name: "swapbot_status_messages_total",
    help: "Status messages to owners, by outcome (sent, owed: tried again later, failed: given up)",
    labelNames: ["outcome"],
    registers: [this.registry],
  });
  private readonly flowsStarted = new Counter({
    name: "swapbot_flows_started_total",
    help: "Exchange flows started",
    registers: [this.registry],
  });
  private readonly flowsCompleted = new Counter({
    name: "swapbot_flows_completed_total",
    help: "Exchange flows that reached the service, by outcome (created, unknown)",
    labelNames: ["outcome"],
    registers: [this.registry],
  });
  private readonly flowsAbandoned = new Counter({
    name: "swapbot_flows_abandoned_total",
    help: "Exchange flows left before creating, by the step they were at (unknown: after a restart)",
    labelNames: ["step"],
    registers: [this.registry],
  });
  /**
   * The step each chat's flow is at; a flow ends with its entry removed. A flow may also end
   * unseen (a restart, a version bump): past FLOW_STEPS_KEPT chats the longest-unmoved go.
   */
  private readonly flowSteps = new Map<number, FlowStep>();

  /**
   * Takes readings from the parts that own them at each scrape. Given once those parts are built:
   * this object is built first, for every part to report to.
   */
  readFrom(sources: MetricSources): void {
    new Gauge({
      name: "swapbot_budget_queue_depth",
      help: "Calls waiting for the rate budget, by lane",
      labelNames: ["lane"],
      registers: [this.registry],
      collect() {
        for (const [lane, queued] of Object.entries(sources.queuedByLane())) this.set({ lane }, queued);
      },
    });
    new Gauge({
      name: "swapbot_tracked_exchanges",
      help: "Exchanges the tracker follows, by status",
      labelNames: ["status"],
      registers: [this.registry],
      async collect() {
        const tracked = await sources.trackedByStatus();
        this.reset();
        for (const [status, count] of Object.entries(tracked)) this.set({ status }, count);
      },
    });
    const leading = sources.leading?.bind(sources);
    if (leading) {
      new Gauge({
        name: "swapbot_leader",
        help:
          "1 when this instance leads (polls Telegram in polling mode, runs the tracker, alerts and " +
          "refreshes), 0 when it follows or stands by",
        registers: [this.registry],
        collect() {
          this.set(leading() ? 1 : 0);
        },
      });
    }
    const inboxWaiting = sources.inboxWaiting?.bind(sources);
    if (inboxWaiting) {
      // One read serves both gauges of a scrape.
      let reading: Promise<{ count: number; oldestAt: number | null }> | undefined;
      const read = () => (reading ??= inboxWaiting().finally(() => setTimeout(() => (reading = undefined), 0)));
      new Gauge({
        name: "swapbot_inbox_waiting_updates",
        help: "Updates stored (Telegram was told they arrived) and not handled yet, by any process of the bot",
        registers: [this.registry],
        async collect() {
          this.set((await read()).count);
        },
      });
      new Gauge({
        name: "swapbot_inbox_oldest_waiting_seconds",
        help: "How long the oldest update not handled yet has waited (0 when none waits)",
        registers: [this.registry],
        async collect() {
          const { oldestAt } = await read();
          this.set(oldestAt === null ? 0 : Math.max(0, (Date.now() - oldestAt) / 1000));
        },
      });
    }
    const processes = sources.processes?.bind(sources);
    if (processes) {
      new Gauge({
        name: "swapbot_processes",
        help: "Processes of the bot running on this database, as this one counts them",
        registers: [this.registry],
        collect() {
          this.set(processes());
        },
      });
    }
  }

  /**
   * One update of `type`. A webhook delivery's keys are whatever the sender wrote: only the types
   * the bot asks for become labels, anything else is "other" (labels must not grow with input).
   */
  update(type: string): void {
    this.updates.inc({ type: UPDATE_TYPES.has(type) ? type : "other" });
  }

  handlerError(cause: "telegram" | "network" | "other"): void {
    this.handlerErrors.inc({ cause });
  }

  upstreamCall(endpoint: string, outcome: string): void {
    this.upstreamCalls.inc({ endpoint, outcome });
  }

  rateLimitedBy(side: "exchange" | "telegram"): void {
    this.rateLimited.inc({ side });
  }

  budgetWaited(lane: Lane, waitedMs: number): void {
    this.budgetWait.observe({ lane }, waitedMs / 1000);
  }

  outboxWaited(waitedMs: number): void {
    this.outboxWait.observe(waitedMs / 1000);
  }

  statusMessage(outcome: "sent" | "owed" | "failed"): void {
    this.statusMessages.inc({ outcome });
  }

  flowStarted(chatId: number): void {
    this.flowsStarted.inc();
    this.setStep(chatId, "from");
  }

  /** The flow of `chatId` asks at `step` now. Repeating the same value is harmless (replays). */
  flowAt(chatId: number, step: FlowStep): void {
    this.setStep(chatId, step);
  }

  /** How many chats' steps are remembered (bounded). */
  get flowStepsKept(): number {
    return this.flowSteps.size;
  }

  private setStep(chatId: number, step: FlowStep): void {
    // Re-inserted, so the Map's order is oldest-moved first.
    this.flowSteps.delete(chatId);
    this.flowSteps.set(chatId, step);
    while (this.flowSteps.size > FLOW_STEPS_KEPT) this.flowSteps.delete(this.flowSteps.keys().next().value!);
  }

  flowCompleted(chatId: number, outcome: "created" | "unknown"): void {
    this.flowSteps.delete(chatId);
    this.flowsCompleted.inc({ outcome });
  }

  flowAbandoned(chatId: number): void {
    this.flowsAbandoned.inc({ step: this.flowSteps.get(chatId) ?? "unknown" });
    this.flowSteps.delete(chatId);
  }

  /** Prometheus text format. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
