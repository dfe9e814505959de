import { AsyncResource } from "node:async_hooks";
import type { Clock, Timer } from "../clock.js";
import type { Grant, JournalView } from "../db/budget-journal.js";
import { LANES, type Lane } from "../db/schema.js";

export { type Grant, type JournalView, LANES, type Lane };

/**
 * The one rate budget of the process. Every upstream call, whoever makes it, first takes a
 * slot here. The rules, in the order they are checked:
 *
 *  1. Never more than `limitPerMinute` slots in any sliding window of `windowMs + marginMs`
 *     (the margin absorbs network jitter, so the service's own window, fixed or sliding,
 *     never sees more than the limit).
 *  2. After a 429, nothing is granted until the service's wait is over.
 *  3. Lanes are served by priority (create, user, poll, catalogue, alert), FIFO within a lane; a
 *     waiting person is never passed by background work (but see 6), and rate alerts take only
 *     what the tracker and the catalogue leave.
 *  4. Background lanes (poll, catalogue, alert) hold at most `backgroundCap` slots of a window, and
 *     never take one of the last `reservedForPeople` free slots: whatever background work is
 *     queued, a person arriving finds a free slot unless other people have just used them.
 *  5. Background work is paced: one background slot per `window / backgroundCap` at most. A
 *     share is a pace, not a burst: the background slots of a window are spread over it, so
 *     when people fill the rest, the oldest slot frees within one pace instead of all of
 *     them freeing together at the end of the window.
 *  6. Status polls are never starved: while the window holds fewer than `pollFloor` poll grants
 *     (a fifth of the limit, 2 of 10), the first queued polls go before people (still paced, and
 *     allowed into the slots kept for people). Exchanges that may hold funds are looked at
 *     twice a minute whatever the demand, and people keep the other eight slots.
 *  7. People take turns inside the user lane: a request names its requester (a person), and
 *     each requester's k-th queued request goes in round k, after everyone's earlier rounds
 *     (fair queueing): forty quotes of one person put the next person second in line, not
 *     41st. One requester may have at most `maxQueuedPerRequester` requests in line.
 *  8. A request leaves within half the margin of its grant (`fresh`; the other half is for its
 *     way to the service): one about to leave later (its process was starved: a pause, a GC,
 *     SIGSTOP) gives its slot back (`giveBack`, out of the journal too) and asks again, or the
 *     service would see the call later than the window counted it, and more than the limit in
 *     a minute.
 *
 * With a journal, every grant and every pause is written before the call goes out, in one
 * atomic step that first reads what is already there: a restarted process (or a second one on
 * the same database) continues the same window instead of starting afresh.
 *
 * The budget's own work (the pump that grants queued requests, its timers, the journal's steps)
 * runs in the async context the budget was built in, never in a caller's: whoever's request set
 * it going, an update's fence (src/db/fence.ts) must not follow it to other people's grants.
 */
const PRIORITY: Record<Lane, number> = { create: 0, user: 1, poll: 2, catalogue: 3, alert: 4 };
const BACKGROUND: ReadonlySet<Lane> = new Set<Lane>(["poll", "catalogue", "alert"]);

/** Where grants and pauses are kept so that they outlive the process and are shared by every process. */
export interface BudgetJournal {
  /**
   * One atomic step across every process sharing the journal: reads the time, the grants after
   * `now - spanMs` (oldest first) and the pause; `decide` (synchronous) picks the grants to make
   * at `now`, which are written before the step commits.
   */
  grant<T>(spanMs: number, decide: (view: JournalView) => { grants: Grant[]; result: T }): Promise<T>;
  /** Every grant made after `time`, by any process, oldest first. */
  grantsAfter(time: number): Promise<Grant[]>;
  /** Records a "nothing before `until`" pause (a 429); keeps the later of the stored and the new one. */
  recordPause(until: number): Promise<void>;
  /** Takes back a grant whose request never left (rule 8): its `id`, as `grant` set it. */
  giveBack(id: number): Promise<void>;
}

