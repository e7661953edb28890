// The System tab of /settings (admin-tools.md "Settings", §3, §5, §7, §8): the feedback_email setting,
// the mail-service key (write-only: shown masked), the test e-mail, and the latest mails of the outbox.
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { formatDateTime } from "../../shared/format.ts";
import { ApiError, call } from "./api.ts";

interface Setting {
  key: "feedback_email" | "mail_api_key";
  value: string;
  secret: boolean;
  source: "settings" | "env" | "default" | "none";
  effective: string;
  updatedAt: string | null;
}
interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: "outbox" | "sent" | "failed";
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}
interface Outbox {
  mode: "service" | "outbox";
  apiUrl: string;
  from: string;
  mails: Mail[];
}
interface Notice {
  kind: "success" | "error";
  title: string;
  text: string;
  detail?: string;
}

export const ACCESS_DENIED = "Access Denied: You don't have permission to access system settings.";
const LOAD_FAILED = "Failed to load system settings.";
const UPDATE_FAILED = "Failed to update setting.";
const TEST_FAILED = "Failed to send test email. Please check your email configuration.";
const INVALID_EMAIL = { title: "Invalid Email", text: "Please enter a valid email address." };

const denied = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);

export function SystemSettings() {
  const [settings, setSettings] = useState<Setting[] | null>(null);
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [accessDenied, setAccessDenied] = useState(false);
  const titleId = useId();

  const onDenied = useCallback(() => setAccessDenied(true), []);

  const loadOutbox = useCallback(async () => {
    try {
      setOutbox(await call<Outbox>("/api/settings/mail-outbox"));
    } catch (err) {
      if (denied(err)) onDenied();
    }
  }, [onDenied]);

  useEffect(() => {
    call<Setting[]>("/api/settings")
      .then(setSettings)
      .catch((err) => (denied(err) ? onDenied() : setProblem(LOAD_FAILED)));
    void loadOutbox();
  }, [loadOutbox, onDenied]);

  const saved = (s: Setting) => {
    setSettings((list) => (list ?? []).map((x) => (x.key === s.key ? s : x)));
    void loadOutbox();
  };

  if (accessDenied) {
    return <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{ACCESS_DENIED}</p>;
  }

  const feedbackEmail = settings?.find((s) => s.key === "feedback_email");
  const mailKey = settings?.find((s) => s.key === "mail_api_key");

  return (
    <section aria-labelledby={titleId} className="space-y-6" data-testid="system-settings">
      <div>
        <h3 id={titleId} className="text-lg font-bold">System</h3>
        <p className="mt-1 text-sm text-slate-600">Where feedback goes, how mail is sent, and the mail the app has sent.</p>
      </div>
      {problem && <Alert notice={{ kind: "error", title: "Error", text: problem }} />}
      {!settings && !problem && <p className="text-sm text-slate-600">Loading system settings...</p>}
      {feedbackEmail && <FeedbackEmailCard setting={feedbackEmail} onSaved={saved} onDenied={onDenied} />}
      {mailKey && <MailKeyCard setting={mailKey} outbox={outbox} onSaved={saved} onDenied={onDenied} />}
      {settings && <TestEmailCard onSent={loadOutbox} onDenied={onDenied} />}
      {settings && <OutboxCard outbox={outbox} onRefresh={loadOutbox} />}
    </section>
  );
}

