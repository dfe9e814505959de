import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type Bot, type Context, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { listen } from "../listen.js";
import { Backoff, type RetryTiming, reasonOf, sleep } from "./backoff.js";
import { TokenRefusedError } from "./connect.js";
import { type AcceptUpdates, ALLOWED_UPDATES, type UpdateFeed } from "./feed.js";

/** Telegram's updates are small; anything bigger is not from Telegram. */
const MAX_BODY_BYTES = 1_000_000;
/** Refused requests are logged at most this often (a scanner must not flood the log). */
const REFUSAL_LOG_EVERY_MS = 60_000;
/**
 * How long a delivery waits for its update to be stored before it is answered 503: a database
 * that hangs must not hold Telegram's delivery (and, behind it, the chat's next ones) for ever.
 * Telegram delivers a 503 again, to this replica or another; one stored late all the same is
 * taken once (the inbox keeps one row per update_id). Storing takes milliseconds; a few seconds
 * leave room for a busy moment, and stay well inside the minute Telegram waits for an answer.
 */
export const WEBHOOK_STORE_MS = 5_000;

export interface WebhookOptions {
  /** The public URL Telegram posts to; its path is the one served. */
  url: string;
  /** Sent back by Telegram in X-Telegram-Bot-Api-Secret-Token; anything else gets 401. */
  secret: string;
  port: number;
  host: string;
  logger: Logger;
  signal: AbortSignal;
  /** Stores an update (the inbox); Telegram gets its 200 only once it is stored. */
  accept: AcceptUpdates;
  retry?: RetryTiming;
  /** How long storing an update may take before the delivery is answered 503 (default WEBHOOK_STORE_MS). */
  storeTimeoutMs?: number;
}

/**
 * Telegram pushes updates to our HTTP server. Each request is answered as soon as its update
 * is stored in the inbox (Telegram waits for nobody's handler); one the database did not take
 * gets a 500, one it did not take within WEBHOOK_STORE_MS a 503, and Telegram delivers it again.
 * Resolves once the webhook is set, or undefined
 * when `signal` ended the attempts first.
 */
export async function startWebhook<C extends Context>(
  bot: Bot<C>,
  options: WebhookOptions,
): Promise<(UpdateFeed & { port: number; close(): Promise<void> }) | undefined> {
  const { logger } = options;
  const path = new URL(options.url).pathname;
  const secret = Buffer.from(options.secret);
  let accepting = true;
  /** Requests whose update is being stored: a stop waits for them. */
  const storing = new Set<Promise<void>>();
  let webhookSet = false;
  let lastRefusalLogAt = -Infinity;

  const refuse = (status: number, why: string, res: ServerResponse) => {
    res.writeHead(status, { "content-type": "text/plain" }).end(`${why}\n`);
    if (Date.now() - lastRefusalLogAt >= REFUSAL_LOG_EVERY_MS) {
      lastRefusalLogAt = Date.now();
      logger.warn({ status, why }, "a webhook request was refused (logged once a minute)");
    }
  };

  const server = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) return void res.writeHead(404).end();
    if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
    if (!secretMatches(req, secret)) return refuse(401, "wrong or missing secret token", res);
    // Stopping: Telegram keeps the update and delivers it to the next process.
    if (!accepting) return void res.writeHead(503, { "retry-after": "1" }).end();
    readBody(req).then(
      (body) => {
        const update = parseUpdate(body);
        if (!update) return refuse(400, "not a Telegram update", res);
        if (!accepting) return void res.writeHead(503, { "retry-after": "1" }).end();
        const stored = answerWithin(options.accept([update]), options.storeTimeoutMs ?? WEBHOOK_STORE_MS).then(
          (inTime) => {
            if (inTime) return void res.writeHead(200).end();
            logger.error(
              { updateId: update.update_id, waitedMs: options.storeTimeoutMs ?? WEBHOOK_STORE_MS },
              "an update was not stored in time, so Telegram is answered 503 and delivers it again",
            );
            res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("not stored in time\n");
          },
          (error: unknown) => {
            logger.error(
              { err: error, updateId: update.update_id },
              "an update could not be stored, so Telegram is answered 500 and delivers it again",
            );
            res.writeHead(500, { "content-type": "text/plain" }).end("not stored\n");
          },
        );
        storing.add(stored);
        void stored.finally(() => storing.delete(stored));
      },
      (error: unknown) => {
        if (error instanceof BodyTooLargeError) refuse(413, "too large", res);
        else res.destroy();
      },
    );
  });
  // Telegram keeps connections open between deliveries; nothing of ours waits on them.
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, options.port, options.host);
  // A request still open then is dropped: Telegram delivers its update again (a stop has answered every stored one).
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  // Only once we listen does Telegram learn where to deliver.
  const backoff = new Backoff(options.retry?.firstMs, options.retry?.maxMs);
  while (!webhookSet) {
    try {
      await bot.api.setWebhook(options.url, { secret_token: options.secret, allowed_updates: [...ALLOWED_UPDATES] });
      webhookSet = true;
    } catch (error) {
      if (error instanceof GrammyError && error.error_code === 401) {
        await closeServer();
        throw new TokenRefusedError(`401 ${error.description}`);
      }
      const waitMs = backoff.next();
      logger.warn({ reason: reasonOf(error), retryInSeconds: waitMs / 1000 }, "could not set the webhook, and tries again after a wait");
      await sleep(waitMs, options.signal);
      if (options.signal.aborted) {
        await closeServer();
        return undefined;
      }
    }
  }
  logger.info({ url: redactPath(options.url), port }, "webhook set, so Telegram delivers updates to this process");

  return {
    port,
    /** From now on every delivery is answered 503 (until close()), for Telegram to deliver it to another process. */
    async stop() {
      accepting = false;
      // Requests whose update is being stored get their answer (200, or 500 and a repeat).
      await Promise.all(storing);
    },
    close: closeServer,
    // The webhook is set; a process stopping is not stuck, it is alive until it exits.
    health: () => ({ ok: true }),
  };
}

/** Whether `work` resolves within `ms` (its rejection is passed on; a late one is ignored). */
async function answerWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  work.catch(() => {});
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

function secretMatches(req: IncomingMessage, expected: Buffer): boolean {
  const header = req.headers["x-telegram-bot-api-secret-token"];
  if (typeof header !== "string") return false;
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

class BodyTooLargeError extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseUpdate(body: string): Update | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== "object" || value === null) return undefined;
    const id = (value as { update_id?: unknown }).update_id;
    return Number.isSafeInteger(id) ? (value as Update) : undefined;
  } catch {
    return undefined;
  }
}

/** The webhook's path may carry a token-like secret of its own; logs show the origin only. */
function redactPath(url: string): string {
  return new URL(url).origin;
}
