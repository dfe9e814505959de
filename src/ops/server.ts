import { createServer, type Server } from "node:http";
import type { Logger } from "pino";
import { listen } from "../listen.js";
import type { Metrics } from "./metrics.js";

/**
 * One part's view of its health: ok, or the reason it is not. "degraded" is shown but does not
 * fail the check: something outside the process (the exchange service) that a restart would not mend.
 */
export type HealthCheck = () => HealthResult | Promise<HealthResult>;
export type HealthResult = { ok: true; degraded?: string } | { ok: false; reason: string };

export interface OpsServer {
  /** The port listened on (the one asked for, or the one taken for 0). */
  port: number;
  close(): Promise<void>;
}

/** Whether the process may take traffic now, and if not, what it is doing instead. */
export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * `/healthz`: whether the process is alive (200 when every check passes, 503 with the reasons
 * otherwise), `/readyz`: whether it may take traffic (200 once started, 503 while starting,
 * standing by or stopping, or while its database does not answer), both with the instance's
 * role; `/metrics` (Prometheus text). Meant for loopback or a private network: it tells nothing
 * secret, but nothing on it is for the public either.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  checks: Record<string, HealthCheck>;
  /** leader, follower or standby: shown by /healthz and /readyz. */
  role: () => string;
  /** May ask the database (see databaseReadiness); one that throws says not ready. */
  ready: () => Readiness | Promise<Readiness>;
  metrics: Metrics;
  logger: Logger;
}): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(body));
    };
    if (path === "/healthz") {
      void health(options.checks, options.role).then(({ healthy, body }) => json(healthy ? 200 : 503, body));
      return;
    }
    if (path === "/readyz") {
      void (async () => options.ready())()
        .catch((error: unknown): Readiness => ({ ready: false, reason: error instanceof Error ? error.message : String(error) }))
        .then((readiness) => {
          const role = options.role();
          json(
            readiness.ready ? 200 : 503,
            readiness.ready ? { status: "ready", role } : { status: "not ready", role, reason: readiness.reason },
          );
        });
      return;
    }
    if (path === "/metrics") {
      options.metrics.render().then(
        ({ contentType, body }) => {
          res.writeHead(200, { "content-type": contentType }).end(body);
        },
        (error: unknown) => {
          options.logger.error({ err: error }, "could not render the metrics");
          res.writeHead(500).end();
        },
      );
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("Not found: try /healthz, /readyz or /metrics\n");
  });
  const port = await listen(server, options.port, options.host);
  options.logger.info({ url: `http://${options.host}:${port}` }, "health and metrics are served (/healthz, /readyz, /metrics)");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * How long /readyz waits for the database's answer before it says not ready: a replica whose
 * database hangs must leave the balancer's rotation (Caddy checks every 2 s and waits 2 s for
 * the answer; the database answers a `SELECT 1` in a millisecond or two).
 */
export const READY_DATABASE_MS = 2_000;

/**
 * Readiness that asks the database: ready when `probe` (a `SELECT 1`) answers within `waitMs`.
 * One probe at a time: checks that come while one is out wait for its answer (each at most
 * `waitMs`), so a database that hangs does not collect a pile of them.
 */
export function databaseReadiness(probe: () => Promise<unknown>, waitMs = READY_DATABASE_MS): () => Promise<Readiness> {
  let out: Promise<Readiness> | undefined;
  return async () => {
    const answer = (out ??= probe()
      .then(
        (): Readiness => ({ ready: true }),
        (error: unknown): Readiness => ({
          ready: false,
          reason: `the database did not answer: ${error instanceof Error ? error.message : String(error)}`,
        }),
      )
      .finally(() => {
        out = undefined;
      }));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: `no answer from the database within ${waitMs / 1000} s` }), waitMs);
    });
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Every check's answer (one that throws or rejects fails with its message), and the verdict. */
async function health(checks: Record<string, HealthCheck>, roleOf: () => string): Promise<{ healthy: boolean; body: unknown }> {
  const failing: Record<string, string> = {};
  const degraded: Record<string, string> = {};
  for (const [name, check] of Object.entries(checks)) {
    let result: HealthResult;
    try {
      result = await check();
    } catch (error) {
      result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) failing[name] = result.reason;
    else if (result.degraded !== undefined) degraded[name] = result.degraded;
  }
  const healthy = Object.keys(failing).length === 0;
  const shown = Object.keys(degraded).length === 0 ? {} : { degraded };
  // Read after the checks: a role that changed meanwhile is shown as it is now.
  const role = roleOf();
  return {
    healthy,
    body: healthy ? { status: shown.degraded ? "degraded" : "ok", role, ...shown } : { status: "unhealthy", role, failing, ...shown },
  };
}
