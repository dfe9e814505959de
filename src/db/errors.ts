import { ConfigError } from "../config-error.js";

/**
 * The database cannot be used as configured (unreachable, refused, missing, written by a newer
 * bot): the message is one sentence for the operator, without secrets, that says what to do.
 * A ConfigError, so whatever prints those (one line, no stack) prints these too.
 */
export class DatabaseConfigError extends ConfigError {
  override name = "DatabaseConfigError";
}

/** The same sentence for SQLite's user_version and PostgreSQL's schema_version. */
export function newerSchemaMessage(found: number, known: number): string {
  return `the database was written by a newer version of the bot (schema ${found}; this one knows ${known}): upgrade the bot`;
}
