// Structured logs: one JSON object per line on stdout (errors on stderr), which a hosting platform's
// log viewer can filter by field. A line never carries a secret or a body: the request line names the
// method, the path without its query (a query can carry a token), the status, the time and the user id.
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** An error line's fields: the error itself is spelled out into message, name and stack. */
export type ErrorFields = { [key: string]: unknown; error?: unknown };

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: ErrorFields): void;
}

/** Where lines go: the console by default; tests pass an array's push to read them back. */
export type LogSink = (line: string, level: LogLevel) => void;

const consoleSink: LogSink = (line, level) => (level === "error" ? console.error(line) : console.log(line));

/** A failed query's message lists its parameters (addresses, hashes): the log keeps the query only. */
const redactParams = (text: string | undefined) => text?.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");

function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return { error: redactParams(error.message), errorName: error.name, cause, stack: redactParams(error.stack) };
  }
  return error === undefined ? {} : { error: String(error) };
}

export function createLogger(level: LogLevel, sink: LogSink = consoleSink): Logger {
  const min = RANK[level];
  const write = (lineLevel: Exclude<LogLevel, "silent">, msg: string, fields: LogFields = {}) => {
    if (RANK[lineLevel] < min) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg, ...fields }), lineLevel);
  };
  return {
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, { error, ...fields } = {}) => write("error", msg, { ...(fields as LogFields), ...errorFields(error) }),
  };
}

/** A short random id for one request: in the X-Request-Id header, its log lines, and any error shown. */
export function newRequestId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The request being answered, for the code it calls: a service logs with currentLog() and its line
 * carries the request's id without the id being handed down through every call.
 */
const requestScope = new AsyncLocalStorage<{ requestId: string; log: Logger }>();

export function inRequest<T>(requestId: string, log: Logger, fn: () => T): T {
  return requestScope.run({ requestId, log }, fn);
}

const processLog = createLogger("info");

/** The logger of the request being answered, adding its id to every line; outside a request, the process's. */
export function currentLog(): Logger {
  const scope = requestScope.getStore();
  if (!scope) return processLog;
  const { requestId, log } = scope;
  return {
    info: (msg, fields) => log.info(msg, { requestId, ...fields }),
    warn: (msg, fields) => log.warn(msg, { requestId, ...fields }),
    error: (msg, fields) => log.error(msg, { requestId, ...fields }),
  };
}
