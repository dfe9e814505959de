/**
 * Typed errors of the exchange client. Callers switch on `kind` to decide what the
 * user hears and whether a retry makes sense.
 */
export type ExchangeErrorKind =
  | "unavailable" // network failure, timeout, 5xx, an HTML error page
  | "rate-limited" // 429 from the service (or our own budget refused to wait)
  | "unauthorized" // 401: the service refuses the operator's key
  | "forbidden" // 403: the key works but has no access to this one resource
  | "bad-request" // 400: the service did not accept what we sent
  | "not-found" // 404, or getTransactionInfo answered status "Error"
  | "invalid-response"; // a 200 whose body does not fit the interface

export class ExchangeError extends Error {
  override name = "ExchangeError";

  constructor(
    readonly kind: ExchangeErrorKind,
    message: string,
    readonly details: {
      endpoint?: string;
      httpStatus?: number;
      /** For rate-limited: how long the service asked us to wait. */
      retryAfterMs?: number;
      /** bad-request: the service's own words about the refusal (its `message`), for the person; the message above is for the log. */
      serviceMessage?: string;
      /** True when the request may have reached the service (matters for createTransaction). */
      mayHaveReachedService?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  /** Whether the same GET may be tried again after a pause. */
  get retryable(): boolean {
    return this.kind === "unavailable" || this.kind === "rate-limited";
  }
}

export function isExchangeError(error: unknown, kind?: ExchangeErrorKind): error is ExchangeError {
  return error instanceof ExchangeError && (kind === undefined || error.kind === kind);
}
