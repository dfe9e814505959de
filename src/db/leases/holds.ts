import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { anyRow, type PerBackEnd } from "./back-end.js";
import type { HeldBy } from "./updates.js";

/**
 * Whether `owner` holds the lease with this token; PostgreSQL locks its row to the end of the
 * transaction (a claim cannot come between this and what the transaction does next).
 */
export const holds: PerBackEnd<(db: Kysely<Schema>, lease: HeldBy) => Promise<boolean>> = {
  postgres: (db, { chatKey, owner, token }) =>
    anyRow(db, "SELECT 1 AS held FROM chat_leases WHERE chat_key = $1 AND owner = $2 AND token = $3 FOR UPDATE", [chatKey, owner, token]),
  sqlite: (db, { chatKey, owner, token }) =>
    anyRow(db, "SELECT 1 AS held FROM chat_leases WHERE chat_key = ? AND owner = ? AND token = ?", [chatKey, owner, token]),
};
