// The one mail module. Every message is recorded in mail_outbox; with a mail-service key (the System
// settings' mail_api_key, else MAIL_API_KEY) it is sent through the service's HTTP API (Resend's JSON
// format at MAIL_API_URL) and marked 'sent' or 'failed'; without one it stays in the outbox ('outbox')
// for an admin to read in Settings > System.
import { desc, eq } from "drizzle-orm";
import type { Deps } from "../context.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { getSetting, maskSecret, SETTING_KEYS } from "../settings/store.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, e.g. the student who sent feedback. */
  replyTo?: string;
}

export type MailStatus = "outbox" | "sent" | "failed";
export interface MailResult {
  id: number;
  status: MailStatus;
  error?: string;
}

export const MAIL_TIMEOUT_MS = 10_000;

export interface MailConfig {
  /** The key in use, if any. */
  key: string | undefined;
  keySource: "settings" | "env" | "none";
  url: string;
  from: string;
}

export async function mailConfig(deps: Deps): Promise<MailConfig> {
  const stored = await getSetting(deps.db, SETTING_KEYS.mailApiKey);
  const key = stored ?? deps.env.MAIL_API_KEY;
  return { key, keySource: stored ? "settings" : deps.env.MAIL_API_KEY ? "env" : "none", url: deps.env.MAIL_API_URL, from: deps.env.MAIL_FROM };
}

/** Records the message, then sends it when a mail service is configured. Never throws for a failed send. */
export async function sendMail(deps: Deps, message: MailMessage): Promise<MailResult> {
  const { db } = deps;
  const row = await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, status: "outbox" }).returning().get();
  const config = await mailConfig(deps);
  if (!config.key) return { id: row.id, status: "outbox" };
  let error: string | undefined;
  try {
    const res = await fetch(config.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.key}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        from: config.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
    });
    if (!res.ok) {
      const body = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim();
      error = `${res.status}: ${(body || res.statusText).slice(0, 300)}`;
    } else {
      await res.body?.cancel().catch(() => {});
    }
  } catch (err) {
    error = err instanceof Error && err.name === "TimeoutError" ? `no answer within ${MAIL_TIMEOUT_MS / 1000} s` : `could not reach the mail service: ${(err as Error).message}`;
  }
  if (error) {
    // The key never appears in what is stored or shown.
    const safe = config.key.length >= 6 ? error.split(config.key).join(maskSecret(config.key)) : error;
    await db.update(mailOutbox).set({ status: "failed", error: safe }).where(eq(mailOutbox.id, row.id));
    return { id: row.id, status: "failed", error: safe };
  }
  await db.update(mailOutbox).set({ status: "sent", sentAt: new Date().toISOString() }).where(eq(mailOutbox.id, row.id));
  return { id: row.id, status: "sent" };
}

/** The latest mails, newest first. */
export async function latestMails(db: Database, limit = 20) {
  return await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit).all();
}
