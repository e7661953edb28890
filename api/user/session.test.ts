// GET /api/session: what the header of a page built ahead asks once it has loaded (issue 17).
import { describe, expect, it } from "vitest";
import { createTestApp, studentWithCredits } from "../test-utils.ts";

describe("GET /api/session", () => {
  it("answers a visitor with nulls (no error) and a signed-in user with their public record and balance, never cached by others", async () => {
    const t = await createTestApp();
    const visitor = await t.app.request("/api/session");
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ user: null, credits: null });
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");

    const student = await studentWithCredits(t, "sessionreader", 7);
    const res = await t.app.request("/api/session", { headers: { cookie: student.cookie } });
    const body = await res.json();
    expect(body.credits).toBe(7);
    expect(body.user).toMatchObject({ id: student.userId, username: "sessionreader", isAdmin: false });
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(body.user).toEqual(await (await t.app.request("/api/user", { headers: { cookie: student.cookie } })).json());
  });
});
