// Documents of catalogue papers (admin-tools.md §2 Document Management card) and the import from an
// exam board's website (§4): stored in the database, bytes and all, each change in one transaction
// with its audit entry. Every outside address goes through the guarded fetcher.
import { createHash } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Deps } from "../context.ts";
import type { Database } from "../db/client.ts";
import { documentContents, documents, papers } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import type { DocumentInfo, DocumentTier, DocumentType, ImportPapersInput } from "../../shared/documents.ts";
import { DOCUMENT_MAX_BYTES, DOCUMENT_TIERS } from "../../shared/documents.ts";
import { FetchRefused, guardedFetch, type GuardOptions } from "./fetcher.ts";
import { findPapers, type FoundPaper } from "./candidates.ts";
import { removeBankRowsOf } from "../extraction/review.ts";

/** PDFs an import fetches at once. */
const IMPORT_FETCHES = 3;
/** A board's page is HTML of a few hundred KB; 5 MB is plenty. */
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
/** The size of the pieces a document's bytes are stored in (see document_contents in the schema). */
export const DOCUMENT_CHUNK_BYTES = 1024 * 1024;

/** Bytes as the pieces they are stored in, in order (document_contents, extraction_test_file_contents). */
export function storedPieces(bytes: Uint8Array): { seq: number; bytes: Buffer }[] {
  const pieces = [];
  for (let seq = 0, at = 0; at < bytes.byteLength; seq++, at += DOCUMENT_CHUNK_BYTES) {
    const piece = bytes.subarray(at, at + DOCUMENT_CHUNK_BYTES);
    pieces.push({ seq, bytes: Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength) });
  }
  return pieces;
}

export interface NewDocument {
  paperId: number;
  type: DocumentType;
  title: string;
  year?: number;
  tier?: DocumentTier;
  sourceUrl?: string;
  bytes: Uint8Array;
}

const guardOf = (deps: Deps): GuardOptions => deps.fetchGuard ?? {};

/** The PDF signature, read from the bytes (never the file name or the declared type). */
export const isPdf = (bytes: Uint8Array) => bytes.length >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((b, i) => bytes[i] === b);

export async function requirePaper(db: Database, paperId: number) {
  const paper = await db.select({ id: papers.id, name: papers.name, subject: papers.subject, examBoard: papers.examBoard }).from(papers).where(eq(papers.id, paperId)).get();
  if (!paper) throw new HttpError(404, "Paper not found");
  return paper;
}

const infoColumns = {
  id: documents.id,
  paperId: documents.paperId,
  subject: papers.subject,
  examBoard: papers.examBoard,
  paperName: papers.name,
  fileType: documents.type,
  fileName: documents.title,
  sourceUrl: documents.sourceUrl,
  year: documents.year,
  tier: documents.tier,
  size: documents.size,
  sha256: documents.sha256,
  uploadedAt: documents.createdAt,
  createdBy: documents.createdBy,
};
type InfoRow = Omit<DocumentInfo, "fileUrl" | "fileType" | "tier"> & { fileType: string; tier: string | null };
const toInfo = (row: InfoRow): DocumentInfo => ({
  ...row,
  fileType: row.fileType as DocumentType,
  tier: DOCUMENT_TIERS.find((t) => t === row.tier) ?? null,
  fileUrl: `/api/uploaded-files/${row.id}/pdf`,
});

/** A paper's documents, without their bytes: by type, newest year first. */
export async function listDocuments(db: Database, paperId: number): Promise<DocumentInfo[]> {
  await requirePaper(db, paperId);
  const rows = await db.select(infoColumns).from(documents).innerJoin(papers, eq(papers.id, documents.paperId))
    .where(eq(documents.paperId, paperId)).orderBy(asc(documents.type), desc(documents.year), asc(documents.title), asc(documents.id)).all();
  return rows.map(toInfo);
}

