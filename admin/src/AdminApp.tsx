// The admin tools. Each admin route mounts this bundle with its page name; the tools themselves
// arrive with their issues, so each page says what it will hold and links to what works today.
const PAGES: Record<string, { title: string; summary: string }> = {
  "exam-papers": {
    title: "Exam Papers",
    summary: "The catalogue of subjects, exam boards, levels and papers, with each paper's documents, structure and study topics.",
  },
  settings: {
    title: "Settings",
    summary: "Default generator settings, documents, AI diagnostics, discount codes and system settings such as the feedback e-mail.",
  },
  "extraction-testing": {
    title: "Extraction Testing",
    summary: "Tests question extraction from exam-paper PDFs: the extraction monitor, validation, recreation testing and reports.",
  },
  "credit-system-test": {
    title: "Credit System Test",
    summary: "The credit system's status and operations, with test forms for gifts, referrals and purchases.",
  },
  "credit-debug": {
    title: "Credit Deduction Debug Tool",
    summary: "Runs a credit operation for a user id and shows the balance before and after.",
  },
};

export function AdminApp({ page }: { page: string }) {
  const info = PAGES[page];
  if (!info) return <p role="alert">Unknown admin page: {page}</p>;
  return (
    <div className="card p-6" data-admin-page={page}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Administration</p>
      <h2 className="mt-1 text-xl font-bold">{info.title}</h2>
      <p className="mt-2 text-slate-700">{info.summary}</p>
      <p className="mt-4 text-sm text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
        The catalogue that this tool manages is live: see it through <a href="/api/papers">the papers list</a>,{" "}
        <a href="/api/subjects">subjects</a> and <a href="/api/exam-boards">exam boards</a>.
      </p>
    </div>
  );
}
