import { pino, type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout; the API key and bot token never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["*.authorization", "*.headers.authorization", "token", "apiKey"], censor: "[redacted]" },
  });
}