async function documentInfo(db: Pick<Database, "select">, id: number): Promise<DocumentInfo | undefined> {
  const row = await db.select(infoColumns).from(documents).innerJoin(papers, eq(papers.id, documents.paperId)).where(eq(documents.id, id)).get();
  return row && toInfo(row);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const isDuplicate = (err: unknown) => /UNIQUE constraint failed: documents\.paper_id/.test(String((err as { cause?: unknown })?.cause ?? err) + String(err));

/**
 * Stores documents with their bytes and audit entries in one transaction: all of them or none. A PDF
 * already attached to its paper (the same SHA-256) is refused (409), or skipped with `skipDuplicates`.
 */
async function storeDocuments(db: Database, userId: number, items: NewDocument[], skipDuplicates: boolean) {
  const stored: DocumentInfo[] = [];
  const skipped: { title: string; existing: string }[] = [];
  try {
    await db.transaction(async (tx) => {
      for (const item of items) {
        const hash = sha256(item.bytes);
        const existing = await tx.select({ title: documents.title }).from(documents).where(and(eq(documents.paperId, item.paperId), eq(documents.sha256, hash))).get();
        if (existing) {
          if (!skipDuplicates) throw new HttpError(409, `This PDF is already attached to this paper as '${existing.title}'.`);
          skipped.push({ title: item.title, existing: existing.title });
          continue;
        }
        const row = await tx.insert(documents).values({
          paperId: item.paperId,
          type: item.type,
          title: item.title,
          year: item.year ?? null,
          tier: item.tier ?? null,
          sourceUrl: item.sourceUrl ?? null,
          size: item.bytes.byteLength,
          contentType: "application/pdf",
          sha256: hash,
          createdBy: userId,
        }).returning({ id: documents.id }).get();
        for (const piece of storedPieces(item.bytes)) await tx.insert(documentContents).values({ documentId: row.id, ...piece });
        const info = (await documentInfo(tx, row.id))!;
        await recordAudit(tx, { userId, action: "document.add", entity: "document", entityId: row.id, after: info });
        stored.push(info);
      }
    });
  } catch (err) {
    // Two admins adding the same PDF at once: the unique index stops the second.
    if (isDuplicate(err)) throw new HttpError(409, "This PDF is already attached to this paper.");
    throw err;
  }
  return { stored, skipped };
}

/** Stores one document (an upload, or a PDF fetched by URL). */
export async function addDocument(db: Database, userId: number, item: NewDocument): Promise<DocumentInfo> {
  await requirePaper(db, item.paperId);
  if (!item.bytes.byteLength) throw new HttpError(400, "Choose a PDF file to upload: the request had no file.");
  if (item.bytes.byteLength > DOCUMENT_MAX_BYTES) throw new HttpError(413, `The PDF is larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB, the most a document can be.`);
  if (!isPdf(item.bytes)) throw new HttpError(400, "This file is not a PDF: its content does not start with %PDF-.");
  return (await storeDocuments(db, userId, [item], false)).stored[0];
}

/** Fetches a PDF through the guard: refused (422, with the reason) unless its bytes are a PDF. */
export async function fetchPdf(deps: Deps, url: string): Promise<Uint8Array> {
  const fetched = await guardedFetch(url, { ...guardOf(deps), maxBytes: DOCUMENT_MAX_BYTES, accept: "application/pdf" });
  if (!isPdf(fetched.bytes)) throw new FetchRefused(`${fetched.url} is not a PDF: its content does not start with %PDF-.`);
  return fetched.bytes;
}

/** Add Document by URL: the server fetches the PDF, then stores it like an upload. */
export async function addDocumentFromUrl(deps: Deps, userId: number, item: Omit<NewDocument, "bytes"> & { sourceUrl: string }) {
  await requirePaper(deps.db, item.paperId);
  const bytes = await fetchPdf(deps, item.sourceUrl);
  return addDocument(deps.db, userId, { ...item, bytes });
}

/**
 * A document to open: its title, size and bytes as a stream that reads one piece at a time, so a
 * 20 MB PDF is never held whole in memory.
 */
export async function documentPdf(db: Database, id: number) {
  const row = await db.select({ title: documents.title, size: documents.size }).from(documents).where(eq(documents.id, id)).get();
  if (!row) throw new HttpError(404, "Document not found");
  let seq = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = await db.select({ bytes: documentContents.bytes }).from(documentContents)
        .where(and(eq(documentContents.documentId, id), eq(documentContents.seq, seq++))).get();
      if (piece) controller.enqueue(new Uint8Array(piece.bytes));
      else controller.close();
    },
  });
  return { ...row, stream };
}

