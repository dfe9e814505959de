import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Api } from "grammy";
import type { MessageEntity } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { startBotApiEmulator, type TestUser, waitFor } from "../../../src/emulator/index.js";
import { type Playground, PlaygroundClock, renderEntities, startPlayground } from "../../../src/playground/index.js";
import { buttonView, commandMenu } from "../../../src/playground/view.js";
import { captureLogs, type LogLine } from "../../harness/drive.js";
import { createViaFlow } from "../../harness/flow.js";
import { freshDatabase } from "../../harness/postgres.js";

describe("PlaygroundClock", () => {
  const clocks: PlaygroundClock[] = [];
  afterEach(() => {
    for (const clock of clocks.splice(0)) clock.stop();
  });

  it("runs at real speed until told otherwise, then faster, never backwards", async () => {
    const clock = new PlaygroundClock();
    clocks.push(clock);
    const before = clock.now();
    expect(Math.abs(before - Date.now())).toBeLessThan(50);
    clock.setSpeed(300);
    const realStart = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const virtual = clock.now() - before;
    const real = Date.now() - realStart;
    // 300× the real time that passed (give or take the call overhead).
    expect(virtual).toBeGreaterThanOrEqual(real * 300 - 300);
    clock.setSpeed(1);
    expect(clock.now()).toBeGreaterThanOrEqual(before + virtual);
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
  });

  it("fires timers in the order they fall due, sooner in real time at a higher speed, and not when cancelled", async () => {
    const clock = new PlaygroundClock();
    clocks.push(clock);
    const fired: string[] = [];
    clock.setTimer(() => fired.push("one minute"), 60_000);
    clock.setTimer(() => fired.push("ten seconds"), 10_000);
    const cancelled = clock.setTimer(() => fired.push("cancelled"), 5_000);
    cancelled.cancel();
    // A minute of the bot's time in 100 ms.
    clock.setSpeed(600);
    await waitFor(() => fired.length === 2, 2_000, "both timers");
    expect(fired).toEqual(["ten seconds", "one minute"]);
  });
});

describe("renderEntities", () => {
  const entity = (type: MessageEntity["type"], offset: number, length: number, extra: Record<string, unknown> = {}) =>
    ({ type, offset, length, ...extra }) as MessageEntity;

  it("escapes every character a page would read as markup, inside and outside entities", () => {
    expect(renderEntities(`<img src=x onerror="alert(1)"> & 'q'`, [])).toBe(
      "&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; &#39;q&#39;",
    );
    expect(renderEntities("a<b>c", [entity("bold", 1, 3)])).toBe("a<b>&#60;b&#62;</b>c");
  });

  it("nests entities as Telegram does, counting UTF-16 units (emoji included)", () => {
    const text = "👋 Welcome, Alice! code";
    // 👋 is two UTF-16 units: "Welcome, Alice!" starts at 3.
    const html = renderEntities(text, [entity("bold", 3, 15), entity("italic", 12, 6), entity("code", 19, 4)]);
    expect(html).toBe("👋 <b>Welcome, <i>Alice!</i></b> <code>code</code>");
  });

  it("links only to web and Telegram addresses", () => {
    expect(renderEntities("tx", [entity("text_link", 0, 2, { url: "https://explorer.example/tx/1" })])).toBe(
      '<a href="https://explorer.example/tx/1" target="_blank" rel="noopener noreferrer">tx</a>',
    );
    expect(renderEntities("x", [entity("text_link", 0, 1, { url: "javascript:alert(1)" })])).toBe("x");
  });

  it("makes a /command tappable where Telegram's apps would, but not inside code", () => {
    expect(renderEntities("Type /exchange to start.", [])).toBe(
      'Type <span class="command" data-command="/exchange">/exchange</span> to start.',
    );
    expect(renderEntities("run /exchange", [entity("code", 4, 9)])).toBe("run <code>/exchange</code>");
    expect(renderEntities("a/b and 1/2", [])).toBe("a/b and 1/2");
  });
});

