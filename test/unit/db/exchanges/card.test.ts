import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Clock, systemClock } from "../../../../src/clock.js";
import { LeaseLostError, underFence } from "../../../../src/db/fence.js";
import { type CardClaim, type CardRepository, createRepositories, type Repositories } from "../../../../src/db/index.js";
import { DB_NOW } from "../../../../src/db/leases/back-end.js";
import { FLOW_CARD_HOLD_MS } from "../../../../src/domain/poll-policy.js";
import { testBackEnd } from "../../../harness/postgres.js";
import { freshRepositoriesEachTest, newTransaction } from "../../../harness/store.js";

/**
 * The creation card's state machine (src/db/exchanges/card.ts), walked row by row of the table
 * its header opens with: each test puts a card in the FROM state by writing its columns, makes
 * the move as this process (ME), and reads the TO state back from the columns. Holders are
 * processes of the registry: ME and OTHER beat (alive), GONE never did (judged gone), and NULL is
 * a claim recorded before holders were. On the suite's back end (SQLite, or PostgreSQL with
 * TEST_DATABASE=postgres), a fresh database for each test.
 *
 * Rows test/unit/db/claims.test.ts already covers are named where they would stand, not repeated:
 *  - [claims: taken over] "held by a live process is left alone by another's sweep and claim; once
 *    that process is gone it is taken over, its repeat mark kept": HELD('flow', gone) --claimCard('flow')-->
 *    HELD('flow', me) with the mark, and a live holder's card refused to claimCard, takeOwedCard, releaseDeadClaims;
 *  - [claims: fenced by its holder] "is fenced by its holder": HELD('flow', other) refused to
 *    touchCardClaim, markCardSending and releaseCard;
 *  - [claims: swept] "held by a process gone is owed by the sweep at once, whatever state": two such
 *    cards swept together (the rows below walk each state);
 *  - [claims: claimed under the lease] "is claimed only while the lease is still the handling's": NEW
 *    --claimCard('flow'), lease held/lost--> HELD / OWED(now), and HELD('tracker') refused with LeaseLostError;
 *  - [claims: confirmed under the lease] "is confirmed and marked sending only while the lease is still
 *    the handling's": touchCardClaim / markCardSending, lease lost, repeat 0 --> OWED(now); oweIfLeaseLost
 *    "owed" for this flow's hold, "lost" for another's, "held" under a lease held or none.
 */

const ME = "host-a:1:aaaaaa";
const OTHER = "host-b:2:bbbbbb";
const GONE = "host-c:3:cccccc";

/** When a held card was claimed (card_claimed_at), and the times the moves are made around (NOW: the clock's). */
const CLAIMED_AT = 1_000;
const EARLIER = 3_000;
const NOW = 5_000;
const LATER = 300_000;
const MESSAGE = 55;

/** The card as its columns hold it: what the header's table names each state by. */
interface Card {
  card_claim: CardClaim | null;
  card_holder: string | null;
  card_message_id: number | null;
  card_due_at: number | null;
  card_repeat: number;
}

/** The states of the header's table, as columns (the repeat count 0 unless a row says otherwise). */
const NEW: Card = { card_claim: null, card_holder: null, card_message_id: null, card_due_at: null, card_repeat: 0 };
const OWED = (at: number, repeat = 0): Card => ({ ...NEW, card_due_at: at, card_repeat: repeat });
const HELD = (by: CardClaim, holder: string | null, repeat = 0): Card => ({
  ...NEW,
  card_claim: by,
  card_holder: holder,
  card_repeat: repeat,
});
/** Shown by whoever held it then (their claim stays on the row); `due`: the details that came later are owed. */
const SHOWN = (by: CardClaim, holder: string | null, more: Partial<Card> = {}): Card => ({
  ...HELD(by, holder),
  card_message_id: MESSAGE,
  ...more,
});

/** What a fenced move throws when the chat's lease is no longer the handling's. */
const REFUSED = Symbol("LeaseLostError");

/** A row of the table: FROM --move--> TO, and what the move returns. */
interface Row {
  /** As the header writes it: "OWED --takeOwedCard--> HELD('tracker', me)". */
  name: string;
  from: Card;
  /** Made by this process (ME). */
  move: (cards: CardRepository) => Promise<unknown>;
  to: Card;
  /** What the move resolves to, or REFUSED (LeaseLostError). */
  returns: unknown;
  /** card_claimed_at after the move, for the moves that set it. */
  claimedAt?: number;
}

/**
 * The chat whose update is handled (the flow's moves run under its lease: src/db/fence.ts). Its
 * lease carries LEASE_NOW: OTHER claimed the chat after this handling did, with LEASE_LOST.
 */
const CHAT = "c:7";
const LEASE_LOST = 1;
const LEASE_NOW = 2;
/** `move` made while an update is handled under the chat's lease with `token`, as the inbox's worker runs it. */
const underLease =
  <T>(token: number, move: (cards: CardRepository) => Promise<T>) =>
  (cards: CardRepository): Promise<T> =>
    underFence({ chatKey: CHAT, token, fencing: true, lose: () => {} }, () => move(cards));

