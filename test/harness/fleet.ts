/**
 * Several bot processes on one PostgreSQL database (issue 22), as an operator runs them: the
 * emulator standing in for Telegram with a round-robin load balancer in front of the
 * processes' webhooks, the sandbox for the exchange service (shared by all), and a new
 * database. Used by test/fleet/three-instances.test.ts and bench/instances.ts.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BotApiEmulator, type EmulatorOptions, startBotApiEmulator, waitFor } from "../../src/emulator/index.js";
import { type SandboxExchange, type SandboxOptions, startSandbox } from "../../src/exchange/sandbox/index.js";
import { admin } from "./postgres-admin.js";
import { type BotProcess, freePort, ROOT, spawnBot, TSX } from "./process.js";

/** How an instance gets its updates: Telegram's webhook (through the balancer), or polling (the leader's). */
export type FeedMode = "webhook" | "polling";

export interface FleetInstance {
  bot: BotProcess;
  mode: FeedMode;
  webhookPort: number;
  healthPort: number;
}

/** What /readyz says: whether it takes traffic, and its role (leader, follower); undefined when it does not answer. */
export interface Readiness {
  ready: boolean;
  role: string;
}

export interface FleetOptions {
  /** A new database for the fleet (its URL: a superuser's), dropped by close(). */
  database: () => Promise<{ url: string; drop(): Promise<void> }>;
  /** The sandbox's limit of calls a minute, which every instance is told too. */
  rateLimitPerMinute: number;
  /** Besides what the fleet sets (Telegram, database, exchange, webhook, health port): logs, grace, pacing… */
  env?: Record<string, string>;
  /**
   * What runs an instance; by default `src/main.ts` through tsx (e.g. `node dist/main.js` instead).
   * It must be Node (an instance's `clockShiftMs` puts `--import <preload>` before its arguments).
   */
  command?: { command: string; args: string[] };
  /** The sandbox's pace and ids: its exchanges' timeline (shorter for the soak), its seed. */
  sandbox?: Pick<SandboxOptions, "timeline" | "seed">;
  emulator?: Pick<EmulatorOptions, "recordCalls" | "defaultTimeoutMs" | "webhookTimeoutMs">;
  /** How long an instance has to answer /readyz with 200 (default 30 s). */
  readyTimeoutMs?: number;
}

