import { useState, type FormEvent } from "react";
import { Field, fieldErrors } from "../components/ui/Field.tsx";
import { loginSchema, registerFormSchema, toRegisterPayload, type PublicUser } from "../../shared/schemas.ts";
import { postJson, readError } from "../lib/api.ts";
import { flashToast, toast } from "../stores/toasts.ts";
import { $user } from "../stores/user.ts";

type Tab = "login" | "register";

const GOOGLE_ERRORS: Record<string, string> = {
  google_not_configured: "Google sign-in is not set up on this server yet. Please sign in with your username or e-mail and password.",
  google_failed: "Google sign-in did not complete. Please try again.",
  google_unverified: "Your Google account's e-mail address is not verified, so we cannot use it to sign you in.",
  referral_invalid: "That referral code does not exist",
};

interface Props {
  next: string;
  error?: string;
  initialTab?: Tab;
  /** From a friend's `?ref=CODE` link. */
  referralCode?: string;
}

export default function AuthForms({ next, error, initialTab = "login", referralCode }: Props) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>(error ? GOOGLE_ERRORS[error] ?? GOOGLE_ERRORS.google_failed : undefined);

  function select(next: Tab) {
    setTab(next);
    setErrors({});
    setFormError(undefined);
  }

  async function submit(kind: Tab, payload: unknown) {
    setPending(true);
    setFormError(undefined);
    try {
      const res = await postJson(kind === "login" ? "/api/login" : "/api/register", payload);
      if (!res.ok) {
        const body = await readError(res);
        setErrors(body.errors ?? {});
        const message = body.message ?? (kind === "login" ? "Invalid credentials" : "Something went wrong");
        setFormError(message);
        toast({ title: kind === "login" ? "Login failed" : "Registration failed", description: message, variant: "destructive" });
        setPending(false);
        return;
      }
      const user = (await res.json()) as PublicUser;
      $user.set(user);
      flashToast(
        kind === "login"
          ? { title: "Login successful", description: `Welcome back, ${user.fullName || user.username}` }
          : { title: "Registration successful", description: "Your account has been created successfully!" },
      );
      window.location.assign(next);
    } catch {
      const message = "We could not reach ExamPrep. Check your connection and try again.";
      setFormError(message);
      toast({ title: kind === "login" ? "Login failed" : "Registration failed", description: message, variant: "destructive" });
      setPending(false);
    }
  }

  function onLogin(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const parsed = loginSchema.safeParse(data);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void submit("login", parsed.data);
  }

  function onRegister(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const form = {
      fullName: String(data.get("fullName") ?? ""),
      email: String(data.get("email") ?? ""),
      username: String(data.get("username") ?? ""),
      password: String(data.get("password") ?? ""),
      confirmPassword: String(data.get("confirmPassword") ?? ""),
      acceptTerms: data.get("acceptTerms") === "on",
    };
    const parsed = registerFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    void submit("register", toRegisterPayload(form, referralCode));
  }

  // A friend's code goes along, so a new account made with Google gets the referral as a registration would.
  const googleHref = `/api/auth/google?next=${encodeURIComponent(next)}${referralCode ? `&ref=${encodeURIComponent(referralCode)}` : ""}`;
  const tabClass = (t: Tab) =>
    `flex-1 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${tab === t ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;

  return (
    <div>
      <div role="tablist" aria-label="Sign in or register" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        {(["login", "register"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            className={tabClass(t)}
            onClick={() => select(t)}
          >
            {t === "login" ? "Login" : "Register"}
          </button>
        ))}
      </div>

      {formError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}

      {tab === "login" ? (
        <form id="panel-login" role="tabpanel" aria-labelledby="tab-login" className="mt-5 space-y-4" onSubmit={onLogin} noValidate>
          <Field id="username" label="Username or e-mail" autoComplete="username" error={errors.username} disabled={pending} />
          <Field id="password" label="Password" type="password" autoComplete="current-password" error={errors.password} disabled={pending} />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? "Signing in..." : "Sign In"}
          </button>
        </form>
      ) : (
        <form id="panel-register" role="tabpanel" aria-labelledby="tab-register" className="mt-5 space-y-4" onSubmit={onRegister} noValidate>
          {referralCode && (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
              A friend invited you (code <strong>{referralCode.toUpperCase()}</strong>): you each get a free credit once your first paid purchase has cleared.
            </p>
          )}
          <Field id="fullName" label="Full name" autoComplete="name" error={errors.fullName} disabled={pending} />
          <Field id="email" label="E-mail" type="email" autoComplete="email" error={errors.email} disabled={pending} />
          <Field
            id="username"
            label="Username (optional)"
            autoComplete="username"
            hint="3 to 30 characters, without @. Leave blank to sign in with your e-mail."
            error={errors.username}
            disabled={pending}
          />
          <Field id="password" label="Password" type="password" autoComplete="new-password" hint="6 to 50 characters." error={errors.password} disabled={pending} />
          <Field id="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword} disabled={pending} />
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="acceptTerms"
                className="mt-0.5 h-4 w-4 rounded border-slate-400"
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? "acceptTerms-error" : undefined}
                disabled={pending}
              />
              <span>
                I am 13 or over and accept the{" "}
                <a href="/terms-of-service" className="font-medium text-brand-700 underline" target="_blank" rel="noopener">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy-policy" className="font-medium text-brand-700 underline" target="_blank" rel="noopener">
                  Privacy Policy
                </a>
              </span>
            </label>
            {errors.acceptTerms && (
              <p id="acceptTerms-error" role="alert" className="mt-1 text-sm text-red-700">
                {errors.acceptTerms}
              </p>
            )}
          </div>
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? "Creating account..." : "Create Account"}
          </button>
        </form>
      )}

      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a href={googleHref} className="btn-outline w-full" aria-disabled={pending || undefined}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.2-4.8 3.2-8z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
        </svg>
        {tab === "login" ? "Sign in with Google" : "Sign up with Google"}
      </a>
    </div>
  );
}
