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
 * standing by or stopping), both with the instance's role; `/metrics` (Prometheus text). Meant
 * for loopback or a private network: it tells nothing secret, but nothing on it is for the public either.
 */
export async function startOpsServer(options: {
  port: number;
  host: string;
  checks: Record<string, HealthCheck>;
  /** leader, follower or standby: shown by /healthz and /readyz. */
  role: () => string;
  ready: () => Readiness;
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
      const readiness = options.ready();
      const role = options.role();
      json(readiness.ready ? 200 : 503, readiness.ready ? { status: "ready", role } : { status: "not ready", role, reason: readiness.reason });
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
  return { healthy, body: healthy ? { status: shown.degraded ? "degraded" : "ok", role, ...shown } : { status: "unhealthy", role, failing, ...shown } };
}
