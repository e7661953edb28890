import { useState } from "react";
import { postJson, readError } from "../lib/api.ts";

/** The buttons of the built-in test-mode checkout: they end the purchase through the real fulfilment. */
export default function TestCheckout({ checkoutId }: { checkoutId: string }) {
  const [pending, setPending] = useState<"complete" | "cancel" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function finish(action: "complete" | "cancel") {
    setPending(action);
    setError(null);
    const res = await postJson(`/api/checkout/test/${checkoutId}/${action}`, {}).catch(() => null);
    if (!res?.ok) {
      setError(res ? (await readError(res)).message ?? "Please try again." : "We could not reach ExamPrep. Please try again.");
      setPending(null);
      return;
    }
    const { redirectTo } = (await res.json()) as { redirectTo: string };
    window.location.assign(redirectTo);
  }

  return (
    <div className="mt-6">
      {error && <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary flex-1" disabled={pending !== null} onClick={() => finish("complete")}>
          {pending === "complete" ? "Completing..." : "Complete test payment"}
        </button>
        <button type="button" className="btn-outline flex-1" disabled={pending !== null} onClick={() => finish("cancel")}>
          {pending === "cancel" ? "Cancelling..." : "Cancel"}
        </button>
      </div>
    </div>
  );
}
