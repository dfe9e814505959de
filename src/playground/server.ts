/**
 * The playground's web page and its small JSON API, on loopback only. The page is plain
 * HTML, CSS and JavaScript from `web/`, served as they are (no build step).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { App } from "../app.js";
import type { BotApiEmulator, StoredMessage } from "../emulator/index.js";
import { isAllowedOrigin, isLoopbackHost } from "../emulator/loopback.js";
import { isFinalStatus, type SteerEvent } from "../exchange/index.js";
import { listen } from "../listen.js";
import type { Cast, ChatSeat } from "./cast.js";
import type { PlaygroundClock } from "./clock.js";
import { chatAction, commandMenu, messageViews } from "./view.js";

export interface PlaygroundServerDeps {
  emulator: BotApiEmulator;
  cast: Cast;
  app: App;
  clock: PlaygroundClock;
  logger: Logger;
  port: number;
  host: string;
}

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

const STATIC_FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/playground.css": { file: "playground.css", type: "text/css; charset=utf-8" },
  "/playground.js": { file: "playground.js", type: "text/javascript; charset=utf-8" },
};
/** Beside this module: `src/playground/web/`, or its copy in `dist/` made by `npm run build`. */
const WEB_DIR = new URL("./web/", import.meta.url);
const SPEEDS = [1, 10, 60, 300];
/** How long a press or an inline query waits for the bot's answer before the page is told. */
const ANSWER_WAIT_MS = 15_000;
const MAX_BODY_BYTES = 64_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPlaygroundServer(deps: PlaygroundServerDeps): Promise<PlaygroundServer> {
  const { emulator, cast, app, clock, logger } = deps;
  const events = new Set<ServerResponse>();
  let version = 0;
  let pending: NodeJS.Timeout | undefined;
  // Coalesce bursts of changes (a flow step edits, sends and answers at once) into one event.
  const unsubscribe = emulator.onChange(() => {
    version++;
    pending ??= setTimeout(() => {
      pending = undefined;
      for (const res of events) res.write(`event: change\ndata: ${version}\n\n`);
    }, 30);
  });

  const api = async (method: string, path: string, body: Record<string, unknown>): Promise<unknown> => {
    const route = `${method} ${path}`;
    if (route === "GET /api/setup") return setup();
    if (route === "GET /api/sandbox") return sandboxView();
    if (route === "POST /api/clock") {
      const speed = Number(body.speed);
      if (!SPEEDS.includes(speed)) throw new HttpError(400, `speed is one of ${SPEEDS.join(", ")}`);
      clock.setSpeed(speed);
      logger.info({ speed }, "the playground's clock runs at this speed now");
      notify();
      return sandboxView();
    }
    const steer = /^POST \/api\/exchanges\/([^/]+)\/(deposit-arrived|fail|refund|slow)$/.exec(route);
    if (steer) return steerExchange(decodeURIComponent(steer[1] as string), steer[2] as SteerEvent);
    const chat = /^(GET|POST) \/api\/chats\/([a-z-]+)(\/[a-z]+)?$/.exec(route);
    if (chat) {
      const seat = cast.seat(chat[2] as string);
      if (seat === undefined) throw new HttpError(404, "no such chat");
      return chatRoute(`${chat[1]} ${chat[3] ?? ""}`, seat, body);
    }
    throw new HttpError(404, "not found");
  };

  const chatRoute = async (route: string, seat: ChatSeat, body: Record<string, unknown>): Promise<unknown> => {
    const chatOption = seat.group === undefined ? {} : { chat: seat.group };
    switch (route) {
      case "GET ":
        return chatView(seat);
      case "POST /send": {
        const text = stringField(body, "text").trim();
        if (text === "") throw new HttpError(400, "text is empty");
        if (text.length > 4096) throw new HttpError(400, "a message holds at most 4096 characters");
        await seat.user.send(text, chatOption);
        return { ok: true };
      }
      case "POST /press": {
        const message = messageOf(seat, Number(body.messageId));
        const queryId = await seat.user.pressButton(message, Number(body.row), Number(body.column)).catch((error: unknown) => {
          throw new HttpError(409, error instanceof Error ? error.message : String(error));
        });
        const answer = await seat.user.callbackAnswer(queryId, ANSWER_WAIT_MS).catch(() => undefined);
        return answer === undefined ? { answered: false } : { answered: true, text: answer.text ?? "", alert: answer.show_alert === true };
      }
      case "POST /inline": {
        const query = stringField(body, "query");
        if (query.length > 256) throw new HttpError(400, "an inline query holds at most 256 characters");
        const chatType = seat.group === undefined ? "sender" : seat.group.type;
        const queryId = await seat.user.inlineQuery(query, chatType);
        const answer = await seat.user.inlineAnswer(queryId, ANSWER_WAIT_MS).catch(() => undefined);
        const results = (answer?.results ?? []) as { id?: unknown; title?: unknown; description?: unknown }[];
        return {
          queryId,
          results: results.map((result) => ({
            id: String(result.id),
            title: String(result.title ?? ""),
            description: String(result.description ?? ""),
          })),
        };
      }
      case "POST /choose": {
        const message = (() => {
          try {
            return seat.user.chooseInlineResult(stringField(body, "queryId"), stringField(body, "resultId"), chatOption);
          } catch (error) {
            throw new HttpError(409, error instanceof Error ? error.message : String(error));
          }
        })();
        return { messageId: message.message_id };
      }
      case "POST /start": {
        // A t.me/<bot>?start=<payload> link: Telegram opens the private chat and sends /start <payload>.
        const payload = stringField(body, "payload");
        if (!/^[A-Za-z0-9_-]{0,64}$/.test(payload)) throw new HttpError(400, "not a start payload");
        const target = cast.privateSeatOf(seat);
        await target.user.send(payload === "" ? "/start" : `/start ${payload}`);
        return { chat: target.key };
      }
      default:
        throw new HttpError(404, "not found");
    }
  };

  const setup = () => ({
    bot: { username: emulator.botInfo.username, name: emulator.botInfo.first_name },
    chats: cast.seats.map((seat) => ({ key: seat.key, label: seat.label, subtitle: seat.subtitle, group: seat.group !== undefined })),
    speeds: SPEEDS,
  });

  const chatView = (seat: ChatSeat) => {
    const chatId = seat.group?.id ?? seat.user.chatId;
    const isAdmin = seat.group === undefined ? false : (emulator.chatInfo(chatId)?.admins ?? []).includes(seat.user.id);
    const action = chatAction(emulator, chatId);
    return {
      key: seat.key,
      title: seat.label,
      subtitle: seat.subtitle,
      me: seat.user.info.first_name,
      group: seat.group !== undefined,
      messages: messageViews(emulator, chatId),
      ...(action === undefined ? {} : { action }),
      commands: commandMenu(
        emulator,
        { id: chatId, type: seat.group?.type ?? "private" },
        { id: seat.user.id, languageCode: seat.user.info.language_code ?? "", isAdmin },
      ),
    };
  };

  const sandboxView = async () => {
    const people = cast.seats.filter((seat) => seat.group === undefined);
    const listed = await Promise.all(
      people.map(async (seat) => ({ seat, exchanges: await app.repos.transactions.listByUser(seat.user.id, 10) })),
    );
    const exchanges = listed.flatMap(({ seat, exchanges: own }) =>
      own.map((tx) => ({
        id: tx.exchangeId,
        owner: seat.label,
        pair: `${tx.amountFrom} ${tx.symbolFrom.toUpperCase()} → ${tx.symbolTo.toUpperCase()}`,
        status: tx.status,
        open: !isFinalStatus(tx.status),
        createdAt: tx.createdAt,
      })),
    );
    exchanges.sort((a, b) => b.createdAt - a.createdAt);
    return { now: clock.now(), speed: clock.speed, speeds: SPEEDS, exchanges };
  };

  const steerExchange = async (exchangeId: string, event: SteerEvent) => {
    const sandbox = app.sandbox;
    if (sandbox === undefined) throw new HttpError(409, "no sandbox");
    if ((await app.repos.transactions.find(exchangeId)) === undefined) throw new HttpError(404, "no such exchange");
    if (!sandbox.steer(exchangeId, event)) throw new HttpError(409, "this exchange has moved on already");
    logger.info({ exchangeId, event }, "the playground's sandbox moved an exchange on");
    // Look now rather than at the next poll, so its message comes within seconds.
    app.tracker
      .refresh(exchangeId)
      .then(notify, (error: unknown) => logger.warn({ err: error, exchangeId }, "the playground's status check after a change failed"));
    return sandboxView();
  };

  const notify = () => {
    version++;
    for (const res of events) res.write(`event: change\ndata: ${version}\n\n`);
  };

  const messageOf = (seat: ChatSeat, messageId: number): StoredMessage => {
    const chatId = seat.group?.id ?? seat.user.chatId;
    const message = emulator.messages(chatId).find((candidate) => candidate.message_id === messageId);
    if (message === undefined) throw new HttpError(404, "no such message");
    return message;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) logger.error({ err: error, url: req.url }, "a request to the playground failed");
      if (!res.headersSent) sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Another site in the same browser may not drive the bot (DNS rebinding, cross-site posts).
    if (!isLoopbackHost(req.headers.host)) throw new HttpError(403, "the playground answers on 127.0.0.1 only");
    // Only the page itself may post: its origin is this server's (an Origin is absent for curl and the like).
    if (!isAllowedOrigin(req.headers.origin, pageOrigins()))
      throw new HttpError(403, "the playground takes actions from its own page only");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const file = STATIC_FILES[url.pathname];
    if (file !== undefined && method === "GET") {
      res.writeHead(200, { "content-type": file.type, "cache-control": "no-store" }).end(readFileSync(new URL(file.file, WEB_DIR)));
      return;
    }
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (url.pathname === "/api/events" && method === "GET") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
      res.write(`event: change\ndata: ${version}\n\n`);
      events.add(res);
      req.on("close", () => events.delete(res));
      return;
    }
    const fileMatch = /^\/api\/files\/([^/]+)$/.exec(url.pathname);
    if (fileMatch && method === "GET") {
      const stored = emulator.file(decodeURIComponent(fileMatch[1] as string));
      if (stored?.data === undefined) throw new HttpError(404, "no such file");
      // A document goes out as a download under its own (sanitised) name; a photo is shown.
      const name = stored.filename?.replace(/[^A-Za-z0-9._-]/g, "_");
      const headers =
        name !== undefined && !name.endsWith(".png")
          ? {
              "content-type": name.endsWith(".csv") ? "text/csv; charset=utf-8" : "application/octet-stream",
              "content-disposition": `attachment; filename="${name}"`,
            }
          : { "content-type": imageType(stored.data) };
      res.writeHead(200, { ...headers, "cache-control": "max-age=3600", "x-content-type-options": "nosniff" }).end(stored.data);
      return;
    }
    if (!url.pathname.startsWith("/api/")) throw new HttpError(404, "not found");
    if (method === "POST" && !(req.headers["content-type"] ?? "").startsWith("application/json")) throw new HttpError(415, "send JSON");
    const body = method === "POST" ? await readJson(req) : {};
    sendJson(res, 200, await api(method, url.pathname, body));
  };

  let port = 0;
  const pageOrigins = () => ["127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}:${port}`);
  port = await listen(server, deps.port, deps.host);
  return {
    url: `http://${deps.host}:${port}/`,
    async close() {
      unsubscribe();
      clearTimeout(pending);
      for (const res of events) res.end();
      events.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`);
  return value;
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
        resolve(value as Record<string, unknown>);
      } catch {
        reject(new HttpError(400, "the body is not a JSON object"));
      }
    });
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify(payload));
}

function imageType(data: Uint8Array): string {
  if (data[0] === 0x89 && data[1] === 0x50) return "image/png";
  if (data[0] === 0xff && data[1] === 0xd8) return "image/jpeg";
  return "application/octet-stream";
}
