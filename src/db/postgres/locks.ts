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
  /**
   * Held (per session) by the leader of versions before the leader's lease (issue 38); no longer
   * taken. Kept so that no other job ever reuses the key while such a version may still run.
   */
  formerLeader: 0x7377_6170_0003,
} as const;

/**
 * Transaction locks on one person's rows of a kind (two keys: the kind, and the person's id
 * hashed to 32 bits), for "count, then insert" steps that READ COMMITTED would let two
 * transactions take at once. Two-key advisory locks never meet the one-key ones above.
 */
export const PERSON_LOCK_KINDS = {
  /** Counting a person's open rate alerts before adding one. */
  alerts: 0x7377_0001,
  /** Looking up and counting a person's saved addresses before adding one. */
  addresses: 0x7377_0002,
} as const;
