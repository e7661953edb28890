// The extraction's result (§2): tabs Overview, Metadata, Questions (content cut at 200 characters)
// and Statistics, with arrow-key movement between the tabs, and Download JSON of the whole result.
import { useState } from "react";
import { TabList } from "../../components/ui/TabList.tsx";
import { confidenceBandOf, megabytes, previewOf, type SmartExtractionResult } from "../../../shared/smart-extraction.ts";

const TABS = [
  ["overview", "Overview"],
  ["metadata", "Metadata"],
  ["questions", "Questions"],
  ["statistics", "Statistics"],
] as const;
type TabKey = (typeof TABS)[number][0];

const percent = (c: number) => Math.round(c * 100);
const BAND_CLASSES: Record<string, string> = {
  High: "bg-green-100 text-green-800",
  Medium: "bg-amber-100 text-amber-900",
  Low: "bg-red-100 text-red-800",
};

/** The file name of the download: the PDF's name with .json. */
export const jsonFileName = (pdfName: string) => `${pdfName.replace(/\.pdf$/i, "").replace(/[^\w\- ()]+/g, "-").trim() || "extraction"}-extraction.json`;

function downloadJson(result: SmartExtractionResult) {
  const blob = new Blob([JSON.stringify(result, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = jsonFileName(result.fileName);
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900">{value === null || value === "" ? <span className="font-normal text-slate-600">Not stated</span> : value}</dd>
    </div>
  );
}

function Overview({ result }: { result: SmartExtractionResult }) {
  const { questions, metadata, extractionStats } = result;
  const marks = questions.reduce((n, q) => n + (q.marks ?? 0), 0);
  const sections = [...new Set(questions.map((q) => q.section))];
  const band = confidenceBandOf(extractionStats.confidence);
  const title = [metadata.examBoard, metadata.level, metadata.subject].filter(Boolean).join(" ");
  return (
    <div className="space-y-5">
      <p className="text-slate-700">
        {title ? <><strong className="text-slate-900">{title}</strong>{metadata.year ? `, ${metadata.year}` : ""}: </> : null}
        {questions.length} questions and parts{result.markScheme ? `, with the answers of ${result.markScheme.fileName}` : ""}.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Questions" value={questions.length} />
        <Fact label="Marks found" value={metadata.totalMarks !== null && metadata.totalMarks !== marks ? `${marks} of ${metadata.totalMarks}` : marks} />
        <Fact label="Confidence" value={`${percent(extractionStats.confidence)}% (${band})`} />
        <Fact label="Pages" value={extractionStats.pagesProcessed} />
        {result.markScheme && <Fact label="Mark scheme answers" value={`${result.markScheme.answersMatched} of ${questions.length}`} />}
      </dl>
      {sections.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Sections</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {sections.map((s) => {
              const inSection = questions.filter((q) => q.section === s);
              return (
                <li key={s}>
                  {s}: {inSection.length} questions, {inSection.reduce((n, q) => n + (q.marks ?? 0), 0)} marks
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function Metadata({ result }: { result: SmartExtractionResult }) {
  const m = result.metadata;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="Subject" value={m.subject} />
      <Fact label="Exam board" value={m.examBoard} />
      <Fact label="Paper type" value={m.paperType} />
      <Fact label="Level" value={m.level} />
      <Fact label="Year" value={m.year} />
      <Fact label="Total marks" value={m.totalMarks} />
      <Fact label="Series" value={m.series} />
      <Fact label="Time allowed" value={m.timeMinutes === null ? null : `${m.timeMinutes} minutes`} />
    </dl>
  );
}

function Questions({ result }: { result: SmartExtractionResult }) {
  if (!result.questions.length) return <p className="text-slate-700">No questions were found in this PDF. It may not be an exam paper, or its pages may be too faint to read.</p>;
  return (
    <ol className="space-y-3" aria-label="Extracted questions">
      {result.questions.map((q, i) => {
        const band = confidenceBandOf(q.confidence);
        return (
          <li key={`${q.number}-${i}`} className="rounded-lg border border-slate-200 p-4" data-testid="extracted-question">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-bold text-slate-900">Question {q.number}</span>
              <span className="badge bg-brand-50 text-brand-800">{q.marks === null ? "Marks not found" : `${q.marks} ${q.marks === 1 ? "mark" : "marks"}`}</span>
              <span className="badge bg-slate-100 text-slate-700">{q.type}</span>
              {q.section && <span className="text-slate-600">{q.section}</span>}
              <span className={`badge ${BAND_CLASSES[band]}`}>{band} confidence</span>
            </div>
            <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800" data-testid="question-content">{previewOf(q.content)}</p>
            {q.answer && (
              <p className="mt-2 whitespace-pre-line break-words rounded bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="question-answer">
                <span className="font-semibold">Mark scheme: </span>
                {previewOf(q.answer)}
              </p>
            )}
            {q.specialNotation.length > 0 && (
              <p className="mt-2 text-xs text-slate-600">
                Special notation: {q.specialNotation.map((n) => <span key={n} className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{n}</span>)}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Statistics({ result }: { result: SmartExtractionResult }) {
  const s = result.extractionStats;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="Confidence" value={`${percent(s.confidence)}% (${confidenceBandOf(s.confidence)})`} />
      <Fact label="Pages processed" value={s.pagesProcessed} />
      <Fact label="Processing time" value={`${(s.processingTime / 1000).toFixed(1)} s`} />
      <Fact label="Text extracted" value={s.textExtracted >= 100_000 ? megabytes(s.textExtracted) : `${(s.textExtracted / 1024).toFixed(1)} KB`} />
      <Fact label="Pages read from images (OCR)" value={s.imagesProcessed} />
    </dl>
  );
}

export function ResultTabs({ result }: { result: SmartExtractionResult }) {
  const [tab, setTab] = useState<TabKey>("overview");

  return (
    <section tabIndex={-1} className="card p-5 outline-none sm:p-6" aria-labelledby="extraction-result-title" data-testid="extraction-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="extraction-result-title" className="text-lg font-bold text-slate-900">Extraction results</h2>
          <p className="text-sm text-slate-600 break-all">{result.fileName}</p>
        </div>
        <button type="button" className="btn-outline" onClick={() => downloadJson(result)}>
          Download JSON
        </button>
      </div>
      <TabList label="Extraction results" idPrefix="extraction" tabs={TABS} value={tab} onChange={setTab} className="mt-4 grid grid-cols-4 gap-1 border-b border-slate-200 sm:flex" buttonClassName="px-0.5 text-xs" />
      <div id={`extraction-panel-${tab}`} role="tabpanel" aria-labelledby={`extraction-tab-${tab}`} tabIndex={0} className="pt-5 focus-visible:outline-none">
        {tab === "overview" && <Overview result={result} />}
        {tab === "metadata" && <Metadata result={result} />}
        {tab === "questions" && <Questions result={result} />}
        {tab === "statistics" && <Statistics result={result} />}
      </div>
    </section>
  );
}
