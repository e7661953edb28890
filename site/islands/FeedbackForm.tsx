import { useEffect, useState, type FormEvent } from "react";
import { FEEDBACK_BANNER_MS, FEEDBACK_DESCRIPTION_MAX, FEEDBACK_SUBJECTS } from "../../shared/constants.ts";
import { feedbackSchema } from "../../shared/schemas.ts";
import { Field, fieldErrors } from "../components/ui/Field.tsx";
import { postJson, readError } from "../lib/api.ts";
import { toast } from "../stores/toasts.ts";

const FAILED = "There was a problem submitting your feedback. Please try again.";

/** Feedback (§2): subject, description and e-mail; a thank-you banner for 5 seconds on success. */
export default function FeedbackForm({ defaultEmail }: { defaultEmail: string }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [description, setDescription] = useState("");

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), FEEDBACK_BANNER_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = feedbackSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      const first = ["subject", "description", "email"].find((f) => found[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    setThanked(false);
    try {
      const res = await postJson("/api/feedback", parsed.data);
      if (!res.ok) {
        const body = await readError(res);
        setErrors(body.errors ?? {});
        toast({ title: "Feedback not sent", description: body.message ?? FAILED, variant: "destructive" });
        return;
      }
      form.reset();
      setDescription("");
      setThanked(true);
    } catch {
      toast({ title: "Feedback not sent", description: FAILED, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <form className="card space-y-4 p-6" onSubmit={submit} noValidate aria-labelledby="feedback-title">
        <h2 id="feedback-title" className="text-lg font-bold">Send feedback</h2>
        <div role="status" aria-live="polite" className="empty:hidden">
          {thanked && (
            <div className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900" data-testid="feedback-thanks">
              <p className="font-semibold">Thank you for your feedback!</p>
              <p className="text-sm">We read every message and will reply by e-mail if we need to.</p>
            </div>
          )}
        </div>
        <div>
          <label htmlFor="subject" className="block text-sm font-medium text-slate-800">Subject</label>
          <select
            id="subject"
            name="subject"
            defaultValue=""
            disabled={sending}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? "subject-error" : undefined}
            className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm ${errors.subject ? "border-red-500" : "border-slate-300"}`}
          >
            <option value="">Select a subject</option>
            {FEEDBACK_SUBJECTS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
          {errors.subject && <p id="subject-error" role="alert" className="mt-1 text-sm text-red-700">{errors.subject}</p>}
        </div>
        <div>
          <label htmlFor="description" className="block text-sm font-medium text-slate-800">Description</label>
          <textarea
            id="description"
            name="description"
            rows={6}
            maxLength={FEEDBACK_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            disabled={sending}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? "description-error description-hint" : "description-hint"}
            className={`mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm ${errors.description ? "border-red-500" : "border-slate-300"}`}
          />
          <p id="description-hint" className="mt-1 text-xs text-slate-600">At least 10 characters: what happened, what you expected, or what you would like.</p>
          {errors.description && <p id="description-error" role="alert" className="mt-1 text-sm text-red-700">{errors.description}</p>}
        </div>
        <Field id="email" label="Your e-mail" type="email" autoComplete="email" defaultValue={defaultEmail} error={errors.email} disabled={sending} hint="We reply to this address." />
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Sending..." : "Submit Feedback"}
        </button>
      </form>
      <aside className="card h-fit p-6 text-sm text-slate-700">
        <h2 className="text-base font-bold text-slate-900">What happens next</h2>
        <p className="mt-2">Your message goes to the ExamPrep team by e-mail. For a problem with a paper, say which paper and what went wrong.</p>
        <p className="mt-2">For account or payment questions, choose Account support so it reaches the right person.</p>
      </aside>
    </div>
  );
}
