import { createRequire } from "node:module";
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger };

export interface LoggerOptions {
  level: string;
  /** auto: readable lines when stdout is a terminal (and pino-pretty is installed), JSON otherwise. */
  format?: "auto" | "json" | "pretty";
  /** Strings that must never appear in a log line: the bot token, the exchange key. */
  secrets?: readonly (string | undefined)[];
  /** Where lines go (tests); default stdout. */
  destination?: DestinationStream;
}

const CENSOR = "[redacted]";

/**
 * Structured logs: JSON in production, readable lines on a terminal. Secrets are cut out of
 * the finished line, wherever they hide (an error message quoting a Bot API URL holds the
 * token), so no field name has to be known in advance.
 */
export function createLogger(options: LoggerOptions): Logger {
  const redact = redactor(options.secrets ?? []);
  const pretty =
    options.format === "pretty" || (options.format !== "json" && options.destination === undefined && process.stdout.isTTY === true);
  const transport =
    pretty && options.destination === undefined && prettyInstalled()
      ? pino.transport({ target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l" } })
      : undefined;
  return pino(
    {
      level: options.level,
      base: undefined,
      redact: { paths: ["*.authorization", "*.headers.authorization", "token", "apiKey"], censor: CENSOR },
      hooks: { streamWrite: redact },
    },
    (transport as DestinationStream | undefined) ?? options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** Replaces every secret, in its raw, JSON-escaped and URL-encoded forms, with a marker. */
export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    // Short strings would censor ordinary words; real tokens and keys are long.
    if (secret === undefined || secret.length < 8) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of ordered) if (out.includes(form)) out = out.split(form).join(CENSOR);
    return out;
  };
}

/** pino-pretty is a development dependency: a pruned production install logs JSON. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}
