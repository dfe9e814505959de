import { existsSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "./config-error.js";
import { maskPassword, postgresUrlProblem } from "./db/postgres/url.js";
import { parseConfirmingMinutes, type SlownessSettings } from "./domain/slowness.js";

export { ConfigError };

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .transform((value, ctx) => {
      if (!/^\d+$/.test(value) || Number(value) < 1) {
        ctx.addIssue({ code: "custom", message: `must be a whole number of at least 1, got "${value}"` });
        return z.NEVER;
      }
      return Number(value);
    });

const port = (fallback?: number) =>
  z
    .string()
    .trim()
    .default(fallback === undefined ? "" : String(fallback))
    .transform((value, ctx) => {
      if (value === "") return undefined;
      if (!/^\d+$/.test(value) || Number(value) > 65535) {
        // 0 takes any free port (tests); the port taken is logged.
        ctx.addIssue({ code: "custom", message: `must be a port number (0-65535), got "${value}"` });
        return z.NEVER;
      }
      return Number(value);
    });

const host = (fallback: string) => z.string().trim().default(fallback).pipe(z.string().min(1, "must not be empty"));

const url = (fallback?: string) => {
  const base = z.string().trim();
  return (fallback === undefined ? base : base.default(fallback)).transform((value, ctx) => {
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("scheme");
      return value.replace(/\/+$/, "");
    } catch {
      ctx.addIssue({ code: "custom", message: `must be an http(s) URL, got "${value}"` });
      return z.NEVER;
    }
  });
};