/** A document's bytes, whole (for the code that reads a PDF: structure analysis, topics). */
export async function documentBytes(db: Database, id: number): Promise<Uint8Array> {
  const pieces = await db.select({ bytes: documentContents.bytes }).from(documentContents).where(eq(documentContents.documentId, id)).orderBy(asc(documentContents.seq)).all();
  if (!pieces.length) throw new HttpError(404, "Document not found");
  return new Uint8Array(Buffer.concat(pieces.map((p) => p.bytes)));
}

/**
 * Deletes a document and its bytes, with its audit entry, in one transaction. The past questions
 * published from it leave the bank with it (papers already generated keep their own copy).
 */
export async function deleteDocument(db: Database, userId: number, id: number) {
  await db.transaction(async (tx) => {
    const before = await documentInfo(tx, id);
    if (!before) throw new HttpError(404, "Document not found");
    await removeBankRowsOf(tx, id);
    await tx.delete(documentContents).where(eq(documentContents.documentId, id));
    await tx.delete(documents).where(eq(documents.id, id));
    await recordAudit(tx, { userId, action: "document.delete", entity: "document", entityId: id, before });
  });
}

/** Import step 1 (§4): the papers linked from a page, of the chosen tier (or untiered). */
export async function extractPapers(deps: Deps, url: string, paperLevel?: DocumentTier): Promise<FoundPaper[]> {
  const page = await guardedFetch(url, { ...guardOf(deps), maxBytes: PAGE_MAX_BYTES, accept: "text/html,application/xhtml+xml" });
  const [mediaType, ...parameters] = page.contentType.split(";").map((s) => s.trim().toLowerCase());
  if (mediaType !== "text/html" && mediaType !== "application/xhtml+xml") {
    throw new FetchRefused(`${page.url} is not a web page (its type is ${mediaType || "not given"}): give the address of the page that lists the papers.`);
  }
  const charset = parameters.find((p) => p.startsWith("charset="))?.slice("charset=".length).replace(/"/g, "") ?? "utf-8";
  let html: string;
  try {
    html = new TextDecoder(charset).decode(page.bytes);
  } catch {
    html = new TextDecoder("utf-8").decode(page.bytes);
  }
  const found = findPapers(html, page.url);
  return paperLevel ? found.filter((p) => p.tier === null || p.tier === paperLevel) : found;
}

/**
 * Import step 2 (§4): fetches each selected paper's PDF through the guard, then stores them all in one
 * transaction. Any failure stops the import before anything is stored, naming the paper and why; a PDF
 * the paper already has is skipped and reported.
 */
export async function importPapers(deps: Deps, userId: number, input: ImportPapersInput) {
  await requirePaper(deps.db, input.paperId);
  // IMPORT_FETCHES at a time: an import of a few dozen PDFs finishes in reasonable time, and the
  // board's server is not hammered. Kept in the selection's order; the first failure stops the rest.
  const items: NewDocument[] = new Array(input.papers.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < input.papers.length) {
      const i = next++;
      const paper = input.papers[i];
      try {
        const bytes = await fetchPdf(deps, paper.url);
        items[i] = { paperId: input.paperId, type: paper.paperType, title: paper.title, year: paper.year, tier: paper.tier, sourceUrl: paper.url, bytes };
      } catch (err) {
        failed = true;
        if (err instanceof HttpError) throw new HttpError(err.status, `'${paper.title}' could not be imported, so nothing was: ${err.message}`);
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(IMPORT_FETCHES, input.papers.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  const { stored, skipped } = await storeDocuments(deps.db, userId, items, true);
  return { count: stored.length, files: stored, skipped };
}