/** The moves' clock (a test's: the card's times are on it, on both back ends), at NOW while they are made. */
let at = NOW;
const clock: Clock = { now: () => at, setTimer: (callback, delayMs) => systemClock.setTimer(callback, delayMs) };
const fresh = freshRepositoriesEachTest(clock);
let me: Repositories;
let other: Repositories;
beforeEach(async () => {
  at = NOW;
  me = fresh.as(ME);
  other = fresh.as(OTHER);
  await me.instances.beat(ME);
  await other.instances.beat(OTHER);
  await fresh.store.db.insertInto("chat_leases").values({ chat_key: CHAT, owner: OTHER, until: LATER, token: LEASE_NOW }).execute();
});

/** An exchange whose card is in `state` (held since CLAIMED_AT when claimed). */
async function put(state: Card, exchangeId = "ex", userId = 7): Promise<void> {
  await me.transactions.insert(newTransaction({ exchangeId, userId, chatId: userId }));
  await fresh.store.db
    .updateTable("transactions")
    .set({ ...state, card_claimed_at: state.card_claim === null ? null : CLAIMED_AT })
    .where("exchange_id", "=", exchangeId)
    .execute();
}

async function cardOf(exchangeId = "ex"): Promise<Card> {
  return fresh.store.db
    .selectFrom("transactions")
    .select(["card_claim", "card_holder", "card_message_id", "card_due_at", "card_repeat"])
    .where("exchange_id", "=", exchangeId)
    .executeTakeFirstOrThrow();
}

async function claimedAtOf(exchangeId = "ex"): Promise<number | null> {
  return (await me.transactions.find(exchangeId))!.cardClaimedAt;
}

/** One test per row: the card put in FROM, the move made, TO read back. */
function walk(rows: Row[]): void {
  it.each(rows)("$name", async ({ from, move, to, returns, claimedAt }) => {
    await put(from);
    const made = move(me.cards);
    if (returns === REFUSED) await expect(made).rejects.toBeInstanceOf(LeaseLostError);
    else expect(await made).toEqual(returns);
    expect(await cardOf()).toEqual(to);
    if (claimedAt !== undefined) expect(await claimedAtOf()).toBe(claimedAt);
  });
}

describe("claimCard: NEW|OWED --claimCard('flow'|'tracker')--> HELD (this process)", () => {
  const claim = (by: CardClaim) => (cards: CardRepository) => cards.claimCard("ex", by);
  walk([
    {
      name: "NEW --claimCard('flow')--> HELD('flow', me)",
      from: NEW,
      move: claim("flow"),
      to: HELD("flow", ME),
      returns: true,
      claimedAt: NOW,
    },
    {
      name: "NEW --claimCard('tracker')--> HELD('tracker', me)",
      from: NEW,
      move: claim("tracker"),
      to: HELD("tracker", ME),
      returns: true,
      claimedAt: NOW,
    },
    {
      name: "OWED --claimCard('flow')--> HELD('flow', me), owed no more",
      from: OWED(LATER),
      move: claim("flow"),
      to: HELD("flow", ME),
      returns: true,
    },
    {
      name: "OWED --claimCard('tracker')--> HELD('tracker', me), owed no more",
      from: OWED(EARLIER),
      move: claim("tracker"),
      to: HELD("tracker", ME),
      returns: true,
    },
    {
      name: "OWED with a repeat mark --claimCard('flow')--> HELD('flow', me), the mark kept",
      from: OWED(EARLIER, 1),
      move: claim("flow"),
      to: HELD("flow", ME, 1),
      returns: true,
    },
  ]);
});

describe("claimCard: HELD(dead) --claimCard('flow')--> HELD (a replayed Confirm takes over; the repeat mark kept)", () => {
  // HELD('flow', gone), marked sending: [claims: taken over].
  const claim = (by: CardClaim) => (cards: CardRepository) => cards.claimCard("ex", by);
  walk([
    {
      name: "HELD('tracker', gone) --claimCard('flow')--> HELD('flow', me), marked a possible repeat (the tracker may have sent it)",
      from: HELD("tracker", GONE),
      move: claim("flow"),
      to: HELD("flow", ME, 1),
      returns: true,
      claimedAt: NOW,
    },
    {
      name: "HELD('tracker', gone), 2 unsure sends --claimCard('flow')--> HELD('flow', me), still 2",
      from: HELD("tracker", GONE, 2),
      move: claim("flow"),
      to: HELD("flow", ME, 2),
      returns: true,
    },
    {
      name: "HELD('flow', holder unrecorded) --claimCard('flow')--> HELD('flow', me) (a claim from before holders counts as gone)",
      from: HELD("flow", null),
      move: claim("flow"),
      to: HELD("flow", ME),
      returns: true,
    },
    // Not in the header's table: the flow shows again a card it showed itself (a Confirm replayed
    // after a restart); the card stays SHOWN, now this process's. Deposit details owed since stay
    // owed: should the card sent again not arrive, the tracker still sends them.
    {
      name: "SHOWN by the flow, details owed --claimCard('flow')--> SHOWN, claimed by me, the details still owed",
      from: SHOWN("flow", OTHER, { card_due_at: LATER }),
      move: claim("flow"),
      to: SHOWN("flow", ME, { card_due_at: LATER }),
      returns: true,
    },
  ]);
});