const envSchema = z.object({
  BOT_TOKEN: optionalString,
  TELEGRAM_API_ROOT: url("https://api.telegram.org"),
  EXCHANGE_API_URL: url("https://interfacev2.flashift.app/api/dev/v2").refine(
    (value) => value.endsWith("/api/dev/v2"),
    'must end with "/api/dev/v2"',
  ),
  EXCHANGE_API_KEY: optionalString,
  EXCHANGE_AUTH_SCHEME: z
    .string()
    .trim()
    .toLowerCase()
    .default("bearer")
    .pipe(z.enum(["bearer", "raw"], { message: 'must be "bearer" or "raw"' })),
  EXCHANGE_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  EXCHANGE_BACKGROUND_SHARE: z
    .string()
    .trim()
    .default("0.6")
    .transform((value, ctx) => {
      const share = Number(value);
      if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(value) || share <= 0 || share >= 1) {
        ctx.addIssue({ code: "custom", message: `must be a fraction between 0 and 1, got "${value}"` });
        return z.NEVER;
      }
      return share;
    }),
  DATABASE_PATH: z.string().trim().min(1).default("./data/bot.sqlite"),
  DATABASE_URL: optionalString.transform((value, ctx) => {
    const problem = value === undefined ? undefined : postgresUrlProblem(value);
    if (problem === undefined) return value;
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }),
  SUPPORT_USER_IDS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const parts = value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
      // "123456789" or "123456789:alice_support": the username is the operator's note; /verify goes
      // by the id and asks Telegram for its username now (a name can be given up and taken).
      const bad = parts.find((part) => !/^\d{1,15}(?::@?[A-Za-z0-9_]{4,32})?$/.test(part));
      if (bad !== undefined) {
        ctx.addIssue({ code: "custom", message: `must be comma-separated Telegram user ids (each optionally :username), got "${bad}"` });
        return z.NEVER;
      }
      return parts.map((part) => {
        const [id, username] = part.split(":");
        return { id: Number(id), username: username?.replace(/^@/, "") };
      });
    }),
  TRACKER_INTERVAL_SECONDS: positiveInt(60),
  ALERT_CHECK_MINUTES: positiveInt(10),
  SLOW_CONFIRMING_MINUTES: z
    .string()
    .default("")
    .transform((value, ctx) => {
      try {
        return parseConfirmingMinutes(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `must be network:minutes pairs, comma-separated: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  SLOW_EXCHANGING_MINUTES: positiveInt(30),
  SLOW_SENDING_MINUTES: positiveInt(30),
  LATE_AFTER_FACTOR: positiveInt(3),
  WEBHOOK_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value), "must be an http(s) URL")
      .optional(),
  ),
  WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16 to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule; 32 random ones are good)")
      .optional(),
  ),
  WEBHOOK_PORT: port(8080),
  WEBHOOK_HOST: host("0.0.0.0"),
  HEALTH_PORT: port(),
  HEALTH_HOST: host("127.0.0.1"),
  PLAYGROUND_PORT: port(3000),
  TELEGRAM_PACING: z
    .string()
    .trim()
    .toLowerCase()
    .default("on")
    .pipe(z.enum(["on", "off"], { message: 'must be "on" or "off"' })),
  SHUTDOWN_GRACE_SECONDS: positiveInt(8),
  LOG_FORMAT: z
    .string()
    .trim()
    .toLowerCase()
    .default("auto")
    .pipe(z.enum(["auto", "json", "pretty"], { message: "must be auto, json or pretty" })),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .default("info")
    .pipe(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      }),
    ),
});

export interface Config {
  botToken: string | undefined;
  telegramApiRoot: string;
  exchange: {
    /** Undefined when no key is set: the bot then runs the embedded sandbox. */
    apiKey: string | undefined;
    apiUrl: string;
    authScheme: "bearer" | "raw";
    rateLimitPerMinute: number;
    /** The most of the rate window that background work (polling, refreshes) may take. */
    backgroundShare: number;
  };
  databasePath: string;
  /** False when DATABASE_PATH was not given (the playground then uses a temporary file). */
  databasePathSet: boolean;
  /**
   * Set: the data is in PostgreSQL at this URL, and DATABASE_PATH is not used (the Docker image
   * sets it, so both being set is no mistake: databaseNote says so for the log).
   */
  databaseUrl: string | undefined;
  supportUserIds: number[];
  /** Usernames given with SUPPORT_USER_IDS (id:username), by id: a note only (/verify asks Telegram by id). */
  supportUsernames: Record<number, string>;
  trackerIntervalSeconds: number;
  /** The shortest time between two checks of one rate alert's pair and amount. */
  alertCheckMinutes: number;
  /** When an exchange is later than usual (src/domain/slowness.ts). */
  slowness: SlownessSettings;
  /** Set: Telegram pushes updates to this URL; unset: long polling. */
  webhook: { url: string; secret: string; port: number; host: string } | undefined;
  /** `/healthz` and `/metrics`; off when no port is set. */
  health: { port: number; host: string } | undefined;
  /** How long a stop waits for updates being handled before it gives up on them. */
  shutdownGraceMs: number;
  /** The playground's page (only without BOT_TOKEN), always on 127.0.0.1. */
  playgroundPort: number;
  /** Telegram's flood limits kept on our side (src/telegram/outbox.ts); off only for load tests on an emulator. */
  telegramPacing: boolean;
  /** auto: readable lines on a terminal, JSON otherwise. */
  logFormat: "auto" | "json" | "pretty";
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
}

/** Validates the environment; a wrong value throws one ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path[0] ?? "environment";
    throw new ConfigError(`Invalid ${String(variable)}: ${issue?.message ?? "invalid value"}`);
  }
  const e = result.data;
  if (e.WEBHOOK_URL !== undefined && e.WEBHOOK_SECRET === undefined) {
    throw new ConfigError(
      "Invalid WEBHOOK_SECRET: required when WEBHOOK_URL is set, so that only Telegram can deliver updates (e.g. `openssl rand -hex 32`)",
    );
  }
  return {
    botToken: e.BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    exchange: {
      apiKey: e.EXCHANGE_API_KEY,
      apiUrl: e.EXCHANGE_API_URL,
      authScheme: e.EXCHANGE_AUTH_SCHEME,
      rateLimitPerMinute: e.EXCHANGE_RATE_LIMIT_PER_MINUTE,
      backgroundShare: e.EXCHANGE_BACKGROUND_SHARE,
    },
    databasePath: e.DATABASE_PATH,
    databasePathSet: env.DATABASE_PATH !== undefined && env.DATABASE_PATH.trim() !== "",
    databaseUrl: e.DATABASE_URL,
    supportUserIds: e.SUPPORT_USER_IDS.map((staff) => staff.id),
    supportUsernames: Object.fromEntries(e.SUPPORT_USER_IDS.flatMap((staff) => (staff.username ? [[staff.id, staff.username]] : []))),
    trackerIntervalSeconds: e.TRACKER_INTERVAL_SECONDS,
    alertCheckMinutes: e.ALERT_CHECK_MINUTES,
    slowness: {
      confirmingMinutes: e.SLOW_CONFIRMING_MINUTES,
      exchangingMinutes: e.SLOW_EXCHANGING_MINUTES,
      sendingMinutes: e.SLOW_SENDING_MINUTES,
      lateFactor: e.LATE_AFTER_FACTOR,
    },
    webhook:
      e.WEBHOOK_URL === undefined || e.WEBHOOK_SECRET === undefined
        ? undefined
        : { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET, port: e.WEBHOOK_PORT ?? 8080, host: e.WEBHOOK_HOST },
    health: e.HEALTH_PORT === undefined ? undefined : { port: e.HEALTH_PORT, host: e.HEALTH_HOST },
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    playgroundPort: e.PLAYGROUND_PORT ?? 3000,
    telegramPacing: e.TELEGRAM_PACING === "on",
    logFormat: e.LOG_FORMAT,
    logLevel: e.LOG_LEVEL,
  };
}

/** The start-up log's line when DATABASE_PATH was given but DATABASE_URL wins over it. */
export const DATABASE_NOTE = "DATABASE_URL is set, so the data is in PostgreSQL and DATABASE_PATH is not used";

/** The fields of DATABASE_NOTE's line (the password masked), when it is to be said. */
export function databaseNote(
  config: Pick<Config, "databaseUrl" | "databasePath" | "databasePathSet">,
): { database: string; unusedPath: string } | undefined {
  if (config.databaseUrl === undefined || !config.databasePathSet) return undefined;
  return { database: maskPassword(config.databaseUrl), unusedPath: config.databasePath };
}

/** Loads `.env` into process.env when the file exists; real environment variables win. */
export function loadDotEnv(path = ".env"): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
