// The generator's side cards: the student's credits, the paper types explained, and the FAQ.
import type { ReactNode } from "react";

export function GeneratorAside({ credits, isAdmin, canAfford }: { credits: number; isAdmin: boolean; canAfford: boolean }) {
  return (
    <aside className="space-y-6" aria-label="About generating papers">
      <section className="card p-5" aria-labelledby="credits-card-title">
        <h2 id="credits-card-title" className="text-sm font-semibold text-slate-600">Your credits</h2>
        <p className="mt-1 text-3xl font-bold" data-testid="generator-credits">{credits}</p>
        <p className="text-sm text-slate-600">
          {isAdmin ? "Admin accounts generate papers free." : "One credit generates one complete paper with its mark scheme."}
        </p>
        <a href="/pricing" className={`${canAfford ? "btn-outline" : "btn-primary"} mt-4 w-full`}>Buy more credits</a>
      </section>

      <section className="card p-5" aria-labelledby="types-title">
        <h2 id="types-title" className="text-base font-bold">Paper types explained</h2>
        <dl className="mt-3 space-y-3 text-sm leading-6 text-slate-700">
          <div>
            <dt className="font-semibold text-slate-900">Past paper</dt>
            <dd>
              A complete paper in the exam board's format. Questions from real past papers are used first, each with its source; where none are recorded, ExamPrep practice questions
              written in the same style fill the paper, and each says so.
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Predicted paper</dt>
            <dd>
              The same format, with topics ranked by how often and how recently they have been examined, weighted by marks. It ends with a "Why these topics" page. Predictions are
              informed guesses, not leaked papers.
            </dd>
          </div>
        </dl>
      </section>

      <section className="card p-5" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-base font-bold">FAQ</h2>
        <div className="mt-2 divide-y divide-slate-200 text-sm">
          <Faq q="How much does a paper cost?">One credit, for a past or a predicted paper. Admin accounts generate papers free.</Faq>
          <Faq q="What if generation fails?">Your credit is given back straight away and the error says what went wrong.</Faq>
          <Faq q="How long does it take?">Usually a few seconds; it can take up to a minute. Keep the page open until the PDF opens.</Faq>
          <Faq q="Where are my papers saved?">
            In the list on this page and on <a href="/history" className="font-medium text-brand-700 underline">My Progress</a>, where you can open the PDF, read the paper with its answers, or delete it.
          </Faq>
          <Faq q="Are these real exam questions?">
            Only questions that show a past-paper source are from real papers. The others are ExamPrep practice questions written in the style of the real paper.
          </Faq>
        </div>
      </section>
    </aside>
  );
}

function Faq({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="group py-2.5">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
        {q}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="mt-2 leading-6 text-slate-700">{children}</div>
    </details>
  );
}
