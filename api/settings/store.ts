// System settings (admin-tools.md §3 Setting): rows of the settings table, read and written here only.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { settings } from "../db/schema.ts";

/** The keys the System tab manages. */
export const SETTING_KEYS = {
  feedbackEmail: "feedback_email",
  mailApiKey: "mail_api_key",
  /** Referral bonuses one referrer may be paid a calendar month (default REFERRAL_MONTHLY_CAP_DEFAULT). */
  referralMonthlyCap: "referral_monthly_cap",
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];
export const isSettingKey = (key: string): key is SettingKey => (Object.values(SETTING_KEYS) as string[]).includes(key);

export async function getSettingRow(db: Database, key: SettingKey) {
  return await db.select().from(settings).where(eq(settings.key, key)).get();
}

export async function getSetting(db: Database, key: SettingKey): Promise<string | undefined> {
  const value = (await getSettingRow(db, key))?.value;
  return value ? value : undefined;
}

export async function putSetting(db: Database, key: SettingKey, value: string) {
  return await db.insert(settings).values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` } })
    .returning().get();
}

export async function deleteSetting(db: Database, key: SettingKey): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}

/** A secret as the browser may see it: its last four characters only, e.g. '••••abcd'. */
export const maskSecret = (value: string) => `••••${value.slice(-4)}`;
