// Documents of a catalogue paper and the import from an exam board's website (admin-tools.md §2
// Document Management card and Dialogs, §3 Uploaded file and Import candidate, §5, §7): the types,
// the years and the request schemas with the specification's messages, for the admin tools and the API.
import { z } from "./zod.ts";

/** Every type a stored document can have (§9: the import's five; manual add offers the first four). */
export const DOCUMENT_TYPES = ["specification", "pastPaper", "markScheme", "examinerReport", "additionalResource"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** The types of the Add Document dialog and the card's four sections (§2, §9). */
export const MANUAL_DOCUMENT_TYPES = ["specification", "pastPaper", "markScheme", "examinerReport"] as const;
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  specification: "Specification",
  pastPaper: "Past Paper",
  markScheme: "Mark Scheme",
  examinerReport: "Examiner Report",
  additionalResource: "Additional Resource",
};
/** Types whose documents belong to an exam series, so need a year (§5: every type except specification). */
export const TYPES_WITH_YEAR: readonly DocumentType[] = ["pastPaper", "markScheme", "examinerReport"];

/** The paper levels of the import toggle (§9), and the tier a document may have. */
export const DOCUMENT_TIERS = ["Foundation", "Higher"] as const;
export type DocumentTier = (typeof DOCUMENT_TIERS)[number];

/** A PDF of at most 20 MB, uploaded or fetched: board PDFs are 0.2 to 5 MB, specifications up to ~3 MB. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_URL_MAX = 2000;
/** At most this many candidates are imported at once (each is a fetch of up to 20 MB). */
export const IMPORT_MAX_PAPERS = 50;

/** §5, §9: the year choices are the current year and the 9 before it, newest first. */
export function documentYears(now = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: 10 }, (_, i) => current - i);
}

export const DOCUMENT_MESSAGES = {
  nameRequired: "Please enter a name for the document.",
  urlRequired: "Please enter a URL for the document.",
  urlInvalid: "Please enter a valid URL.",
  yearRequired: "Please select the year for this document.",
  importUrlRequired: "Please enter a URL to extract papers from.",
  importNoneSelected: "Please select at least one paper to import.",
} as const;

const paperId = z.coerce.number({ error: "Choose a paper." }).int("Choose a paper.").min(1, "Choose a paper.").max(2 ** 31 - 1, "Choose a paper.");
const title = z.string({ error: DOCUMENT_MESSAGES.nameRequired }).trim().min(1, DOCUMENT_MESSAGES.nameRequired)
  .max(DOCUMENT_TITLE_MAX, `The name can have at most ${DOCUMENT_TITLE_MAX} characters.`);
/** An absolute http(s) URL (what the server can fetch; the fetcher checks where it leads). */
const webUrl = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(DOCUMENT_URL_MAX, `The URL can have at most ${DOCUMENT_URL_MAX} characters.`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), DOCUMENT_MESSAGES.urlInvalid);
/** A year: a number, or its digits as text (a query string); '' is no year. */
const year = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number({ error: DOCUMENT_MESSAGES.yearRequired }).int(DOCUMENT_MESSAGES.yearRequired).optional());
const tier = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(DOCUMENT_TIERS, { error: "The tier is Foundation or Higher." }).optional());

/**
 * A document's year as the card's rules want it (§5): one of documentYears() for past papers, mark
 * schemes and examiner reports; optional for additional resources; a specification's is ignored (the
 * card shows none, and withoutSpecYear drops it). Checked when the request is parsed, so the choices
 * follow the calendar.
 */
function checkYear(fileType: DocumentType, value: number | undefined, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (fileType === "specification") return;
  const missing = value === undefined;
  if (missing ? TYPES_WITH_YEAR.includes(fileType) : !documentYears().includes(value)) {
    ctx.addIssue({ code: "custom", message: DOCUMENT_MESSAGES.yearRequired, path });
  }
}
const withoutSpecYear = <T extends { year?: number }>(value: T, type: DocumentType): T => (type === "specification" ? { ...value, year: undefined } : value);

const documentFields = {
  paperId,
  fileType: z.enum(MANUAL_DOCUMENT_TYPES, { error: "Choose the document type." }),
  fileName: title,
  year,
  tier,
};

/** POST /api/document-urls: the Add Document dialog (§2, §5): the server fetches the PDF at fileUrl. */
export const documentUrlSchema = z.object({ ...documentFields, fileUrl: webUrl(DOCUMENT_MESSAGES.urlRequired) })
  .superRefine((v, ctx) => checkYear(v.fileType, v.year, ctx, ["year"]))
  .transform((v) => withoutSpecYear(v, v.fileType));
export type DocumentUrlInput = z.infer<typeof documentUrlSchema>;

/** POST /api/uploaded-files?…: the upload's fields travel in the query, the PDF itself is the body. */
export const documentUploadQuery = z.object(documentFields);
export const documentUploadSchema = documentUploadQuery
  .superRefine((v, ctx) => checkYear(v.fileType, v.year, ctx, ["year"]))
  .transform((v) => withoutSpecYear(v, v.fileType));
export type DocumentUploadInput = z.infer<typeof documentUploadSchema>;

/** GET /api/uploaded-files?paperId=: a paper's documents. */
export const documentListQuery = z.object({ paperId });

/** POST /api/extract-papers (§7): the page to read, and the tier the admin wants (the dialog's toggle). */
export const extractPapersSchema = z.object({
  url: webUrl(DOCUMENT_MESSAGES.importUrlRequired),
  paperLevel: z.enum(DOCUMENT_TIERS, { error: "The paper level is Foundation or Higher." }).optional(),
});

/** One paper found on a page (§3 Import candidate), as the server proposes it and the admin edits it. */
export const importCandidateSchema = z.object({
  title,
  url: webUrl(DOCUMENT_MESSAGES.urlRequired),
  year,
  paperType: z.enum(DOCUMENT_TYPES, { error: "Choose the document type." }).default("pastPaper"),
  tier,
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

/** POST /api/import-papers (§7): the selected candidates, stored as documents of one paper. */
export const importPapersSchema = z.object({
  paperId,
  papers: z.array(importCandidateSchema, { error: DOCUMENT_MESSAGES.importNoneSelected })
    .min(1, DOCUMENT_MESSAGES.importNoneSelected)
    .max(IMPORT_MAX_PAPERS, `Import at most ${IMPORT_MAX_PAPERS} papers at a time.`),
})
  .superRefine((v, ctx) => v.papers.forEach((paper, i) => checkYear(paper.paperType, paper.year, ctx, ["papers", i, "year"])))
  .transform((v) => ({ ...v, papers: v.papers.map((paper) => withoutSpecYear(paper, paper.paperType)) }));
export type ImportPapersInput = z.infer<typeof importPapersSchema>;

/** A stored document as the API lists it (§3 Uploaded file), without its bytes. */
export interface DocumentInfo {
  id: number;
  paperId: number;
  subject: string;
  examBoard: string;
  paperName: string;
  fileType: DocumentType;
  fileName: string;
  /** Where the PDF opens: this app's own address for it (GET /api/uploaded-files/{id}/pdf). */
  fileUrl: string;
  /** Where it was fetched from, when it was added by URL or imported. */
  sourceUrl: string | null;
  year: number | null;
  tier: DocumentTier | null;
  size: number;
  sha256: string;
  uploadedAt: string;
  createdBy: number | null;
}
