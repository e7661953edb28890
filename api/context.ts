import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { SessionRecord, SessionUser } from "./auth/session.ts";

/** What every route needs: the database and the parsed configuration. */
export interface Deps {
  db: Database;
  env: Env;
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
