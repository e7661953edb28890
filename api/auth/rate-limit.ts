// Fixed-window attempt counters kept in memory, one set per app. Enough for one server process;
// several servers behind a balancer would each count on their own.
export class RateLimiter {
  #hits = new Map<string, { count: number; resetAt: number }>();
  constructor(readonly max: number, readonly windowMs: number) {}

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  hit(key: string, now = Date.now()): void {
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) this.#hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count++;
    if (this.#hits.size > 50_000) this.#sweep(now);
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

/** The limits of sign-in, registration and account changes. */
export const AUTH_LIMITS = {
  /** Sign-in attempts from one address, successful or not. */
  loginPerIp: { max: 20, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins for one account (by its username or its e-mail alike) from one address. Counted per
   * account and address pair, so failures from elsewhere never lock the owner out; guessing from many
   * addresses is held back by the per-address limit and the refusal of common passwords.
   */
  loginFailuresPerAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
  /** Registration attempts from one address. */
  registerPerIp: { max: 5, windowMs: 60 * 60_000 },
  /** Registration attempts for one e-mail address, from anywhere. */
  registerPerEmail: { max: 5, windowMs: 60 * 60_000 },
  /** Password changes (each one a check of the current password) per account. */
  passwordChangePerAccount: { max: 5, windowMs: 15 * 60_000 },
  /** E-mail change requests (each one a check of the current password, and two mails) per account. */
  emailChangePerAccount: { max: 5, windowMs: 60 * 60_000 },
} as const;

export function limiter(limit: { max: number; windowMs: number }): RateLimiter {
  return new RateLimiter(limit.max, limit.windowMs);
}

export function tooManyMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
