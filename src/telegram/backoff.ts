/** How long to wait after failed attempts: the first wait, doubled each time up to the last. */
export interface RetryTiming {
  firstMs: number;
  maxMs: number;
}

/** Waits between attempts to reach Telegram: 1 s, 2 s, 4 s … up to a minute. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly firstMs = 1_000,
    private readonly maxMs = 60_000,
  ) {}

  /** The wait before the next attempt; each failure doubles it. */
  next(): number {
    const ms = Math.min(this.maxMs, this.firstMs * 2 ** this.attempt);
    this.attempt++;
    return ms;
  }

  /** Failures since the last success. */
  get failures(): number {
    return this.attempt;
  }

  reset(): void {
    this.attempt = 0;
  }
}

/** Real time on purpose: network retries are about the outside world, not the bot's clock. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** One line on why a call to Telegram failed, without the URL (which holds the token). */
export function reasonOf(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { error_code?: number; description?: string; error?: unknown; message?: string; name?: string };
    if (typeof e.error_code === "number") return `${e.error_code} ${e.description ?? ""}`.trim();
    // grammY's HttpError wraps the network error; its cause names the system error.
    const inner = (e.error ?? error) as { cause?: { code?: string; message?: string }; code?: string; message?: string; name?: string };
    const code = inner.cause?.code ?? inner.code;
    if (inner.name === "TimeoutError" || inner.name === "AbortError") return "no answer in time";
    if (code) return code;
    if (inner.message) return inner.message;
  }
  return String(error);
}
