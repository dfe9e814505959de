import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { anyRow, DB_NOW, type PerBackEnd, sqliteNow } from "./back-end.js";

/** Whether someone holds the lease now (its end is still ahead on the database's clock). */
export const heldNow: PerBackEnd<(db: Kysely<Schema>, args: { chatKey: string }) => Promise<boolean>> = {
  postgres: (db, { chatKey }) =>
    anyRow(db, `SELECT 1 AS held FROM chat_leases WHERE chat_key = $1 AND owner <> '' AND until > ${DB_NOW}`, [chatKey]),
  sqlite: (db, { chatKey }) =>
    anyRow(db, "SELECT 1 AS held FROM chat_leases WHERE chat_key = ? AND owner <> '' AND until > ?", [chatKey, sqliteNow()]),
};
