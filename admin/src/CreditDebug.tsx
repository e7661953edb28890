import { useEffect, useRef, useState, type FormEvent } from "react";
import { OPERATION_COSTS } from "../../shared/constants.ts";
import { announceCreditsChanged } from "../../shared/credits-event.ts";
import { call } from "./api.ts";

interface DebugResult {
  success: boolean;
  deductionResult: string;
  isAdmin: boolean;
  creditsBefore: number;
  creditsAfter: number;
  difference: number;
  message: string;
  user: { id: number; username: string; email: string; role?: string };
}

const OPERATIONS = Object.entries(OPERATION_COSTS);

/** Credit Deduction Debug Tool (admin): charge one operation to a user and see the balances. */
export function CreditDebug() {
  const [result, setResult] = useState<DebugResult | null>(null);
  const [error, setError] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const userIdInput = useRef<HTMLInputElement>(null);
  const resultTitle = useRef<HTMLHeadingElement>(null);

  // A result moves focus to its heading, so it is read next.
  useEffect(() => {
    if (result) resultTitle.current?.focus();
  }, [result]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const userId = String(data.get("userId") ?? "").trim();
    setResult(null);
    if (!userId) {
      setError({ title: "User ID Required", text: "Enter the id of the user to charge." });
      userIdInput.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setResult(await call<DebugResult>("/api/debug/deduct-credits", { userId: Number(userId), operation: data.get("operation") }));
      // The user charged may be the one signed in: the header's balance follows.
      announceCreditsChanged();
    } catch (err) {
      setError({ title: "Credit Deduction Failed", text: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const rows: [string, string][] = result
    ? [
      ["success", String(result.success)],
      ["deductionResult", result.deductionResult],
      ["Is Admin", result.isAdmin ? "Yes" : "No"],
      ["creditsBefore", String(result.creditsBefore)],
      ["creditsAfter", String(result.creditsAfter)],
      ["difference", String(result.difference)],
      ["message", result.message],
      ["user", `#${result.user.id} ${result.user.username} <${result.user.email}> (${result.user.role || "regular"})`],
    ]
    : [];

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <form className="card space-y-4 p-6" onSubmit={submit} aria-label="Deduct credits" noValidate>
        <label className="block text-sm font-medium">
          User id
          <input
            ref={userIdInput}
            name="userId"
            type="number"
            inputMode="numeric"
            min={1}
            aria-invalid={error?.title === "User ID Required" ? true : undefined}
            aria-describedby={error ? "debug-error" : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
          />
        </label>
        <label className="block text-sm font-medium">
          Operation
          <select name="operation" className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal">
            {OPERATIONS.map(([o, cost]) => <option key={o} value={o}>{o.replaceAll("_", " ")} ({cost} credit{cost === 1 ? "" : "s"})</option>)}
          </select>
        </label>
        <button type="submit" className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={busy}>{busy ? "Deducting..." : "Deduct credits"}</button>
        {error && (
          <div id="debug-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-semibold">{error.title}</p>
            <p>{error.text}</p>
          </div>
        )}
      </form>
      {result && (
        <section className="card p-6" aria-label="Result">
          <h2 ref={resultTitle} tabIndex={-1} className="text-lg font-bold focus:outline-none">Result</h2>
          <dl className="mt-3 divide-y divide-slate-100 text-sm" data-testid="debug-result">
            {rows.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4 py-2"><dt className="font-medium">{k}</dt><dd className="text-right">{v}</dd></div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
