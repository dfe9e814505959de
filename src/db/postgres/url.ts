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
    return `must be a PostgreSQL URL such as ${EXAMPLE}, got "${maskPassword(url)}", which does not parse as a URL (${ENCODE_HINT})`;
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    return (
      `must be a PostgreSQL URL such as ${EXAMPLE}, got "${maskPassword(url)}" (the bot stores its ` +
      `data in PostgreSQL, or in SQLite with DATABASE_PATH)`
    );
  }
  // Parsed, but not as written: an unencoded "#", "?" or "/" in the password ends the host part
  // early, and pg would connect elsewhere, with no password or a piece of it.
  if (splitUserInfo(url).guessed) {
    return (
      `must be a PostgreSQL URL such as ${EXAMPLE}, got "${maskPassword(url)}", whose password or ` +
      `host does not read as meant (${ENCODE_HINT})`
    );
  }
  return undefined;
}

const ENCODE_HINT = "special characters in the password must be percent-encoded: # as %23, ? as %3F, / as %2F, @ as %40, % as %25";

/** `url` with its password (if any) replaced by ****: for messages and logs. */
export function maskPassword(url: string): string {
  const { head, password, tail } = splitUserInfo(url);
  return password === undefined ? url : `${head}****${tail}`;
}

/** The password in `url` (decoded when it decodes), to be kept out of logs; undefined when there is none. */
export function urlPassword(url: string): string | undefined {
  return urlSecrets(url).at(-1);
}

/**
 * Every form of the password in `url` that a message might quote: as written, and decoded
 * (percent-encoding undone) when that differs. Empty when there is none.
 */
export function urlSecrets(url: string): string[] {
  const { password } = splitUserInfo(url);
  if (password === undefined || password === "") return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A "%" not followed by two hex digits: shown as written, if ever.
  }
  return decoded === password ? [password] : [password, decoded];
}

/**
 * `url` cut around its password: `head` up to the ":" before it, `password` as written
 * (undefined when there is none), `tail` from the "@" after it. By hand rather than through URL
 * alone: an operator may leave "#", "?", "/", "@" or "%" unencoded in the password, and URL then
 * fails, or reads a piece of the password as the host, the path, the query or the fragment.
 * URL's reading is taken when nothing says otherwise; else (`guessed`) the user info runs from
 * "//" to the last "@" of the whole URL, so that a stray character masks too much rather than
 * too little.
 */
function splitUserInfo(url: string): { head: string; password: string | undefined; tail: string; guessed: boolean } {
  const none = { head: url, password: undefined, tail: "", guessed: false };
  const start = url.indexOf("//");
  if (start < 0) return none;
  const rest = url.slice(start + 2);
  const authorityEnd = ((at) => (at < 0 ? rest.length : at))(rest.search(/[/?#]/));
  const authority = rest.slice(0, authorityEnd);
  const after = rest.slice(authorityEnd);
  const cut = (at: number, guessed: boolean) => {
    const userInfo = rest.slice(0, at);
    const colon = userInfo.indexOf(":");
    if (colon < 0) return { ...none, guessed };
    return { head: url.slice(0, start + 2 + colon + 1), password: userInfo.slice(colon + 1), tail: rest.slice(at), guessed };
  };
  // An "@" past the host is expected only in a query parameter's value (application_name=x@y);
  // anywhere else (the path, the fragment, a query that is no parameter) it ends a password
  // holding a "/", "?" or "#".
  const strayAt =
    after.includes("@") &&
    !after
      .split(/[?&]/)
      .every((part, index) => !part.includes("@") || (index > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(part) && !part.includes("#")));
  let parses = true;
  try {
    new URL(url);
  } catch {
    parses = false;
  }
  if (parses && !strayAt) {
    const at = authority.lastIndexOf("@");
    return at < 0 ? none : cut(at, false);
  }
  const last = rest.lastIndexOf("@");
  if (last < 0) return { ...none, guessed: !parses };
  return cut(last, true);
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
