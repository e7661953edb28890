// A printed document as exam boards lay them out: fixed A4 pages, each with its own running header,
// footer and margin text. The content is a list of blocks (a question part, a mark-scheme row) that a
// small script in the page flows onto pages in Chromium, measuring each one: a block that does not fit
// starts the next page, a block marked data-break="before" always does. Then each page's number, its
// barcode (Edexcel's *P73482A0212*: reference, page, pages) and the total page count are filled in,
// and 'Turn over' is taken off the last page. print.ts waits for body[data-paginated], and refuses a
// document with a block too tall for a page (body[data-overflow]).

export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface PaginatedDocument {
  title: string;
  css: string;
  /** Whole pages printed before the flowed ones (a cover), each a .page element. */
  frontPages?: string[];
  /** A .page element with an empty .body: the shell every flowed page is cloned from. */
  pageShell: string;
  /** Block elements, each with class "blk"; data-break="before" forces a new page, data-head="id" repeats template #id at a page's top. */
  blocks: string[];
  /** Templates repeated at the top of pages (a mark scheme's column headings), by id. */
  heads?: Record<string, string>;
}

const BASE_CSS = `
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; font-size: 11pt; color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: 210mm; height: 296.8mm; position: relative; overflow: hidden; display: flex; flex-direction: column; break-after: page; }
.page:last-child { break-after: auto; }
.page > .body { flex: 1 1 auto; min-height: 0; overflow: hidden; }
.page > .head, .page > .foot { flex: none; }
#flow { position: absolute; left: -10000px; top: 0; width: 170mm; }
`;

// Runs in the page: flows the blocks of #flow into copies of the page shell.
const PAGINATE = `
(() => {
  const flow = document.getElementById("flow");
  const shell = document.getElementById("page-shell").content.firstElementChild;
  const pagesEl = document.getElementById("pages");
  let body = null;
  const newPage = () => {
    const page = shell.cloneNode(true);
    pagesEl.appendChild(page);
    body = page.querySelector(".body");
  };
  const overflows = () => body.scrollHeight > body.clientHeight + 1;
  // A block with data-head gets the head (column headings) above it, unless the block before it has it.
  const place = (block) => {
    const head = block.dataset.head;
    const prev = body.lastElementChild;
    let added = null;
    if (head && !(prev && (prev.dataset.head === head || prev.dataset.headOf === head))) {
      added = document.getElementById(head).content.firstElementChild.cloneNode(true);
      added.dataset.headOf = head;
      body.appendChild(added);
    }
    body.appendChild(block);
    return added ? 2 : 1;
  };
  newPage();
  for (const block of [...flow.children]) {
    if (block.dataset.break === "before" && body.children.length) newPage();
    const placed = place(block);
    if (overflows() && body.children.length > placed) {
      block.remove();
      if (placed === 2) body.lastElementChild.remove();
      newPage();
      place(block);
    }
    // A block taller than a page would be cut off at its foot (its words still in the PDF's text, unseen).
    if (overflows()) document.body.dataset.overflow = block.dataset.number || block.textContent.slice(0, 40);
  }
  flow.remove();
  const pages = [...document.querySelectorAll(".page")];
  const total = pages.length;
  const pad = (n) => String(n).padStart(2, "0");
  pages.forEach((page, i) => {
    const n = i + 1;
    for (const el of page.querySelectorAll("[data-page-number]")) el.textContent = String(n);
    for (const el of page.querySelectorAll("[data-barcode]")) el.textContent = "*" + el.dataset.barcode + pad(n) + pad(total) + "*";
    if (n === total) for (const el of page.querySelectorAll(".turn-over")) el.remove();
  });
  for (const el of document.querySelectorAll("[data-page-count]")) el.textContent = String(total);
  document.body.dataset.paginated = "true";
})();
`;

export function paginatedHtml(doc: PaginatedDocument): string {
  const heads = Object.entries(doc.heads ?? {}).map(([id, html]) => `<template id="${esc(id)}">${html}</template>`).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(doc.title)}</title>
<style>${BASE_CSS}${doc.css}</style></head>
<body>
<div id="pages">${(doc.frontPages ?? []).join("\n")}</div>
<template id="page-shell">${doc.pageShell}</template>
${heads}
<div id="flow">${doc.blocks.join("\n")}</div>
<script>${PAGINATE}</script>
</body></html>`;
}
