import { describe, expect, it } from "vitest";
import { feedbackSchema, giftSchema, loginSchema, profileSchema, registerFormSchema, registerSchema, toRegisterPayload } from "./schemas.ts";

/** The first message for each field, as a form shows it. */
function messages(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join(".")] ??= i.message;
  return out;
}

describe("login and registration (§5)", () => {
  it("gives the spec's login messages", () => {
    expect(messages(loginSchema.safeParse({ username: "ab", password: "12345" }))).toEqual({
      username: "Username must be at least 3 characters",
      password: "Password must be at least 6 characters",
    });
    // A password chosen under the spec's older 6-character rule still signs in.
    expect(loginSchema.safeParse({ username: "amira@example.com", password: "123456" }).success).toBe(true);
  });

  it("asks 8 to 128 characters of a new password (issue 11 raises the spec's 6 to 50)", () => {
    const form = { fullName: "Amira Khan", email: "amira@example.com", acceptTerms: true };
    expect(messages(registerFormSchema.safeParse({ ...form, password: "seven77", confirmPassword: "seven77" }))).toEqual({
      password: "Password must be at least 8 characters",
      confirmPassword: "Password must be at least 8 characters",
    });
    expect(registerFormSchema.safeParse({ ...form, password: "p".repeat(128), confirmPassword: "p".repeat(128) }).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...form, password: "p".repeat(129) }))).toEqual({ password: "Password must not exceed 128 characters" });
  });

  it("gives the spec's registration messages", () => {
    const result = registerFormSchema.safeParse({
      fullName: "A",
      email: "not-an-email",
      username: "ab",
      password: "x".repeat(129),
      confirmPassword: "12345",
      acceptTerms: false,
    });
    expect(messages(result)).toEqual({
      fullName: "Full name must be at least 2 characters",
      email: "Please enter a valid email address",
      username: "Username must be at least 3 characters",
      password: "Password must not exceed 128 characters",
      confirmPassword: "Password must be at least 8 characters",
      acceptTerms: "You must accept the Terms of Service and Privacy Policy",
    });
  });

  it("attaches 'Passwords do not match' to confirmPassword", () => {
    const result = registerFormSchema.safeParse({
      fullName: "Amira Khan",
      email: "amira@example.com",
      password: "revise-2026",
      confirmPassword: "revise-2027",
      acceptTerms: true,
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("drops confirmPassword and acceptTerms, sends a blank username as absent and a non-blank one trimmed", () => {
    const base = { fullName: " Amira Khan ", email: " Amira@Example.com ", password: "revise-2026", confirmPassword: "revise-2026", acceptTerms: true };
    expect(toRegisterPayload({ ...base, username: "   " })).toEqual({ fullName: "Amira Khan", email: "amira@example.com", password: "revise-2026" });
    const withName = toRegisterPayload({ ...base, username: "  amira  " });
    expect(withName).toEqual({ fullName: "Amira Khan", email: "amira@example.com", username: "amira", password: "revise-2026" });
    expect(registerSchema.parse(withName)).toEqual(withName);
  });
});

describe("account field limits", () => {
  const form = { fullName: "Amira Khan", email: "amira@example.com", password: "revise-2026", confirmPassword: "revise-2026", acceptTerms: true };
  const tooLongEmail = `${"a".repeat(243)}@example.com`; // 255 characters

  it("caps the username at 30, the full name at 100 and the e-mail at 254 characters, in the form and the API alike", () => {
    const long = { username: "u".repeat(31), fullName: "F".repeat(101), email: tooLongEmail };
    const expected = {
      username: "Username must not exceed 30 characters",
      fullName: "Full name must not exceed 100 characters",
      email: "Email must not exceed 254 characters",
    };
    expect(messages(registerFormSchema.safeParse({ ...form, ...long }))).toEqual(expected);
    expect(messages(registerSchema.safeParse({ ...form, ...long }))).toEqual(expected);
    expect(messages(profileSchema.safeParse({ fullName: long.fullName, email: long.email }))).toEqual({
      fullName: "Full name must not exceed 100 characters",
      email: "Email must not exceed 254 characters",
    });
    expect(messages(loginSchema.safeParse({ username: tooLongEmail, password: "revise-2026" }))).toEqual({
      username: "Username or e-mail must not exceed 254 characters",
    });
    // The limits themselves are allowed.
    const atLimit = { username: "u".repeat(30), fullName: "F".repeat(100), email: `${"a".repeat(242)}@example.com` };
    expect(registerFormSchema.safeParse({ ...form, ...atLimit }).success).toBe(true);
    expect(registerSchema.safeParse({ ...form, ...atLimit }).success).toBe(true);
    expect(loginSchema.safeParse({ username: atLimit.email, password: "revise-2026" }).success).toBe(true);
  });

  it("refuses '@' in a username, which sign-in would read as an e-mail", () => {
    expect(messages(registerFormSchema.safeParse({ ...form, username: "ben@example.com" }))).toEqual({ username: "Username cannot contain @" });
    expect(messages(registerSchema.safeParse({ ...form, username: "ben@example.com" }))).toEqual({ username: "Username cannot contain @" });
    expect(registerFormSchema.safeParse({ ...form, username: "   " }).success).toBe(true);
  });
});

describe("feedback and gifts (§5)", () => {
  it("gives the spec's feedback messages", () => {
    expect(messages(feedbackSchema.safeParse({ subject: "", description: "too short", email: "x" }))).toEqual({
      subject: "Please select a subject",
      description: "Description must be at least 10 characters long",
      email: "Please provide a valid email",
    });
    expect(feedbackSchema.safeParse({ subject: "feature_request", description: "Please add French papers", email: "a@b.co" }).success).toBe(true);
  });

  it("gives the spec's gift messages", () => {
    expect(messages(giftSchema.safeParse({ recipient: "", creditAmount: 0, message: "x".repeat(201) }))).toEqual({
      recipient: "Recipient required",
      creditAmount: "You must gift at least 1 credit",
      message: "Message must be 200 characters or less",
    });
    expect(messages(giftSchema.safeParse({ recipient: "nope", creditAmount: 1 }))).toEqual({ recipient: "Please enter a valid email address" });
    expect(giftSchema.parse({ recipient: "friend@example.com", creditAmount: "2" })).toEqual({ recipient: "friend@example.com", creditAmount: 2, message: "" });
  });
});
