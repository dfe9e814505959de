/** What an operator reads: metrics, and the server for /healthz and /metrics. */
export { Metrics, type FlowStep, type MetricSources } from "./metrics.js";
export { databaseReadiness, READY_DATABASE_MS, startOpsServer, type HealthCheck, type HealthResult, type OpsServer, type Readiness } from "./server.js";
