// A PDF's pages as images, rendered on the server by MuPDF (mupdf, WebAssembly): for OCR of a scan's
// pages, and for the review list, which shows each extracted question beside the page it was read
// from with no PDF viewer in the page. MuPDF is loaded on first use: it takes about 0.1 s and tens of
// MB, which a server start (an edge isolate's too) should not pay for.
import type * as MuPdf from "mupdf";
import { HttpError } from "../http.ts";

let loaded: Promise<typeof MuPdf> | null = null;
const mupdf = () => (loaded ??= import("mupdf"));

/** Opens the PDF for `use` and closes it after; MuPDF's own error when it cannot be read. */
export async function withPdf<T>(bytes: Uint8Array, use: (doc: MuPdf.Document) => T | Promise<T>): Promise<T> {
  const doc = (await mupdf()).Document.openDocument(bytes, "application/pdf");
  try {
    return await use(doc);
  } finally {
    doc.destroy();
  }
}

/** Page `page` (1-based) of an open PDF as a PNG at `scale` × 72 dpi, with the page's size in points. */
export async function pagePng(doc: MuPdf.Document, page: number, scale: number, colour: "grey" | "rgb") {
  const { Matrix, ColorSpace } = await mupdf();
  const p = doc.loadPage(page - 1);
  try {
    const [x0, y0, x1, y1] = p.getBounds();
    const pixmap = p.toPixmap(Matrix.scale(scale, scale), colour === "grey" ? ColorSpace.DeviceGray : ColorSpace.DeviceRGB, false, true);
    const png = new Uint8Array(pixmap.asPNG());
    pixmap.destroy();
    return { png, width: x1 - x0, height: y1 - y0 };
  } finally {
    p.destroy();
  }
}

/** 1.5 × 72 dpi: the page's print legible beside the review form, about 900 px tall for A4. */
const REVIEW_SCALE = 1.5;

/** A document's page for the review list; 404 when it has no such page. */
export function renderPage(bytes: Uint8Array, page: number): Promise<Uint8Array<ArrayBuffer>> {
  return withPdf(bytes, async (doc) => {
    if (page < 1 || page > doc.countPages()) throw new HttpError(404, `The document has no page ${page}.`);
    return (await pagePng(doc, page, REVIEW_SCALE, "rgb")).png;
  });
}
