// Registration, sign-in and account changes. Routes stay thin; the rules live here.
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../context.ts";
import type { Database } from "../db/client.ts";
import { emailChanges, users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { sendMail } from "../mail/mail.ts";
import type { NotificationPrefs, PasswordChangeInput, ProfileInput, RegisterInput } from "../../shared/schemas.ts";
import { notificationPrefsSchema } from "../../shared/schemas.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import {
  FRESH_GOOGLE_SIGN_IN_MS,
  generateSessionToken,
  hasFreshGoogleSignIn,
  hashSessionToken,
  invalidateOtherSessions,
  isAdminEmail,
  type SessionRecord,
  type SessionUser,
} from "./session.ts";
import { normaliseEmail, signInIdentifier, uniqueUsername, usernameTaken } from "./users.ts";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const RESERVED_EMAIL = "This email address is reserved for the site's administrator";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const GOOGLE_REAUTH_MESSAGE = `For your security, sign in with Google again first (it counts for ${FRESH_GOOGLE_SIGN_IN_MS / 60_000} minutes)`;
/** How long an e-mail change's confirmation link works. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

function reservedEmail(): HttpError {
  return new HttpError(409, RESERVED_EMAIL, { errors: { email: RESERVED_EMAIL } });
}

/** A new password on the common-password list is refused, with the field it belongs to. */
function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { errors: { [field]: COMMON_PASSWORD_MESSAGE } });
}

// Verified against when no account matches, so an unknown user costs the same time as a wrong password.
// Made once per process when the auth routes are made (not at import: a hash at today's cost takes a
// noticeable fraction of a second, and the pages import this module too).
let dummyHash: Promise<string> | undefined;
export function prepareSignIn(): void {
  dummyHash ??= hashPassword("not-a-real-password-" + crypto.randomUUID());
}

async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return Boolean(row && row.id !== exceptUserId);
}

/**
 * Creates a password account. ADMIN_EMAIL is refused: that address makes an account an admin, and a
 * registration proves nothing about who owns it (the admin's account comes from the seed or Google).
 */
export async function registerUser(db: Database, input: RegisterInput, adminEmail: string | undefined): Promise<SessionUser> {
  refuseCommonPassword(input.password, "password");
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
  prepareSignIn();
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash!), password);
  return Boolean(user?.passwordHash) && ok;
}

/**
 * After a successful sign-in: a hash made with older scrypt parameters is replaced by one at today's
 * cost (the password is at hand only now). Conditional on the stored hash, so a concurrent password
 * change is never overwritten.
 */
export async function rehashIfNeeded(db: Database, user: SessionUser, password: string): Promise<void> {
  if (!user.passwordHash || !needsRehash(user.passwordHash)) return;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
}

/**
 * Proves that whoever holds the session is the account's owner before a change that could take the
 * account over: its current password, or, for an account without one, a Google sign-in within the
 * last few minutes (the session records when Google signed it in).
 */
async function confirmOwner(user: SessionUser, session: SessionRecord | null, currentPassword: string | undefined): Promise<void> {
  if (user.passwordHash) {
    if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new HttpError(400, CURRENT_PASSWORD_INCORRECT, { errors: { currentPassword: CURRENT_PASSWORD_INCORRECT } });
    }
    return;
  }
  if (!hasFreshGoogleSignIn(session)) throw new HttpError(403, GOOGLE_REAUTH_MESSAGE, { reauthenticate: "google" });
}

export interface ProfileResult {
  user: SessionUser;
  /** The address waiting for its confirmation link to be opened, if any. */
  pendingEmail: string | null;
  message: string;
}

/**
 * Saves the name; a new e-mail is not saved but waits for confirmation: a link goes to the new address
 * and the old one is told. The answer is the same whether or not another account has the new address
 * (only the mail to that address says it is in use), so the form tells nobody who has an account.
 * Only an admin by role may take ADMIN_EMAIL (anyone else would become one).
 */
