// Per-account limits on the credit routes that could be used to probe: which e-mail addresses have an
// account (gift recipients) and which discount codes exist. In memory, one set per app (like the
// sign-in limits in api/auth/rate-limit.ts), kept beside the app's Deps so no route needs rebuilding.
import type { Context } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { jsonError } from "../http.ts";
import { RateLimiter, tooManyMessage } from "../auth/rate-limit.ts";

export const CREDIT_LIMITS = {
  /** Discount-code checks (POST /api/discount/validate, and a checkout with a code) per account. */
  codeChecksPerAccount: { max: 20, windowMs: 60 * 60_000 },
  /** Gifts answered 'no account uses that address' per account; past it every gift waits. */
  unknownRecipientsPerAccount: { max: 5, windowMs: 60 * 60_000 },
} as const;

interface CreditLimiters {
  codeChecks: RateLimiter;
  unknownRecipients: RateLimiter;
}
const perApp = new WeakMap<Deps, CreditLimiters>();

export function creditLimiters(deps: Deps): CreditLimiters {
  let limiters = perApp.get(deps);
  if (!limiters) {
    limiters = {
      codeChecks: new RateLimiter(CREDIT_LIMITS.codeChecksPerAccount.max, CREDIT_LIMITS.codeChecksPerAccount.windowMs),
      unknownRecipients: new RateLimiter(CREDIT_LIMITS.unknownRecipientsPerAccount.max, CREDIT_LIMITS.unknownRecipientsPerAccount.windowMs),
    };
    perApp.set(deps, limiters);
  }
  return limiters;
}

/** 429 with Retry-After and the sign-in limits' message. */
export function tooMany(c: Context<AppEnv>, seconds: number) {
  c.header("Retry-After", String(seconds));
  return jsonError(c, 429, tooManyMessage(seconds), { retryAfter: seconds });
}
