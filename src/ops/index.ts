/** What an operator reads: metrics, and the server for /healthz and /metrics. */
export { type FlowStep, type MetricSources, Metrics } from "./metrics.js";
export {
  databaseReadiness,
  type HealthCheck,
  type HealthResult,
  type OpsServer,
  READY_DATABASE_MS,
  type Readiness,
  startOpsServer,
} from "./server.js";