function Card({ title, description, action, children }: { title: string; description: ReactNode; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card p-6" aria-labelledby={id}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h4 id={id} className="text-base font-bold">{title}</h4>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Alert({ notice }: { notice: Notice }) {
  const ok = notice.kind === "success";
  return (
    <div
      role={ok ? "status" : "alert"}
      className={`rounded-lg border px-4 py-3 text-sm ${ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.text}</p>
      {notice.detail && <p className="mt-1 break-words font-mono text-xs">{notice.detail}</p>}
    </div>
  );
}

const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
    error ? "border-red-500" : "border-slate-300"
  }`;

interface SettingCardProps {
  setting: Setting;
  onSaved: (s: Setting) => void;
  onDenied: () => void;
}

async function putSetting(key: Setting["key"], value: string): Promise<Setting> {
  return await call<Setting>(`/api/settings/${key}`, { value }, "PUT");
}

function FeedbackEmailCard({ setting, onSaved, onDenied }: SettingCardProps) {
  const [value, setValue] = useState(setting.value);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    setError(undefined);
    try {
      const s = await putSetting("feedback_email", value.trim());
      setValue(s.value);
      onSaved(s);
      setNotice({ kind: "success", title: "Setting updated", text: s.value ? `Feedback now goes to ${s.value}.` : `Feedback now goes to the default address, ${s.effective}.` });
    } catch (err) {
      if (denied(err)) return onDenied();
      setError(err instanceof ApiError ? err.errors.value : undefined);
      setNotice({ kind: "error", title: "Error", text: UPDATE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Feedback e-mail" description="Messages from the Feedback page are e-mailed to this address.">
      <form onSubmit={save} noValidate className="space-y-3">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">feedback_email</label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={value}
              placeholder={setting.effective}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
              className={`${inputClass(error)} sm:max-w-md`}
              data-testid="feedback-email-input"
            />
            <button type="submit" className="btn-primary mt-1 self-start" disabled={busy}>{busy ? "Saving..." : "Save"}</button>
          </div>
          {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {setting.source === "settings" ? "Saved here." : `Not set: feedback goes to the contact address, ${setting.effective}.`} Leave empty and save to use the contact address.
          </p>
        </div>
        {notice && <Alert notice={notice} />}
      </form>
    </Card>
  );
}

function MailKeyCard({ setting, outbox, onSaved, onDenied }: SettingCardProps & { outbox: Outbox | null }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function save(next: string) {
    setBusy(true);
    setNotice(null);
    setError(undefined);
    try {
      const s = await putSetting("mail_api_key", next);
      setValue("");
      onSaved(s);
      setNotice({ kind: "success", title: "Setting updated", text: next ? `The mail-service key ${s.value} is saved.` : "The saved mail-service key was removed." });
    } catch (err) {
      if (denied(err)) return onDenied();
      setError(err instanceof ApiError ? err.errors.value : undefined);
      setNotice({ kind: "error", title: "Error", text: UPDATE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  const status = setting.source === "settings"
    ? <>Key <strong className="font-mono" data-testid="mail-key-masked">{setting.value}</strong> saved here.</>
    : setting.source === "env"
    ? <>Key <strong className="font-mono" data-testid="mail-key-masked">{setting.effective}</strong> from the server's MAIL_API_KEY.</>
    : <>No key: mail is kept in the outbox below and not sent.</>;

  return (
    <Card
      title="Mail service"
      description={<>A transactional-mail API key (Resend's API or one that takes its format). The key is never shown again once saved: only its last four characters.</>}
    >
      <p className="text-sm text-slate-800" data-testid="mail-status">
        {status}
        {outbox && setting.source !== "none" && <span className="block text-xs text-slate-600">Sending to {outbox.apiUrl} as {outbox.from}.</span>}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!value.trim()) {
            setError("Enter the new key.");
            return;
          }
          void save(value.trim());
        }}
        noValidate
        className="mt-3 space-y-3"
      >
        <div>
          <label htmlFor={`${id}-key`} className="block text-sm font-medium text-slate-800">{setting.source === "none" ? "API key" : "Replace the key"}</label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <input
              id={`${id}-key`}
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass(error)} font-mono sm:max-w-md`}
            />
            <div className="mt-1 flex gap-2">
              <button type="submit" className="btn-primary" disabled={busy}>{busy ? "Saving..." : "Save Key"}</button>
              {setting.source === "settings" && (
                <button type="button" className="btn-outline text-red-700" disabled={busy} onClick={() => void save("")}>Remove Key</button>
              )}
            </div>
          </div>
          {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
        </div>
        {notice && <Alert notice={notice} />}
      </form>
    </Card>
  );
}

function TestEmailCard({ onSent, onDenied }: { onSent: () => void; onDenied: () => void }) {
  const [email, setEmail] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    // admin-tools.md §5: the address must contain @.
    if (!email.includes("@")) {
      setNotice({ kind: "error", ...INVALID_EMAIL });
      return;
    }
    setBusy(true);
    try {
      const res = await call<{ status: string; message: string }>("/api/settings/test-email", { email: email.trim() });
      setNotice({ kind: "success", title: res.status === "sent" ? "Test email sent" : "Test email kept in the outbox", text: res.message });
    } catch (err) {
      if (denied(err)) return onDenied();
      if (err instanceof ApiError && err.status === 400) setNotice({ kind: "error", ...INVALID_EMAIL });
      else setNotice({ kind: "error", title: "Error", text: TEST_FAILED, detail: "The outbox below shows the mail service's answer." });
    } finally {
      setBusy(false);
      onSent();
    }
  }

  return (
    <Card title="Test e-mail" description="Sends a short message through the mail service, to check the configuration.">
      <form onSubmit={send} noValidate className="space-y-3">
        <div>
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">Send to</label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <input id={`${id}-to`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className={`${inputClass()} sm:max-w-md`} />
            <button type="submit" className="btn-primary mt-1 self-start" disabled={busy}>{busy ? "Sending..." : "Send Test Email"}</button>
          </div>
        </div>
        {notice && <Alert notice={notice} />}
      </form>
    </Card>
  );
}

const STATUS_CLASSES: Record<Mail["status"], string> = {
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-800",
  outbox: "bg-amber-100 text-amber-900",
};

function OutboxCard({ outbox, onRefresh }: { outbox: Outbox | null; onRefresh: () => void }) {
  return (
    <Card
      title="Outbox"
      description="The latest 20 e-mails: sent, failed, or kept here when no mail service is configured."
      action={<button type="button" className="btn-outline shrink-0" onClick={onRefresh}>Refresh</button>}
    >
      {!outbox ? (
        <p className="text-sm text-slate-600">Loading mail...</p>
      ) : outbox.mails.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No mail yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 border-y border-slate-200" aria-label="Latest mails">
          {outbox.mails.map((m) => (
            <li key={m.id} className="py-3" data-testid="outbox-mail">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className={`badge ${STATUS_CLASSES[m.status] ?? STATUS_CLASSES.outbox}`}>{m.status}</span>
                <span className="font-medium text-slate-900">{m.subject}</span>
                <span className="text-slate-600">to {m.to}</span>
                <span className="text-xs text-slate-600 sm:ml-auto">{formatDateTime(m.createdAt)}</span>
              </div>
              {m.error && <p className="mt-1 break-words text-xs text-red-700">{m.error}</p>}
              <details className="mt-1 text-sm">
                <summary className="cursor-pointer text-brand-700">Message<span className="sr-only"> of mail {m.id}</span></summary>
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-xs text-slate-800">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