describe("claimCard refused by its own condition: false, the card as it was", () => {
  // HELD('flow', live other): [claims: taken over].
  const claim = (by: CardClaim) => (cards: CardRepository) => cards.claimCard("ex", by);
  walk([
    {
      name: "HELD('tracker', live other) --claimCard('flow')--> unchanged",
      from: HELD("tracker", OTHER),
      move: claim("flow"),
      to: HELD("tracker", OTHER),
      returns: false,
    },
    {
      name: "HELD('flow', me) --claimCard('flow')--> unchanged (never taken from itself)",
      from: HELD("flow", ME),
      move: claim("flow"),
      to: HELD("flow", ME),
      returns: false,
    },
    {
      name: "HELD('flow', gone) --claimCard('tracker')--> unchanged (the tracker takes over nothing: the sweep owes it first)",
      from: HELD("flow", GONE),
      move: claim("tracker"),
      to: HELD("flow", GONE),
      returns: false,
    },
    {
      name: "SHOWN by the tracker --claimCard('flow')--> unchanged",
      from: SHOWN("tracker", OTHER),
      move: claim("flow"),
      to: SHOWN("tracker", OTHER),
      returns: false,
    },
    {
      name: "SHOWN --claimCard('tracker')--> unchanged",
      from: SHOWN("flow", ME),
      move: claim("tracker"),
      to: SHOWN("flow", ME),
      returns: false,
    },
  ]);
});

describe("claimCard under the chat's lease: NEW|OWED --claimCard('flow'), lease lost--> OWED(now) (refused: LeaseLostError)", () => {
  // NEW, lease held and lease lost; HELD('tracker'), lease lost: [claims: claimed under the lease].
  const claim = (token: number) => underLease(token, (cards) => cards.claimCard("ex", "flow"));
  walk([
    {
      name: "OWED(later) --claimCard('flow'), lease lost--> OWED(now) (refused)",
      from: OWED(LATER),
      move: claim(LEASE_LOST),
      to: OWED(NOW),
      returns: REFUSED,
    },
    {
      name: "OWED(earlier) --claimCard('flow'), lease lost--> OWED(earlier) (refused; never owed later than it was)",
      from: OWED(EARLIER),
      move: claim(LEASE_LOST),
      to: OWED(EARLIER),
      returns: REFUSED,
    },
    {
      name: "HELD('tracker', live other) --claimCard('flow'), lease held--> unchanged (false: the claim's own condition, not the lease)",
      from: HELD("tracker", OTHER),
      move: claim(LEASE_NOW),
      to: HELD("tracker", OTHER),
      returns: false,
    },
  ]);
});

describe("takeOwedCard: OWED --takeOwedCard--> HELD('tracker'); SHOWN --takeOwedCard--> SHOWN (the details, once)", () => {
  // A live flow's hold refused: [claims: taken over].
  const take = (cards: CardRepository) => cards.takeOwedCard("ex");
  walk([
    {
      name: "OWED --takeOwedCard--> HELD('tracker', me)",
      from: OWED(EARLIER),
      move: take,
      to: HELD("tracker", ME),
      returns: expect.objectContaining({ exchangeId: "ex", cardClaim: "tracker", cardHolder: ME, cardDueAt: null, cardRepeat: 0 }),
    },
    {
      name: "OWED with a repeat mark --takeOwedCard--> HELD('tracker', me), the mark kept (the card says it may repeat)",
      from: OWED(EARLIER, 1),
      move: take,
      to: HELD("tracker", ME, 1),
      returns: expect.objectContaining({ cardClaim: "tracker", cardRepeat: 1 }),
    },
    {
      name: "SHOWN, the details owed --takeOwedCard--> SHOWN, owed no more (the holder's claim as it was)",
      from: SHOWN("flow", OTHER, { card_due_at: EARLIER }),
      move: take,
      to: SHOWN("flow", OTHER),
      returns: expect.objectContaining({ cardMessageId: MESSAGE, cardClaim: "flow", cardHolder: OTHER, cardDueAt: null }),
    },
    { name: "NEW --takeOwedCard--> NEW (nothing owed)", from: NEW, move: take, to: NEW, returns: undefined },
    {
      name: "SHOWN, nothing owed --takeOwedCard--> unchanged",
      from: SHOWN("tracker", OTHER),
      move: take,
      to: SHOWN("tracker", OTHER),
      returns: undefined,
    },
    {
      name: "HELD('tracker'), the details owed --takeOwedCard--> unchanged (they wait for the card to be shown)",
      from: { ...HELD("tracker", OTHER), card_due_at: EARLIER },
      move: take,
      to: { ...HELD("tracker", OTHER), card_due_at: EARLIER },
      returns: undefined,
    },
  ]);
});

