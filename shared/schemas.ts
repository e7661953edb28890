// Zod schemas shared by the forms and the API: the validation messages are the specification's (§5).
import { examDateSchema } from "./catalogue.ts";
import { z } from "./zod.ts";
import {
  CODE_MAX,
  EMAIL_MAX,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_SUBJECTS,
  FREE_CREDIT_CAP_DEFAULT,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  GIFT_MESSAGE_MAX,
  GIFT_MIN_CREDITS,
  LEVELS,
  LOGIN_PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./constants.ts";
import { paperFactsSchema } from "./papers.ts";

const usernameMessage = `Username must be at least ${USERNAME_MIN} characters`;
const passwordMessage = `Password must be at least ${PASSWORD_MIN} characters`;
const passwordMaxMessage = `Password must not exceed ${PASSWORD_MAX} characters`;
/** A new password. The server also refuses common ones (api/auth/common-passwords.ts: the list stays off the site). */
const passwordField = z.string().min(PASSWORD_MIN, passwordMessage).max(PASSWORD_MAX, passwordMaxMessage);
/** The password typed to sign in or to confirm a change: one chosen under the spec's older 6-character rule still works. */
const currentPasswordField = z
  .string()
  .min(LOGIN_PASSWORD_MIN, `Password must be at least ${LOGIN_PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, passwordMaxMessage);

export const loginSchema = z.object({
  /** A username or an e-mail address: one with '@' is looked up as an e-mail (usernames cannot contain it). */
  username: z.string().trim().min(USERNAME_MIN, usernameMessage).max(EMAIL_MAX, `Username or e-mail must not exceed ${EMAIL_MAX} characters`),
  password: currentPasswordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

const emailMaxMessage = `Email must not exceed ${EMAIL_MAX} characters`;
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX, emailMaxMessage).pipe(z.email("Please enter a valid email address"));

/**
 * A chosen username. No '@': sign-in reads an identifier with '@' as an e-mail, and a username equal to
 * someone else's e-mail would otherwise stand in the way of their sign-in.
 */
const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, usernameMessage)
  .max(USERNAME_MAX, `Username must not exceed ${USERNAME_MAX} characters`)
  .refine((v) => !v.includes("@"), "Username cannot contain @");

const fullNameMaxMessage = `Full name must not exceed ${FULL_NAME_MAX} characters`;
const fullNameSchema = z.string().trim().min(FULL_NAME_MIN, `Full name must be at least ${FULL_NAME_MIN} characters`).max(FULL_NAME_MAX, fullNameMaxMessage);

/** What the Register form holds, confirmPassword and acceptTerms included. */
export const registerFormSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    // Optional: a blank field is not sent (toRegisterPayload), so only a non-blank one is checked.
    username: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        if (v === undefined || v.trim() === "") return;
        const checked = usernameSchema.safeParse(v);
        if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0].message });
      }),
    password: passwordField,
    confirmPassword: z.string().min(PASSWORD_MIN, passwordMessage),
    acceptTerms: z.boolean().refine((v) => v === true, "You must accept the Terms of Service and Privacy Policy"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type RegisterForm = z.input<typeof registerFormSchema>;

const referralCodeMaxMessage = `Referral code cannot exceed ${CODE_MAX} characters`;
const codeMaxMessage = `Code cannot exceed ${CODE_MAX} characters`;

/** What the API accepts for registration: the form without confirmPassword and acceptTerms. */
export const registerSchema = z.object({
  /** A friend's referral code, from a `?ref=CODE` link. */
  referralCode: z.string().trim().min(1).max(CODE_MAX, referralCodeMaxMessage).optional(),
  fullName: fullNameSchema,
  email: emailSchema,
  username: usernameSchema.optional(),
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Drops confirmPassword and acceptTerms; a blank username is sent as absent, a non-blank one trimmed. */
export function toRegisterPayload(form: RegisterForm, referralCode?: string): RegisterInput {
  const username = form.username?.trim();
  return {
    ...(referralCode ? { referralCode } : {}),
    fullName: form.fullName.trim(),
    email: form.email.trim().toLowerCase(),
    ...(username ? { username } : {}),
    password: form.password,
  };
}

const feedbackSubjectValues = FEEDBACK_SUBJECTS.map((s) => s.value) as [string, ...string[]];
export const feedbackSchema = z.object({
  subject: z.enum(feedbackSubjectValues, { error: "Please select a subject" }),
  description: z
    .string()
    .trim()
    .min(10, "Description must be at least 10 characters long")
    .max(FEEDBACK_DESCRIPTION_MAX, `Description must not exceed ${FEEDBACK_DESCRIPTION_MAX} characters`),
  email: z.string().trim().max(EMAIL_MAX, emailMaxMessage).pipe(z.email("Please provide a valid email")),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

export const giftSchema = z.object({
  recipient: z.string().trim().min(1, "Recipient required").max(EMAIL_MAX, emailMaxMessage).pipe(z.email("Please enter a valid email address")),
  creditAmount: z.coerce.number().int().min(GIFT_MIN_CREDITS, "You must gift at least 1 credit"),
  message: z.string().max(GIFT_MESSAGE_MAX, "Message must be 200 characters or less").optional().default(""),
});
export type GiftInput = z.infer<typeof giftSchema>;

export const discountCodeEntrySchema = z.object({ code: z.string().trim().min(1, "Please enter a discount code").max(CODE_MAX, codeMaxMessage) });

/** A catalogue paper as the API returns it (§3 Paper). */
export const paperSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  examBoard: z.string(),
  level: z.string(),
  /** The next of examDates that has not passed, or null (derived: examDates is the record). */
  examDate: z.string().nullable(),
  /** The paper's exam dates by series, each with its source, earliest first. */
  examDates: z.array(examDateSchema).default([]),
  createdAt: z.string(),
  description: z.string().nullable(),
  subjectCode: z.string().nullable(),
  sectionCount: z.number().int().min(1),
  questionStructure: z.string(),
  /** Code, tiers, time and marks of a paper that can be generated; null for one that cannot yet. */
  generation: paperFactsSchema.nullable(),
  /**
   * Why it cannot be generated yet (api/structure/blueprint.ts), or null. With `generation` set, the
   * reason is the question bank's shortfall, which a configured model overcomes.
   */
  generationNote: z.string().nullable().default(null),
});
export type Paper = z.infer<typeof paperSchema>;

export const levelSchema = z.enum(LEVELS);

/** The signed-in user as the site sees it (§3 User). */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  isAdmin: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What saving the profile answers: the user, an e-mail change waiting for confirmation, and what to tell them. */
export interface ProfileResponse {
  user: PublicUser;
  pendingEmail: string | null;
  message: string;
}

/** Settings, Account tab (admin-tools.md §5 Profile). */
export const profileSchema = z.object({
  fullName: z.string().trim().min(1, "Full name is required").max(FULL_NAME_MAX, fullNameMaxMessage),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX, emailMaxMessage).pipe(z.email("Invalid email address")),
  /** Needed only to change the e-mail (an account without a password uses a fresh Google sign-in instead). */
  currentPassword: z.string().max(PASSWORD_MAX, passwordMaxMessage).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({
    /** Empty for an account without a password (a fresh Google sign-in stands in for it). */
    currentPassword: z.string().max(PASSWORD_MAX, passwordMaxMessage),
    newPassword: passwordField,
    confirmPassword: z.string().max(PASSWORD_MAX, `Password must not exceed ${PASSWORD_MAX} characters`),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const NOTIFICATION_OPTIONS = [
  { key: "paperReady", label: "Paper ready", description: "E-mail me when a paper I generated is ready to download." },
  { key: "studyReminders", label: "Study reminders", description: "Reminders of the sessions in my study plan." },
  { key: "productUpdates", label: "Product updates", description: "News about new subjects, boards and features." },
] as const;
export const notificationPrefsSchema = z.object({
  paperReady: z.boolean().default(true),
  studyReminders: z.boolean().default(true),
  productUpdates: z.boolean().default(false),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** A new subject, board or level name (admin-tools.md §5): trimmed and required. */
export const newSubjectSchema = z.object({
  name: z.string().trim().min(1, "Please enter a name").max(80, "Name must not exceed 80 characters"),
});

const emptyAsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A discount code as the admin form and API take it (admin-tools.md §5). */
export const discountCodeSchema = z.object({
  code: z.string().trim().min(3, "Code must be at least 3 characters").max(CODE_MAX, codeMaxMessage),
  discountPercentage: z.coerce.number().int().min(1, "Minimum 1% discount").max(100, "Maximum 100% discount"),
  maxUses: z.coerce.number().int().min(1, "Must allow at least 1 use"),
  isActive: z.boolean().default(true),
  expiresAt: z.preprocess(emptyAsAbsent, z.iso.datetime({ offset: true }).or(z.iso.date()).optional()),
  description: z.preprocess(emptyAsAbsent, z.string().trim().max(200, "Description cannot exceed 200 characters").optional()),
  amountOffPence: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).optional()),
  /** Credits one use gives at most when the code makes the purchase free. */
  freeCreditCap: z.preprocess(
    emptyAsAbsent,
    z.coerce.number().int().min(1, "A free use must give at least 1 credit").max(100, "At most 100 free credits per use").default(FREE_CREDIT_CAP_DEFAULT),
  ),
});
export type DiscountCodeInput = z.infer<typeof discountCodeSchema>;

/** Admin-tools.md §9: create form defaults (30-day expiry, 10%, 10 uses) and the generated form EXAM-XXXXXX. */
export const DISCOUNT_CODE_DEFAULTS = { discountPercentage: 10, maxUses: 10, expiryDays: 30 } as const;
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export function generateDiscountCode(random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0] % n): string {
  let out = "EXAM-";
  for (let i = 0; i < 6; i++) out += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return out;
}

export const checkoutRequestSchema = z
  .object({
    creditQuantity: z.coerce.number().int().min(1, "Choose at least 1 credit").max(1000, "At most 1000 credits at a time").optional(),
    /** The Credit System Test page sends `quantity` instead. */
    quantity: z.coerce.number().int().min(1, "Choose at least 1 credit").max(1000, "At most 1000 credits at a time").optional(),
    discountCode: z.preprocess(emptyAsAbsent, z.string().trim().max(CODE_MAX, codeMaxMessage).optional()),
  })
  .refine((v) => v.creditQuantity !== undefined || v.quantity !== undefined, { message: "Choose at least 1 credit", path: ["creditQuantity"] })
  .transform((v) => ({ quantity: (v.creditQuantity ?? v.quantity)!, discountCode: v.discountCode }));

/** POST /api/referrals/apply: a friend's code, for one's own account (or any, by an admin). */
export const referralApplySchema = z.object({
  referralCode: z.string().trim().min(1, "Please enter a referral code").max(CODE_MAX, referralCodeMaxMessage),
  userId: z.coerce.number().int().optional(),
});

/** POST /api/referrals/complete (admins). */
export const referralCompleteSchema = z.object({ referralId: z.coerce.number().int().min(1) });

/** POST /api/debug/deduct-credits (admins): the Credit System Test page's deduction. */
export const deductionTestSchema = z.object({
  userId: z.coerce.number({ error: "User ID Required" }).int().min(1, "User ID Required"),
  operation: z.string().max(40, "Unknown operation").default("past_questions"),
});

