import { useState, type FormEvent } from "react";
import { Field, fieldErrors } from "../components/ui/Field.tsx";
import {
  NOTIFICATION_OPTIONS,
  passwordChangeSchema,
  profileSchema,
  type NotificationPrefs,
  type PublicUser,
} from "../../shared/schemas.ts";
import { postJson, readError } from "../lib/api.ts";
import { toast } from "../stores/toasts.ts";
import { $user } from "../stores/user.ts";

type Tab = "account" | "notifications";

interface Props {
  user: PublicUser;
  hasPassword: boolean;
  notifications: NotificationPrefs;
}

/** Settings for every user: the Account and Notifications tabs. */
export default function AccountSettings({ user, hasPassword, notifications }: Props) {
  const [tab, setTab] = useState<Tab>("account");
  return (
    <div>
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
        {tab === "account" ? <AccountTab user={user} hasPassword={hasPassword} /> : <NotificationsTab initial={notifications} />}
      </div>
    </div>
  );
}

function AccountTab({ user, hasPassword: initialHasPassword }: { user: PublicUser; hasPassword: boolean }) {
  const [profileErrors, setProfileErrors] = useState<Record<string, string>>({});
  const [passwordErrors, setPasswordErrors] = useState<Record<string, string>>({});
  const [savingProfile, setSavingProfile] = useState(false);
  const [savingPassword, setSavingPassword] = useState(false);
  const [hasPassword, setHasPassword] = useState(initialHasPassword);

  async function saveProfile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = profileSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (!parsed.success) return setProfileErrors(fieldErrors(parsed.error.issues));
    setProfileErrors({});
    setSavingProfile(true);
    const res = await postJson("/api/user/profile", parsed.data, "PATCH").catch(() => null);
    setSavingProfile(false);
    if (!res?.ok) {
      const body = res ? await readError(res) : { message: "We could not reach ExamPrep. Please try again." };
      setProfileErrors(body.errors ?? {});
      toast({ title: "Profile not saved", description: body.message ?? "Please try again.", variant: "destructive" });
      return;
    }
    $user.set((await res.json()) as PublicUser);
    toast({ title: "Profile updated", description: "Your name and e-mail have been saved." });
  }

  async function changePassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = passwordChangeSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setPasswordErrors(fieldErrors(parsed.error.issues));
    setPasswordErrors({});
    setSavingPassword(true);
    const res = await postJson("/api/user/password", parsed.data).catch(() => null);
    setSavingPassword(false);
    if (!res?.ok) {
      const body = res ? await readError(res) : { message: "We could not reach ExamPrep. Please try again." };
      setPasswordErrors(body.errors ?? {});
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
        <Field id="email" label="E-mail" type="email" autoComplete="email" defaultValue={user.email} error={profileErrors.email} />
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
            <p className="text-sm text-slate-600">You sign in with Google. Set a password to sign in with your e-mail too.</p>
            <input type="hidden" name="currentPassword" value="" />
          </>
        )}
        <Field id="newPassword" label="New password" type="password" autoComplete="new-password" hint="6 to 50 characters." error={passwordErrors.newPassword} />
        <Field id="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" error={passwordErrors.confirmPassword} />
        <button type="submit" className="btn-primary" disabled={savingPassword}>
          {savingPassword ? "Saving..." : hasPassword ? "Change Password" : "Set Password"}
        </button>
      </form>
    </div>
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
