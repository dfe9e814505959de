import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type SandboxExchange } from "../src/exchange/sandbox/index.js";
import { startBotApiEmulator, waitFor, type BotApiEmulator, type TestUser } from "../src/emulator/index.js";
import { toSummary } from "./harness/flow.js";
import { admin, freshDatabase, testBackEnd, type TestDatabase } from "./harness/postgres.js";
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

/** How the instances started next get their updates. */
let mode: "webhook" | "polling" = "webhook";

async function startInstance(index: number, how: "webhook" | "polling" = mode): Promise<Instance> {
  const [webhookPort, healthPort] = [await freePort(), await freePort()];
  const bot = spawnBot({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    DATABASE_URL: database.url,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: "sandbox-key",
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "10",
    ...(how === "webhook" ? { WEBHOOK_URL: "https://bot.example.test/telegram/hook", WEBHOOK_SECRET: SECRET, WEBHOOK_PORT: String(webhookPort), WEBHOOK_HOST: "127.0.0.1" } : {}),
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
  const instance = instances[index];
  if (!instance) return;
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

/** The instance holding `user`'s chat (handling its update now), by the lease's owner (`host:pid:…`). */
async function holderOf(user: TestUser): Promise<{ index: number } | undefined> {
  const { rows } = await admin(database.url, (client) => client.query<{ owner: string }>("SELECT owner FROM chat_leases WHERE chat_key = $1 AND until > $2", [`c:${user.id}`, Date.now()]));
  const pid = Number(rows[0]?.owner.split(":")[1]);
  const index = instances.findIndex((instance) => instance?.bot.child.pid === pid);
  return index >= 0 ? { index } : undefined;
}

beforeAll(async () => {
  if (testBackEnd() !== "postgres") return;
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

// On the suite's PostgreSQL runs (`npm run test:postgres`, and the machine's server in .ci/run): one run per server is enough.
describe.runIf(testBackEnd() === "postgres")("three processes on one PostgreSQL", () => {
  it("are all ready for traffic, one of them leading", async () => {
    const found = await roles();
    expect(found.filter((role) => role === "leader")).toHaveLength(1);
    expect(found.filter((role) => role === "follower")).toHaveLength(2);
  });

  beforeEach(async () => {
    // Each test begins with the three running (a failed one may have left one down).
    for (const index of [0, 1, 2]) if (!instances[index]) await startInstance(index, mode);
  }, 120_000);

  it("go on with a person's flow across instances, and answer a confirmation whose process was killed while creating: the exchange requested once", async () => {
    const user = tg.user({ id: 9801, first_name: "Kim", language_code: "en" });
    // Each update goes to the next instance in turn: the flow moves from one process to another.
    const summary = await toSummary(user, { from: "btc btc", to: "usdt trx", amount: "0.05", address: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" });
    expect(summary.text).toContain("0.05 BTC");
    // The service takes its time to create: the process handling the confirmation is killed meanwhile.
    sandbox.faults.inject({ kind: "delay", ms: 4_000 }, { endpoint: "createTransaction", times: 1 });
    const before = fromBot(user).length;
    await user.click(summary, /^✅/);
    const { index: holder } = await waitFor(() => holderOf(user), 10_000, "a process to take up the confirmation");
    await waitFor(() => sandbox.requests.some((r) => r.endpoint === "createTransaction"), 10_000, "the request to create");
    const killedAt = Date.now();
    await stopInstance(holder, "SIGKILL");
    // Another process takes the chat once the dead one's lease has run out, finds the request
    // made, and says so rather than asking the service a second time.
    const told = await waitFor(() => fromBot(user).slice(before).find((m) => /could not confirm whether your exchange was created/.test(m.text ?? "")), 30_000, "the person told");
    const failoverMs = Date.now() - killedAt;
    expect(told.text).toMatch(/Reference for support: \S+/);
    console.info(`a confirmation whose process was killed while creating, answered by another ${(failoverMs / 1000).toFixed(1)} s later`);
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
    mode = "polling";
    for (const index of [0, 1, 2]) await stopInstance(index, "SIGTERM");
    for (const index of [0, 1, 2]) await startInstance(index);
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
