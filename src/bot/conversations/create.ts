import { abortAfter, sleep } from "../../clock.js";
import type { CreateRequestState, NewTransaction, Repositories } from "../../db/index.js";
import { pollRank } from "../../domain/poll-policy.js";
import {
  BudgetCancelledError,
  type CreateTransactionRequest,
  type ExchangeClient,
  type ExchangeError,
  isExchangeError,
  type QueuePlace,
} from "../../exchange/index.js";
import type { Metrics } from "../../ops/metrics.js";
import { flowCreated } from "../flow-created.js";
import { waitSeconds } from "../format.js";
import { type TypingIndicator, USER_WAIT_MS, whileWaiting } from "../waiting.js";
import { oweCardIfLeaseLost } from "./after-creation.js";
import { type Created, type DepositDeps, depositOf } from "./deposit.js";
import { createRequestOf, type FlowState, pairOf } from "./flow-state.js";
import type { FlowUi, Screen } from "./flow-ui.js";
import { describeError, type UpstreamProblem } from "./offers.js";

export interface CreateDeps extends DepositDeps {
  repos: Pick<Repositories, "transactions" | "cards" | "createRequests" | "kv">;
  client: Pick<ExchangeClient, "getTransaction" | "createTransaction">;
  /** Tells a person their place in line while a call waits for the rate budget; the message's id. */
  notifyQueued: (chatId: number, text: string) => Promise<number>;
  /** Edits the place-in-line message as the wait goes down. */
  editMessage: (chatId: number, messageId: number, screen: Screen) => Promise<void>;
  /** "typing…" in a chat while a wait lasts (src/bot/waiting.ts). */
  typing: Pick<TypingIndicator, "keep">;
  trackerIntervalMs: number;
  /** How flows end (metrics). */
  flows: Pick<Metrics, "flowCompleted">;
  /** This process among the bot's on the database (src/fleet/): its attempts to create are kept under its name. */
  process: { owner: string };
}

export type CreateOutcome =
  | Created
  | { kind: "refused"; error: UpstreamProblem }
  /** An exchange may have been created; `reference` (the request key) and `at` let support find the attempt. */
  | { kind: "unknown"; reference: string; at: number }
  /**
   * The attempt is on its way in another process that still runs (this Confirm was taken over
   * from it: it paused, or lost the chat): its outcome, the card or the refusal, comes later.
   */
  | { kind: "in-flight"; reference: string; at: number }
  /**
   * This process made the attempt, but meanwhile another took the Confirm over and told the
   * person it may be being created: the refusal or the unknown outcome is told by the owed
   * outcomes' pass (src/bot/create-outcomes.ts), not here (a card is shown as usual).
   */
  | { kind: "taken-over" };

/**
 * How long a Confirm taken over waits for the outcome of the attempt on its way in another
 * process, looking every IN_FLIGHT_LOOK_MS: a process that paused briefly (a GC) ends its attempt
 * within that, and the person sees the card or the refusal as if nothing had happened. Short,
 * because a killed process never ends it: the person hears from us about 7 s after the kill (the
 * chat's 4 s lease, then this), and the outcome follows when it is known.
 */
export const IN_FLIGHT_WAIT_MS = 3_000;
const IN_FLIGHT_LOOK_MS = 500;

/**
 * The create step, run inside `external` once per confirmation: creates the exchange (once
 * for its request key), counts how the flow ended and notes what it created, so leaving the
 * flow from here on (/start, /cancel) says the exchange exists.
 */
export async function createStep(
  deps: CreateDeps,
  input: { chatId: number; userId: number; requestKey: string; state: FlowState; ui: FlowUi },
): Promise<CreateOutcome> {
  let outcome = await createExchange(deps, input);
  if ((outcome.kind === "refused" || outcome.kind === "unknown") && (await deps.repos.createRequests.wasToldInFlight(input.requestKey)))
    outcome = { kind: "taken-over" };
  if (outcome.kind === "in-flight") await deps.repos.createRequests.markToldInFlight(input.requestKey, deps.clock.now());
  // An outcome is owed now, or was just learned: the leader's pass over owed outcomes looks at once.
  if (outcome.kind === "in-flight" || outcome.kind === "taken-over") deps.onCreated();
  if (outcome.kind !== "refused" && outcome.kind !== "taken-over")
    deps.flows.flowCompleted(input.chatId, outcome.kind === "created" ? "created" : "unknown");
  if (outcome.kind === "created") await noteCreated(deps, input.chatId, outcome.exchangeId);
  return outcome;
}

/**
 * Notes which exchange the flow created (flowCreated). The note is fenced by the chat's lease: a
 * process that paused while the service created the exchange, and lost the chat meanwhile, is
 * refused here, before its card; the card is then owed at once, as a refused showing owes it.
 */
async function noteCreated(deps: CreateDeps, chatId: number, exchangeId: string): Promise<void> {
  try {
    await flowCreated(deps.repos.kv, chatId, exchangeId);
  } catch (error) {
    await oweCardIfLeaseLost(deps, exchangeId);
    throw error;
  }
}

