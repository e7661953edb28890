// The mail module on its own: every message recorded, 'outbox' without a key, 'failed' (never thrown,
// never showing the key) when the service cannot be reached.
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createTestDeps } from "../test-utils.ts";
import { mailOutbox } from "../db/schema.ts";
import { putSetting } from "../settings/store.ts";
import { latestMails, mailConfig, sendMail } from "./mail.ts";

const closedPort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });

describe("mail module", () => {
  it("keeps mail in the outbox when no mail service is configured", async () => {
    const deps = await createTestDeps();
    expect(await mailConfig(deps)).toMatchObject({ key: undefined, keySource: "none", url: "https://api.resend.com/emails" });
    const result = await sendMail(deps, { to: "a@school.test", subject: "Hello", text: "Body" });
    expect(result.status).toBe("outbox");
    expect(await deps.db.select().from(mailOutbox).all()).toMatchObject([{ id: result.id, to: "a@school.test", subject: "Hello", text: "Body", status: "outbox", sentAt: null }]);
  });

  it("records 'failed' when the service cannot be reached, without the key in the error", async () => {
    const deps = await createTestDeps({ MAIL_API_URL: `http://127.0.0.1:${await closedPort()}/emails`, MAIL_API_KEY: "re_env_key_0000" });
    await putSetting(deps.db, "mail_api_key", "re_settings_key_5555");
    expect(await mailConfig(deps)).toMatchObject({ key: "re_settings_key_5555", keySource: "settings" });
    const result = await sendMail(deps, { to: "a@school.test", subject: "Hello", text: "Body" });
    expect(result.status).toBe("failed");
    expect(result.error).toMatch(/^could not reach the mail service/);
    const [row] = await latestMails(deps.db);
    expect(row).toMatchObject({ status: "failed", error: result.error });
    expect(row.error).not.toContain("re_settings_key");
  });
});
