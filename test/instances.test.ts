import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxExchange } from "../src/exchange/sandbox/index.js";
import { startBotApiEmulator, waitFor, type BotApiEmulator, type TestUser } from "../src/emulator/index.js";
import { offerButtons, toAmount } from "./harness/flow.js";
import { admin, freshDatabase, type TestDatabase } from "./harness/postgres.js";
import { freePort, spawnBot, type BotProcess } from "./harness/process.js";

/**
 * Three bot processes on one PostgreSQL database (issue 22), as an operator runs them: each a
 * real `src/main.ts`, the emulator standing in for Telegram and a load balancer in front of
 * their webhooks, the sandbox for the exchange service with its real limit of 10 calls a
 * minute. Processes are killed (SIGKILL), restarted one by one (SIGTERM), and the people
 * writing to the bot must not notice beyond a pause.
 */
const SECRET = "webhook-secret-0123456789abcdef";
const GRACE_SECONDS = "8";

interface Instance {
  bot: BotProcess;
  webhookPort: number;
  healthPort: number;
}

let tg: BotApiEmulator;
let sandbox: SandboxExchange;
let database: TestDatabase;
const instances: (Instance | undefined)[] = [];
let nextPick = 0;

/** The load balancer: each delivery to the next instance that is up, in turn. */
function pickInstance(): number | undefined {
  for (let tries = 0; tries < instances.length; tries++) {
    const index = nextPick++ % instances.length;
    if (instances[index]) return index;
  }
  return undefined;
}

async function startInstance(index: number, mode: "webhook" | "polling"): Promise<Instance> {
  const [webhookPort, healthPort] = [await freePort(), await freePort()];
  const bot = spawnBot({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    DATABASE_URL: database.url,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: "sandbox-key",
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "10",
    ...(mode === "webhook" ? { WEBHOOK_URL: "https://bot.example.test/telegram/hook", WEBHOOK_SECRET: SECRET, WEBHOOK_PORT: String(webhookPort), WEBHOOK_HOST: "127.0.0.1" } : {}),
    HEALTH_PORT: String(healthPort),
    SHUTDOWN_GRACE_SECONDS: GRACE_SECONDS,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
  });
  const instance = { bot, webhookPort, healthPort };
  instances[index] = instance;
  await waitFor(async () => (await readiness(instance))?.ready, 30_000, `instance ${index} to be ready`);
  return instance;
}

async function readiness(instance: Instance): Promise<{ ready: boolean; role: string } | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${instance.healthPort}/readyz`);
    const body = (await res.json()) as { role: string };
    return { ready: res.status === 200, role: body.role };
  } catch {
    return undefined;
  }
}

async function roles(): Promise<string[]> {
  const found: string[] = [];
  for (const instance of instances) if (instance) found.push((await readiness(instance))?.role ?? "down");
  return found;
}

/** Kills instance `index` with `signal`; resolves once it has exited. */
async function stopInstance(index: number, signal: NodeJS.Signals): Promise<void> {
  const instance = instances[index]!;
  instances[index] = undefined;
  instance.bot.child.kill(signal);
  await instance.bot.exited;
}

/** Calls to the exchange service in the worst sliding minute, and how many it refused (429). */
function budgetFigures(): { worstMinute: number; refused: number } {
  const times = sandbox.requests.map((r) => r.at).sort((a, b) => a - b);
  let worstMinute = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= 60_000) i++;
    worstMinute = Math.max(worstMinute, j - i + 1);
  }
  return { worstMinute, refused: sandbox.requests.filter((r) => r.status === 429).length };
}

const fromBot = (user: TestUser) => user.messages().filter((m) => m.from_bot);

/** The instance holding `user`'s chat (handling its update now), by the lease's owner: `host:pid:…`. */
async function holderOf(user: TestUser): Promise<number | undefined> {
  const { rows } = await admin(database.url, (client) => client.query<{ owner: string }>("SELECT owner FROM chat_leases WHERE chat_key = $1 AND until > $2", [`c:${user.id}`, Date.now()]));
  const pid = Number(rows[0]?.owner.split(":")[1]);
  const index = instances.findIndex((instance) => instance?.bot.child.pid === pid);
  return index >= 0 ? index : undefined;
}

beforeAll(async () => {
  tg = await startBotApiEmulator({
    webhookTarget: (url) => {
      const { pathname } = new URL(url);
      const index = pickInstance();
      return `http://127.0.0.1:${index === undefined ? 9 : instances[index]!.webhookPort}${pathname}`;
    },
    defaultTimeoutMs: 30_000,
  });
  sandbox = await startSandbox({ apiKey: "sandbox-key", rateLimitPerMinute: 10 });
  database = await freshDatabase();
  // One after the other: the first creates the tables, the others find them.
  for (const index of [0, 1, 2]) await startInstance(index, "webhook");
}, 120_000);

