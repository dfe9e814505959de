import type { Clock } from "../clock.js";
import { AddressBook } from "./addresses.js";
import { AlertRepository } from "./alerts.js";
import { AuditLog } from "./audit.js";
import { CatalogueRepository } from "./catalogue.js";
import { CreateRequestRepository } from "./create-requests.js";
import type { Db } from "./database.js";
import { KeyValueStore } from "./kv.js";
import { TransactionRepository } from "./transactions.js";
import { UserRepository } from "./users.js";

export { openDatabase, migrate, runMigrationWork, type Db } from "./database.js";
export { SqliteBudgetJournal } from "./budget-journal.js";
export { InstanceLock, waitForInstanceLock } from "./instance-lock.js";
export type { TransactionRecord, NewTransaction, ObservedState, StatusChange } from "./transactions.js";
export type { UserRecord } from "./users.js";
export type { SavedAddress } from "./addresses.js";
export type { AlertEnd, RateAlert } from "./alerts.js";
export type { CreateRequestRecord, CreateRequestState } from "./create-requests.js";
export { REQUEST_KEY_PATTERN, UNKNOWN_AFTER_MS, isUnknownOutcome, requestKeyOf } from "./create-requests.js";
export type { AuditEntry } from "./audit.js";
export { AddressBook, AlertRepository, AuditLog, CatalogueRepository, CreateRequestRepository, KeyValueStore, TransactionRepository, UserRepository };

export interface Repositories {
  users: UserRepository;
  transactions: TransactionRepository;
  catalogue: CatalogueRepository;
  kv: KeyValueStore;
  createRequests: CreateRequestRepository;
  audit: AuditLog;
  addresses: AddressBook;
  alerts: AlertRepository;
}

export function createRepositories(db: Db, clock: Clock): Repositories {
  const transactions = new TransactionRepository(db, clock);
  return {
    users: new UserRepository(db, clock),
    transactions,
    catalogue: new CatalogueRepository(db),
    kv: new KeyValueStore(db, clock),
    createRequests: new CreateRequestRepository(db, clock, transactions),
    audit: new AuditLog(db, clock),
    addresses: new AddressBook(db, clock),
    alerts: new AlertRepository(db, clock),
  };
}
