// A document's page as a PNG, rendered on the server by MuPDF (as ocr.ts renders scans), so the review
// list shows each extracted question beside the page it was read from, with no PDF viewer in the page.
import * as mupdf from "mupdf";
import { HttpError } from "../http.ts";

/** 1.5 × 72 dpi: the page's print legible beside the review form, about 900 px tall for A4. */
const SCALE = 1.5;

export function renderPage(bytes: Uint8Array, page: number): Uint8Array<ArrayBuffer> {
  const doc = mupdf.Document.openDocument(bytes, "application/pdf");
  try {
    if (page < 1 || page > doc.countPages()) throw new HttpError(404, `The document has no page ${page}.`);
    const p = doc.loadPage(page - 1);
    const pixmap = p.toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, false, true);
    const png = new Uint8Array(pixmap.asPNG());
    pixmap.destroy();
    p.destroy();
    return png;
  } finally {
    doc.destroy();
  }
}
