import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Client, TransactionMode } from "@libsql/client";
import { createClient as createRemoteClient } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema.ts";

export type Database = LibSQLDatabase<typeof schema> & { $client: Client };

/** Committed migrations, resolved from the project root (npm scripts always run there). */
export const MIGRATIONS_DIR = resolve(process.cwd(), "api/db/migrations");

/**
 * Opens the database. A remote one (libsql:, https:, http:, wss:, ws:, as Turso or sqld) goes
 * through libSQL's web client, which speaks HTTP and WebSocket only; a `file:` one through the full
 * client and its native module, imported here and only here, so a server on a remote database never
 * loads a native module and runs where none can be loaded (an edge host). The folder of a `file:`
 * database is created on first use.
 */
export async function connect(url: string, authToken?: string): Promise<Database> {
  let client: Client;
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
    const { createClient } = await import("@libsql/client");
    // `timeout` is SQLite's busy timeout, for another process writing to the same file.
    client = serialised(createClient({ url, timeout: 10_000 }));
    // WAL lets readers run beside a writer (a setting of the database file, kept once made).
    await client.execute("PRAGMA journal_mode = WAL");
  } else {
    client = createRemoteClient({ url, authToken });
  }
  await client.execute("PRAGMA foreign_keys = ON");
  // drizzle-orm/libsql would import the full client, and so the native module: its web entry does not.
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
