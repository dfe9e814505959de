/**
 * Guards for servers on loopback that a browser can reach: a page on another site may send
 * requests to 127.0.0.1 (a form post needs no permission), and with DNS rebinding its own host
 * name may point there. Such requests carry that site's Host or Origin.
 */

/** Whether a Host header names this machine's loopback (with any port). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = host.replace(/:\d+$/, "");
  return name === "127.0.0.1" || name === "localhost" || name === "[::1]";
}

/** Whether an Origin header (absent for non-browser clients) is one of `allowed`. */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}
