import type { Clock } from "../clock.js";
import { AddressBook } from "./addresses.js";
import { AlertRepository } from "./alerts.js";
import { AuditLog } from "./audit.js";
import { CatalogueRepository } from "./catalogue.js";
import { CreateRequestRepository } from "./create-requests.js";
import { InboxRepository } from "./inbox.js";
import { InstanceRepository } from "./instances.js";
import { KeyValueStore } from "./kv.js";
import type { Store } from "./store.js";
import { TransactionRepository } from "./transactions.js";
import { UserRepository } from "./users.js";

export { openSqliteStore, type Dialect, type SqliteStore, type Store } from "./store.js";
export { openDatabase, migrate, runMigrationWork, type Db } from "./database.js";
export { SqliteBudgetJournal, type Grant } from "./budget-journal.js";
export { InstanceLock, waitForInstanceLock, type HeldInstanceLock } from "./instance-lock.js";
export { LANES, POLL_RANK, type CardClaim, type Lane, type PollRank, type Schema, type StopReason } from "./schema.js";
export type { TransactionRecord, NewTransaction, NextPoll, ObservedState, StatusChange } from "./transactions.js";
export type { UserRecord } from "./users.js";
export type { SavedAddress } from "./addresses.js";
export type { AlertEnd, RateAlert } from "./alerts.js";
export type { CurrencyRecord, ProviderRecord } from "./catalogue.js";
export type { CreateRequestDetails, CreateRequestRecord, CreateRequestState } from "./create-requests.js";
export { REQUEST_KEY_PATTERN, UNKNOWN_AFTER_MS, isUnknownOutcome, requestKeyOf } from "./create-requests.js";
export type { AuditEntry } from "./audit.js";
export type { ClaimedUpdate, NewInboxUpdate } from "./inbox.js";
export { AddressBook, AlertRepository, AuditLog, CatalogueRepository, CreateRequestRepository, InboxRepository, InstanceRepository, KeyValueStore, TransactionRepository, UserRepository };

export interface Repositories {
  users: UserRepository;
  transactions: TransactionRepository;
  catalogue: CatalogueRepository;
  kv: KeyValueStore;
  createRequests: CreateRequestRepository;
  audit: AuditLog;
  addresses: AddressBook;
  alerts: AlertRepository;
  inbox: InboxRepository;
  instances: InstanceRepository;
}

/** Every repository, on one store (SQLite or PostgreSQL: the same code). */
export function createRepositories(store: Store, clock: Clock): Repositories {
  const transactions = new TransactionRepository(store, clock);
  return {
    users: new UserRepository(store, clock),
    transactions,
    catalogue: new CatalogueRepository(store),
    kv: new KeyValueStore(store, clock),
    createRequests: new CreateRequestRepository(store, clock, transactions),
    audit: new AuditLog(store, clock),
    addresses: new AddressBook(store, clock),
    alerts: new AlertRepository(store, clock),
    inbox: new InboxRepository(store, clock),
    instances: new InstanceRepository(store),
  };
}
