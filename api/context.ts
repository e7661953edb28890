import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./log.ts";
import type { SessionRecord, SessionUser } from "./auth/session.ts";
import type { GuardOptions } from "./documents/fetcher.ts";

/** What every route needs: the database and the parsed configuration. */
export interface Deps {
  db: Database;
  env: Env;
  /** Where the request and error lines go; a logger at env.LOG_LEVEL on the console when not given. */
  log?: Logger;
  /**
   * How the guarded fetcher (api/documents/fetcher.ts) resolves names and, in tests only, which
   * loopback origins it may reach. Never set by the server: only tests pass it, in code.
   */
  fetchGuard?: Pick<GuardOptions, "resolve" | "testOnlyLoopbackOrigins">;
  /**
   * The deadline of a paper's model requests, one signal a generation (default: MODEL_DEADLINE_MS
   * after they start). Tests pass a signal they abort themselves, to prove the deadline without waiting for it.
   */
  modelDeadline?: () => AbortSignal;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** This request's id: in the X-Request-Id header, its log lines and any error it shows. */
    requestId: string;
    /** The signed-in user, or null. Set once per request by the session middleware. */
    user: SessionUser | null;
    /** The session of the request, or null. */
    session: SessionRecord | null;
  };
}
