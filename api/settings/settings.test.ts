// System settings (admin only), the write-only mail key, the test e-mail, the outbox list, and feedback
// stored and mailed to feedback_email through the mail module (outbox without a key, sent with one).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, signedInAs, studentWithCredits } from "../test-utils.ts";
import { feedback, mailOutbox, settings } from "../db/schema.ts";
import type { App } from "../app.ts";
import type { Deps } from "../context.ts";

type T = Deps & { app: App };

interface MailServer {
  url: string;
  received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[];
  status: number;
  close: () => Promise<void>;
}

/** A stand-in for a transactional-mail HTTP API (Resend's format). */
async function startMailServer(): Promise<MailServer> {
  const mail = { received: [], status: 200 } as unknown as MailServer;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      mail.received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(mail.status, { "content-type": "application/json", connection: "close" });
      res.end(mail.status < 300 ? JSON.stringify({ id: `email_${mail.received.length}` }) : JSON.stringify({ name: "validation_error", message: "The from address is not verified." }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  mail.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/emails`;
  mail.close = () => new Promise<void>((done) => server.close(() => done()));
  return mail;
}

const admin = (t: T) => signedInAs(t, { username: "head", email: "head@school.test", role: "admin" });
const put = (t: T, key: string, value: unknown, cookie: string) => send(t.app, `/api/settings/${key}`, { value }, cookie, "PUT");
const mails = (t: T) => t.db.select().from(mailOutbox).all();
const goodFeedback = { subject: "technical_issue", description: "The PDF did not open on my phone.", email: "sam@example.com" };

describe("system settings are for admins only", () => {
  it("401 signed out, 403 for a student, on every settings call", async () => {
    const t = await createTestApp();
    const { cookie } = await studentWithCredits(t, "sam");
    const calls: [string, unknown, string][] = [
      ["/api/settings", undefined, "GET"],
      ["/api/settings/mail-outbox", undefined, "GET"],
      ["/api/settings/feedback_email", { value: "me@example.com" }, "PUT"],
      ["/api/settings/mail_api_key", { value: "re_stolen_key_1234" }, "PUT"],
      ["/api/settings/test-email", { email: "me@example.com" }, "POST"],
    ];
    for (const [path, body, method] of calls) {
      expect((await send(t.app, path, body, undefined, method)).status, `${method} ${path}`).toBe(401);
      expect((await send(t.app, path, body, cookie, method)).status, `${method} ${path}`).toBe(403);
    }
    expect(await t.db.select().from(settings).all()).toEqual([]);
    expect(await mails(t)).toEqual([]);
  });
});

describe("an admin's System settings", () => {
  it("reads and changes feedback_email, with its validation", async () => {
    const t = await createTestApp({ CONTACT_EMAIL: "help@examprep.test" });
    const { cookie } = await admin(t);
    const list = await (await send(t.app, "/api/settings", undefined, cookie)).json();
    expect(list.map((s: { key: string }) => s.key)).toEqual(["feedback_email", "mail_api_key", "referral_monthly_cap"]);
    expect(list[0]).toMatchObject({ value: "", source: "default", effective: "help@examprep.test" });

    const bad = await put(t, "feedback_email", "not-an-address", cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Please enter a valid email address.");
    const ok = await put(t, "feedback_email", " team@school.test ", cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ key: "feedback_email", value: "team@school.test", source: "settings" });
    expect((await put(t, "colour", "blue", cookie)).status).toBe(404);
    // Empty goes back to the default.
    expect(await (await put(t, "feedback_email", "", cookie)).json()).toMatchObject({ value: "", effective: "help@examprep.test" });
  });

  it("reads and changes referral_monthly_cap: a whole number from 0 to 1000, default 10", async () => {
    const t = await createTestApp();
    const { cookie } = await admin(t);
    const list = await (await send(t.app, "/api/settings", undefined, cookie)).json();
    expect(list.find((s: { key: string }) => s.key === "referral_monthly_cap")).toMatchObject({ value: "", source: "default", effective: "10", secret: false });
    for (const bad of ["-1", "2.5", "ten", "1001"]) {
      const res = await put(t, "referral_monthly_cap", bad, cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Enter a whole number from 0 to 1000.");
    }
    expect(await (await put(t, "referral_monthly_cap", " 0 ", cookie)).json()).toMatchObject({ value: "0", source: "settings", effective: "0" });
    expect(await (await put(t, "referral_monthly_cap", "", cookie)).json()).toMatchObject({ value: "", source: "default", effective: "10" });
  });

  it("keeps the mail key write-only: stored, but only ever answered masked", async () => {
    const t = await createTestApp({ MAIL_API_KEY: "re_env_key_9876" });
    const { cookie } = await admin(t);
    let list = await (await send(t.app, "/api/settings", undefined, cookie)).json();
    expect(list[1]).toMatchObject({ key: "mail_api_key", value: "", secret: true, source: "env", effective: "••••9876" });

    expect((await put(t, "mail_api_key", "short", cookie)).status).toBe(400);
    const res = await put(t, "mail_api_key", "re_live_secret_abcd", cookie);
    const text = await res.text();
    expect(text).not.toContain("re_live_secret");
    expect(JSON.parse(text)).toMatchObject({ value: "••••abcd", source: "settings" });
    const raw = await (await send(t.app, "/api/settings", undefined, cookie)).text();
    expect(raw).not.toContain("re_live_secret");
    expect(raw).not.toContain("re_env_key");
    list = JSON.parse(raw);
    expect(list[1]).toMatchObject({ value: "••••abcd", effective: "••••abcd" });
    expect((await t.db.select().from(settings).where(eq(settings.key, "mail_api_key")).get())?.value).toBe("re_live_secret_abcd");
    // Removing it falls back to the environment's key.
    expect(await (await put(t, "mail_api_key", "", cookie)).json()).toMatchObject({ value: "", source: "env" });
  });

  it("test e-mail: validated, kept in the outbox without a mail service", async () => {
    const t = await createTestApp();
    const { cookie } = await admin(t);
    const bad = await send(t.app, "/api/settings/test-email", { email: "nobody" }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Please enter a valid email address.");
    const res = await send(t.app, "/api/settings/test-email", { email: "check@school.test" }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, status: "outbox", message: "No mail service is configured, so the test email to check@school.test was kept in the outbox." });
    const outbox = await (await send(t.app, "/api/settings/mail-outbox", undefined, cookie)).json();
    expect(outbox).toMatchObject({ mode: "outbox", apiUrl: "https://api.resend.com/emails" });
    expect(outbox.mails[0]).toMatchObject({ to: "check@school.test", subject: "ExamPrep test e-mail", status: "outbox" });
  });
});

describe("sending through a mail service", () => {
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail?.close();
  });

  it("sends with the settings' key in Resend's format, and records a failure with the service's answer", async () => {
    const t = await createTestApp({ MAIL_API_URL: mail.url, MAIL_FROM: "ExamPrep <mail@examprep.test>" });
    const { cookie } = await admin(t);
    await put(t, "mail_api_key", "re_settings_key_1111", cookie);
    mail.status = 200;
    const res = await send(t.app, "/api/settings/test-email", { email: "check@school.test" }, cookie);
    expect(await res.json()).toMatchObject({ success: true, status: "sent", message: "Test email sent to check@school.test." });
    const got = mail.received.at(-1)!;
    expect(got.headers.authorization).toBe("Bearer re_settings_key_1111");
    expect(got.body).toMatchObject({ from: "ExamPrep <mail@examprep.test>", to: ["check@school.test"], subject: "ExamPrep test e-mail" });
    expect((await mails(t))[0]).toMatchObject({ status: "sent", error: null });
    expect((await mails(t))[0].sentAt).toBeTruthy();

    mail.status = 422;
    const failed = await send(t.app, "/api/settings/test-email", { email: "check@school.test" }, cookie);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ message: "Failed to send test email. Please check your email configuration.", status: "failed" });
    const row = (await mails(t)).at(-1)!;
    expect(row.status).toBe("failed");
    expect(row.error).toContain("422");
    expect(row.error).toContain("not verified");
  });

  it("feedback is stored and mailed to feedback_email with the student as reply-to", async () => {
    const t = await createTestApp({ MAIL_API_KEY: "re_env_key_2222", MAIL_API_URL: mail.url });
    const { cookie: adminCookie } = await admin(t);
    await put(t, "feedback_email", "feedback@school.test", adminCookie);
    const { cookie } = await studentWithCredits(t, "sam");
    mail.status = 200;
    const res = await send(t.app, "/api/feedback", goodFeedback, cookie);
    expect(res.status).toBe(201);
    const got = mail.received.at(-1)!;
    expect(got.headers.authorization).toBe("Bearer re_env_key_2222");
    expect(got.body).toMatchObject({ to: ["feedback@school.test"], reply_to: "sam@example.com", subject: "ExamPrep feedback: Technical issue" });
    expect(String(got.body.text)).toContain("The PDF did not open on my phone.");
    expect((await mails(t)).at(-1)).toMatchObject({ to: "feedback@school.test", status: "sent" });
  });
});

describe("feedback", () => {
  it("checks the form with the specification's messages and needs a signed-in user", async () => {
    const t = await createTestApp();
    const { cookie } = await studentWithCredits(t, "sam");
    expect((await send(t.app, "/api/feedback", goodFeedback)).status).toBe(401);
    const cases: [Record<string, string>, string][] = [
      [{ ...goodFeedback, subject: "" }, "Please select a subject"],
      [{ ...goodFeedback, subject: "complaint" }, "Please select a subject"],
      [{ ...goodFeedback, description: "Too short" }, "Description must be at least 10 characters long"],
      [{ ...goodFeedback, email: "sam@" }, "Please provide a valid email"],
    ];
    for (const [body, message] of cases) {
      const res = await send(t.app, "/api/feedback", body, cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect(await t.db.select().from(feedback).all()).toEqual([]);
  });

  it("stores the feedback and puts a mail to the configured recipient in the outbox (no mail service)", async () => {
    const t = await createTestApp({ CONTACT_EMAIL: "help@examprep.test" });
    const { cookie: adminCookie } = await admin(t);
    const { cookie, userId } = await studentWithCredits(t, "sam");
    // No feedback_email yet: the contact address receives it.
    await send(t.app, "/api/feedback", goodFeedback, cookie);
    expect((await mails(t))[0]).toMatchObject({ to: "help@examprep.test", status: "outbox" });

    await put(t, "feedback_email", "feedback@school.test", adminCookie);
    const res = await send(t.app, "/api/feedback", { ...goodFeedback, subject: "feature_request", description: "  Please add flashcards for Physics.  " }, cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, message: "Thank you for your feedback!" });
    const rows = await t.db.select().from(feedback).all();
    expect(rows.at(-1)).toMatchObject({ userId, subject: "feature_request", description: "Please add flashcards for Physics.", email: "sam@example.com" });
    const mail = (await mails(t)).at(-1)!;
    expect(mail).toMatchObject({ to: "feedback@school.test", subject: "ExamPrep feedback: Feature request", status: "outbox", sentAt: null });
    expect(mail.text).toContain("From: sam@example.com (account sam");
    expect(mail.text).toContain("Please add flashcards for Physics.");
  });

  it("limits how often one student can send feedback", async () => {
    const t = await createTestApp();
    const { cookie } = await studentWithCredits(t, "chatty");
    for (let i = 0; i < 10; i++) expect((await send(t.app, "/api/feedback", goodFeedback, cookie)).status).toBe(201);
    const res = await send(t.app, "/api/feedback", goodFeedback, cookie);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});
