// The running server's dependencies: configuration parsed once, the database opened, migrated and
// seeded once. site/fetch.ts and the pages share this module, so they share one connection.
import { connect, runMigrations } from "./db/client.ts";
import { seed } from "./db/seed.ts";
import type { Deps } from "./context.ts";
import { loadEnv } from "./env.ts";

let ready: Promise<Deps> | undefined;

export function getDeps(): Promise<Deps> {
  ready ??= (async () => {
    const env = loadEnv();
    const db = await connect(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    await runMigrations(db);
    await seed(db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD });
    return { db, env };
  })();
  return ready;
}