describe("touchCardClaim: HELD('flow', me) --touchCardClaim--> HELD('flow', me) (the flow's hold confirmed)", () => {
  // HELD('flow', other): [claims: fenced by its holder]; under a lease held, and lost with no repeat mark:
  // [claims: confirmed under the lease].
  const touch = (cards: CardRepository) => cards.touchCardClaim("ex");
  walk([
    {
      name: "HELD('flow', me) --touchCardClaim--> HELD('flow', me), as of now",
      from: HELD("flow", ME),
      move: touch,
      to: HELD("flow", ME),
      returns: true,
      claimedAt: NOW,
    },
    {
      name: "HELD('tracker', me) --touchCardClaim--> unchanged (not the flow's)",
      from: HELD("tracker", ME),
      move: touch,
      to: HELD("tracker", ME),
      returns: false,
      claimedAt: CLAIMED_AT,
    },
    {
      name: "SHOWN by my flow --touchCardClaim--> unchanged (nothing left to hold)",
      from: SHOWN("flow", ME),
      move: touch,
      to: SHOWN("flow", ME),
      returns: false,
    },
    { name: "OWED --touchCardClaim--> unchanged (the hold lapsed)", from: OWED(EARLIER), move: touch, to: OWED(EARLIER), returns: false },
  ]);
});

describe("markCardSending: HELD('flow', me) --markCardSending--> HELD, card_repeat >= 1 (a send under way may arrive)", () => {
  // HELD('flow', other): [claims: fenced by its holder].
  const mark = (cards: CardRepository) => cards.markCardSending("ex");
  walk([
    {
      name: "HELD('flow', me) --markCardSending--> HELD('flow', me), card_repeat 1",
      from: HELD("flow", ME),
      move: mark,
      to: HELD("flow", ME, 1),
      returns: true,
    },
    {
      name: "HELD('flow', me), 2 unsure sends --markCardSending--> HELD('flow', me), still 2 (at least one, not one more)",
      from: HELD("flow", ME, 2),
      move: mark,
      to: HELD("flow", ME, 2),
      returns: true,
    },
    {
      name: "SHOWN, claimed again by my flow --markCardSending--> unchanged (sent again; the flow says it is a repeat)",
      from: SHOWN("flow", ME),
      move: mark,
      to: SHOWN("flow", ME),
      returns: true,
    },
    {
      name: "HELD('tracker', me) --markCardSending--> unchanged (nothing to send)",
      from: HELD("tracker", ME),
      move: mark,
      to: HELD("tracker", ME),
      returns: false,
    },
    { name: "NEW --markCardSending--> unchanged (nothing to send)", from: NEW, move: mark, to: NEW, returns: false },
  ]);
});

describe("HELD('flow', me) --touchCardClaim / markCardSending, lease lost--> OWED(now), the mark kept (refused: LeaseLostError)", () => {
  // The same with no repeat mark, and under a lease held: [claims: confirmed under the lease].
  walk([
    {
      name: "HELD('flow', me), marked sending --touchCardClaim, lease lost--> OWED(now), card_repeat 1 (refused)",
      from: HELD("flow", ME, 1),
      move: underLease(LEASE_LOST, (cards) => cards.touchCardClaim("ex")),
      to: OWED(NOW, 1),
      returns: REFUSED,
    },
    {
      name: "HELD('flow', me), marked sending --markCardSending, lease lost--> OWED(now), card_repeat 1 (refused)",
      from: HELD("flow", ME, 1),
      move: underLease(LEASE_LOST, (cards) => cards.markCardSending("ex")),
      to: OWED(NOW, 1),
      returns: REFUSED,
    },
  ]);
});

describe("oweIfLeaseLost: HELD('flow', me) --oweIfLeaseLost (a send refused, lease lost)--> OWED(now), the repeat mark kept", () => {
  // HELD('flow', me) marked sending ("owed"), HELD('flow', other) ("lost"), a lease held or none ("held"):
  // [claims: confirmed under the lease].
  const owe = underLease(LEASE_LOST, (cards) => cards.oweIfLeaseLost("ex"));
  walk([
    { name: "NEW --oweIfLeaseLost, lease lost--> OWED(now): 'owed'", from: NEW, move: owe, to: OWED(NOW), returns: "owed" },
    { name: "OWED(later) --oweIfLeaseLost, lease lost--> OWED(now): 'owed'", from: OWED(LATER), move: owe, to: OWED(NOW), returns: "owed" },
    {
      name: "OWED(earlier) --oweIfLeaseLost, lease lost--> OWED(earlier): 'owed'",
      from: OWED(EARLIER),
      move: owe,
      to: OWED(EARLIER),
      returns: "owed",
    },
    {
      name: "HELD('tracker', me) --oweIfLeaseLost, lease lost--> unchanged: 'lost' (never the tracker's hold)",
      from: HELD("tracker", ME),
      move: owe,
      to: HELD("tracker", ME),
      returns: "lost",
    },
    {
      name: "SHOWN by my flow --oweIfLeaseLost, lease lost--> unchanged: 'lost'",
      from: SHOWN("flow", ME),
      move: owe,
      to: SHOWN("flow", ME),
      returns: "lost",
    },
  ]);
});

