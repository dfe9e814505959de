import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { STOP_CLOSING_MS } from "../../src/app.js";
import { type Config, loadConfig } from "../../src/config.js";

/**
 * compose.yaml, the worked example of several instances, cannot run here (no container engine):
 * what it promises is checked against the bot's own configuration instead. Each replica's
 * environment is built as Docker would build it (the image's ENV, then `env_file: .env` made
 * from .env.example as its header says, then `environment:`), loaded by the bot's loadConfig,
 * and held against Caddy's balancing and the replica's health check.
 */

interface Service {
  build?: unknown;
  image?: string;
  env_file?: string | string[];
  /** A name without a value (null) passes that variable through from the shell or .env, or leaves it unset. */
  environment?: Record<string, string | null>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  depends_on?: string[] | Record<string, unknown>;
  configs?: { source: string; target: string }[];
}

const compose = parse(readFileSync("compose.yaml", "utf8")) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
};

/** The image's ENV line (the run stage's, the last one). */
function imageEnv(): Record<string, string> {
  const lines = readFileSync("Dockerfile", "utf8")
    .split("\n")
    .filter((line) => line.startsWith("ENV "));
  return Object.fromEntries(
    lines
      .at(-1)!
      .slice(4)
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
}

/** .env as the compose header tells an operator to make it: .env.example with what they fill in. */
const dotEnv: Record<string, string> = {
  ...(parseEnv(readFileSync(".env.example", "utf8")) as Record<string, string>),
  BOT_TOKEN: "123456:an-operators-token",
  EXCHANGE_API_KEY: "an-operators-key",
  WEBHOOK_SECRET: "a".repeat(32),
  POSTGRES_PASSWORD: "0123456789abcdef",
  POSTGRES_ADMIN_PASSWORD: "fedcba9876543210",
  BOT_DOMAIN: "bot.example.com",
};

/** Compose's interpolation: ${NAME}, ${NAME:?message}, and $$ for a dollar. */
function interpolate(value: string): string {
  return value.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?::\?[^}]*)?\}/g, (whole, name: string | undefined) => {
    if (name === undefined) return "$";
    const found = dotEnv[name];
    if (found === undefined || found === "") throw new Error(`compose.yaml needs ${name} in .env`);
    return found;
  });
}

const botServices = Object.entries(compose.services).filter(([, service]) => service.image?.startsWith("swap-bot"));

/** What a service's container gets from compose (its env_file, then `environment:`), before the image's ENV. */
function composedEnv(service: Service): Record<string, string> {
  expect(Array.isArray(service.environment), "environment: as a map").toBe(false);
  const envFiles = [service.env_file ?? []].flat();
  const environment = Object.entries(service.environment ?? {}).flatMap(([name, value]): [string, string][] => {
    if (value !== null) return [[name, interpolate(String(value))]];
    // Passed through: the value compose has for it (the shell's, then .env's), or not set at all.
    const found = dotEnv[name];
    return found === undefined ? [] : [[name, found]];
  });
  return { ...(envFiles.includes(".env") ? dotEnv : {}), ...Object.fromEntries(environment) };
}

/** A replica's whole environment: the image's ENV, then what compose gives it. */
function containerEnv(service: Service): Record<string, string> {
  return { ...imageEnv(), ...composedEnv(service) };
}

function configOf(service: Service): Config {
  return loadConfig(containerEnv(service));
}

/** The bot's own variables: every one .env.example documents, set or commented out (src/config.ts reads them all). */
const botVariables = [...readFileSync(".env.example", "utf8").matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);

const caddyfile = interpolate(compose.configs.caddyfile!.content);

function seconds(duration: string): number {
  const match = /^(\d+)s$/.exec(duration);
  if (!match) throw new Error(`not a duration in seconds: ${duration}`);
  return Number(match[1]);
}

