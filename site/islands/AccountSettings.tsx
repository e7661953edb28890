import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "../components/ui/ConfirmDialog.tsx";
import { Field, fieldErrors } from "../components/ui/Field.tsx";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../shared/constants.ts";
import {
  NOTIFICATION_OPTIONS,
  passwordChangeSchema,
  profileSchema,
  type NotificationPrefs,
  type ProfileResponse,
  type PublicUser,
} from "../../shared/schemas.ts";
import { postJson, readError } from "../lib/api.ts";
import { flashToast, toast } from "../stores/toasts.ts";
import { $user } from "../stores/user.ts";

type Tab = "account" | "notifications";
/** The outcome of an e-mail confirmation link (GET /api/user/email/confirm sends the browser back here with it). */
export type EmailConfirmation = "confirmed" | "invalid" | "taken";

const CONFIRMATION_NOTICES: Record<EmailConfirmation, { text: string; ok: boolean }> = {
  confirmed: { text: "Your new e-mail address is confirmed and is now your account's.", ok: true },
  invalid: { text: "That confirmation link has expired or has already been used. Save your new e-mail again for a new link.", ok: false },
  taken: { text: "That address now belongs to another account, so your e-mail was not changed.", ok: false },
};

/** Where an account without a password signs in with Google again, coming back to Settings. */
const GOOGLE_AGAIN = "/api/auth/google?next=%2Fsettings";
const UNREACHABLE = "We could not reach ExamPrep. Please try again.";

interface Props {
  user: PublicUser;
  hasPassword: boolean;
  notifications: NotificationPrefs;
  /** An e-mail change waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  emailConfirmation?: EmailConfirmation;
}

/** Settings for every user: the Account and Notifications tabs. */
export default function AccountSettings({ user, hasPassword, notifications, pendingEmail, emailConfirmation }: Props) {
  const [tab, setTab] = useState<Tab>("account");
  const notice = emailConfirmation ? CONFIRMATION_NOTICES[emailConfirmation] : undefined;
  return (
    <div>
      {notice && (
        <p
          role="status"
          className={`mb-4 rounded-lg border px-3 py-2 text-sm ${notice.ok ? "border-green-200 bg-green-50 text-green-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
        >
          {notice.text}
        </p>
      )}
      <div role="tablist" aria-label="Settings" className="flex gap-1 border-b border-slate-200">
        {(["account", "notifications"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`settings-tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`settings-panel-${t}`}
            onClick={() => setTab(t)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === t ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t === "account" ? "Account" : "Notifications"}
          </button>
        ))}
      </div>
      <div id={`settings-panel-${tab}`} role="tabpanel" aria-labelledby={`settings-tab-${tab}`} className="pt-6">
        {tab === "account" ? <AccountTab user={user} hasPassword={hasPassword} pendingEmail={pendingEmail} /> : <NotificationsTab initial={notifications} />}
      </div>
    </div>
  );
}

/** Said when the server asks an account without a password for a fresh Google sign-in. */
function GoogleAgain() {
  return (
    <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      For your security, sign in with Google again first; it counts for 10 minutes.{" "}
      <a href={GOOGLE_AGAIN} className="font-semibold underline">Sign in with Google again</a>
    </p>
  );
}

