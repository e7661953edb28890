// /credits/success after a payment: Stripe sends the student here as soon as they have paid, but the
// credits come with Stripe's webhook, usually seconds later. So the page follows the checkout
// (GET /api/checkout/:id) and says only what is true: waiting, then the credits added, or that it is
// taking longer than usual (the credits still arrive when the webhook does).
import { useEffect, useState } from "react";
import { Spinner } from "../components/ui/Spinner.tsx";
import { $credits } from "../stores/credits.ts";

/** How often the page asks, and how long it waits before saying that confirmation is slow. */
export const CONFIRMATION_POLL_MS = 1500;
export const CONFIRMATION_PATIENCE_MS = 90_000;

interface CheckoutState {
  status: "pending" | "completed" | "cancelled";
  quantity: number;
  credits: number;
}
type View =
  | { kind: "waiting" }
  | { kind: "slow" }
  | { kind: "credited"; quantity: number; credits: number }
  | { kind: "cancelled" }
  | { kind: "signed-out" }
  | { kind: "not-found" };

const plural = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

export default function PaymentConfirmation({ checkoutId }: { checkoutId: string }) {
  const [view, setView] = useState<View>({ kind: "waiting" });
  // Bumped by 'Check again' after a slow confirmation: starts the wait over.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUpAt = Date.now() + CONFIRMATION_PATIENCE_MS;
    const ask = async () => {
      try {
        const res = await fetch(`/api/checkout/${encodeURIComponent(checkoutId)}`, { credentials: "include", cache: "no-store" });
        if (!live) return;
        if (res.status === 401) return setView({ kind: "signed-out" });
        if (res.status === 404) return setView({ kind: "not-found" });
        if (res.ok) {
          const state = (await res.json()) as CheckoutState;
          if (!live) return;
          if (state.status === "completed") {
            $credits.set(state.credits);
            return setView({ kind: "credited", quantity: state.quantity, credits: state.credits });
          }
          if (state.status === "cancelled") return setView({ kind: "cancelled" });
        }
      } catch {
        // Offline for a moment: ask again below.
      }
      if (!live) return;
      if (Date.now() >= giveUpAt) return setView({ kind: "slow" });
      timer = setTimeout(ask, CONFIRMATION_POLL_MS);
    };
    setView({ kind: "waiting" });
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [checkoutId, attempt]);

  const title = view.kind === "credited"
    ? "Payment Successful"
    : view.kind === "cancelled"
    ? "Payment Cancelled"
    : view.kind === "not-found"
    ? "Checkout not found"
    : "Confirming your payment";

  return (
    <section className="card mx-auto mt-10 max-w-md p-8 text-center" data-testid="payment-confirmation" data-state={view.kind}>
      {view.kind === "credited" && (
        <span className="mx-auto mb-3 inline-flex rounded-full bg-slate-100 p-3 text-green-700">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </span>
      )}
      <h1 className="text-2xl font-bold">{title}</h1>
      <div role="status" aria-live="polite" className="mt-3 text-slate-700">
        {view.kind === "waiting" && (
          <p className="flex items-center justify-center gap-2">
            <Spinner className="h-5 w-5 text-brand-700" /> Waiting for your payment to be confirmed…
          </p>
        )}
        {view.kind === "credited" && (
          <p>
            {plural(view.quantity)} {view.quantity === 1 ? "was" : "were"} added to your account. You now have <strong>{plural(view.credits)}</strong>.
          </p>
        )}
        {view.kind === "slow" && (
          <p>
            Your payment is taking longer than usual to be confirmed. Your credits are added as soon as it is, so you can leave this page; your balance shows on the
            Credits page.
          </p>
        )}
        {view.kind === "cancelled" && <p>This checkout was cancelled, so no payment was taken for it.</p>}
        {view.kind === "signed-out" && <p>Sign in to see your credits. If you have paid, they are added to your account as soon as the payment is confirmed.</p>}
        {view.kind === "not-found" && <p>We could not find this checkout in your account. Your balance and purchases show on the Credits page.</p>}
      </div>
      <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
        {view.kind === "signed-out"
          ? <a href={`/auth?next=${encodeURIComponent(`/credits/success?checkout=${checkoutId}`)}`} className="btn-primary">Sign In</a>
          : <a href="/pricing" className={view.kind === "waiting" ? "btn-outline" : "btn-primary"}>Go to Credits</a>}
        {view.kind === "slow" && <button type="button" className="btn-outline" onClick={() => setAttempt((n) => n + 1)}>Check again</button>}
      </div>
    </section>
  );
}
