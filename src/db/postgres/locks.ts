/**
 * The advisory lock keys this bot takes, one per job, in one place so they never collide.
 * Advisory locks belong to one database, so two bots on two databases of a server do not meet.
 * "swap" in hex, then the job: far from the small numbers other software tends to pick.
 */
export const LOCK_KEYS = {
  /** Held (per transaction) while the schema is brought up to date. */
  migration: 0x7377_6170_0001,
  /** Held (per transaction) for each step of the rate budget's journal. */
  budget: 0x7377_6170_0002,
  /** Held (per session, on a connection of its own) by the process that polls Telegram. */
  instance: 0x7377_6170_0003,
} as const;
