// 'Sit again with new questions on my weak topics' (issue 15): a new predicted paper of the same
// paper and tier, weighted to the student's weakest topics on it, opened for sitting at once
// with the same extra time (POST /api/sittings/:id/again; it costs a paper's credit).
import { useState } from "react";
import { OPERATION_COSTS } from "../../../shared/constants.ts";
import { sittingUrlFor } from "../../../shared/sittings.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { sitAgain, SittingApiError } from "../../lib/sittings.ts";

const COST = OPERATION_COSTS.predicted_questions;

export function SitAgain({ sittingId }: { sittingId: number }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ message: string; credits: boolean } | null>(null);

  async function start() {
    setStarting(true);
    setError(null);
    try {
      const sitting = await sitAgain(sittingId);
      location.assign(sittingUrlFor(sitting.id));
    } catch (err) {
      setStarting(false);
      setError({
        message: err instanceof SittingApiError ? err.message : "The new paper could not be made. Please try again.",
        credits: err instanceof SittingApiError && err.status === 402,
      });
    }
  }

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="again-title" data-testid="sit-again">
      <h2 id="again-title" className="text-lg font-bold">Practise your weak topics</h2>
      <p className="mt-1 text-sm text-slate-700">
        A new predicted paper of this paper, with more questions on your weakest topics on it (from all your marked papers, this one counting most), to sit straight away.
        It uses {COST} credit{COST === 1 ? "" : "s"}, like any paper you generate.
      </p>
      <button type="button" className="btn-primary mt-4 whitespace-normal text-left" onClick={() => void start()} disabled={starting} aria-busy={starting || undefined}>
        {starting && <Spinner />}
        {starting ? "Making your paper..." : "Sit again with new questions on my weak topics"}
      </button>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error.message} {error.credits && <a href="/pricing" className="font-semibold underline">Buy credits</a>}
        </p>
      )}
    </section>
  );
}
