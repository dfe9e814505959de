/**
 * When an exchange is later than usual (issue 40): pure rules on its status, the deposit's
 * network and how long it has been in that status (the bot's own record of when it first saw
 * it), which the tracker acts on and the card words the same way.
 *
 * Waiting for a deposit is the person's own time and never slow. Confirming takes as long as
 * the deposit's network needs for its confirmations (Bitcoin far longer than Tron); exchanging
 * and sending take as long as providers usually do. Past the usual time the person is told
 * once; past `lateFactor` times it, the card says "later than usual" and support sees it.
 */

const MINUTE = 60_000;

/** How long a deposit usually takes to be confirmed, by network: a few blocks' time and then some. */
export const USUAL_CONFIRMING_MINUTES: Readonly<Record<string, number>> = {
  btc: 60,
  bch: 60,
  ltc: 30,
  doge: 30,
  dash: 30,
  zec: 30,
  xmr: 40,
  eth: 15,
  etc: 30,
  bsc: 5,
  matic: 10,
  polygon: 10,
  arbitrum: 5,
  optimism: 5,
  base: 5,
  avaxc: 5,
  trx: 5,
  sol: 3,
  ton: 3,
  xrp: 3,
  xlm: 3,
  algo: 3,
  ada: 10,
  dot: 5,
  atom: 5,
  near: 3,
};
/** A network the table does not name. */
export const USUAL_CONFIRMING_DEFAULT_MINUTES = 30;

export interface SlownessSettings {
  /** Usual confirmation minutes by network, over the table above ("*": every other network). */
  confirmingMinutes: Readonly<Record<string, number>>;
  exchangingMinutes: number;
  sendingMinutes: number;
  /** Past this many times the usual time, the exchange is "later than usual" on its card and in support's list. */
  lateFactor: number;
}

export const DEFAULT_SLOWNESS: SlownessSettings = { confirmingMinutes: {}, exchangingMinutes: 30, sendingMinutes: 30, lateFactor: 3 };

/** How long `status` usually lasts for an exchange whose deposit is on `networkFrom`; undefined where it is never slow. */
export function usualMs(status: string, networkFrom: string, settings: SlownessSettings): number | undefined {
  switch (status.toLowerCase()) {
    case "confirming": {
      const network = networkFrom.toLowerCase();
      const minutes =
        settings.confirmingMinutes[network] ??
        USUAL_CONFIRMING_MINUTES[network] ??
        settings.confirmingMinutes["*"] ??
        USUAL_CONFIRMING_DEFAULT_MINUTES;
      return minutes * MINUTE;
    }
    case "exchanging":
      return settings.exchangingMinutes * MINUTE;
    case "sending":
      return settings.sendingMinutes * MINUTE;
    default:
      return undefined;
  }
}

export type Slowness = "usual" | "slow" | "late";

/** How late an exchange is, `inStatusMs` after the bot first saw its current status. */
export function slownessOf(status: string, networkFrom: string, inStatusMs: number, settings: SlownessSettings): Slowness {
  const usual = usualMs(status, networkFrom, settings);
  if (usual === undefined || inStatusMs < usual) return "usual";
  return inStatusMs < usual * settings.lateFactor ? "slow" : "late";
}

/**
 * What the bot has said of an exchange's slowness, as stored (`slow_state`): "<status>" once the
 * person was told it is slow, "<status>:late" once its card says it is later than usual. Another
 * status since starts afresh.
 */
export function toldOf(slowState: string | null | undefined, status: string): Slowness {
  if (!slowState) return "usual";
  const [told, late] = slowState.split(":");
  if (told !== status.toLowerCase()) return "usual";
  return late === "late" ? "late" : "slow";
}

export function slowStateOf(status: string, slowness: Exclude<Slowness, "usual">): string {
  return slowness === "late" ? `${status.toLowerCase()}:late` : status.toLowerCase();
}

/**
 * "btc:90,trx:10,*:45" (SLOW_CONFIRMING_MINUTES): minutes by network; throws on anything else.
 */
export function parseConfirmingMinutes(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")) {
    const match = /^([a-z0-9*-]+):(\d{1,5})$/i.exec(part);
    if (!match || Number(match[2]) <= 0) throw new Error(`"${part}" is not network:minutes (for example btc:90)`);
    out[match[1]!.toLowerCase()] = Number(match[2]);
  }
  return out;
}