describe("releaseCard: HELD('flow', me) --releaseCard--> OWED (the flow could not show it)", () => {
  // HELD('flow', other), taken over while this process sent: [claims: fenced by its holder].
  walk([
    {
      name: "HELD('flow', me), marked sending --releaseCard(surely not sent)--> OWED(now), card_repeat 0",
      from: HELD("flow", ME, 1),
      move: (cards) => cards.releaseCard("ex", false),
      to: OWED(NOW, 0),
      returns: undefined,
    },
    {
      name: "HELD('flow', me), marked sending --releaseCard(may have arrived)--> OWED(now), card_repeat 1",
      from: HELD("flow", ME, 1),
      move: (cards) => cards.releaseCard("ex", true),
      to: OWED(NOW, 1),
      returns: undefined,
    },
    {
      name: "HELD('flow', me), 2 unsure sends --releaseCard(may have arrived)--> OWED(now), still 2",
      from: HELD("flow", ME, 2),
      move: (cards) => cards.releaseCard("ex", true),
      to: OWED(NOW, 2),
      returns: undefined,
    },
    {
      name: "HELD('tracker', me) --releaseCard--> unchanged (not the flow's)",
      from: HELD("tracker", ME),
      move: (cards) => cards.releaseCard("ex", true),
      to: HELD("tracker", ME),
      returns: undefined,
    },
    {
      name: "SHOWN by my flow --releaseCard--> unchanged",
      from: SHOWN("flow", ME),
      move: (cards) => cards.releaseCard("ex", false),
      to: SHOWN("flow", ME),
      returns: undefined,
    },
  ]);
});

describe("releaseFlowHold: HELD('flow') --releaseFlowHold--> OWED (the flow was left: /cancel, /start, a sweep)", () => {
  const release = (unconfirmedForMs?: number) => (cards: CardRepository) => cards.releaseFlowHold("ex", unconfirmedForMs);
  walk([
    { name: "HELD('flow', me) --releaseFlowHold--> OWED(now)", from: HELD("flow", ME), move: release(), to: OWED(NOW), returns: true },
    {
      name: "HELD('flow', other) --releaseFlowHold--> OWED(now) (whichever process's flow held it)",
      from: HELD("flow", OTHER),
      move: release(),
      to: OWED(NOW),
      returns: true,
    },
    {
      name: "HELD('flow', me), marked sending --releaseFlowHold--> OWED(now), the mark kept",
      from: HELD("flow", ME, 1),
      move: release(),
      to: OWED(NOW, 1),
      returns: true,
    },
    {
      name: "HELD('flow'), silent longer than the bound --releaseFlowHold(bound)--> OWED(now)",
      from: HELD("flow", OTHER),
      move: release(NOW - CLAIMED_AT - 1),
      to: OWED(NOW),
      returns: true,
    },
    {
      name: "HELD('flow'), confirmed within the bound --releaseFlowHold(bound)--> unchanged",
      from: HELD("flow", OTHER),
      move: release(NOW - CLAIMED_AT),
      to: HELD("flow", OTHER),
      returns: false,
    },
    {
      name: "HELD('tracker') --releaseFlowHold--> unchanged",
      from: HELD("tracker", ME),
      move: release(),
      to: HELD("tracker", ME),
      returns: false,
    },
    {
      name: "SHOWN by the flow --releaseFlowHold--> unchanged",
      from: SHOWN("flow", ME),
      move: release(),
      to: SHOWN("flow", ME),
      returns: false,
    },
    { name: "OWED --releaseFlowHold--> unchanged", from: OWED(EARLIER), move: release(), to: OWED(EARLIER), returns: false },
  ]);
});

describe("oweCard: HELD('tracker') --oweCard--> OWED (again, later); SHOWN --oweCard--> SHOWN", () => {
  // Owed again a while from now (LATER: NOW plus that while).
  const owe = (unsure: boolean) => (cards: CardRepository) => cards.oweCard("ex", LATER - NOW, unsure);
  walk([
    {
      name: "HELD('tracker', me) --oweCard(later, surely not sent)--> OWED(later)",
      from: HELD("tracker", ME),
      move: owe(false),
      to: OWED(LATER),
      returns: undefined,
    },
    {
      name: "HELD('tracker', me), 1 unsure send --oweCard(later, may have arrived)--> OWED(later), card_repeat 2",
      from: HELD("tracker", ME, 1),
      move: owe(true),
      to: OWED(LATER, 2),
      returns: undefined,
    },
    {
      name: "SHOWN by the tracker, the details taken --oweCard(later, surely not sent)--> SHOWN, the details owed from later",
      from: SHOWN("tracker", ME),
      move: owe(false),
      to: SHOWN("tracker", ME, { card_due_at: LATER }),
      returns: undefined,
    },
    {
      name: "SHOWN by the flow, the details taken --oweCard(later, may have arrived)--> SHOWN, owed from later, card_repeat 1",
      from: SHOWN("flow", OTHER),
      move: owe(true),
      to: SHOWN("flow", OTHER, { card_due_at: LATER, card_repeat: 1 }),
      returns: undefined,
    },
    // A compare-and-set on the holder: a tracker that paused past being judged gone, its card
    // taken over and being sent by another, must not take that one's hold away (two cards).
    {
      name: "HELD('tracker', other) --oweCard by a tracker that lost it--> unchanged",
      from: HELD("tracker", OTHER),
      move: owe(false),
      to: HELD("tracker", OTHER),
      returns: undefined,
    },
    {
      name: "HELD('flow', other) --oweCard--> unchanged",
      from: HELD("flow", OTHER),
      move: owe(true),
      to: HELD("flow", OTHER),
      returns: undefined,
    },
    {
      name: "NEW --oweCard(later)--> OWED(later) (the details came before anyone showed it)",
      from: NEW,
      move: owe(false),
      to: OWED(LATER),
      returns: undefined,
    },
  ]);
});

