import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema.ts";

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

/** Committed migrations, resolved from the project root (npm scripts always run there). */
export const MIGRATIONS_DIR = resolve(process.cwd(), "api/db/migrations");

/** Opens the database, creating the folder of a `file:` database on first use. */
export async function connect(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  // `timeout` is SQLite's busy timeout on every pooled connection: concurrent writers wait their turn.
  const client = createClient({ url, authToken, timeout: 10_000 });
  // WAL lets readers run beside a writer (a setting of the database file, kept once made).
  if (url.startsWith("file:")) await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA foreign_keys = ON");
  return drizzle(client, { schema }) as Database;
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
