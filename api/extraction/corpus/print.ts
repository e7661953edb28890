// Prints the corpus: each paper's HTML and its mark scheme's through Chromium into PDFs with a text
// layer, the scanned paper as images only (its pages rendered by pdftoppm, as a scanner would give
// them, with a faint speckle and a slight tilt), and truth.json with the data. buildCorpus reuses a
// file already in the directory when it was made from the same content, so the tests and the bench
// print only what changed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { degrees, PDFDocument, rgb } from "pdf-lib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../tests/browser/chromium.ts";
import { CORPUS } from "./papers.ts";
import { paperHtml } from "./html.ts";
import { markSchemeHtml } from "./mark-scheme-html.ts";
import { type CorpusPaper, markSchemeOf, partsOf } from "./types.ts";

/** Where the tests and the bench keep the printed corpus (git ignores .cache/). */
export const CORPUS_DIR = fileURLToPath(new URL("../../../.cache/extraction-corpus/", import.meta.url));

/** Changing how pages are printed or scanned changes these, so older files are printed again. */
const PRINT_VERSION = "print-1";
const SCAN_VERSION = "scan-1";
const SCAN_DPI = 150;

/** The HTML as an A4 PDF, after its pages have been laid out (layout.ts). Pass a browser to print many. */
export async function printPdf(html: string, browser?: Browser): Promise<Uint8Array> {
  const own = browser ? null : await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await (browser ?? own!).newPage();
  try {
    await page.emulateMedia({ media: "print" });
    await page.setContent(html, { waitUntil: "load" });
    await page.waitForSelector("body[data-paginated]", { state: "attached", timeout: 20_000 });
    const overflow = await page.evaluate(() => document.body.dataset.overflow);
    if (overflow) throw new Error(`A block does not fit on one page: ${overflow}`);
    const pdf = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true, margin: { top: "0", right: "0", bottom: "0", left: "0" } });
    return new Uint8Array(pdf);
  } finally {
    await page.close();
    await own?.close();
  }
}

/** A tiny seeded generator, so a scan's speckle is the same every time it is made. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The same pages as images only (no text layer): rendered in grey at 150 dpi, tilted 0.4°, with speckle. */
export async function scannedPdf(pdf: Uint8Array): Promise<Uint8Array> {
  const work = mkdtempSync(join(tmpdir(), "corpus-scan-"));
  try {
    writeFileSync(join(work, "in.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", String(SCAN_DPI), "-gray", "-jpeg", "-jpegopt", "quality=70", join(work, "in.pdf"), join(work, "page")]);
    const images = readdirSync(work).filter((f) => f.startsWith("page") && f.endsWith(".jpg")).sort();
    const doc = await PDFDocument.create();
    doc.setProducer("Scanner");
    doc.setCreator("Scanner");
    const next = random(13);
    for (const file of images) {
      const image = await doc.embedJpg(readFileSync(join(work, file)));
      const page = doc.addPage([595.28, 841.89]);
      page.drawImage(image, { x: 4, y: -2, width: 595.28, height: 841.89, rotate: degrees(-0.4) });
      for (let i = 0; i < 220; i++) {
        const size = 0.3 + next() * 0.9;
        page.drawRectangle({ x: next() * 595, y: next() * 842, width: size, height: size, color: rgb(0.35, 0.35, 0.35), opacity: 0.25 + next() * 0.4 });
      }
    }
    return await doc.save();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface CorpusFile {
  id: string;
  convention: CorpusPaper["convention"];
  /** The PDF to extract: the printed paper, or for the scanned paper its image-only scan. */
  pdf: string;
  /** The printed paper with its text layer (the scan is made from it). */
  textPdf: string;
  markScheme: string;
  scanned: boolean;
}
export interface BuiltCorpus {
  dir: string;
  truth: string;
  papers: CorpusFile[];
}

const hash = (...parts: string[]) => createHash("sha256").update(parts.join("\u0000")).digest("hex");

/** Writes the file by renaming a finished copy into place, so a reader never sees half of it. */
function writeAtomic(path: string, bytes: Uint8Array | string) {
  const temp = `${path}.${process.pid}.${Date.now()}.part`;
  writeFileSync(temp, bytes);
  renameSync(temp, path);
}

/** The data truth.json holds: each paper's cover, sections, parts and mark scheme. */
export function corpusTruth(papers: CorpusPaper[] = CORPUS) {
  return {
    papers: papers.map((p) => ({
      id: p.id,
      convention: p.convention,
      scanned: p.scanned ?? false,
      cover: p.cover,
      sections: p.sections.flatMap((s) => (s.name ? [s.name] : [])),
      parts: partsOf(p),
      markScheme: markSchemeOf(p),
    })),
  };
}

/** Prints the whole corpus into dir (reusing files made from the same content) and writes truth.json. */
export async function buildCorpus(dir: string = CORPUS_DIR): Promise<BuiltCorpus> {
  mkdirSync(dir, { recursive: true });
  let browser: Browser | null = null;
  // Each file's content hash sits beside it, so a file is reused only if made from this content.
  const fresh = (path: string, key: string) => existsSync(path) && existsSync(`${path}.sha256`) && readFileSync(`${path}.sha256`, "utf8") === key;
  const make = async (path: string, key: string, produce: () => Promise<Uint8Array>) => {
    if (fresh(path, key)) return;
    writeAtomic(path, await produce());
    writeAtomic(`${path}.sha256`, key);
  };
  const print = async (html: string) => printPdf(html, browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }));
  try {
    const files: CorpusFile[] = [];
    for (const paper of CORPUS) {
      const html = paperHtml(paper);
      const msHtml = markSchemeHtml(paper);
      const textPdf = join(dir, `${paper.id}.pdf`);
      const markScheme = join(dir, `${paper.id}-mark-scheme.pdf`);
      const paperKey = hash(PRINT_VERSION, html);
      await make(textPdf, paperKey, () => print(html));
      await make(markScheme, hash(PRINT_VERSION, msHtml), () => print(msHtml));
      let pdf = textPdf;
      if (paper.scanned) {
        pdf = join(dir, `${paper.id}-scanned.pdf`);
        await make(pdf, hash(SCAN_VERSION, paperKey), () => scannedPdf(readFileSync(textPdf)));
      }
      files.push({ id: paper.id, convention: paper.convention, pdf, textPdf, markScheme, scanned: paper.scanned ?? false });
    }
    const truth = join(dir, "truth.json");
    const truthText = `${JSON.stringify(corpusTruth(), null, 2)}\n`;
    if (!existsSync(truth) || readFileSync(truth, "utf8") !== truthText) writeAtomic(truth, truthText);
    return { dir, truth, papers: files };
  } finally {
    await (browser as Browser | null)?.close();
  }
}

// `deno run -A api/extraction/corpus/print.ts [dir]` prints the corpus and lists its files.
if (import.meta.main) {
  const built = await buildCorpus(process.argv[2] ?? CORPUS_DIR);
  console.log(JSON.stringify(built, null, 2));
}