describe("oweDepositDetails: the details that came later, owed while the tracker holds or showed the card", () => {
  const owe = (cards: CardRepository) => cards.oweDepositDetails("ex");
  walk([
    {
      name: "HELD('tracker') --oweDepositDetails--> HELD('tracker'), the details owed from now (once the card is out)",
      from: HELD("tracker", OTHER),
      move: owe,
      to: { ...HELD("tracker", OTHER), card_due_at: NOW },
      returns: undefined,
    },
    {
      name: "SHOWN by the tracker --oweDepositDetails--> SHOWN, the details owed from now",
      from: SHOWN("tracker", OTHER),
      move: owe,
      to: SHOWN("tracker", OTHER, { card_due_at: NOW }),
      returns: undefined,
    },
    // The flow's card: the flow shows the details itself (its Try again redraws the card).
    {
      name: "SHOWN by the flow --oweDepositDetails--> unchanged",
      from: SHOWN("flow", ME),
      move: owe,
      to: SHOWN("flow", ME),
      returns: undefined,
    },
    { name: "HELD('flow') --oweDepositDetails--> unchanged", from: HELD("flow", ME), move: owe, to: HELD("flow", ME), returns: undefined },
    { name: "NEW --oweDepositDetails--> unchanged", from: NEW, move: owe, to: NEW, returns: undefined },
    { name: "OWED --oweDepositDetails--> unchanged", from: OWED(LATER), move: owe, to: OWED(LATER), returns: undefined },
  ]);
});

describe("setCardMessage: HELD --setCardMessage--> SHOWN", () => {
  walk([
    {
      name: "HELD('flow', me), marked sending --setCardMessage--> SHOWN, the unsure sends settled (card_repeat 0)",
      from: HELD("flow", ME, 1),
      move: (cards) => cards.setCardMessage("ex", MESSAGE),
      to: SHOWN("flow", ME),
      returns: undefined,
    },
    {
      name: "HELD('tracker', me), the details owed --setCardMessage--> SHOWN, the details still owed",
      from: { ...HELD("tracker", ME, 2), card_due_at: NOW },
      move: (cards) => cards.setCardMessage("ex", MESSAGE),
      to: SHOWN("tracker", ME, { card_due_at: NOW }),
      returns: undefined,
    },
    {
      name: "HELD('tracker', me) --setCardMessage(0)--> SHOWN (given up)",
      from: HELD("tracker", ME, 3),
      move: (cards) => cards.setCardMessage("ex", 0),
      to: SHOWN("tracker", ME, { card_message_id: 0 }),
      returns: undefined,
    },
  ]);
});

describe("releaseDeadClaims: HELD(dead) --releaseDeadClaims--> OWED(now), whatever state (a repeat if a send may have been under way)", () => {
  // HELD('flow', live other): [claims: taken over].
  const sweep = (cards: CardRepository) => cards.releaseDeadClaims();
  walk([
    {
      name: "HELD('tracker', gone) --releaseDeadClaims--> OWED(now), marked a possible repeat",
      from: HELD("tracker", GONE),
      move: sweep,
      to: OWED(NOW, 1),
      returns: 1,
    },
    {
      name: "HELD('tracker', gone), 2 unsure sends --releaseDeadClaims--> OWED(now), still 2",
      from: HELD("tracker", GONE, 2),
      move: sweep,
      to: OWED(NOW, 2),
      returns: 1,
    },
    {
      name: "HELD('flow', gone), marked sending --releaseDeadClaims--> OWED(now), the mark kept",
      from: HELD("flow", GONE, 1),
      move: sweep,
      to: OWED(NOW, 1),
      returns: 1,
    },
    {
      name: "HELD('flow', gone), not marked sending (the person choosing) --releaseDeadClaims--> OWED(now), unmarked (nothing was on its way)",
      from: HELD("flow", GONE),
      move: sweep,
      to: OWED(NOW),
      returns: 1,
    },
    {
      name: "HELD('flow', holder unrecorded) --releaseDeadClaims--> OWED(now)",
      from: HELD("flow", null),
      move: sweep,
      to: OWED(NOW),
      returns: 1,
    },
    {
      name: "HELD('flow', me) --releaseDeadClaims--> unchanged (never its own)",
      from: HELD("flow", ME),
      move: sweep,
      to: HELD("flow", ME),
      returns: 0,
    },
    {
      name: "HELD('tracker', live other) --releaseDeadClaims--> unchanged",
      from: HELD("tracker", OTHER),
      move: sweep,
      to: HELD("tracker", OTHER),
      returns: 0,
    },
    {
      name: "SHOWN, its holder gone --releaseDeadClaims--> unchanged",
      from: SHOWN("tracker", GONE),
      move: sweep,
      to: SHOWN("tracker", GONE),
      returns: 0,
    },
  ]);
});