export interface RateBudgetOptions {
  limitPerMinute: number;
  /** Fraction of the window background lanes may use, e.g. 0.6 of 10 → 6. */
  backgroundShare: number;
  clock: Clock;
  windowMs?: number;
  /**
   * Extra spacing on top of the window, for requests that arrive upstream late: half of it for
   * the age a grant may have when its request leaves (rule 8), half for the way there.
   */
  marginMs?: number;
  /** Without one, the budget lives in memory only (tests, benchmarks). */
  journal?: BudgetJournal;
  /** Told how long each granted request waited (metrics). */
  onGranted?: (lane: Lane, waitedMs: number) => void;
  /** Requests one requester may have waiting in line at once (default 3). */
  maxQueuedPerRequester?: number;
  /**
   * Told what a listener (onGranted, a waiter's onQueued) threw. The budget goes on regardless:
   * the waiter is still served, the line still moves. Without it, such an error is dropped.
   */
  onListenerError?: (error: unknown) => void;
}

export interface QueuePlace {
  /** 1 for the next request to go; 0 once granted. */
  position: number;
  /** Expected milliseconds until this request goes. */
  waitMs: number;
}

/**
 * A slot granted to one request (what `acquire` resolves with): spent once the request leaves,
 * which must be within half the margin of the grant (`RateBudget.fresh`), else given back.
 */
export interface Slot {
  readonly lane: Lane;
  /** The budget's clock when the grant was decided (its stamp in the journal is no earlier). */
  readonly decidedAt: number;
  /** The grant as the window holds it (with its journal id once written). */
  readonly grant: Grant;
}

export class BudgetCancelledError extends Error {
  override name = "BudgetCancelledError";
}

/** The requester already has `maxQueuedPerRequester` requests in line; nothing was queued. */
export class BudgetQueueFullError extends Error {
  override name = "BudgetQueueFullError";
  constructor(
    message: string,
    /** How many requests the requester has in line. */
    readonly queued: number,
    /** About how long until the first of them goes: then there is room again. */
    readonly waitMs: number,
  ) {
    super(message);
  }
}

/** The budget's name for a person: people take turns in the user lane (rule 7). */
export function requesterOf(userId: number): string {
  return `user:${userId}`;
}

interface Waiter {
  lane: Lane;
  seq: number;
  /** The person it is for (user lane); undefined: nobody in particular. */
  requester?: string;
  /** Its turn inside the user lane (rule 7); 0 elsewhere. */
  round: number;
  queuedAt: number;
  resolve: (slot: Slot) => void;
  reject: (error: unknown) => void;
  /** Told the place in line when queued, and again each time it moves up. */
  onQueued?: (place: QueuePlace) => void;
  toldPosition?: number;
}

const HOUR_MS = 3_600_000;
/** How soon to try again when the journal could not be read or written (database busy). */
const JOURNAL_RETRY_MS = 1_000;

export class RateBudget {
  readonly limit: number;
  readonly backgroundCap: number;
  /** The shortest time between two background grants. */
  readonly backgroundPaceMs: number;
  /** Free slots an alert check leaves in the window: alerts take only what people clearly do not need. */
  readonly alertHeadroom: number;
  /** Free slots of the window that background work leaves to people. */
  readonly reservedForPeople: number;
  /** Poll grants per window that queued people cannot take away (rule 6). */
  readonly pollFloor: number;
  readonly maxQueuedPerRequester: number;
  /** How old a grant may be when its request leaves (rule 8): half the margin. */
  readonly maxGrantAgeMs: number;
  private readonly span: number;
  private readonly clock: Clock;
  /** The context the budget was built in: its own work runs there (see above). */
  private readonly home = new AsyncResource("RateBudget");
  private readonly journal: BudgetJournal | undefined;
  private readonly onGranted: ((lane: Lane, waitedMs: number) => void) | undefined;
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  /** Grants inside the current span, oldest first (read from the journal when there is one). */
  private window: Grant[] = [];
  /** This process's grants of the last hour, for statistics without a journal. */
  private history: Grant[] = [];
  private waiters: Waiter[] = [];
  private seq = 0;
  /** The user lane's current round (rule 7): the round of the last person served. */
  private userRound = 0;
  private pausedUntil = 0;
  private timer: Timer | undefined;
  private timerAt = Infinity;
  private rateLimitedCount = 0;
  private closed = false;
  /** The journal's step under way (one at a time), ending after any pump asked for meanwhile. */
  private pumping: Promise<void> | undefined;
  /** A pump was asked for while one ran: it runs again right after. */
  private pumpAgain = false;
  /** Pauses on their way to the journal: close() waits for them. */
  private readonly pausesWriting = new Set<Promise<void>>();

