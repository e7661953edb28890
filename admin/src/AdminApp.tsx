// The admin tools. Each admin route mounts this bundle with its page name. Pages whose tools exist
// render them; the others still say what they will hold and link to what works today.
import type { ComponentType } from "react";
import { AdminTabs, type Tab } from "./AdminTabs.tsx";
import { CreditDebug } from "./CreditDebug.tsx";
import { CreditSystemTest } from "./CreditSystemTest.tsx";
import { DiscountCodes } from "./DiscountCodes.tsx";
import { SystemSettings } from "./SystemSettings.tsx";
import { ExamPapers } from "./papers/ExamPapers.tsx";
import { DocumentsSettings, ExamPapersSettings } from "./papers/SettingsPanels.tsx";
import { AiDiagnostics } from "./diagnostics/AiDiagnostics.tsx";
import { ExtractionTesting } from "./testing/ExtractionTesting.tsx";

const PAGES: Record<string, { title: string; summary: string }> = {};

/** The admin tabs of /settings (admin-tools.md §2 Settings), in their order: Exam Papers first, the admins' default. */
export const SETTINGS_TABS: Tab[] = [
  { id: "exam-papers", label: "Exam Papers", Panel: ExamPapersSettings },
  { id: "documents", label: "Documents", Panel: DocumentsSettings },
  { id: "ai-diagnostics", label: "AI Diagnostics", Panel: AiDiagnostics },
  { id: "discount-codes", label: "Discount Codes", Panel: DiscountCodes },
  { id: "system", label: "System", Panel: SystemSettings },
];

/** Admin pages with a working tool, by page name. */
const TOOLS: Record<string, ComponentType> = {
  settings: () => <AdminTabs label="Administration" tabs={SETTINGS_TABS} />,
  "exam-papers": ExamPapers,
  "credit-system-test": CreditSystemTest,
  "credit-debug": CreditDebug,
  "extraction-testing": ExtractionTesting,
};

export function AdminApp({ page }: { page: string }) {
  const Tool = TOOLS[page];
  if (Tool) {
    return (
      <div data-admin-page={page}>
        <Tool />
      </div>
    );
  }
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