describe("oweUnclaimedCard: NEW|OWED --oweUnclaimedCard--> OWED (sooner), only while nobody holds it and none was shown", () => {
  const owe = (cards: CardRepository) => cards.oweUnclaimedCard("ex");
  walk([
    { name: "NEW --oweUnclaimedCard--> OWED(now)", from: NEW, move: owe, to: OWED(NOW), returns: undefined },
    { name: "OWED(later) --oweUnclaimedCard--> OWED(now)", from: OWED(LATER), move: owe, to: OWED(NOW), returns: undefined },
    {
      name: "OWED(earlier) --oweUnclaimedCard--> OWED(earlier)",
      from: OWED(EARLIER),
      move: owe,
      to: OWED(EARLIER),
      returns: undefined,
    },
    {
      name: "HELD('flow') --oweUnclaimedCard--> unchanged (claimed since it was read: owed, it would show twice)",
      from: HELD("flow", OTHER),
      move: owe,
      to: HELD("flow", OTHER),
      returns: undefined,
    },
    {
      name: "HELD('tracker') --oweUnclaimedCard--> unchanged",
      from: HELD("tracker", OTHER),
      move: owe,
      to: HELD("tracker", OTHER),
      returns: undefined,
    },
    { name: "SHOWN --oweUnclaimedCard--> unchanged", from: SHOWN("flow", ME), move: owe, to: SHOWN("flow", ME), returns: undefined },
  ]);
});

describe("nextCardAt: when the next deposit message is owed", () => {
  it("is the earliest due of the cards that may go: owed and unheld, or shown with the details owed; not held, nor blocked", async () => {
    expect(await me.cards.nextCardAt()).toBeUndefined();
    await put(NEW, "new");
    await put(SHOWN("flow", ME), "shown");
    expect(await me.cards.nextCardAt()).toBeUndefined();
    await put(OWED(LATER), "owed");
    expect(await me.cards.nextCardAt()).toBe(LATER);
    await put(SHOWN("tracker", OTHER, { card_due_at: NOW }), "details");
    expect(await me.cards.nextCardAt()).toBe(NOW);
    // The details of a card still being sent wait for it.
    await put({ ...HELD("tracker", OTHER), card_due_at: EARLIER }, "held");
    expect(await me.cards.nextCardAt()).toBe(NOW);
    // Owed to an owner who blocked the bot: skipped until they write again.
    await put(OWED(CLAIMED_AT), "blocked", 8);
    await me.users.touch({ id: 8 });
    await me.users.setBlocked(8, true);
    expect(await me.cards.nextCardAt()).toBe(NOW);
    await me.users.touch({ id: 8 });
    expect(await me.cards.nextCardAt()).toBe(CLAIMED_AT);
  });
});

describe("the details learned while the tracker sends the card", () => {
  it("go once, after it: HELD('tracker') --oweDepositDetails--> --setCardMessage--> SHOWN --takeOwedCard--> nothing owed", async () => {
    await put(OWED(EARLIER));
    expect(await other.cards.takeOwedCard("ex")).toMatchObject({ cardClaim: "tracker", cardHolder: OTHER });
    await me.cards.oweDepositDetails("ex");
    // The card is not out yet: nobody takes the details, and the card is nobody else's to send.
    expect(await me.cards.takeOwedCard("ex")).toBeUndefined();
    expect(await me.cards.claimCard("ex", "flow")).toBe(false);
    await other.cards.setCardMessage("ex", MESSAGE);
    expect(await me.cards.nextCardAt()).toBe(NOW);
    expect(await me.cards.takeOwedCard("ex")).toMatchObject({ cardMessageId: MESSAGE, cardDueAt: null });
    expect(await other.cards.takeOwedCard("ex")).toBeUndefined();
    expect(await cardOf()).toEqual(SHOWN("tracker", OTHER));
  });
});

/**
 * Two parties make the same move on the same row at once: the compare-and-set lets one through.
 * Several rounds, each on its own card, so that on PostgreSQL (a pool of connections) the two
 * statements meet in different orders; on SQLite they queue on the one connection.
 */