describe("buttonView", () => {
  it("gives the page a copy button's text to copy and a button's style to draw", () => {
    expect(buttonView({ text: "📋 Deposit address", copy_text: { text: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" } })).toEqual({
      text: "📋 Deposit address",
      kind: "copy",
      copy: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    expect(buttonView({ text: "✅ Confirm", callback_data: "ok", style: "success" })).toEqual({
      text: "✅ Confirm",
      kind: "callback",
      style: "success",
    });
    expect(buttonView({ text: "✖️ Cancel", callback_data: "no", style: "danger" })).toEqual({
      text: "✖️ Cancel",
      kind: "callback",
      style: "danger",
    });
    expect(buttonView({ text: "Site", url: "https://example.com", style: "primary" })).toEqual({
      text: "Site",
      kind: "url",
      url: "https://example.com",
      style: "primary",
    });
    expect(buttonView({ text: "Plain", callback_data: "x" })).toEqual({ text: "Plain", kind: "callback" });
  });
});

describe("playground server", () => {
  let playground: Playground | undefined;
  afterEach(async () => {
    await playground?.stop();
    playground = undefined;
  });

  let logs: LogLine[] = [];
  async function start(env: Record<string, string> = {}): Promise<Playground> {
    // A generous budget: these tests are about the page's server, not about waiting in line.
    const captured = captureLogs();
    logs = captured.lines;
    playground = await startPlayground({
      config: loadConfig({ PLAYGROUND_PORT: "0", EXCHANGE_RATE_LIMIT_PER_MINUTE: "600", ...env }),
      logger: captured.logger,
    });
    return playground;
  }

  /** A raw request, so that the Host and Origin headers can be what another site would send. */
  function call(
    url: string,
    options: { method?: string; host?: string; origin?: string; contentType?: string; body?: string },
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const req = request(
        {
          host: "127.0.0.1",
          port: target.port,
          path: target.pathname,
          method: options.method ?? "GET",
          headers: {
            host: options.host ?? target.host,
            ...(options.origin ? { origin: options.origin } : {}),
            ...(options.contentType ? { "content-type": options.contentType } : {}),
          },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  }

  it("listens on loopback only and refuses requests made for another host name (DNS rebinding)", async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await call(`${url}api/setup`, {})).status).toBe(200);
    const rebound = await call(`${url}api/chats/alice/send`, {
      method: "POST",
      host: "evil.example:80",
      contentType: "application/json",
      body: '{"text":"/start"}',
    });
    expect(rebound.status).toBe(403);
    expect(playground?.emulator.messages(1001)).toEqual([]);
  });

  it("refuses an action posted from another page (its Origin), even with a loopback Host", async () => {
    const { url } = await start();
    const foreign = await call(`${url}api/chats/alice/send`, {
      method: "POST",
      origin: "http://evil.example",
      contentType: "application/json",
      body: '{"text":"/start"}',
    });
    expect(foreign.status).toBe(403);
    expect(playground?.emulator.messages(1001)).toEqual([]);
    const own = await call(`${url}api/chats/alice/send`, {
      method: "POST",
      origin: url.replace(/\/$/, ""),
      contentType: "application/json",
      body: '{"text":"/start"}',
    });
    expect(own.status).toBe(200);
  });

  it("runs its emulator with a token of its own each run, which takes no request from another host or page", async () => {
    const { emulator } = await start();
    expect(emulator.token).not.toBe("1000001:PLAYGROUND");
    expect(emulator.token).toMatch(/^\d+:[A-Za-z0-9_-]{32,}$/);
    const first = emulator.token;
    await playground!.stop();
    const second = await start();
    expect(second.emulator.token).not.toBe(first);

    // What a page elsewhere could post to the emulator as the bot: a form, with its own Host and Origin.
    const alice = second.cast.seat("alice")!;
    await alice.user.send("/start");
    await alice.user.nextMessage({ timeoutMs: 15_000 });
    const sendMessage = (token: string) => `${second.emulator.apiRoot}/bot${token}/sendMessage`;
    const form = `chat_id=${alice.user.id}&text=Your+deposit+address+changed`;
    const formType = "application/x-www-form-urlencoded";
    expect((await call(sendMessage("1000001:PLAYGROUND"), { method: "POST", contentType: formType, body: form })).status).toBe(401);
    const token = second.emulator.token;
    expect((await call(sendMessage(token), { method: "POST", host: "evil.example", contentType: formType, body: form })).status).toBe(403);
    expect(
      (await call(sendMessage(token), { method: "POST", origin: "http://evil.example", contentType: formType, body: form })).status,
    ).toBe(403);
    expect(second.emulator.messages(alice.user.id).filter((m) => m.text?.includes("deposit address changed"))).toEqual([]);
  });

  it("keeps its health server on 127.0.0.1 whatever HEALTH_HOST says", async () => {
    await start({ HEALTH_PORT: "0", HEALTH_HOST: "0.0.0.0" });
    const served = logs.find((l) => /health and metrics are served/.test(l.msg));
    expect(served?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("takes actions only as JSON (a cross-site form cannot post them), and says what is wrong", async () => {
    const { url } = await start();
    const form = await call(`${url}api/chats/alice/send`, {
      method: "POST",
      contentType: "application/x-www-form-urlencoded",
      body: "text=/start",
    });
    expect(form.status).toBe(415);
    expect(playground?.emulator.messages(1001)).toEqual([]);
    const unknownChat = await call(`${url}api/chats/mallory/send`, {
      method: "POST",
      contentType: "application/json",
      body: '{"text":"hi"}',
    });
    expect(unknownChat.status).toBe(404);
    const empty = await call(`${url}api/chats/alice/send`, { method: "POST", contentType: "application/json", body: '{"text":"  "}' });
    expect(empty).toEqual({ status: 400, body: JSON.stringify({ error: "text is empty" }) });
    const speed = await call(`${url}api/clock`, { method: "POST", contentType: "application/json", body: '{"speed":1000000}' });
    expect(speed.status).toBe(400);
    const steer = await call(`${url}api/exchanges/nope/fail`, { method: "POST", contentType: "application/json", body: "{}" });
    expect(steer.status).toBe(404);
  });

  it("fails or refunds an open exchange on request, and its owner hears of it within seconds", async () => {
    const pg = await start();
    const alice = pg.cast.seat("alice")?.user as TestUser;
    const post = (path: string) => call(`${pg.url}${path}`, { method: "POST", contentType: "application/json", body: "{}" });
    for (const [event, status] of [
      ["fail", "❌ Failed"],
      ["refund", "↩️ Refunded"],
    ] as const) {
      const { exchangeId } = await createViaFlow(alice);
      expect((await post(`api/exchanges/${exchangeId}/${event}`)).status).toBe(200);
      const news = await alice.nextMessage({ timeoutMs: 10_000 });
      expect(news.text).toContain(status);
      // It has ended: nothing more to steer.
      expect(await post(`api/exchanges/${exchangeId}/deposit-arrived`)).toMatchObject({ status: 409 });
    }
    const sandbox = (await (await fetch(`${pg.url}api/sandbox`)).json()) as { exchanges: { status: string; open: boolean }[] };
    expect(sandbox.exchanges.map((exchange) => [exchange.status, exchange.open])).toEqual([
      ["refunded", false],
      ["failed", false],
    ]);

    // /export: the page shows the document and downloads it as a CSV file.
    await alice.send("/export");
    await alice.nextMessage({ timeoutMs: 10_000 });
    const chat = (await (await fetch(`${pg.url}api/chats/alice`)).json()) as { messages: { document?: { name: string; url: string } }[] };
    const document = chat.messages.at(-1)?.document;
    expect(document?.name).toMatch(/^swaps-\d{4}-\d\d-\d\d\.csv$/);
    const file = await fetch(new URL(document!.url, pg.url));
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${document!.name}"`);
    expect((await file.text()).split("\r\n")).toHaveLength(4); // the header, two exchanges, the last line break
  }, 30_000);

  it("makes an exchange in motion slow: past its usual time its owner is told once (issue 40)", async () => {
    const pg = await start();
    const alice = pg.cast.seat("alice")?.user as TestUser;
    const post = (path: string) => call(`${pg.url}${path}`, { method: "POST", contentType: "application/json", body: "{}" });
    const { exchangeId } = await createViaFlow(alice);
    // Waiting for the deposit is the person's own time: nothing to make slow.
    expect(await post(`api/exchanges/${exchangeId}/slow`)).toMatchObject({ status: 409 });
    expect((await post(`api/exchanges/${exchangeId}/deposit-arrived`)).status).toBe(200);
    expect((await alice.nextMessage({ timeoutMs: 10_000 })).text).toContain("Confirming");
    expect((await post(`api/exchanges/${exchangeId}/slow`)).status).toBe(200);
    // An hour and more later (Bitcoin's usual confirmations), the next look tells the owner once.
    pg.clock.jumpTo(pg.clock.now() + 70 * 60_000);
    await pg.app.tracker.refresh(exchangeId);
    const slow = await alice.nextMessage({ timeoutMs: 10_000 });
    expect(slow.text).toContain(`Taking longer than usual · exchange ${exchangeId}`);
    expect((await pg.app.repos.transactions.find(exchangeId))!.status).toBe("confirming");
  }, 30_000);

  it("with DATABASE_URL, keeps its data in that PostgreSQL database, and a later run goes on from its clock", async () => {
    const database = await freshDatabase({ migrated: true });
    try {
      const config = loadConfig({ PLAYGROUND_PORT: "0", DATABASE_URL: database.url });
      const first = await startPlayground({ config, logger: captureLogs().logger });
      expect(first.app.store.dialect).toBe("postgres");
      first.clock.jumpTo(Date.now() + 3 * 60 * 60 * 1000);
      const stoppedAt = first.clock.now();
      await first.stop();
      playground = await startPlayground({ config, logger: captureLogs().logger });
      expect(playground.clock.now()).toBeGreaterThanOrEqual(stoppedAt);
    } finally {
      await playground?.stop();
      playground = undefined;
      await database.drop();
    }
  });

  it("keeps a given DATABASE_PATH, and a later run goes on from the clock where a sped-up one stopped", async () => {
    const dir = mkdtempSync(join(tmpdir(), "swapbot-pg-db-"));
    try {
      const config = loadConfig({ PLAYGROUND_PORT: "0", DATABASE_PATH: join(dir, "kept.sqlite") });
      const first = await startPlayground({ config, logger: captureLogs().logger });
      first.clock.jumpTo(Date.now() + 3 * 60 * 60 * 1000); // three hours ahead, as a sped-up run gets
      const stoppedAt = first.clock.now();
      await first.stop();
      expect(existsSync(join(dir, "kept.sqlite"))).toBe(true);
      playground = await startPlayground({ config, logger: captureLogs().logger });
      expect(playground.clock.now()).toBeGreaterThanOrEqual(stoppedAt);
    } finally {
      await playground?.stop();
      playground = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the playground's command menu", () => {
  it("shows an app in a regional language the menu of its two letters (pt-br: pt), else the default", async () => {
    const tg = await startBotApiEmulator();
    try {
      const api = new Api(tg.token, { apiRoot: tg.apiRoot });
      await api.setMyCommands([{ command: "start", description: "Begin" }], { scope: { type: "all_private_chats" } });
      await api.setMyCommands([{ command: "start", description: "Começar" }], {
        scope: { type: "all_private_chats" },
        language_code: "pt",
      });
      const menu = (languageCode: string) =>
        commandMenu(tg, { id: 5, type: "private" }, { id: 5, languageCode, isAdmin: false })[0]?.description;
      expect(menu("pt-br")).toBe("Começar");
      expect(menu("pt")).toBe("Começar");
      expect(menu("de")).toBe("Begin");
    } finally {
      await tg.close();
    }
  });
});
