import { GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import type { Repositories } from "../../db/index.js";
import { paymentUri } from "../../domain/networks.js";
import { isPastDeposit } from "../../domain/poll-policy.js";
import { qrPng } from "../../domain/qr.js";
import type { Currency } from "../../exchange/index.js";
import { cardKeyboard, explorersOf, renderCard, renderCreationCard, type Translate } from "../cards.js";
import { currencyLabel, escapeHtml } from "../format.js";
import { type SendFailure, sendFailure } from "../telegram-errors.js";
import { type Created, type DepositDeps, depositOf, depositViewOf } from "./deposit.js";
import type { FlowConversation, FlowUi } from "./flow-ui.js";

export interface AfterCreationDeps extends DepositDeps {
  repos: Pick<Repositories, "transactions" | "cards" | "users">;
}

/** How often the creation card and the QR code are tried while Telegram certainly did not take them. */
const CARD_ATTEMPTS = 3;

/**
 * The message that matters most: where to send, exactly how much, and the memo; then the QR
 * code. A deposit that is not complete is not shown: the person may ask again or leave (the
 * tracker then tells them when it is there). The card is claimed in the database first, so the
 * flow and the tracker never both show it; one the flow cannot show is owed by the tracker,
 * which delivers it from the database (src/tracker/notifier.ts, deliverDeposit).
 *
 * Shown only while this process still holds the chat's lease (issue 31): one whose chat was taken
 * over meanwhile (it paused while the service created the exchange) has its claim of the card, or
 * its hold's confirmation, or its send refused, and shows nothing. The card is then owed at once,
 * and the leader's tracker (or the process that took the chat over) shows it, once.
 */
export async function showCreated(
  conversation: FlowConversation,
  ui: FlowUi,
  deps: AfterCreationDeps,
  created: Created,
  from: Currency,
): Promise<void> {
  try {
    await showCard(conversation, ui, deps, created, from);
  } catch (error) {
    await conversation.external(() => oweCardIfLeaseLost(deps, created.exchangeId));
    throw error;
  }
}

/**
 * After an error once the exchange exists (the flow noting it, or showing its card): when it was
 * a refusal for a lost lease (a fenced write, or the fence of a call into the chat), the card this
 * flow held, or was about to claim, must not stay with a process that shows nothing: it is owed at
 * once, and the tracker woken.
 */
export async function oweCardIfLeaseLost(
  deps: Pick<DepositDeps, "clock" | "logger" | "onCreated"> & { repos: Pick<Repositories, "cards"> },
  exchangeId: string,
): Promise<void> {
  const lease = await deps.repos.cards.oweIfLeaseLost(exchangeId).catch((failure: unknown) => {
    deps.logger.error(
      { err: failure, exchangeId, shownBy: "the tracker, once this process is counted gone or its hold lapses" },
      "could not owe the creation card after an error",
    );
    return "held" as const;
  });
  if (lease === "held") return;
  deps.logger.warn(
    { exchangeId, cardOwed: lease === "owed" },
    "this process lost the chat's lease while showing an exchange's creation card",
  );
  if (lease === "owed") deps.onCreated(); // wakes the tracker
}

async function showCard(
  conversation: FlowConversation,
  ui: FlowUi,
  deps: AfterCreationDeps,
  created: Created,
  from: Currency,
): Promise<void> {
  const exchangeId = created.exchangeId;
  // The tracker showed it already (news came while the flow read the deposit), or a live process
  // holds it: never twice. A claim whose process is gone (killed while sending it, its Confirm
  // replayed here) is taken over (src/db/exchanges/card.ts); should that process still look alive,
  // the tracker owes the card once it is judged gone.
  if (!(await conversation.external(() => deps.repos.cards.claimCard(exchangeId, "flow")))) return;
  const t: Translate = (key, vars) => ui.t(key, vars);
  const read = () =>
    conversation.external(async () => {
      // Still here: the hold on the card is confirmed, so the tracker does not take it (FLOW_CARD_HOLD_MS).
      await deps.repos.cards.touchCardClaim(exchangeId);
      const tx = (await deps.repos.transactions.find(exchangeId))!;
      const phrase = (await deps.repos.users.find(tx.userId))?.phrase ?? null;
      const text = renderCard(t, tx, explorersOf(deps.catalogue, tx), deps.clock.now(), phrase, { depositInstructions: true });
      // Past the deposit (it arrived, or the exchange ended): the status, never where to send.
      return { tx, text, phrase, final: isPastDeposit(tx.status), view: depositViewOf(deps, tx) };
    });
  let card: Awaited<ReturnType<typeof read>>;
  for (;;) {
    // Its own step: many inputs at the prompt below ask it again (read afresh), never the
    // summary or anything else from before the exchange was created.
    await ui.beginStep();
    card = await read();
    if (card.final || card.view.kind === "complete") break;
    const messageId = await ui.prompt((button) => ({
      text: [ui.t("created-title"), "", card.text, "", ui.t("deposit-incomplete-choices")].join("\n"),
      keyboard: new InlineKeyboard()
        .text(ui.t("button-retry"), button("", "retry").callback_data)
        .text(ui.t("button-leave"), button("", "leave").callback_data),
    }));
    let input = await ui.input();
    // Typed text is not a choice: a hint, and the prompt stays as it is.
    while (input.kind === "text") {
      await ui.say(ui.t("flow-tap-a-button"));
      input = await ui.input();
    }
    if (input.action === "leave") {
      // The tracker may have learned the deposit meanwhile: then show it now, not a promise.
      card = await read();
      if (card.final || card.view.kind === "complete") break;
      // The card is the tracker's now (after a restart): it shows it and says when the details come.
      if (card.tx.cardClaim !== "flow") return;
      // The tracker keeps this message current and says when the deposit details come.
      await conversation.external(() => deps.repos.cards.setCardMessage(exchangeId, messageId));
      return;
    }
    if (input.action === "retry") await conversation.external(() => depositOf(deps, exchangeId));
  }

  // A restart while the person was choosing hands the card to the tracker: never both show it.
  // Not shown yet: owed now rather than at its later time; shown (without the details, which
  // are owed to follow: depositOf, the tracker's depositReady): nothing more here.
  if (card.tx.cardClaim !== "flow") {
    if (card.tx.cardClaim === null && card.tx.cardMessageId === null) {
      await conversation.external(async () => {
        // Compare-and-set: the tracker may have taken the card to send since it was read.
        await deps.repos.cards.oweUnclaimedCard(exchangeId);
        deps.onCreated(); // wakes the tracker
      });
    }
    return;
  }
  // Shown before (the process stopped after the card went out, and Confirm came again), or taken
  // over from a process that was sending it when it died (card_repeat above 0): said to be a
  // repeat, and no second QR picture.
  const shownBefore = card.tx.cardMessageId !== null || card.tx.cardRepeat > 0;
  const creation = await conversation.external(async () => {
    // Still this process's to send (a pause may have had it taken over): else the taker's card is the one.
    if (!(await deps.repos.cards.markCardSending(exchangeId))) return undefined;
    return renderCreationCard(t, card.tx, explorersOf(deps.catalogue, card.tx), deps.clock.now(), card.phrase, { repeat: shownBefore });
  });
  if (creation === undefined) return;
  // Tried again only while Telegram certainly did not take it. After a timeout it may have
  // arrived: a blind second card could make someone pay twice, so the tracker sends it once
  // more, saying it may repeat the last one (losing the address would cost more).
  const shown = await sendCarefully(() =>
    ui.prompt(() => ({ text: creation, keyboard: cardKeyboard(t, card.tx, explorersOf(deps.catalogue, card.tx)) })),
  );
  if (shown.kind === "failed") {
    await conversation.external(async () => {
      deps.logger.warn({ exchangeId, failure: shown.failure }, "could not show the creation card, so the tracker delivers it");
      if (shown.failure === "blocked") await deps.repos.users.setBlocked(card.tx.userId, true);
      // A card taken over from a process that was sending it may have arrived already: the
      // tracker's must say it may repeat one even when this send surely failed.
      await deps.repos.cards.releaseCard(exchangeId, shown.failure === "uncertain" || shownBefore);
      deps.onCreated(); // wakes the tracker: the card is owed now
    });
    return;
  }
  await conversation.external(() => deps.repos.cards.setCardMessage(exchangeId, shown.value));

  // Never a QR code for an exchange past its deposit (it arrived, or nothing may be sent there), nor a
  // second one (the first may have arrived; the card carries everything).
  if (card.final || card.view.kind !== "complete" || shownBefore) return;
  const { address, memo } = card.view;
  // The same figure as the text above: the amount the person confirmed.
  const uri = paymentUri(from.symbol, from.network, address, card.tx.amountFrom) ?? address;
  const png = await conversation.external({ task: () => qrPng(uri).then((png: Buffer) => png.toString("base64")) });
  const currency = escapeHtml(currencyLabel(from));
  const caption = [
    ...(card.phrase ? [ui.t("deposit-phrase", { phrase: escapeHtml(card.phrase) })] : []),
    memo === null ? ui.t("created-qr", { currency }) : ui.t("created-qr-memo", { currency, memo: escapeHtml(memo) }),
  ].join("\n");
  // The picture only repeats the card's address: after a timeout (it may have arrived) it is not
  // sent again, and one Telegram never took is not owed: the card above carries everything.
  const qr = await sendCarefully(() => ui.photo(new InputFile(Buffer.from(png, "base64"), "deposit-qr.png"), caption));
  if (qr.kind === "failed" && qr.failure === "blocked")
    await conversation.external(() => deps.repos.users.setBlocked(card.tx.userId, true));
}

/**
 * Runs a Bot API call, again only while Telegram certainly did not take it (up to CARD_ATTEMPTS),
 * never after a timeout, a 403 or a refusal (replay-safe: each outcome is logged by the conversation).
 */
async function sendCarefully<T>(call: () => Promise<T>): Promise<{ kind: "sent"; value: T } | { kind: "failed"; failure: SendFailure }> {
  let failure: SendFailure = "retry";
  for (let attempt = 1; attempt <= CARD_ATTEMPTS && failure === "retry"; attempt++) {
    try {
      return { kind: "sent", value: await call() };
    } catch (error) {
      if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
      failure = sendFailure(error);
    }
  }
  return { kind: "failed", failure };
}
