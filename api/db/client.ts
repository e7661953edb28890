import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type Client, createClient, type TransactionMode } from "@libsql/client";
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
  // `timeout` is SQLite's busy timeout, for another process writing to the same file.
  const isFile = url.startsWith("file:");
  const raw = createClient({ url, authToken, timeout: 10_000 });
  const client = isFile ? serialised(raw) : raw;
  // WAL lets readers run beside a writer (a setting of the database file, kept once made).
  if (isFile) await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA foreign_keys = ON");
  return drizzle(client, { schema }) as Database;
}

/**
 * A local file's statements and transactions, one at a time. libSQL's local calls block the thread
 * while SQLite waits for a lock, so a statement waiting on a transaction of this same process would
 * stall the very event loop that transaction needs to commit: a deadlock until the busy timeout.
 * Queuing them here, asynchronously, avoids it; a transaction holds the queue until it settles.
 */
function serialised(client: Client): Client {
  let tail: Promise<void> = Promise.resolve();
  const acquire = () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ready = tail;
    tail = tail.then(() => held);
    return ready.then(() => release);
  };
  const queued = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A) => {
    const release = await acquire();
    try {
      return await fn(...args);
    } finally {
      release();
    }
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "execute" || prop === "batch" || prop === "executeMultiple" || prop === "migrate") {
        return queued((target[prop] as (...a: unknown[]) => Promise<unknown>).bind(target));
      }
      if (prop === "transaction") {
        return async (mode?: TransactionMode) => {
          const release = await acquire();
          let tx;
          try {
            tx = await target.transaction(mode);
          } catch (err) {
            release();
            throw err;
          }
          let released = false;
          const settle = () => {
            if (!released) (released = true), release();
          };
          const commit = tx.commit.bind(tx);
          const rollback = tx.rollback.bind(tx);
          const close = tx.close.bind(tx);
          tx.commit = () => commit().finally(settle);
          tx.rollback = () => rollback().finally(settle);
          tx.close = () => {
            close();
            settle();
          };
          return tx;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      // The client keeps private fields: its own methods must run with the client itself as `this`.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