describe("two parties making the same move: one wins", () => {
  const ROUNDS = 6;
  const ids = Array.from({ length: ROUNDS }, (_, i) => `race-${i}`);
  const winners = (results: boolean[]) => results.filter(Boolean).length;

  it("NEW: the flow (here) and the tracker (another process) claim at once; one holds it, the other hears false", async () => {
    for (const id of ids) await put(NEW, id);
    for (const id of ids) {
      const [flow, tracker] = await Promise.all([me.cards.claimCard(id, "flow"), other.cards.claimCard(id, "tracker")]);
      expect(winners([flow, tracker]), id).toBe(1);
      expect(await cardOf(id), id).toEqual(flow ? HELD("flow", ME) : HELD("tracker", OTHER));
    }
  });

  it("OWED: two trackers take it at once; one sends it", async () => {
    for (const id of ids) await put(OWED(EARLIER), id);
    for (const id of ids) {
      const taken = await Promise.all([me.cards.takeOwedCard(id), other.cards.takeOwedCard(id)]);
      expect(winners(taken.map((tx) => tx !== undefined)), id).toBe(1);
      const holder = taken[0] ? ME : OTHER;
      expect(await cardOf(id), id).toEqual(HELD("tracker", holder));
    }
  });

  it("HELD(dead): two processes' replayed Confirms take it over at once; one does, the repeat mark kept", async () => {
    for (const id of ids) await put(HELD("flow", GONE, 1), id);
    for (const id of ids) {
      const [mine, others] = await Promise.all([me.cards.claimCard(id, "flow"), other.cards.claimCard(id, "flow")]);
      expect(winners([mine, others]), id).toBe(1);
      expect(await cardOf(id), id).toEqual(HELD("flow", mine ? ME : OTHER, 1));
    }
  });

  it("HELD(dead): two leaders' sweeps at once owe it once", async () => {
    for (const id of ids) await put(HELD("tracker", GONE), id);
    const [mine, others] = await Promise.all([me.cards.releaseDeadClaims(), other.cards.releaseDeadClaims()]);
    expect(mine + others).toBe(ROUNDS);
    for (const id of ids) expect(await cardOf(id), id).toEqual(OWED(NOW, 1));
  });

  it("OWED: the flow's claim and a tracker's take at once; one holds it", async () => {
    for (const id of ids) await put(OWED(EARLIER), id);
    for (const id of ids) {
      const [flow, tracker] = await Promise.all([me.cards.claimCard(id, "flow"), other.cards.takeOwedCard(id)]);
      expect(winners([flow, tracker !== undefined]), id).toBe(1);
      expect(await cardOf(id), id).toEqual(flow ? HELD("flow", ME) : HELD("tracker", OTHER));
    }
  });

  it("the flow claims between the tracker's read and its write: the tracker's oweUnclaimedCard leaves the card the flow's", async () => {
    await put(NEW);
    const read = (await other.transactions.find("ex"))!;
    expect(read).toMatchObject({ cardClaim: null, cardDueAt: null });
    expect(await me.cards.claimCard("ex", "flow")).toBe(true);
    await other.cards.oweUnclaimedCard("ex");
    expect(await cardOf()).toEqual(HELD("flow", ME));
    expect(await other.cards.takeOwedCard("ex")).toBeUndefined();
  });
});

/**
 * Owed times (card_due_at, card_claimed_at) on PostgreSQL are on the database's clock, whichever
 * process writes or reads them: a process whose clock runs an hour ahead (its Date moved, as
 * test/harness/shift-clock.mjs moves a process's) owes a card at the database's now, confirms a
 * hold as of it, lapses a hold only once it is old by that clock, and sends what is owed when
 * the database's clock says so. (SQLite: its one process's clock, as the walk above.)
 */
describe.runIf(testBackEnd() === "postgres")("owed times on the database's clock", () => {
  const AHEAD = 60 * 60_000;
  const dbNow = async () => Number((await sql<{ now: string }>`SELECT ${sql.raw(DB_NOW)} AS now`.execute(fresh.store.db)).rows[0]!.now);
  /** A column of the card, as a number, and the database's now when it was read. */
  const column = async (name: "card_due_at" | "card_claimed_at", exchangeId = "ex") => {
    const row = await fresh.store.db
      .selectFrom("transactions")
      .select(name)
      .where("exchange_id", "=", exchangeId)
      .executeTakeFirstOrThrow();
    return Number(row[name]);
  };
  /** `value` is the database's now (plus `plusMs`), within the second the statements took. */
  const onDatabaseClock = async (value: number, plusMs = 0) => {
    const now = await dbNow();
    expect(value - plusMs).toBeLessThanOrEqual(now);
    expect(value - plusMs).toBeGreaterThan(now - 2_000);
  };
  let ahead: Repositories;
  beforeEach(async () => {
    ahead = createRepositories(fresh.store, systemClock, ME);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + AHEAD);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a process an hour ahead claims, confirms, owes and sends on the database's clock", async () => {
    await put(NEW);
    expect(await ahead.cards.claimCard("ex", "flow")).toBe(true);
    await onDatabaseClock(await column("card_claimed_at"));
    expect(await ahead.cards.touchCardClaim("ex")).toBe(true);
    await onDatabaseClock(await column("card_claimed_at"));
    await ahead.cards.releaseCard("ex", false);
    await onDatabaseClock(await column("card_due_at"));

    // The tracker's retry 15 s later: owed from the database's now plus 15 s, and not sent before.
    expect(await ahead.cards.takeOwedCard("ex")).toMatchObject({ cardClaim: "tracker" });
    await ahead.cards.oweCard("ex", 15_000, false);
    await onDatabaseClock(await column("card_due_at"), 15_000);
    expect(await ahead.notices.owedBy(systemClock.now(), 10)).toEqual({ cards: [], notices: [], edits: [] });
    // Told on the process's clock, when it is 15 s from now there.
    const next = (await ahead.cards.nextCardAt())!;
    expect(next - systemClock.now()).toBeGreaterThan(13_000);
    expect(next - systemClock.now()).toBeLessThanOrEqual(15_000);
  });

  it("a hold another process confirmed just now does not lapse for a tracker an hour ahead", async () => {
    await put(NEW);
    vi.useRealTimers();
    const onTime = createRepositories(fresh.store, systemClock, OTHER);
    expect(await onTime.cards.claimCard("ex", "flow")).toBe(true);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + AHEAD);
    expect(await ahead.cards.releaseFlowHold("ex", FLOW_CARD_HOLD_MS)).toBe(false);
    expect(await cardOf()).toEqual(HELD("flow", OTHER));
  });
});