  constructor(options: RateBudgetOptions) {
    if (!Number.isInteger(options.limitPerMinute) || options.limitPerMinute < 1) {
      throw new RangeError("limitPerMinute must be a whole number of at least 1");
    }
    this.limit = options.limitPerMinute;
    // At least one slot for people, at least one for background work when the limit allows it.
    const cap = Math.floor(this.limit * options.backgroundShare);
    this.backgroundCap = this.limit === 1 ? 1 : Math.min(this.limit - 1, Math.max(1, cap));
    const marginMs = options.marginMs ?? 1_000;
    this.span = (options.windowMs ?? 60_000) + marginMs;
    this.maxGrantAgeMs = marginMs / 2;
    this.backgroundPaceMs = Math.floor(this.span / this.backgroundCap);
    // A fifth of the limit (2 of 10), never more than the people's own share.
    this.reservedForPeople = Math.min(Math.ceil(this.limit / 5), this.limit - this.backgroundCap);
    // Rate alerts wait while more than half the window is taken (5 of 10 free after their grant).
    this.alertHeadroom = Math.max(this.reservedForPeople, Math.ceil(this.limit / 2));
    // A fifth of the limit, within the background cap: 2 of 10 (none below 5: people first there).
    this.pollFloor = Math.min(this.backgroundCap, Math.floor(this.limit / 5));
    this.maxQueuedPerRequester = options.maxQueuedPerRequester ?? 3;
    this.clock = options.clock;
    this.journal = options.journal;
    this.onGranted = options.onGranted;
    this.onListenerError = options.onListenerError;
  }

