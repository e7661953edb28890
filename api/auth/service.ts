// Registration, sign-in and account changes. Routes stay thin; the rules live here.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { NotificationPrefs, PasswordChangeInput, ProfileInput, RegisterInput } from "../../shared/schemas.ts";
import { notificationPrefsSchema } from "../../shared/schemas.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { invalidateOtherSessions, isAdminEmail, type SessionUser } from "./session.ts";
import { normaliseEmail, signInIdentifier, uniqueUsername, usernameTaken } from "./users.ts";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const RESERVED_EMAIL = "This email address is reserved for the site's administrator";

function reservedEmail(): HttpError {
  return new HttpError(409, RESERVED_EMAIL, { errors: { email: RESERVED_EMAIL } });
}

// Verified against when no account matches, so an unknown user costs the same time as a wrong password.
const dummyHash = hashPassword("not-a-real-password-" + crypto.randomUUID());

async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return Boolean(row && row.id !== exceptUserId);
}

/**
 * Creates a password account. ADMIN_EMAIL is refused: that address makes an account an admin, and a
 * registration proves nothing about who owns it (the admin's account comes from the seed or Google).
 */
export async function registerUser(db: Database, input: RegisterInput, adminEmail: string | undefined): Promise<SessionUser> {
  const email = normaliseEmail(input.email);
  if (isAdminEmail(email, adminEmail)) throw reservedEmail();
  if (await emailTaken(db, email)) throw new HttpError(409, "An account with this email already exists");
  if (input.username && (await usernameTaken(db, input.username))) throw new HttpError(409, "This username is already taken");
  const username = input.username ?? (await uniqueUsername(db, email));
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.insert(users).values({ username, fullName: input.fullName, email, passwordHash }).returning().get();
  } catch (err) {
    // Two registrations racing for the same name or address: the unique indexes decide.
    if (/UNIQUE/i.test(String((err as { cause?: unknown }).cause ?? err))) {
      throw new HttpError(409, "An account with this username or email already exists");
    }
    throw err;
  }
}

/** The account sign-in means: by e-mail when the identifier has '@', else by username in any case. */
export async function findSignInAccount(db: Database, identifier: string): Promise<SessionUser | undefined> {
  const { by, value } = signInIdentifier(identifier);
  return await db
    .select()
    .from(users)
    .where(by === "email" ? eq(users.email, value) : sql`lower(${users.username}) = lower(${value})`)
    .get();
}

/** Whether the password is the account's; the same work when there is no account or no password. */
export async function passwordMatches(user: SessionUser | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  return Boolean(user?.passwordHash) && ok;
}

/** Saves the name and e-mail. Only an admin by role may take ADMIN_EMAIL (anyone else would become one). */
export async function updateProfile(db: Database, user: SessionUser, input: ProfileInput, adminEmail: string | undefined): Promise<SessionUser> {
  const email = normaliseEmail(input.email);
  if (email !== user.email && isAdminEmail(email, adminEmail) && user.role !== "admin") throw reservedEmail();
  if (await emailTaken(db, email, user.id)) throw new HttpError(409, "An account with this email already exists");
  return await db.update(users).set({ fullName: input.fullName, email }).where(eq(users.id, user.id)).returning().get();
}

/** Changes the password (checking the current one when there is one) and ends every other session. */
export async function changePassword(db: Database, user: SessionUser, sessionId: string, input: PasswordChangeInput): Promise<void> {
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new HttpError(400, "Current password is incorrect", { errors: { currentPassword: "Current password is incorrect" } });
  }
  await db.update(users).set({ passwordHash: await hashPassword(input.newPassword) }).where(eq(users.id, user.id));
  await invalidateOtherSessions(db, user.id, sessionId);
}

export function readNotifications(user: SessionUser): NotificationPrefs {
  let stored: unknown = {};
  try {
    stored = JSON.parse(user.notifications);
  } catch {
    // a damaged value falls back to the defaults
  }
  const parsed = notificationPrefsSchema.safeParse(stored);
  return parsed.success ? parsed.data : notificationPrefsSchema.parse({});
}

export async function saveNotifications(db: Database, userId: number, prefs: NotificationPrefs): Promise<NotificationPrefs> {
  await db.update(users).set({ notifications: JSON.stringify(prefs) }).where(eq(users.id, userId));
  return prefs;
}
