import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { call } from "./api.ts";
import { announceCreditsChanged } from "../../shared/credits-event.ts";

interface Check {
  status: string;
  message: string;
  costs: Record<string, number>;
  operations: { name: string; method: string; endpoint: string }[];
}

/** A path that may wrap after each slash on a narrow screen. */
const breakAtSlashes = (path: string) => path.split(/(?<=\/)/).map((part, i) => <Fragment key={i}>{i > 0 && <wbr />}{part}</Fragment>);

type Outcome = { ok: boolean; text: string } | null;

function Result({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? "status" : "alert"} className={`mt-3 rounded-lg border px-3 py-2 text-sm ${outcome.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"}`}>
      {outcome.text}
    </p>
  );
}

function TestForm({ title, children, onSubmit, outcome, busy, action }: { title: string; children: ReactNode; onSubmit: (data: FormData) => Promise<string>; outcome: Outcome; busy: boolean; action: string }) {
  return (
    <form
      className="card p-5"
      aria-label={title}
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        // Not disabled while busy (that would drop the focus): a second submit is ignored instead.
        if (!busy) void onSubmit(new FormData(e.currentTarget));
      }}
    >
      <h3 className="font-bold">{title}</h3>
      <div className="mt-3 space-y-3">{children}</div>
      <button type="submit" className="btn-primary mt-4 aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={busy}>{busy ? "Working..." : action}</button>
      <Result outcome={outcome} />
    </form>
  );
}

function Input({ name, label, type = "text", required = false, defaultValue }: { name: string; label: string; type?: string; required?: boolean; defaultValue?: string | number }) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input name={name} type={type} required={required} defaultValue={defaultValue} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal" />
    </label>
  );
}

function useAction() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await fn() });
      // A gift, a free purchase or a completed referral may change the admin's own balance: the header follows.
      announceCreditsChanged();
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(false);
    }
    return "";
  };
  return { outcome, busy, run };
}

/** Credit System Test (admin): the system's status, its operations and test forms. */
export function CreditSystemTest() {
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState<string | null>(null);
  const gift = useAction();
  const referral = useAction();
  const complete = useAction();
  const purchase = useAction();

  useEffect(() => {
    call<Check>("/api/credit-system-check").then(setCheck).catch((err) => setError((err as Error).message));
  }, []);

  return (
    <div className="space-y-6">
      <section className="card p-6" aria-labelledby="status-title">
        <h2 id="status-title" className="text-lg font-bold">Status</h2>
        {error && <p role="alert" className="mt-2 text-red-700">{error}</p>}
        {!check && !error && <p className="mt-2 text-slate-600">Checking the credit system...</p>}
        {check && (
          <>
            <p className="mt-2">
              <span className={`badge ${check.status === "operational" ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`} data-testid="credit-status">{check.status}</span>{" "}
              <span className="text-sm text-slate-700">{check.message}</span>
            </p>
            <h3 className="mt-4 font-semibold">Costs</h3>
            <ul className="mt-1 text-sm text-slate-700">
              {Object.entries(check.costs).map(([op, cost]) => <li key={op}>{op.replaceAll("_", " ")}: {cost} credit{cost === 1 ? "" : "s"}</li>)}
            </ul>
          </>
        )}
      </section>

      {check && (
        <section className="card pb-2" aria-labelledby="ops-title">
          <h2 id="ops-title" className="px-6 pt-6 text-lg font-bold">Operations</h2>
          <table className="mt-3 w-full text-left text-sm" data-testid="credit-operations">
            <thead className="border-y border-slate-200 bg-slate-50"><tr><th scope="col" className="py-2 pl-6 pr-3">Operation</th><th scope="col" className="px-3 py-2">Method</th><th scope="col" className="py-2 pl-3 pr-6">Endpoint</th></tr></thead>
            <tbody className="divide-y divide-slate-100">
              {check.operations.map((o) => (
                <tr key={o.endpoint + o.method}><td className="py-2 pl-6 pr-3">{o.name}</td><td className="px-3 py-2 font-mono">{o.method}</td><td className="py-2 pl-3 pr-6 font-mono break-words">{breakAtSlashes(o.endpoint)}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <h2 className="text-lg font-bold">Test forms</h2>
      <div className="-mt-3 grid gap-4 lg:grid-cols-2">
        <TestForm
          title="Test a gift"
          action="Send gift"
          busy={gift.busy}
          outcome={gift.outcome}
          onSubmit={(d) =>
            gift.run(async () => {
              const r = await call<{ message: string; remainingCredits: number }>("/api/gift-credits", {
                recipient: d.get("recipient"),
                creditAmount: Number(d.get("creditAmount")),
                message: d.get("message") || undefined,
              });
              return `${r.message} Remaining: ${r.remainingCredits}.`;
            })}
        >
          <Input name="recipient" label="Recipient e-mail" type="email" required />
          <Input name="creditAmount" label="Credits" type="number" defaultValue={1} required />
          <Input name="message" label="Message" />
        </TestForm>

        <TestForm
          title="Test a purchase"
          action="Start purchase"
          busy={purchase.busy}
          outcome={purchase.outcome}
          onSubmit={(d) =>
            purchase.run(async () => {
              const r = await call<{ url?: string; adminFreeCredits: boolean; creditQuantity: number; reason?: string }>("/api/checkout/credits", { quantity: Number(d.get("quantity")) });
              if (r.adminFreeCredits) return `${r.creditQuantity} credit${r.creditQuantity === 1 ? "" : "s"} added free (${r.reason}).`;
              if (!r.url) throw new Error("No payment URL received");
              sessionStorage.setItem("checkoutUrl", r.url);
              setTimeout(() => window.location.assign("/checkout-confirmation"), 1000);
              return "Checkout created: opening the payment page...";
            })}
        >
          <Input name="quantity" label="Credits" type="number" defaultValue={1} required />
        </TestForm>

        <TestForm
          title="Test a referral"
          action="Apply referral code"
          busy={referral.busy}
          outcome={referral.outcome}
          onSubmit={(d) =>
            referral.run(async () => {
              const r = await call<{ id: number; status: string }>("/api/referrals/apply", {
                referralCode: d.get("referralCode"),
                userId: d.get("userId") ? Number(d.get("userId")) : undefined,
              });
              return `Referral #${r.id} recorded (${r.status}).`;
            })}
        >
          <Input name="referralCode" label="Referral code" required />
          <Input name="userId" label="Referred user id (optional: you if empty)" type="number" />
        </TestForm>

        <TestForm
          title="Complete a referral"
          action="Complete referral"
          busy={complete.busy}
          outcome={complete.outcome}
          onSubmit={(d) => complete.run(async () => (await call<{ message: string }>("/api/referrals/complete", { referralId: Number(d.get("referralId")) })).message)}
        >
          <Input name="referralId" label="Referral id" type="number" required />
        </TestForm>
      </div>
    </div>
  );
}