export interface Fleet {
  tg: BotApiEmulator;
  sandbox: SandboxExchange;
  databaseUrl: string;
  /** By index; undefined while that one is stopped. */
  readonly instances: readonly (FleetInstance | undefined)[];
  /**
   * Starts instance `index` (stopped, or never started); resolves once /readyz says it is ready.
   * `env`: this instance's own, over the fleet's (e.g. a DATABASE_URL through a proxy);
   * `clockShiftMs`: its wall clock that far ahead (or behind, negative), as on a host whose clock
   * is off (test/harness/shift-clock.mjs).
   */
  start(index: number, mode: FeedMode, options?: { env?: Record<string, string>; clockShiftMs?: number }): Promise<FleetInstance>;
  /** Sends `signal` to instance `index` (taken off the balancer first); resolves once it has exited. */
  stop(index: number, signal: NodeJS.Signals): Promise<void>;
  /**
   * Sends `signal` to instance `index` and leaves it on the balancer, as a real one does until it
   * notices (deliveries keep coming to it); resolves with its exit, and takes it off then.
   */
  signal(index: number, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readiness(index: number): Promise<Readiness | undefined>;
  /** Each instance's role by index: "stopped" when not running, "down" when it does not answer. */
  roles(): Promise<string[]>;
  /** The index of the instance that leads, once one does (within 30 s). */
  leader(): Promise<number>;
  /** The index of the instance holding the leader's lease now, if any (a frozen leader's runs out within seconds). */
  leaseHolder(): Promise<number | undefined>;
  /**
   * The balancer sends every delivery to instance `index` from now on (while it takes webhooks),
   * or again to each in turn (undefined): a test that needs an update handled by one process.
   */
  routeTo(index: number | undefined): void;
  /** The index of the instance holding `chatId`'s lease (handling its update now), if any. */
  holderOf(chatId: number): Promise<number | undefined>;
  /** How many of `chatId`'s updates are stored and not done yet (waiting, or being handled). */
  unhandled(chatId: number): Promise<number>;
  /**
   * Resolves once Telegram has no update left to deliver and the inbox none waiting or being
   * handled (no chat held by anyone): every answer owed to what was sent has been sent.
   */
  idle(timeoutMs?: number): Promise<void>;
  /** Kills every instance, closes the emulator and the sandbox, drops the database. */
  close(): Promise<void>;
}

/** What Telegram sends with each delivery, for a test that posts to an instance's webhook itself. */
export const WEBHOOK_SECRET = "webhook-secret-0123456789abcdef";
/** The preload that moves a process's wall clock (SHIFT_CLOCK_MS). */
const SHIFT_CLOCK = pathToFileURL(join(ROOT, "test/harness/shift-clock.mjs")).href;
const SANDBOX_KEY = "sandbox-key";

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const instances: (FleetInstance | undefined)[] = [];
  let nextPick = 0;
  /** The instance every delivery goes to, while a test routes them (routeTo). */
  let routed: number | undefined;
  /** The load balancer: each delivery to the next instance that is up and takes webhooks, in turn. */
  const pick = (): FleetInstance | undefined => {
    const chosen = routed === undefined ? undefined : instances[routed];
    if (chosen?.mode === "webhook") return chosen;
    for (let tries = 0; tries < instances.length; tries++) {
      const instance = instances[nextPick++ % instances.length];
      if (instance?.mode === "webhook") return instance;
    }
    return undefined;
  };
  /** Every process started, stopped ones included (one stopping may not have exited yet). */
  const spawned: BotProcess[] = [];
  // Should the caller die without close() (an uncaught error, Ctrl-C turned into exit), no bot outlives it.
  const killAll = () => spawned.forEach((bot) => bot.kill());
  process.once("exit", killAll);

  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    process.off("exit", killAll);
    killAll();
    await Promise.all(spawned.map((bot) => bot.exited));
    for (const closer of closers.reverse())
      await closer().catch((error: unknown) => console.error("could not clean up after the fleet:", error));
  };
  try {
    const tg = await startBotApiEmulator({
      ...options.emulator,
      webhookTarget: (url) => `http://127.0.0.1:${pick()?.webhookPort ?? 9}${new URL(url).pathname}`,
    });
    closers.push(() => tg.close());
    const sandbox = await startSandbox({ ...options.sandbox, apiKey: SANDBOX_KEY, rateLimitPerMinute: options.rateLimitPerMinute });
    closers.push(() => sandbox.close());
    const database = await options.database();
    closers.push(() => database.drop());

    const readinessOf = async (instance: FleetInstance | undefined): Promise<Readiness | undefined> => {
      if (!instance) return undefined;
      try {
        // A frozen process (SIGSTOP) takes the connection and never answers.
        const res = await fetch(`http://127.0.0.1:${instance.healthPort}/readyz`, { signal: AbortSignal.timeout(2_000) });
        const body = (await res.json()) as { role: string };
        return { ready: res.status === 200, role: body.role };
      } catch {
        return undefined;
      }
    };

    const fleet: Fleet = {
      tg,
      sandbox,
      databaseUrl: database.url,
      instances,
      async start(index, mode, startOptions = {}) {
        if (instances[index]) throw new Error(`instance ${index} is running already`);
        const [webhookPort, healthPort] = [await freePort(), await freePort()];
        const command = options.command ?? { command: process.execPath, args: [...TSX, join(ROOT, "src/main.ts")] };
        const bot = spawnBot(
          {
            BOT_TOKEN: tg.token,
            TELEGRAM_API_ROOT: tg.apiRoot,
            DATABASE_URL: database.url,
            EXCHANGE_API_URL: sandbox.url,
            EXCHANGE_API_KEY: SANDBOX_KEY,
            EXCHANGE_RATE_LIMIT_PER_MINUTE: String(options.rateLimitPerMinute),
            ...(mode === "webhook"
              ? {
                  WEBHOOK_URL: "https://bot.example.test/telegram/hook",
                  WEBHOOK_SECRET,
                  WEBHOOK_PORT: String(webhookPort),
                  WEBHOOK_HOST: "127.0.0.1",
                }
              : {}),
            HEALTH_PORT: String(healthPort),
            ...options.env,
            ...startOptions.env,
            ...(startOptions.clockShiftMs ? { SHIFT_CLOCK_MS: String(startOptions.clockShiftMs) } : {}),
          },
          startOptions.clockShiftMs ? { ...command, args: ["--import", SHIFT_CLOCK, ...command.args] } : command,
        );
        spawned.push(bot);
        // FLEET_LOGS=<folder>: each process's output kept there once it exits (instance-<index>-<pid>.log).
        const logs = process.env.FLEET_LOGS;
        if (logs) {
          void bot.exited.then(() => {
            mkdirSync(logs, { recursive: true });
            appendFileSync(join(logs, `instance-${index}-${bot.child.pid}.log`), `${bot.lines.join("\n")}\n`);
          });
        }
        const instance: FleetInstance = { bot, mode, webhookPort, healthPort };
        instances[index] = instance;
        const exited = () => bot.child.exitCode !== null || bot.child.signalCode !== null;
        await waitFor(
          async () => exited() || (await readinessOf(instance))?.ready,
          options.readyTimeoutMs ?? 30_000,
          `instance ${index} to be ready`,
        );
        if (exited()) {
          instances[index] = undefined;
          throw new Error(
            `instance ${index} exited (${bot.child.exitCode ?? bot.child.signalCode}) before it was ready:\n${bot.lines.slice(-20).join("\n")}`,
          );
        }
        return instance;
      },
      async stop(index, signal) {
        const instance = instances[index];
        if (!instance) return;
        instances[index] = undefined;
        instance.bot.child.kill(signal);
        await instance.bot.exited;
      },
      async signal(index, signal) {
        const instance = instances[index];
        if (!instance) throw new Error(`instance ${index} is not running`);
        instance.bot.child.kill(signal);
        const exit = await instance.bot.exited;
        if (instances[index] === instance) instances[index] = undefined;
        return exit;
      },
      readiness: (index) => readinessOf(instances[index]),
      async roles() {
        const found: string[] = [];
        for (const instance of instances) found.push(instance ? ((await readinessOf(instance))?.role ?? "down") : "stopped");
        return found;
      },
      async leader() {
        const { index } = await waitFor(
          async () => {
            const found = (await fleet.roles()).indexOf("leader");
            return found >= 0 ? { index: found } : undefined;
          },
          30_000,
          "a leader",
        );
        return index;
      },
      routeTo(index) {
        routed = index;
      },
      async leaseHolder() {
        const { rows } = await admin(database.url, (client) =>
          client.query<{ owner: string }>(
            "SELECT owner FROM chat_leases WHERE chat_key = 'leader' AND until > (extract(epoch from clock_timestamp()) * 1000)::bigint",
          ),
        );
        const pid = Number(rows[0]?.owner.split(":")[1]);
        const index = instances.findIndex((instance) => instance?.bot.child.pid === pid);
        return index >= 0 ? index : undefined;
      },
      async holderOf(chatId) {
        const { rows } = await admin(database.url, (client) =>
          client.query<{ owner: string }>("SELECT owner FROM chat_leases WHERE chat_key = $1 AND until > $2", [`c:${chatId}`, Date.now()]),
        );
        // A lease's owner is `host:pid:…`.
        const pid = Number(rows[0]?.owner.split(":")[1]);
        const index = instances.findIndex((instance) => instance?.bot.child.pid === pid);
        return index >= 0 ? index : undefined;
      },
      async unhandled(chatId) {
        const { rows } = await admin(database.url, (client) =>
          client.query<{ n: string }>("SELECT count(*) AS n FROM inbox WHERE chat_key = $1 AND done_at IS NULL", [`c:${chatId}`]),
        );
        return Number(rows[0]!.n);
      },
      async idle(timeoutMs = 30_000) {
        const busy = async () => {
          // Telegram first: an update it no longer holds was stored before it was confirmed.
          if (tg.pendingUpdates() > 0) return true;
          const { rows } = await admin(database.url, (client) =>
            client.query<{ busy: boolean }>(
              "SELECT EXISTS (SELECT 1 FROM inbox WHERE done_at IS NULL) OR EXISTS (SELECT 1 FROM chat_leases WHERE owner <> '' AND until > $1 AND chat_key <> 'leader') AS busy",
              [Date.now()],
            ),
          );
          return rows[0]!.busy;
        };
        await waitFor(async () => !(await busy()), timeoutMs, "the fleet to be idle");
      },
      close,
    };
    return fleet;
  } catch (error) {
    await close();
    throw error;
  }
}
