/**
 * DATABASE_URL as the operator wrote it: checked before anything connects, and shown in
 * messages with its password masked. No pg import here: config.ts uses it too.
 */

const EXAMPLE = "postgres://user:password@host:5432/database";

/** Why `url` is not a PostgreSQL URL this bot accepts, or undefined when it is one. */
export function postgresUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `must be a PostgreSQL URL such as ${EXAMPLE}, got "${maskPassword(url)}", which does not parse as a URL (special characters in the password must be percent-encoded)`;
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    return `must be a PostgreSQL URL such as ${EXAMPLE}, got "${maskPassword(url)}" (the bot stores its data in PostgreSQL, or in SQLite with DATABASE_PATH)`;
  }
  return undefined;
}

/** `url` with its password (if any) replaced by ****: for messages and logs. */
export function maskPassword(url: string): string {
  // By hand rather than through URL: it must also mask what URL cannot parse, such as an "@",
  // ":" or "/" left unencoded in the password. The user info runs from "//" to the last "@"
  // before the query, so a stray character masks too much rather than too little.
  const start = url.indexOf("//");
  if (start < 0) return url;
  const rest = url.slice(start + 2);
  const queryAt = rest.search(/[?#]/);
  const head = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const at = head.lastIndexOf("@");
  const colon = head.indexOf(":");
  if (at < 0 || colon < 0 || colon > at) return url;
  return `${url.slice(0, start + 2)}${head.slice(0, colon)}:****${rest.slice(at)}`;
}

/** The password in `url` (decoded), to be kept out of logs; undefined when there is none. */
export function urlPassword(url: string): string | undefined {
  try {
    const password = new URL(url).password;
    return password === "" ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}

/** Where the bot connects, as pg reads DATABASE_URL (and the PG* variables): for messages. */
export interface PostgresTarget {
  /** host:port, or the socket folder and port. */
  endpoint: string;
  host: string;
  port: number;
  user: string;
  database: string;
  /** The URL with its password masked. */
  url: string;
  /** Strings never to show (the password). */
  secrets: string[];
}
