import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { fenceCalls, HeldLease } from "../../../src/chat/index.js";
import { underFence } from "../../../src/db/fence.js";
import { type BotApiEmulator, startBotApiEmulator } from "../../../src/emulator/index.js";
import { sendFailure } from "../../../src/tracker/notifier.js";

let tg: BotApiEmulator | undefined;
let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  await tg?.close();
  tg = undefined;
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The error a real sendMessage raises. */
async function failureOf(api: Api): Promise<unknown> {
  return api.sendMessage(1, "hello").then(
    () => expect.unreachable("the send should fail"),
    (error: unknown) => error,
  );
}

/** A TCP server that takes the request and then does `onData` (never answer, or hang up). */
async function rawServer(onData: (socket: Socket) => void): Promise<string> {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => onData(socket));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("what a failed send means for a status message", () => {
  it("tries again what Telegram certainly did not get: no connection, a 5xx, a 429", async () => {
    tg = await startBotApiEmulator();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    expect(sendFailure(await failureOf(api))).toBe("retry");
    tg.failNext("sendMessage", { error_code: 429, retry_after: 30 });
    expect(sendFailure(await failureOf(api))).toBe("retry");
    await tg.goOffline();
    expect(sendFailure(await failureOf(api))).toBe("retry");
  });

  it("tries again what the fence refused before it left: the lease it was sent under was lost (issue 38)", async () => {
    tg = await startBotApiEmulator();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    api.config.use(fenceCalls());
    const lease = new HeldLease("leader", 7, { claimedAt: performance.now(), freshMs: 1_500, confirm: async () => false });
    lease.lose();
    const error = await underFence(lease, () => failureOf(api));
    expect(sendFailure(error)).toBe("retry");
    expect(tg.calls.filter((call) => call.method === "sendMessage")).toEqual([]);
  });

  it("stops writing after a 403, and drops a message refused with a 400", async () => {
    tg = await startBotApiEmulator();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    tg.failNext("sendMessage", { error_code: 403 });
    expect(sendFailure(await failureOf(api))).toBe("blocked");
    tg.failNext("sendMessage", { error_code: 400, description: "Bad Request: can't parse entities" });
    expect(sendFailure(await failureOf(api))).toBe("refused");
  });

  it("never sends twice what may have reached Telegram: a timeout after sending, a connection dropped mid-answer", async () => {
    const silent = await rawServer(() => {});
    expect(sendFailure(await failureOf(new Api("123:T", { apiRoot: silent, timeoutSeconds: 0.2 })))).toBe("uncertain");
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    const hangUp = await rawServer((socket) => socket.destroy());
    expect(sendFailure(await failureOf(new Api("123:T", { apiRoot: hangUp })))).toBe("uncertain");
  });

  it("counts a proxy's HTML error page as unsure: grammY cannot read it, and Telegram behind it may have taken the message", async () => {
    tg = await startBotApiEmulator();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot });
    tg.failNext("sendMessage", { error_code: 502, html: true });
    expect(sendFailure(await failureOf(api))).toBe("uncertain");
  });
});
