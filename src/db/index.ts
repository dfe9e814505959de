import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Clock } from "../clock.js";
import { AddressBook } from "./addresses.js";
import { AlertRepository } from "./alerts.js";
import { AuditLog } from "./audit.js";
import { CatalogueRepository } from "./catalogue.js";
import { CreateRequestRepository } from "./create-requests.js";
import { CardRepository } from "./exchanges/card.js";
import { NoticeRepository } from "./exchanges/notices.js";
import { TransactionRepository } from "./exchanges/record.js";
import { ScheduleRepository } from "./exchanges/schedule.js";
import { InboxRepository } from "./inbox.js";
import { InstanceRepository } from "./instances.js";
import { KeyValueStore } from "./kv.js";
import { LeaseRepository } from "./leases/repository.js";
import type { Store } from "./store.js";
import { UserRepository } from "./users.js";

export type { SavedAddress } from "./addresses.js";
export type { AlertEnd, RateAlert } from "./alerts.js";
export type { AuditEntry } from "./audit.js";
export { type Grant, SqliteBudgetJournal } from "./budget-journal.js";
export type { CurrencyRecord, ProviderRecord } from "./catalogue.js";
export type { CreateRequestDetails, CreateRequestRecord, CreateRequestState } from "./create-requests.js";
export { isUnknownOutcome, REQUEST_KEY_PATTERN, requestKeyOf, UNKNOWN_AFTER_MS } from "./create-requests.js";
export { type Db, migrate, openDatabase, runMigrationWork } from "./database.js";
export type { NewTransaction, NextPoll, ObservedState, StatusChange, TransactionRecord } from "./exchanges/record.js";
export type { ClaimedUpdate, NewInboxUpdate } from "./inbox.js";
export { type HeldInstanceLock, InstanceLock, waitForInstanceLock } from "./instance-lock.js";
export { BEAT_MS, GONE_AFTER_MS } from "./instances.js";
export { type CardClaim, LANES, type Lane, POLL_RANK, type PollRank, type Schema, type StopReason } from "./schema.js";
export { type Dialect, openSqliteStore, type SqliteStore, type Store } from "./store.js";
export type { UserRecord } from "./users.js";
export {
  AddressBook,
  AlertRepository,
  AuditLog,
  CardRepository,
  CatalogueRepository,
  CreateRequestRepository,
  InboxRepository,
  InstanceRepository,
  KeyValueStore,
  LeaseRepository,
  NoticeRepository,
  ScheduleRepository,
  TransactionRepository,
  UserRepository,
};

export interface Repositories {
  users: UserRepository;
  /** Exchange records (src/db/exchanges/record.ts). */
  transactions: TransactionRepository;
  /** The tracker's poll schedule (schedule.ts). */
  schedule: ScheduleRepository;
  /** The notifier's status messages (notices.ts). */
  notices: NoticeRepository;
  /** The creation card's state machine (card.ts). */
  cards: CardRepository;
  catalogue: CatalogueRepository;
  kv: KeyValueStore;
  createRequests: CreateRequestRepository;
  audit: AuditLog;
  addresses: AddressBook;
  alerts: AlertRepository;
  inbox: InboxRepository;
  /** Leases on keys that are not chats' (the leader's: src/fleet/leadership.ts). */
  leases: LeaseRepository;
  instances: InstanceRepository;
}

/**
 * Every repository, on one store (SQLite or PostgreSQL: the same code). `owner`: this process as
 * the registry names it (src/cluster/), recorded with the claims it makes (the card, a status
 * message it sends, an owed creation outcome it tells); a process's own by default.
 */
export function createRepositories(store: Store, clock: Clock, owner: string = defaultOwner()): Repositories {
  const transactions = new TransactionRepository(store, clock);
  return {
    users: new UserRepository(store, clock),
    transactions,
    schedule: new ScheduleRepository(store, clock, owner),
    notices: new NoticeRepository(store, owner, clock),
    cards: new CardRepository(store, owner, clock),
    catalogue: new CatalogueRepository(store),
    kv: new KeyValueStore(store, clock),
    createRequests: new CreateRequestRepository(store, clock, transactions, owner),
    audit: new AuditLog(store, clock),
    addresses: new AddressBook(store, clock),
    alerts: new AlertRepository(store, clock),
    inbox: new InboxRepository(store, clock),
    leases: new LeaseRepository(store),
    instances: new InstanceRepository(store),
  };
}

/** A process's name as src/app.ts makes it: host, pid and a few random bytes (unique among the processes on a database). */
export function defaultOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}
