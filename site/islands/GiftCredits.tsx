import { useStore } from "@nanostores/react";
import { useState, type FormEvent } from "react";
import { Field, fieldErrors } from "../components/ui/Field.tsx";
import { GIFT_MESSAGE_MAX } from "../../shared/constants.ts";
import { giftSchema } from "../../shared/schemas.ts";
import { type ApiErrorBody, postJson, readError } from "../lib/api.ts";
import { $credits, refreshCredits, seedCredits } from "../stores/credits.ts";
import { toast } from "../stores/toasts.ts";

/** Gift credits (§2): recipient by e-mail, amount, message; the balance follows. */
export default function GiftCredits({ initialCredits }: { initialCredits: number }) {
  if (typeof window !== "undefined") seedCredits(initialCredits);
  const credits = useStore($credits) ?? initialCredits;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = giftSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    if (parsed.data.creditAmount > credits) {
      toast({ title: "Not enough credits", description: `You only have ${credits} credit${credits === 1 ? "" : "s"} available`, variant: "destructive" });
      return;
    }
    setSending(true);
    setDone(null);
    try {
      const res = await postJson("/api/gift-credits", parsed.data);
      if (!res.ok) {
        const body = (await readError(res)) as ApiErrorBody & { title?: string };
        setErrors(body.errors ?? {});
        // The server's title when it has one: 'Not enough credits' when this page's balance was out of date.
        toast({ title: body.title ?? "Failed to gift credits", description: body.message ?? "Please try again.", variant: "destructive" });
        return;
      }
      const result = (await res.json()) as { message: string; remainingCredits: number };
      $credits.set(result.remainingCredits);
      form.reset();
      setMessage("");
      setDone(`${result.message} You have ${result.remainingCredits} credit${result.remainingCredits === 1 ? "" : "s"} left.`);
      toast({ title: "Credits sent", description: result.message });
    } catch {
      toast({ title: "Failed to gift credits", description: "We could not reach ExamPrep. Please try again.", variant: "destructive" });
    } finally {
      setSending(false);
      void refreshCredits();
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <form className="card space-y-4 p-6" onSubmit={submit} noValidate aria-labelledby="gift-title">
        <h2 id="gift-title" className="text-lg font-bold">Send credits</h2>
        {done && <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">{done}</p>}
        <Field id="recipient" label="Friend's e-mail" type="email" autoComplete="off" error={errors.recipient} disabled={sending} hint="They need an ExamPrep account with this address." />
        <Field id="creditAmount" label="Credits to send" type="number" min={1} max={Math.max(1, credits)} defaultValue={1} error={errors.creditAmount} disabled={sending} />
        <div>
          <label htmlFor="message" className="block text-sm font-medium text-slate-800">Message (optional)</label>
          <textarea
            id="message"
            name="message"
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            disabled={sending}
            aria-describedby="message-count"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <p id="message-count" className="mt-1 text-right text-xs text-slate-600">{message.length}/{GIFT_MESSAGE_MAX}</p>
          {errors.message && <p role="alert" className="text-sm text-red-700">{errors.message}</p>}
        </div>
        <button type="submit" className="btn-primary" disabled={sending || credits < 1}>
          {sending ? "Sending..." : "Send Gift"}
        </button>
        {credits < 1 && (
          <p className="text-sm text-slate-600">
            You have no credits to give. <a href="/pricing" className="font-medium text-brand-700 underline">Buy credits</a>
          </p>
        )}
      </form>
      <aside className="card h-fit p-6">
        <h2 className="text-sm font-semibold text-slate-600">Your balance</h2>
        <p className="mt-1 text-3xl font-bold" data-testid="gift-balance">{credits}</p>
        <p className="text-sm text-slate-600">credit{credits === 1 ? "" : "s"} available</p>
      </aside>
    </div>
  );
}