/**
 * The request key is claimed in the database before the service is called, so a repeated
 * update or a restart finds it and never calls createTransaction a second time.
 */
async function createExchange(
  deps: CreateDeps,
  input: { chatId: number; userId: number; requestKey: string; state: FlowState; ui: FlowUi },
): Promise<CreateOutcome> {
  const { state, requestKey } = input;
  const claimedAt = deps.clock.now();
  const offer = state.offer!;
  const request = createRequestOf(state);
  // What is asked for is kept with the claim: support can match it with the provider's records.
  const claim = await deps.repos.createRequests.claim(
    requestKey,
    input.userId,
    {
      ...pairOf(state),
      amount: request.amount,
      provider: request.providerName,
      rateType: offer.exchange_type,
      addressTo: request.toAddress,
      extraTo: state.memo ?? null,
    },
    deps.process.owner,
  );
  if (claim.state === "pending") return attemptElsewhere(deps, input.chatId, requestKey, claim);
  if (claim.state === "created") return depositOf(deps, claim.exchangeId);
  if (claim.state === "failed") return { kind: "refused", error: { kind: "internal" } };

  // Only the wait for a slot is bounded here (giving up then is safe: nothing was sent). Once
  // the slot is granted, the request has the client's own response timeout, whatever the wait.
  const queue = abortAfter(deps.clock, USER_WAIT_MS);
  const notice = queueNotice(deps, input.chatId, input.ui);
  let exchangeId: string;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        ({ exchangeId } = await whileWaiting(
          deps,
          input.chatId,
          (onQueued) => deps.client.createTransaction(request, { onQueued, queueSignal: queue.signal }),
          notice.show,
        ));
        break;
      } catch (error) {
        // A 429 was refused unread: nothing was created, so the same request key asks again once
        // the service's wait is over (the budget holds every call until then), the person told why.
        if (!isSurelyRateLimited(error) || attempt >= RATE_LIMITED_ATTEMPTS || queue.signal.aborted) throw error;
        deps.logger.warn({ requestKey, attempt, retryAfterMs: error.details.retryAfterMs }, "the service asked us to wait before creating");
        notice.rateLimited(error.details.retryAfterMs ?? 0);
      }
    }
  } catch (error) {
    return await createFailed(deps, { requestKey, at: claimedAt, request }, error);
  } finally {
    queue.cancel();
  }

  const now = deps.clock.now();
  // Logged before it is stored: should the database fail now, the exchange exists at the service
  // all the same, and this line is how support finds it (by the person's reference).
  deps.logger.info({ exchangeId, requestKey, userId: input.userId }, "exchange created");
  const stored = await storeCreated(deps, requestKey, {
    exchangeId,
    userId: input.userId,
    chatId: input.chatId,
    ...pairOf(state),
    amountFrom: state.amount!,
    amountTo: offer.amount,
    addressTo: state.address!,
    extraTo: state.memo ?? null,
    addressFrom: null,
    extraFrom: null,
    provider: offer.provider_name,
    rateType: offer.exchange_type,
    status: "waiting",
    createdAt: now,
    nextPollAt: now + deps.trackerIntervalMs,
    pollRank: pollRank({ status: "waiting", fundsSentAt: null }, now),
    cardMessageId: null,
  });
  if (!stored) return { kind: "unknown", reference: requestKey, at: claimedAt };
  deps.onCreated();
  return whileWaiting(deps, input.chatId, () => depositOf(deps, exchangeId));
}

/**
 * This confirmation's attempt was made before (the update is taken up again after its process
 * paused or died). Still on its way (recent, and no answer said otherwise): its outcome is waited
 * for a few seconds, then the person is told it may be being created and that it comes here.
 * Whether its process was killed or is only paused cannot be told apart now (neither beats):
 * the owed outcomes' pass says it stays unknown once that process has been gone for minutes.
 * Otherwise nobody will learn more: the outcome is unknown, and said so.
 */
async function attemptElsewhere(
  deps: CreateDeps,
  chatId: number,
  requestKey: string,
  first: Extract<CreateRequestState, { state: "pending" }>,
): Promise<CreateOutcome> {
  const unknown: CreateOutcome = { kind: "unknown", reference: requestKey, at: first.createdAt };
  if (!first.onItsWay || first.attemptedBy === null) return unknown;
  const until = deps.clock.now() + IN_FLIGHT_WAIT_MS;
  const stopTyping = deps.typing.keep(chatId);
  try {
    for (;;) {
      await sleep(deps.clock, IN_FLIGHT_LOOK_MS);
      const state = await deps.repos.createRequests.stateOf(requestKey);
      if (state.state === "created") return await depositOf(deps, state.exchangeId);
      if (state.state === "failed") return { kind: "refused", error: { kind: "internal" } };
      if (!state.onItsWay) return unknown;
      if (deps.clock.now() >= until) return { kind: "in-flight", reference: requestKey, at: first.createdAt };
    }
  } finally {
    stopTyping();
  }
}

/** Tries to store a created exchange this often, STORE_RETRY_MS × the attempt apart. */
const STORE_ATTEMPTS = 3;
const STORE_RETRY_MS = 1_000;

