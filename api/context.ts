import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { SessionRecord, SessionUser } from "./auth/session.ts";

/** What every route needs: the database and the parsed configuration. */
export interface Deps {
  db: Database;
  env: Env;
  /**
   * The deadline of a paper's model requests, one signal a generation (default: MODEL_DEADLINE_MS
   * after they start). Tests pass a signal they abort themselves, to prove the deadline without waiting for it.
   */
  modelDeadline?: () => AbortSignal;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** The signed-in user, or null. Set once per request by the session middleware. */
    user: SessionUser | null;
    /** The session of the request, or null. */
    session: SessionRecord | null;
  };
}