function AccountTab({ user, hasPassword: initialHasPassword, pendingEmail: initialPending }: { user: PublicUser; hasPassword: boolean; pendingEmail: string | null }) {
  const [profileErrors, setProfileErrors] = useState<Record<string, string>>({});
  const [passwordErrors, setPasswordErrors] = useState<Record<string, string>>({});
  const [savingProfile, setSavingProfile] = useState(false);
  const [savingPassword, setSavingPassword] = useState(false);
  const [hasPassword, setHasPassword] = useState(initialHasPassword);
  const [pendingEmail, setPendingEmail] = useState(initialPending);
  const [email, setEmail] = useState(user.email);
  const [googleAgain, setGoogleAgain] = useState<"profile" | "password" | null>(null);
  const emailChanging = email.trim().toLowerCase() !== user.email;

  async function saveProfile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = profileSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setProfileErrors(fieldErrors(parsed.error.issues));
    if (parsed.data.email !== user.email && hasPassword && !parsed.data.currentPassword) {
      return setProfileErrors({ currentPassword: "Enter your current password to change your e-mail" });
    }
    setProfileErrors({});
    setGoogleAgain(null);
    setSavingProfile(true);
    const res = await postJson("/api/user/profile", parsed.data, "PATCH").catch(() => null);
    setSavingProfile(false);
    if (!res?.ok) {
      const body = res ? await readError(res) : { message: UNREACHABLE };
      setProfileErrors(body.errors ?? {});
      if (res?.status === 403) setGoogleAgain("profile");
      toast({ title: "Profile not saved", description: body.message ?? "Please try again.", variant: "destructive" });
      return;
    }
    const saved = (await res.json()) as ProfileResponse;
    $user.set(saved.user);
    setPendingEmail(saved.pendingEmail);
    const current = form.elements.namedItem("currentPassword");
    if (current instanceof HTMLInputElement) current.value = "";
    if (parsed.data.email !== user.email) {
      // Until the link is opened, the field shows the address the account still has.
      setEmail(user.email);
      toast({ title: "Check your new e-mail", description: saved.message });
    } else {
      toast({ title: "Profile updated", description: "Your name has been saved." });
    }
  }

  async function changePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = passwordChangeSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setPasswordErrors(fieldErrors(parsed.error.issues));
    setPasswordErrors({});
    setGoogleAgain(null);
    setSavingPassword(true);
    const res = await postJson("/api/user/password", parsed.data).catch(() => null);
    setSavingPassword(false);
    if (!res?.ok) {
      const body = res ? await readError(res) : { message: UNREACHABLE };
      setPasswordErrors(body.errors ?? {});
      if (res?.status === 403) setGoogleAgain("password");
      toast({ title: "Password not changed", description: body.message ?? "Please try again.", variant: "destructive" });
      return;
    }
    form.reset();
    setHasPassword(true);
    toast({ title: "Password changed", description: "You have been signed out on your other devices." });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="card space-y-4 p-6" onSubmit={saveProfile} noValidate aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-bold">Profile</h2>
        <Field id="fullName" label="Full name" autoComplete="name" defaultValue={user.fullName} error={profileErrors.fullName} />
        <Field
          id="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="A new address is used once you open the link we send to it."
          error={profileErrors.email}
        />
        {pendingEmail && (
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="pending-email">
            Waiting for confirmation: <strong className="break-words">{pendingEmail}</strong>. Open the link we sent there within 24 hours.
          </p>
        )}
        {hasPassword && emailChanging && (
          <Field
            id="emailCurrentPassword"
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed to change your e-mail."
            error={profileErrors.currentPassword}
          />
        )}
        {googleAgain === "profile" && <GoogleAgain />}
        <p className="text-sm text-slate-600">
          Username: <strong>{user.username}</strong>
        </p>
        <button type="submit" className="btn-primary" disabled={savingProfile}>
          {savingProfile ? "Saving..." : "Save Profile"}
        </button>
      </form>
      <form className="card space-y-4 p-6" onSubmit={changePassword} noValidate aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-bold">{hasPassword ? "Change password" : "Set a password"}</h2>
        {hasPassword ? (
          <Field id="currentPassword" label="Current password" type="password" autoComplete="current-password" error={passwordErrors.currentPassword} />
        ) : (
          <>
            <p className="text-sm text-slate-600">
              You sign in with Google. Set a password to sign in with your e-mail too: within 10 minutes of signing in with Google, or after{" "}
              <a href={GOOGLE_AGAIN} className="font-medium text-brand-700 underline">signing in with Google again</a>.
            </p>
            <input type="hidden" name="currentPassword" value="" />
          </>
        )}
        <Field
          id="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Common passwords are refused.`}
          error={passwordErrors.newPassword}
        />
        <Field id="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={passwordErrors.confirmPassword} />
        {googleAgain === "password" && <GoogleAgain />}
        <button type="submit" className="btn-primary" disabled={savingPassword}>
          {savingPassword ? "Saving..." : hasPassword ? "Change Password" : "Set Password"}
        </button>
      </form>
      <SignOutEverywhere />
    </div>
  );
}

/** Ends every session of the account, this one included (a lost phone, a shared computer). */
function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function signOutEverywhere() {
    setPending(true);
    const res = await postJson("/api/user/sign-out-everywhere").catch(() => null);
    if (!res?.ok) {
      const body = res ? await readError(res) : { message: UNREACHABLE };
      setPending(false);
      setOpen(false);
      toast({ title: "Not signed out", description: body.message ?? "Please try again.", variant: "destructive" });
      return;
    }
    $user.set(null);
    flashToast({ title: "Signed out everywhere", description: "Every device has been signed out, this one included." });
    window.location.assign("/auth");
  }

  return (
    <section className="card space-y-3 p-6 lg:col-span-2" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="text-lg font-bold">Devices</h2>
      <p className="text-sm text-slate-600">
        Lost a phone, or signed in on a shared computer? Sign out everywhere ends every session of your account, this one included, and cancels an e-mail change still waiting for confirmation; you then sign in again here.
      </p>
      <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
        Sign out everywhere
      </button>
      <ConfirmDialog
        open={open}
        title="Sign out everywhere?"
        description="Every device signed in to your account will be signed out, including this one."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out..."
        pending={pending}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setOpen(false)}
        testId="sign-out-everywhere-dialog"
      />
    </section>
  );
}

function NotificationsTab({ initial }: { initial: NotificationPrefs }) {
  const [prefs, setPrefs] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const res = await postJson("/api/user/notifications", prefs, "PUT").catch(() => null);
    setSaving(false);
    if (!res?.ok) {
      const body = res ? await readError(res) : {};
      toast({ title: "Preferences not saved", description: body.message ?? "Please try again.", variant: "destructive" });
      return;
    }
    setPrefs((await res.json()) as NotificationPrefs);
    toast({ title: "Preferences saved", description: "Your notification preferences have been updated." });
  }

  return (
    <form className="card max-w-2xl space-y-1 p-6" onSubmit={save} aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="mb-3 text-lg font-bold">E-mail notifications</h2>
      {NOTIFICATION_OPTIONS.map((o) => (
        <label key={o.key} className="flex items-start justify-between gap-4 border-b border-slate-100 py-3 last:border-0">
          <span>
            <span className="block text-sm font-semibold text-slate-900">{o.label}</span>
            <span className="block text-sm text-slate-600">{o.description}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            name={o.key}
            checked={prefs[o.key]}
            onChange={(e) => setPrefs({ ...prefs, [o.key]: e.target.checked })}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
          />
        </label>
      ))}
      <button type="submit" className="btn-primary mt-4" disabled={saving}>
        {saving ? "Saving..." : "Save Preferences"}
      </button>
    </form>
  );
}