/**
 * Stores the exchange the service created, trying again a few times: a moment's database
 * trouble must not lose it (it would never be tracked, and nobody would see its deposit
 * details). False when it could not be stored: the attempt stays pending, with the exchange id
 * kept as its reason if the database takes that, and is an unknown outcome to the person.
 */
async function storeCreated(deps: CreateDeps, requestKey: string, record: NewTransaction): Promise<boolean> {
  const exchangeId = record.exchangeId;
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.repos.createRequests.complete(requestKey, record);
      return true;
    } catch (error) {
      // A commit whose answer was lost may have gone through: then it is stored, once.
      if (await deps.repos.transactions.find(exchangeId).catch(() => undefined)) return true;
      if (attempt >= STORE_ATTEMPTS) {
        deps.logger.error(
          { err: error, exchangeId, requestKey, attempts: attempt },
          "could not store a created exchange, which exists at the service but is not tracked",
        );
        await deps.repos.createRequests
          .markUnknown(
            requestKey,
            `created as ${exchangeId}, but could not be stored: ${error instanceof Error ? error.message : String(error)}`,
          )
          .catch((failure: unknown) =>
            deps.logger.error({ err: failure, exchangeId, requestKey }, "could not note the created exchange's id with its request"),
          );
        return false;
      }
      deps.logger.warn({ err: error, exchangeId, requestKey, attempt }, "could not store a created exchange, and tries again");
      await sleep(deps.clock, STORE_RETRY_MS * attempt);
    }
  }
}

/** `text` with the receiving address and memo of `request` replaced, for the log. */
function withoutDestination(text: string, request: CreateTransactionRequest): string {
  let out = text;
  for (const part of [request.toAddress, request.toExtraId ?? ""]) if (part.length >= 3) out = out.split(part).join("[destination]");
  return out;
}

/**
 * What a failed createTransaction means for the person. Only an answer that says "not
 * created" allows another try; anything else may have created an exchange, and stays pending.
 */
async function createFailed(
  deps: CreateDeps,
  attempt: { requestKey: string; at: number; request: CreateTransactionRequest },
  error: unknown,
): Promise<CreateOutcome> {
  const { requestKey, at, request } = attempt;
  const definitelyNot =
    error instanceof BudgetCancelledError ||
    (isExchangeError(error) &&
      (["bad-request", "unauthorized", "forbidden", "rate-limited"].includes(error.kind) || error.details.mayHaveReachedService === false));
  const reason = error instanceof Error ? error.message : String(error);
  // The log names the reference only: the person's address and memo stay in the database (support
  // reads them with /lookup), and are cut out of the service's answer in case it echoes them.
  const logged = {
    kind: isExchangeError(error) ? error.kind : "internal",
    status: isExchangeError(error) ? error.details.httpStatus : undefined,
    reason: withoutDestination(reason, request),
  };
  deps.logger.error({ requestKey, definitelyNot, ...logged }, "createTransaction failed");
  if (definitelyNot) {
    await deps.repos.createRequests.fail(requestKey, reason);
    return { kind: "refused", error: describeError(error, deps.logger) };
  }
  await deps.repos.createRequests.markUnknown(requestKey, reason);
  return { kind: "unknown", reference: requestKey, at };
}

/** Times createTransaction is asked under one request key while the service answers 429 (each waits out its pause). */
export const RATE_LIMITED_ATTEMPTS = 3;

/** A 429 from the service, which says the request was not processed: nothing was created. */
function isSurelyRateLimited(error: unknown): error is ExchangeError {
  return isExchangeError(error, "rate-limited") && error.details.mayHaveReachedService === false;
}

/**
 * "You are 3rd in line, about 20 s": one message per wait, edited as the wait goes down. After a
 * 429 (`rateLimited`) it says so instead: the service asked to wait, nothing is created yet.
 */
function queueNotice(
  deps: CreateDeps,
  chatId: number,
  ui: FlowUi,
): { show: (place: QueuePlace) => void; rateLimited: (waitMs: number) => void } {
  let notice: Promise<number | undefined> | undefined;
  let limited = false;
  let shown: string | undefined;
  const warn = (error: unknown) => deps.logger.warn({ err: error }, "could not show the place in line");
  const say = (text: string) => {
    // Telegram refuses an edit that changes nothing.
    if (text === shown) return;
    shown = text;
    notice =
      notice === undefined
        ? deps.notifyQueued(chatId, text).catch((error: unknown) => void warn(error))
        : notice.then(async (messageId) => {
            if (messageId !== undefined) await deps.editMessage(chatId, messageId, { text }).catch(warn);
            return messageId;
          });
  };
  const show = (place: QueuePlace) => {
    const seconds = waitSeconds(place.waitMs);
    say(limited ? ui.t("create-rate-limited", { seconds }) : ui.t("queue-position", { position: place.position, seconds }));
  };
  return {
    show,
    rateLimited: (waitMs) => {
      limited = true;
      show({ position: 1, waitMs });
    },
  };
}