describe("compose.yaml, the worked example of several instances", () => {
  it("runs three replicas of the bot, on PostgreSQL, taking webhooks", () => {
    expect(botServices.map(([name]) => name)).toEqual(["bot1", "bot2", "bot3"]);
    for (const [, service] of botServices) {
      const config = configOf(service);
      expect(config.databaseUrl).toBe("postgres://swapbot:0123456789abcdef@postgres:5432/swapbot");
      expect(config.webhook).toMatchObject({ url: "https://bot.example.com/telegram/hook", host: "0.0.0.0" });
    }
  });

  it("connects the bot as a role of its own that owns its database, never as the cluster's superuser", () => {
    const postgres = compose.services.postgres!;
    const env = Object.fromEntries(Object.entries(postgres.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]));
    // The image's superuser is POSTGRES_USER ("postgres" when unset).
    const superuser = env.POSTGRES_USER ?? "postgres";
    // The image runs what is in /docker-entrypoint-initdb.d once, on an empty volume.
    const mounted = postgres.configs?.find((config) => /^\/docker-entrypoint-initdb\.d\/[^/]+\.sh$/.test(config.target));
    expect(mounted).toBeDefined();
    const init = interpolate(compose.configs[mounted!.source]!.content);
    expect(init).toContain('--username "$POSTGRES_USER"');
    expect(init).toContain('-v password="$SWAPBOT_PASSWORD"');
    for (const [, service] of botServices) {
      const url = new URL(configOf(service).databaseUrl!);
      const user = decodeURIComponent(url.username);
      expect(user).not.toBe(superuser);
      expect(init).toMatch(
        new RegExp(`^CREATE ROLE ${user} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'password';$`, "m"),
      );
      expect(init).toMatch(new RegExp(`^CREATE DATABASE ${url.pathname.slice(1)} OWNER ${user};$`, "m"));
      // The role gets the password the bot connects with; the superuser's is another.
      expect(decodeURIComponent(url.password)).toBe(env.SWAPBOT_PASSWORD);
      expect(env.POSTGRES_PASSWORD).not.toBe(env.SWAPBOT_PASSWORD);
      // Healthy only once the bot's role and database exist (over TCP: not the init scripts' server).
      expect(postgres.healthcheck?.test.join(" ")).toContain(`pg_isready -h 127.0.0.1 -U ${user} -d ${url.pathname.slice(1)}`);
    }
  });

  it("gives each replica only what the bot reads, and never the PostgreSQL admin password", () => {
    const admin = dotEnv.POSTGRES_ADMIN_PASSWORD!;
    // Neither used by a replica: the data is in PostgreSQL, and with a token there is no playground.
    const unused = ["DATABASE_PATH", "PLAYGROUND_PORT"];
    for (const [name, service] of botServices) {
      const env = containerEnv(service);
      const composed = Object.keys(composedEnv(service));
      expect(
        Object.entries(env)
          .filter(([, value]) => value.includes(admin))
          .map(([variable]) => variable),
        name,
      ).toEqual([]);
      // Not the operator's whole .env (the cluster superuser's password is there, and whatever else they keep there).
      expect([service.env_file ?? []].flat(), name).toEqual([]);
      expect(
        composed.filter((variable) => !botVariables.includes(variable)),
        name,
      ).toEqual([]);
      // …yet every setting of the bot's an operator writes in .env reaches it.
      expect(
        botVariables.filter((variable) => !unused.includes(variable) && !Object.keys(service.environment ?? {}).includes(variable)),
        name,
      ).toEqual([]);
    }
  });

  it("serves each replica's /readyz where Caddy and the health check ask it, and balances over every replica's webhook port", () => {
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    const healthPort = Number(/^\s*health_port (\d+)$/m.exec(caddyfile)?.[1]);
    expect(upstreams).toEqual(botServices.map(([name, service]) => `${name}:${configOf(service).webhook!.port}`));
    for (const [, service] of botServices) {
      const config = configOf(service);
      // Off, Caddy would find no replica ready and the image's HEALTHCHECK would fail.
      expect(config.health).toEqual({ port: healthPort, host: "0.0.0.0" });
      expect(service.healthcheck?.test.join(" ")).toContain(`http://127.0.0.1:${healthPort}/readyz`);
    }
  });

  it("gives each replica longer to stop than it may take (its grace, then closing), and starts Caddy after every replica", () => {
    for (const [, service] of botServices) {
      expect(seconds(service.stop_grace_period ?? "10s") * 1000).toBeGreaterThan(configOf(service).shutdownGraceMs + STOP_CLOSING_MS);
    }
    const caddyDependsOn = compose.services.caddy?.depends_on;
    expect(Array.isArray(caddyDependsOn) ? caddyDependsOn : Object.keys(caddyDependsOn ?? {})).toEqual(botServices.map(([name]) => name));
  });
});
