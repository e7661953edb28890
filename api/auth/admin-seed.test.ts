// The seed and an account that already holds ADMIN_EMAIL: the address makes its account an admin, so
// one that took it on trust (registered before it was reserved) must not keep any way in.
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, signedInAs } from "../test-utils.ts";
import { seed } from "../db/seed.ts";
import { sessions, users } from "../db/schema.ts";
import { hashPassword, verifyPassword } from "./password.ts";

const HEAD = "head@school.test";

/** An app whose database already has a student account holding HEAD, with a password and a live session. */
async function withSquatter(env: Record<string, string>) {
  const deps = await createTestApp({ ADMIN_EMAIL: HEAD });
  const squatter = await signedInAs(deps, { username: "squatter", email: HEAD });
  await deps.db.update(users).set({ passwordHash: await hashPassword("squatter-pass"), googleId: "google-squatter" }).where(eq(users.id, squatter.userId));
  // The server restarts with its configuration: the seed runs again.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  await seed(deps.db, { adminEmail: HEAD, adminPassword: env.ADMIN_PASSWORD });
  vi.restoreAllMocks();
  const account = (await deps.db.select().from(users).where(eq(users.id, squatter.userId)).get())!;
  return { ...deps, squatter, account };
}

describe("the seed and a pre-existing account holding ADMIN_EMAIL", () => {
  it("claims it for ADMIN_PASSWORD: the holder's sessions, password and Google link end", async () => {
    const { app, db, squatter, account } = await withSquatter({ ADMIN_PASSWORD: "head-secret" });
    expect(account.role).toBe("admin");
    expect(account.googleId).toBeNull();
    expect(await verifyPassword(account.passwordHash!, "head-secret")).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, squatter.userId)).all()).toEqual([]);
    expect((await send(app, "/api/user", undefined, squatter.cookie)).status).toBe(401);
    expect((await send(app, "/api/login", { username: HEAD, password: "squatter-pass" })).status).toBe(401);
    expect((await send(app, "/api/login", { username: HEAD, password: "head-secret" })).status).toBe(200);
  });

  it("without ADMIN_PASSWORD leaves it no password, so only a Google sign-in with the verified address opens it", async () => {
    const { app, squatter, account } = await withSquatter({});
    expect(account).toMatchObject({ role: "admin", passwordHash: null, googleId: null });
    expect((await send(app, "/api/user", undefined, squatter.cookie)).status).toBe(401);
    expect((await send(app, "/api/login", { username: HEAD, password: "squatter-pass" })).status).toBe(401);
  });

  it("leaves the claimed admin account alone on later starts", async () => {
    const { app, db } = await withSquatter({ ADMIN_PASSWORD: "head-secret" });
    const login = await send(app, "/api/login", { username: HEAD, password: "head-secret" });
    const cookie = login.headers.getSetCookie().find((h) => h.startsWith("session="))!.split(";")[0];
    await seed(db, { adminEmail: HEAD, adminPassword: "another-secret" });
    expect((await send(app, "/api/user", undefined, cookie)).status).toBe(200);
    const account = (await db.select().from(users).where(eq(users.email, HEAD)).get())!;
    expect(await verifyPassword(account.passwordHash!, "head-secret")).toBe(true);
    expect(await db.select().from(users).all()).toHaveLength(1);
  });
});