  /**
   * Waits for a slot in `lane`. `onQueued` is told the place in line when the request
   * has to wait, so a person can be told "you are 3rd, about 20 s", and again each time it
   * moves up the line (in the caller's async context, whoever's request moved the line).
   */
  acquire(lane: Lane, options: { signal?: AbortSignal; onQueued?: (place: QueuePlace) => void; requester?: string } = {}): Promise<Slot> {
    const { signal, requester } = options;
    const onQueued = options.onQueued && AsyncResource.bind(options.onQueued);
    if (signal?.aborted) return Promise.reject(new BudgetCancelledError("cancelled before queueing"));
    if (this.closed) return Promise.reject(new BudgetCancelledError("budget closed"));
    const full = requester === undefined ? undefined : this.queueFull(requester);
    if (full) return Promise.reject(full);
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        lane,
        seq: this.seq++,
        round: 0,
        queuedAt: this.clock.now(),
        resolve,
        reject,
        ...(requester === undefined ? {} : { requester }),
      };
      this.insert(waiter);
      if (signal) {
        const onAbort = () => {
          if (this.remove(waiter)) reject(new BudgetCancelledError("cancelled while queued"));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        const cleanup = () => signal.removeEventListener("abort", onAbort);
        waiter.resolve = (slot) => {
          cleanup();
          resolve(slot);
        };
        waiter.reject = (error) => {
          cleanup();
          reject(error);
        };
      }
      const tellPlace = () => {
        // Granted at once (or given up meanwhile): there is no place to tell.
        if (!onQueued || !this.waiters.includes(waiter)) return;
        const place = this.placeOf(waiter);
        Object.assign(waiter, { onQueued, toldPosition: place.position });
        this.tell(() => onQueued(place));
      };
      // Without a journal the pump is synchronous: the place is known (and told) at once.
      if (this.journal) void this.pump().then(tellPlace);
      else {
        void this.pump();
        tellPlace();
      }
    });
  }

  /**
   * The refusal `requester`'s next request would get now (rule 7: their line is full), or
   * undefined when it may queue. Asks nothing: for a caller that must know before it gives
   * anything up for that request.
   */
  queueFull(requester: string): BudgetQueueFullError | undefined {
    const queued = this.waiters.filter((w) => w.requester === requester);
    if (queued.length < this.maxQueuedPerRequester) return undefined;
    return new BudgetQueueFullError(
      `${requester} already has ${queued.length} requests in line`,
      queued.length,
      this.placeOf(queued[0]!).waitMs,
    );
  }

  /**
   * Where a new request in `lane` would stand if it asked now. With a journal, from the window
   * as last read (this process's grants since are in it; another process's are not): a fair guess.
   */
  preview(lane: Lane): QueuePlace {
    const now = this.clock.now();
    this.trimWindow(now);
    const ghost: Waiter = {
      lane,
      seq: Number.MAX_SAFE_INTEGER,
      round: lane === "user" ? this.userRound : 0,
      queuedAt: now,
      resolve: () => {},
      reject: () => {},
    };
    const promoted = this.promotedPolls();
    const ahead = this.waiters.filter((w) => (promoted.includes(w) ? lane !== "create" : this.goesBefore(w, ghost))).length;
    if (ahead === 0 && this.mayGrant(lane, now)) return { position: 0, waitMs: 0 };
    return { position: ahead + 1, waitMs: this.expectedWait(lane, ahead + 1) };
  }

  /** The service answered 429: nothing goes out until `retryAfterMs` has passed. */
  pause(retryAfterMs: number): void {
    this.rateLimitedCount++;
    const until = this.clock.now() + Math.max(0, retryAfterMs);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    // The pause holds in memory at once; the journal (other processes, a restart) has it soon after.
    if (this.journal) {
      const writing = this.journal.recordPause(until).catch(() => undefined);
      this.pausesWriting.add(writing);
      void writing.finally(() => this.pausesWriting.delete(writing));
    }
    void this.pump();
  }

  /** Whether the request `slot` was granted for may still leave now: its grant is at most half the margin old (rule 8). */
  fresh(slot: Slot): boolean {
    return this.clock.now() - slot.decidedAt <= this.maxGrantAgeMs;
  }

  /**
   * Takes back a slot whose request never left (rule 8): out of the window, and out of the
   * journal, so that every process counts the window without it. Should the journal not take
   * it, the slot stays spent (the window only counts one call too many).
   */
  async giveBack(slot: Slot): Promise<void> {
    const drop = (list: Grant[]) => {
      const index = list.indexOf(slot.grant);
      if (index !== -1) list.splice(index, 1);
    };
    drop(this.window);
    drop(this.history);
    const id = slot.grant.id;
    if (this.journal && id !== undefined) await this.journal.giveBack(id).catch(() => undefined);
    // A slot freed may let a waiter go sooner than the timer armed for it.
    if (this.waiters.length > 0) void this.pump();
  }

  /**
   * Rejects every waiter and every later request, at shutdown. Resolves once the journal's work
   * under way (a step, a pause being written) has ended: the store may be closed then.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.timer?.cancel();
    this.timer = undefined;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w.reject(new BudgetCancelledError("budget closed"));
    await Promise.all([this.pumping, ...this.pausesWriting]);
  }

  /** Requests waiting in line, by lane (metrics). */
  queuedByLane(): Record<Lane, number> {
    return countByLane(this.waiters);
  }

  async stats(): Promise<{
    lastHourByLane: Record<Lane, number>;
    queuedByLane: Record<Lane, number>;
    rateLimited: number;
    pausedForMs: number;
  }> {
    const now = this.clock.now();
    this.trimHistory(now);
    const queuedByLane = this.queuedByLane();
    let lastHour: Grant[] = this.history;
    try {
      if (this.journal) lastHour = await this.journal.grantsAfter(now - HOUR_MS);
    } catch {
      // Statistics fall back to what this process granted.
    }
    return {
      lastHourByLane: countByLane(lastHour),
      queuedByLane,
      rateLimited: this.rateLimitedCount,
      pausedForMs: Math.max(0, this.pausedUntil - now),
    };
  }

  /** Times of this process's grants of the last hour; for tests and the benchmark. */
  grantTimes(): number[] {
    return this.history.map((g) => g.at);
  }

  private goesBefore(a: Waiter, b: Waiter): boolean {
    if (PRIORITY[a.lane] !== PRIORITY[b.lane]) return PRIORITY[a.lane] < PRIORITY[b.lane];
    return a.round !== b.round ? a.round < b.round : a.seq < b.seq;
  }

  private insert(waiter: Waiter): void {
    if (waiter.lane === "user") {
      // Rule 7: one round after this requester's last request in line; with none in line, the current round.
      const rounds = this.waiters.filter((w) => w.requester !== undefined && w.requester === waiter.requester).map((w) => w.round);
      waiter.round = rounds.length === 0 ? this.userRound : Math.max(this.userRound, Math.max(...rounds) + 1);
    }
    const index = this.waiters.findIndex((w) => this.goesBefore(waiter, w));
    if (index === -1) this.waiters.push(waiter);
    else this.waiters.splice(index, 0, waiter);
  }

  private remove(waiter: Waiter): boolean {
    const index = this.waiters.indexOf(waiter);
    if (index === -1) return false;
    this.waiters.splice(index, 1);
    void this.pump();
    return true;
  }

  /** Drops the grants that have left the window by `now`. */
  private trimWindow(now: number): void {
    while (this.window.length > 0 && this.window[0]!.at <= now - this.span) this.window.shift();
  }

  private trimHistory(now: number): void {
    while (this.history.length > 0 && this.history[0]!.at <= now - HOUR_MS) this.history.shift();
  }

  private background(): Grant[] {
    return this.window.filter((g) => BACKGROUND.has(g.lane));
  }

  /** The queued polls that go before people now (rule 6): as many as the window is short of its floor. */
  private promotedPolls(): Waiter[] {
    const short = this.pollFloor - this.window.filter((g) => g.lane === "poll").length;
    return short > 0 ? this.waiters.filter((w) => w.lane === "poll").slice(0, short) : [];
  }

  /** The line in the order it is served: creations, polls owed their floor, then by priority. */
  private ordered(): Waiter[] {
    const promoted = this.promotedPolls();
    if (promoted.length === 0) return this.waiters;
    const creates = this.waiters.filter((w) => w.lane === "create");
    return [...creates, ...promoted, ...this.waiters.filter((w) => w.lane !== "create" && !promoted.includes(w))];
  }

  /** The earliest moment, from `now` on, at which `lane` may be granted if nobody else is. */
  private readyAt(lane: Lane, now: number, promoted = false): number {
    let at = Math.max(now, this.pausedUntil);
    // The slot that must free for the window to drop below the limit.
    const blocking = this.window[this.window.length - this.limit];
    if (blocking) at = Math.max(at, blocking.at + this.span);
    if (BACKGROUND.has(lane)) {
      // The slot that must free so that `reservedForPeople` (for an alert: half the window)
      // stay free after this grant: an alert check goes only while people clearly need no slot.
      const keepFree = lane === "alert" ? this.alertHeadroom : this.reservedForPeople;
      // (At a limit of 1 an alert needs the whole window empty: at least one slot must free.)
      const reserved = this.window[this.window.length - Math.max(lane === "alert" ? 1 : 0, this.limit - keepFree)];
      // A poll owed its floor may take a slot kept for people (rule 6).
      if (reserved && !promoted) at = Math.max(at, reserved.at + this.span);
      const background = this.background();
      const capped = background[background.length - this.backgroundCap];
      if (capped) at = Math.max(at, capped.at + this.span);
      // The pace: the tracker and the catalogue are not held back by an alert's grant.
      const paced = lane === "alert" ? background : background.filter((g) => g.lane !== "alert");
      const last = paced[paced.length - 1];
      if (last) at = Math.max(at, last.at + this.backgroundPaceMs);
    }
    return at;
  }

  private mayGrant(lane: Lane, now: number, promoted = false): boolean {
    return this.readyAt(lane, now, promoted) <= now;
  }

  /**
   * Grants every waiter that may go now, in priority order, then arms a timer for the rest.
   * Without a journal it runs to the end before it returns. With one, it is one journal step at
   * a time: a pump asked for while a step runs runs again right after it (the promise returned
   * settles then), and a step that fails leaves every waiter in line and is tried again soon.
   */
  private pump(): Promise<void> {
    return this.home.runInAsyncScope(() => this.pumpHere());
  }

  private pumpHere(): Promise<void> {
    const journal = this.journal;
    if (!journal) {
      this.pumpInMemory();
      return Promise.resolve();
    }
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    let done!: () => void;
    this.pumping = new Promise<void>((resolve) => (done = resolve));
    const pumping = this.pumping;
    void (async () => {
      try {
        do {
          this.pumpAgain = false;
          await this.pumpJournaled(journal);
        } while (this.pumpAgain && !this.closed);
      } finally {
        this.pumping = undefined;
        done();
      }
    })();
    return pumping;
  }

  private pumpInMemory(): void {
    const now = this.clock.now();
    if (this.waiters.length === 0) return this.armTimer(now);
    this.trimWindow(now);
    const before = this.window.length;
    const granted = this.chooseGrants(now);
    this.release(now, now, granted, this.window.slice(before));
  }

  private async pumpJournaled(journal: BudgetJournal): Promise<void> {
    if (this.closed) return;
    if (this.waiters.length === 0) return this.armTimer(this.clock.now());
    let decided: { now: number; decidedAt: number; granted: Waiter[]; grants: Grant[] };
    try {
      // The time is the journal's, read inside its step: a wait for another process's lock
      // must not stamp the grant earlier than it really went.
      decided = await journal.grant(this.span, (view) => {
        this.window = [...view.window];
        this.pausedUntil = Math.max(this.pausedUntil, view.pausedUntil);
        const before = this.window.length;
        const granted = this.chooseGrants(view.now);
        // The window's new entries are the grants the journal writes (and gives their ids).
        const grants = this.window.slice(before);
        // This process's clock, before the write: a grant's age is never counted short (rule 8).
        return { grants, result: { now: view.now, decidedAt: this.clock.now(), granted, grants } };
      });
    } catch {
      // The journal could not be read or written (the database is busy): nothing was granted,
      // every waiter is still in line.
      const now = this.clock.now();
      this.armTimer(now, now + JOURNAL_RETRY_MS);
      return;
    }
    this.release(decided.now, decided.decidedAt, decided.granted, decided.grants);
  }

  /** Only once the grants are safely written do they leave the line and go; `grants[i]` is `granted[i]`'s. */
  private release(grantedAt: number, decidedAt: number, granted: Waiter[], grants: Grant[]): void {
    for (const [i, waiter] of granted.entries()) {
      const index = this.waiters.indexOf(waiter);
      // Gave up (or the budget closed) while its grant was being written: the slot is spent unused.
      if (index === -1) continue;
      this.waiters.splice(index, 1);
      if (waiter.lane === "user") this.userRound = Math.max(this.userRound, waiter.round);
      const grant = grants[i]!;
      this.history.push(grant);
      waiter.resolve({ lane: waiter.lane, decidedAt, grant });
      const onGranted = this.onGranted;
      if (onGranted) this.tell(() => onGranted(waiter.lane, grantedAt - waiter.queuedAt));
    }
    this.trimHistory(grantedAt);
    this.armTimer(this.clock.now());
    if (granted.length > 0) this.tellPlaces();
  }

  /** Those still in line whose place moved up hear the new one. */
  private tellPlaces(): void {
    for (const waiter of [...this.waiters]) {
      if (!waiter.onQueued || waiter.toldPosition === undefined) continue;
      const place = this.placeOf(waiter);
      if (place.position >= waiter.toldPosition) continue;
      waiter.toldPosition = place.position;
      const onQueued = waiter.onQueued;
      this.tell(() => onQueued(place));
    }
  }

  /**
   * Calls a listener. What it throws must not stop the pump half way (grants written and not
   * handed out, the next waiters never served) nor escape from a timer or the pump's promise
   * (an unhandled rejection ends the process).
   */
  private tell(listener: () => void): void {
    try {
      listener();
    } catch (error) {
      try {
        this.onListenerError?.(error);
      } catch {
        // Nowhere left to tell it.
      }
    }
  }

  /** Which waiters may go at `now`, in order; their grants are added to the window. */
  private chooseGrants(now: number): Waiter[] {
    const granted: Waiter[] = [];
    const promoted = this.promotedPolls();
    for (const waiter of this.ordered()) {
      if (!this.mayGrant(waiter.lane, now, promoted.includes(waiter))) {
        // A background waiter held back by its cap or pace must not block people behind it;
        // a person held back blocks everyone behind (people first, never passed by background).
        if (BACKGROUND.has(waiter.lane) && this.mayGrant("user", now)) continue;
        break;
      }
      this.window.push({ at: now, lane: waiter.lane });
      granted.push(waiter);
    }
    return granted;
  }

  private armTimer(now: number, at = this.nextChange(now)): void {
    if (this.waiters.length === 0) {
      this.timer?.cancel();
      this.timer = undefined;
      this.timerAt = Infinity;
      return;
    }
    if (this.timer && this.timerAt <= at) return;
    this.timer?.cancel();
    this.timerAt = at;
    this.timer = this.clock.setTimer(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      void this.pump();
    }, at - now);
  }

  /** The next moment at which some waiter could become grantable. */
  private nextChange(now: number): number {
    let next = Infinity;
    const promoted = this.promotedPolls().length > 0;
    for (const lane of new Set(this.waiters.map((w) => w.lane)))
      next = Math.min(next, this.readyAt(lane, now, promoted && lane === "poll"));
    return Math.max(now + 1, next);
  }

  private placeOf(waiter: Waiter): QueuePlace {
    const position = this.ordered().indexOf(waiter) + 1;
    return { position, waitMs: this.expectedWait(waiter.lane, position) };
  }

  /**
   * When the `k`-th request from now would go, assuming everything ahead of it is
   * served first: free slots go at once, then each slot frees one span after its grant.
   */
  private expectedWait(lane: Lane, k: number): number {
    const now = this.clock.now();
    const free = this.limit - this.window.length;
    let at: number;
    if (k <= free) {
      at = now;
    } else {
      const beyond = k - free - 1;
      const round = Math.floor(beyond / this.limit);
      const grant = this.window[beyond % this.limit];
      at = (grant ? grant.at : now) + this.span * (round + 1);
    }
    if (BACKGROUND.has(lane)) {
      // Background work goes at its pace, and never before its own readiness.
      at = Math.max(at, this.readyAt(lane, now) + (k - 1) * this.backgroundPaceMs);
    }
    return Math.max(0, at - now, this.pausedUntil - now);
  }
}

function countByLane(list: readonly { lane: Lane }[]): Record<Lane, number> {
  return Object.fromEntries(LANES.map((lane) => [lane, list.filter((g) => g.lane === lane).length])) as Record<Lane, number>;
}