export async function updateProfile(
  deps: Deps,
  user: SessionUser,
  session: SessionRecord | null,
  input: ProfileInput,
): Promise<ProfileResult> {
  const { db, env } = deps;
  const email = normaliseEmail(input.email);
  if (email === user.email) {
    const updated = await db.update(users).set({ fullName: input.fullName }).where(eq(users.id, user.id)).returning().get();
    return { user: updated, pendingEmail: await pendingEmailOf(db, user.id), message: "Your name and e-mail have been saved." };
  }
  if (isAdminEmail(email, env.ADMIN_EMAIL) && user.role !== "admin") throw reservedEmail();
  await confirmOwner(user, session, input.currentPassword);

  const token = generateSessionToken();
  const taken = await emailTaken(db, email, user.id);
  const updated = await db.transaction(async (tx) => {
    const row = await tx.update(users).set({ fullName: input.fullName }).where(eq(users.id, user.id)).returning().get();
    const change = { newEmail: email, tokenHash: hashSessionToken(token), expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS) };
    // One pending change per account: a new request replaces the old one and its link.
    await tx.insert(emailChanges).values({ userId: user.id, ...change }).onConflictDoUpdate({ target: emailChanges.userId, set: change });
    return row;
  });

  const link = `${env.APP_ORIGIN}/api/user/email/confirm?token=${token}`;
  await sendMail(
    deps,
    taken
      ? {
        to: email,
        subject: "Your ExamPrep e-mail address",
        text: `Hello,\n\nSomeone signed in to an ExamPrep account asked to move it to this address. This address already belongs to an ExamPrep account, so nothing has changed.\n\nIf it was you, sign in to that account with this address instead. If not, you can ignore this e-mail.\n\nExamPrep`,
      }
      : {
        to: email,
        subject: "Confirm your new ExamPrep e-mail address",
        text: `Hello ${updated.fullName},\n\nYou asked to use this address for your ExamPrep account (${updated.username}). To confirm it, open this link within 24 hours:\n\n${link}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this e-mail: nothing changes.\n\nExamPrep`,
      },
  );
  await sendMail(deps, {
    to: user.email,
    subject: "Your ExamPrep e-mail address is being changed",
    text: `Hello ${updated.fullName},\n\nSomeone signed in to your ExamPrep account (${updated.username}) asked to change its e-mail address to ${email}. The change happens only when the link sent to that address is opened.\n\nIf this was not you, change your password and choose Sign out everywhere in Settings (${env.APP_ORIGIN}/settings), or write to ${env.CONTACT_EMAIL}.\n\nExamPrep`,
  });
  return {
    user: updated,
    pendingEmail: email,
    message: `We sent a confirmation link to ${email}. Your e-mail changes when you open it.`,
  };
}

/** The address an account's e-mail change waits to confirm, or null (an expired one counts as none). */
export async function pendingEmailOf(db: Database, userId: number): Promise<string | null> {
  const row = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId)).get();
  return row && row.expiresAt.getTime() > Date.now() ? row.newEmail : null;
}

export type EmailConfirmation = "confirmed" | "invalid" | "taken";

/**
 * Opens an e-mail change's confirmation link: the token is one-time (its row is deleted whatever the
 * outcome) and expires after 24 hours. The address is checked again, since another account may have
 * taken it (or it may have become ADMIN_EMAIL) since the request.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<EmailConfirmation> {
  const { db, env } = deps;
  if (!token || token.length > 100) return "invalid";
  const change = await db.delete(emailChanges).where(eq(emailChanges.tokenHash, hashSessionToken(token))).returning().get();
  if (!change || change.expiresAt.getTime() <= Date.now()) return "invalid";
  const user = await db.select().from(users).where(eq(users.id, change.userId)).get();
  if (!user) return "invalid";
  if (isAdminEmail(change.newEmail, env.ADMIN_EMAIL) && user.role !== "admin") return "invalid";
  if (await emailTaken(db, change.newEmail, user.id)) return "taken";
  try {
    await db.update(users).set({ email: change.newEmail }).where(eq(users.id, user.id));
  } catch (err) {
    if (/UNIQUE/i.test(String((err as { cause?: unknown }).cause ?? err))) return "taken";
    throw err;
  }
  return "confirmed";
}

/**
 * Changes the password, or sets one on an account without: the current password, or a fresh Google
 * sign-in, is needed either way. A common password is refused. Every other session ends and the
 * account's address is told.
 */
export async function changePassword(deps: Deps, user: SessionUser, session: SessionRecord, input: PasswordChangeInput): Promise<void> {
  const { db, env } = deps;
  const hadPassword = Boolean(user.passwordHash);
  await confirmOwner(user, session, input.currentPassword);
  refuseCommonPassword(input.newPassword, "newPassword");
  await db.update(users).set({ passwordHash: await hashPassword(input.newPassword) }).where(eq(users.id, user.id));
  await invalidateOtherSessions(db, user.id, session.id);
  await sendMail(deps, {
    to: user.email,
    subject: hadPassword ? "Your ExamPrep password was changed" : "A password was set on your ExamPrep account",
    text: `Hello ${user.fullName},\n\n${hadPassword ? "The password of your ExamPrep account was changed" : "A password was set on your ExamPrep account"} (${user.username}), and every other device was signed out.\n\nIf this was not you, sign in with Google if you can and choose Sign out everywhere in Settings (${env.APP_ORIGIN}/settings), or write to ${env.CONTACT_EMAIL}.\n\nExamPrep`,
  });
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