afterAll(async () => {
  for (const instance of instances) instance?.bot.kill();
  await tg?.close();
  await sandbox?.close();
  await database?.drop();
});

describe("three processes on one PostgreSQL", () => {
  it("are all ready for traffic, one of them leading", async () => {
    const found = await roles();
    expect(found.filter((role) => role === "leader")).toHaveLength(1);
    expect(found.filter((role) => role === "follower")).toHaveLength(2);
  });

  it("go on with a person's flow while the process serving it is killed, and create the exchange once", async () => {
    const user = tg.user({ id: 9801, first_name: "Kim", language_code: "en" });
    await toAmount(user, "btc btc", "usdt trx");
    // The quote takes its time: the process handling the amount is killed meanwhile.
    sandbox.faults.inject({ kind: "delay", ms: 4_000 }, { endpoint: "getEstimatedAmount", times: 1 });
    await user.send("0.05");
    const holder = await waitFor(() => holderOf(user), 10_000, "a process to take up the amount");
    const killedAt = Date.now();
    await stopInstance(holder, "SIGKILL");
    // Another process takes the chat once the dead one's lease has run out, and answers the amount.
    const offers = await user.nextMessage({ timeoutMs: 30_000 });
    const failoverMs = Date.now() - killedAt;
    expect(offerButtons(offers).length, offers.text).toBeGreaterThan(0);
    expect(failoverMs).toBeLessThan(15_000);
    console.info(`the chat's update, its process killed while handling it, answered by another ${(failoverMs / 1000).toFixed(1)} s later`);
    await startInstance(holder, "webhook");

    await user.click(offers, offerButtons(offers)[0]!);
    await user.nextMessage();
    await user.send("TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj");
    const summary = await user.nextMessage();
    expect(summary.text).toContain("0.05 BTC");
    await user.click(summary, /^✅/);
    const card = await user.nextMessage();
    expect(card.text).toMatch(/🔁 \S+ \S+/);
    expect(sandbox.requests.filter((r) => r.endpoint === "createTransaction")).toHaveLength(1);
  }, 120_000);

  it("lose no update and send no message twice while all three are restarted one by one under steady traffic", async () => {
    const users = Array.from({ length: 8 }, (_, i) => tg.user({ id: 9810 + i, first_name: "Roll", language_code: "en" }));
    const sent = new Map<number, number>(users.map((u) => [u.id, 0]));
    const answeredBefore = new Map(users.map((u) => [u.id, fromBot(u).length]));
    let sending = true;
    const traffic = Promise.all(
      users.map(async (user) => {
        while (sending) {
          await user.send("/help");
          sent.set(user.id, sent.get(user.id)! + 1);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }),
    );
    for (const index of [0, 1, 2]) {
      await stopInstance(index, "SIGTERM");
      await startInstance(index, "webhook");
    }
    sending = false;
    await traffic;
    for (const user of users) {
      const want = sent.get(user.id)!;
      const answers = () => fromBot(user).slice(answeredBefore.get(user.id)!);
      await waitFor(() => answers().length >= want, 30_000, `user ${user.id}'s ${want} answers`);
      expect(answers().length).toBe(want);
      expect(answers().every((m) => m.text?.includes("How it works"))).toBe(true);
    }
    expect([...sent.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  }, 180_000);

  it("kept to the service's limit all along: no call refused, at most 10 in any minute", () => {
    const { worstMinute, refused } = budgetFigures();
    expect(refused).toBe(0);
    expect(worstMinute).toBeLessThanOrEqual(10);
  });

  it("in polling mode, one polls; when it is killed another takes over within 15 s", async () => {
    for (const index of [0, 1, 2]) await stopInstance(index, "SIGTERM");
    for (const index of [0, 1, 2]) await startInstance(index, "polling");
    const user = tg.user({ id: 9830, first_name: "Pol", language_code: "en" });
    await user.send("/help");
    expect((await user.nextMessage()).text).toContain("How it works");
    const leader = (await roles()).indexOf("leader");
    expect(leader).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    await stopInstance(leader, "SIGKILL");
    await user.send("/help");
    expect((await user.nextMessage({ timeoutMs: 30_000 })).text).toContain("How it works");
    const failoverMs = Date.now() - killedAt;
    console.info(`polling taken over ${(failoverMs / 1000).toFixed(1)} s after the poller was killed`);
    expect(failoverMs).toBeLessThan(15_000);
    await waitFor(async () => (await roles()).filter((role) => role === "leader").length === 1, 10_000, "one leader again");
  }, 120_000);
});
