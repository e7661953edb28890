// admin-tools.md §7 Settings: GET /api/settings, PUT /api/settings/{key}, POST /api/settings/test-email,
// and the latest mails of the outbox. Admins only (401 signed out, 403 for everyone else). The mail key
// is write-only: the browser only ever sees it masked.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv, Deps } from "../context.ts";
import { HttpError, parseBody } from "../http.ts";
import { requireAdmin } from "../auth/guards.ts";
import { latestMails, mailConfig, sendMail } from "../mail/mail.ts";
import { REFERRAL_MONTHLY_CAP_DEFAULT } from "../../shared/constants.ts";
import { deleteSetting, getSettingRow, isSettingKey, maskSecret, putSetting, SETTING_KEYS, type SettingKey } from "./store.ts";

const noStore = { "Cache-Control": "private, no-store" };
export const INVALID_EMAIL = "Please enter a valid email address.";
export const TEST_EMAIL_FAILED = "Failed to send test email. Please check your email configuration.";

/** One setting as the System tab shows it. */
export interface SettingView {
  key: SettingKey;
  /** The stored value; a secret's only masked ('••••abcd'), '' when unset. */
  value: string;
  secret: boolean;
  /** Where the value in use comes from. */
  source: "settings" | "env" | "default" | "none";
  /** The value in use when nothing is stored (a secret's masked). */
  effective: string;
  updatedAt: string | null;
}

async function view(deps: Deps, key: SettingKey): Promise<SettingView> {
  const row = await getSettingRow(deps.db, key);
  if (key === SETTING_KEYS.mailApiKey) {
    const env = deps.env.MAIL_API_KEY;
    return {
      key,
      value: row?.value ? maskSecret(row.value) : "",
      secret: true,
      source: row?.value ? "settings" : env ? "env" : "none",
      effective: row?.value ? maskSecret(row.value) : env ? maskSecret(env) : "",
      updatedAt: row?.updatedAt ?? null,
    };
  }
  return {
    key,
    value: row?.value ?? "",
    secret: false,
    source: row?.value ? "settings" : "default",
    effective: row?.value || (key === SETTING_KEYS.referralMonthlyCap ? String(REFERRAL_MONTHLY_CAP_DEFAULT) : deps.env.CONTACT_EMAIL),
    updatedAt: row?.updatedAt ?? null,
  };
}

export const valueSchemas: Record<SettingKey, z.ZodType<string>> = {
  feedback_email: z.string().trim().max(254).refine((v) => v === "" || z.email().safeParse(v).success, INVALID_EMAIL),
  mail_api_key: z.string().trim().max(500, "That key is too long.").refine((v) => v === "" || v.length >= 8, "That does not look like an API key: it is too short."),
  // '' restores the default; 0 pays no referral bonus at all.
  referral_monthly_cap: z.string().trim().max(4, "Enter a whole number from 0 to 1000.").refine((v) => v === "" || (/^\d{1,4}$/.test(v) && Number(v) <= 1000), "Enter a whole number from 0 to 1000."),
};

export const testEmailSchema = z.object({
  email: z.string({ error: INVALID_EMAIL }).trim().max(254).refine((v) => v.includes("@"), INVALID_EMAIL),
});

export const settingsRoutes = new Hono<AppEnv>()
  .get("/settings", requireAdmin, async (c) => {
    const deps = c.var.deps;
    return c.json(await Promise.all(Object.values(SETTING_KEYS).map((key) => view(deps, key))), 200, noStore);
  })
  .get("/settings/mail-outbox", requireAdmin, async (c) => {
    const deps = c.var.deps;
    const config = await mailConfig(deps);
    return c.json({
      mode: config.key ? "service" : "outbox",
      apiUrl: config.url,
      from: config.from,
      mails: await latestMails(deps.db, 20),
    }, 200, noStore);
  })
  .put("/settings/:key", requireAdmin, async (c) => {
    const key = c.req.param("key");
    if (!isSettingKey(key)) throw new HttpError(404, `Unknown setting '${key}'`);
    const { value } = await parseBody(c, z.object({ value: valueSchemas[key] }));
    const deps = c.var.deps;
    if (value === "") await deleteSetting(deps.db, key);
    else await putSetting(deps.db, key, value);
    return c.json(await view(deps, key));
  })
  .post("/settings/test-email", requireAdmin, async (c) => {
    const { email } = await parseBody(c, testEmailSchema);
    const result = await sendMail(c.var.deps, {
      to: email,
      subject: "ExamPrep test e-mail",
      text: [
        "This is a test e-mail from ExamPrep's System settings.",
        "",
        `Sent by ${c.var.user!.email} at ${new Date().toISOString()}.`,
        "If it arrived, feedback and other mail will reach their recipients.",
      ].join("\n"),
    });
    if (result.status === "failed") throw new HttpError(502, TEST_EMAIL_FAILED, { status: result.status, error: result.error, id: result.id });
    return c.json({
      success: true,
      status: result.status,
      id: result.id,
      message: result.status === "sent"
        ? `Test email sent to ${email}.`
        : `No mail service is configured, so the test email to ${email} was kept in the outbox.`,
    });
  });
