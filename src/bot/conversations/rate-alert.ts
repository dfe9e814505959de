import type { Clock } from "../../clock.js";
import type { Repositories } from "../../db/index.js";
import type { Currency } from "../../exchange/index.js";
import { amount, typableAmount } from "../amounts.js";
import { alertAnswer, createAlert } from "../features/alerts.js";
import { currencyLabel, escapeHtml, shorten } from "../format.js";
import type { FlowConversation, FlowUi } from "./flow-ui.js";

export interface RateAlertDeps {
  repos: Repositories;
  clock: Clock;
  /** How often rate alerts are checked (said when one is set). */
  alertCheckIntervalMs: number;
}

/**
 * "Tell me when I get at least…" from the offers screen: asks the target, sets the alert and
 * says so. The flow then shows the offers again: the person may still swap now.
 */
export async function setRateAlert(
  conversation: FlowConversation,
  ui: FlowUi,
  deps: RateAlertDeps,
  alert: { userId: number; chatId: number; swap: { from: Currency; to: Currency; amount: string }; best: string | undefined },
): Promise<void> {
  const { swap } = alert;
  const target = await askTarget(ui, swap, alert.best);
  const answer = await conversation.external(async () => {
    const request = await createAlert(deps.repos, deps.clock, {
      userId: alert.userId,
      chatId: alert.chatId,
      symbolFrom: swap.from.symbol,
      networkFrom: swap.from.network,
      symbolTo: swap.to.symbol,
      networkTo: swap.to.network,
      amount: swap.amount,
      target,
    });
    return alertAnswer(ui.t.bind(ui), request, deps.alertCheckIntervalMs);
  });
  await ui.say(answer);
}

/** The least the person wants to receive; the best offer now is the example. */
async function askTarget(ui: FlowUi, swap: { from: Currency; to: Currency; amount: string }, best: string | undefined): Promise<string> {
  // The example is one to type back: no thousands grouping.
  const vars = {
    amount: amount(swap.amount),
    from: escapeHtml(currencyLabel(swap.from)),
    to: escapeHtml(currencyLabel(swap.to)),
    example: best ? typableAmount(best) : "1",
  };
  await ui.prompt(() => ({ text: ui.t("flow-alert-ask", vars) }));
  for (;;) {
    const input = await ui.input();
    if (input.kind !== "text") continue;
    const parsed = await ui.readAmount(input.text, { maxFractionDigits: 18 });
    if (parsed.ok) return parsed.value;
    await ui.say(ui.t(`amount-${parsed.problem}`, { decimals: 18, input: escapeHtml(shorten(input.text.trim(), 32)) }));
  }
}
