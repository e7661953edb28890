// Open Graph share images of the subject and paper pages: satori lays the card out as SVG in our
// own DejaVu fonts, and resvg (its WebAssembly build: the edge host cannot load a native module)
// draws the SVG as a 1200×630 PNG. A render takes tens of milliseconds, so a process keeps what it
// drew, keyed by the card's content hash, and browsers and crawlers are told to keep it for a day.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import satori, { type Font } from "satori";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { loadFontBytes } from "../fonts.ts";
import { SHARE_CARD_MAX_FACTS, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareCard } from "../../shared/share.ts";

export type { ShareCard } from "../../shared/share.ts";

/** Part of every card's hash: changing the design below must change every ETag. */
const DESIGN_VERSION = 1;

// The site's colours (site/styles/global.css), and its logo (site/public/favicon.svg) with the colours
// swapped: the favicon's blue square would vanish into the card's blue.
const BRAND = "#1d4ed8";
const BRAND_100 = "#dbeafe";
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#ffffff"/><path d="M9 8h10l4 4v12H9z" fill="${BRAND}"/><path d="M12 15h8M12 19h6" stroke="#ffffff" stroke-width="2" stroke-linecap="round"/></svg>`;
const LOGO_URI = `data:image/svg+xml;base64,${btoa(LOGO_SVG)}`;

/** Resolved from the project root, where every npm script and the built server run (like the fonts). */
const RESVG_WASM = resolve(process.cwd(), "node_modules/@resvg/resvg-wasm/index_bg.wasm");
let resvgReady: Promise<void> | undefined;
/** resvg's WebAssembly can be initialised only once per process; a failed start may be retried. */
function initResvg(): Promise<void> {
  resvgReady ??= initWasm(readFileSync(RESVG_WASM)).catch((error) => {
    resvgReady = undefined;
    throw error;
  });
  return resvgReady;
}

let fonts: Font[] | undefined;
/** One list for every render, as satori advises: it keeps the fonts it parsed with the list. */
function satoriFonts(): Font[] {
  const bytes = loadFontBytes();
  fonts ??= [
    { name: "DejaVu Sans", data: bytes.regular, weight: 400, style: "normal" },
    { name: "DejaVu Sans", data: bytes.bold, weight: 700, style: "normal" },
  ];
  return fonts;
}

/** The element objects satori reads (what JSX would make). */
interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: (CardNode | string)[] | CardNode | string; [attr: string]: unknown };
}
const el = (type: string, style: CardNode["props"]["style"], children?: CardNode["props"]["children"], attrs: Record<string, unknown> = {}): CardNode => ({
  type,
  props: { style, children, ...attrs },
});

/** A shorter title is drawn larger; DejaVu is wide, so long ones step down before they wrap. */
function titleSize(title: string): number {
  const n = [...title].length;
  if (n <= 18) return 92;
  if (n <= 30) return 80;
  if (n <= 48) return 68;
  return 58;
}

/** Text on one line that ends in an ellipsis rather than running out of its box. */
const oneLine = { display: "block", boxSizing: "border-box", maxWidth: "100%", whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" };

/**
 * The decoration is flat fills only: resvg draws a border on a rotated box, or a gradient, through a
 * mask or pattern the size of the whole card, which made a render three to four times slower.
 */
const sheet = {
  position: "absolute",
  width: "360px",
  height: "470px",
  borderRadius: "36px",
  backgroundColor: "rgba(255, 255, 255, 0.08)",
};

function cardTree(card: ShareCard): CardNode {
  const facts = (card.facts ?? []).filter((f) => f.trim()).slice(0, SHARE_CARD_MAX_FACTS);
  const size = titleSize(card.title);
  return el(
    "div",
    {
      // Satori sizes boxes like browsers (content-box): without this the padding would add to the size.
      boxSizing: "border-box",
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px 60px",
      backgroundColor: BRAND,
      color: "#ffffff",
      fontFamily: "DejaVu Sans",
      position: "relative",
    },
    [
      // Two faint sheets of paper at the right, behind the text, so a short title leaves no bare half.
      el("div", { ...sheet, right: "-120px", top: "150px", transform: "rotate(14deg)" }),
      el("div", { ...sheet, right: "-40px", top: "60px", transform: "rotate(6deg)" }),
      // The product: the logo and the name, as in the site's header.
      el("div", { display: "flex", alignItems: "center", gap: "20px", position: "relative" }, [
        el("img", { width: "64px", height: "64px" }, undefined, { src: LOGO_URI, width: 64, height: 64 }),
        el("div", { fontSize: "40px", fontWeight: 700, letterSpacing: "-0.5px" }, "ExamPrep"),
      ]),
      // What is shared: board and level, the title, then the details.
      el("div", { display: "flex", flexDirection: "column", width: "100%", position: "relative" }, [
        el("div", { ...oneLine, fontSize: "32px", fontWeight: 700, color: BRAND_100, marginBottom: "18px" }, card.eyebrow),
        el(
          "div",
          { display: "block", fontSize: `${size}px`, fontWeight: 700, lineHeight: 1.12, letterSpacing: "-1px", lineClamp: 3, textOverflow: "ellipsis", overflow: "hidden", overflowWrap: "break-word" },
          card.title,
        ),
        ...(card.subtitle ? [el("div", { ...oneLine, fontSize: "32px", color: BRAND_100, marginTop: "22px" }, card.subtitle)] : []),
      ]),
      // The facts as chips on one row: each chip gives way (with an ellipsis) before the row overflows.
      el(
        "div",
        { display: "flex", width: "100%", gap: "14px", minHeight: "54px", position: "relative" },
        facts.map((fact) =>
          el(
            "div",
            {
              ...oneLine,
              flexShrink: 1,
              minWidth: "0px",
              fontSize: "26px",
              padding: "10px 24px",
              borderRadius: "999px",
              backgroundColor: "rgba(255, 255, 255, 0.16)",
              border: "2px solid rgba(255, 255, 255, 0.35)",
            },
            fact,
          )
        ),
      ),
    ],
  );
}

/** A PNG of the card, exactly SHARE_IMAGE_WIDTH × SHARE_IMAGE_HEIGHT. */
export async function renderShareImage(card: ShareCard): Promise<Uint8Array> {
  const [svg] = await Promise.all([
    // satori's types want a React element; a plain { type, props } object is what it reads.
    satori(cardTree(card) as unknown as Parameters<typeof satori>[0], { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, fonts: satoriFonts() }),
    initResvg(),
  ]);
  const resvg = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * The card's content hash: what it says and the design it is drawn with. The ETag; a page may also
 * put it in its og:image URL, so that networks which keep images longer than a day fetch a new one.
 */
export function shareCardHash(card: ShareCard): string {
  const content = [DESIGN_VERSION, card.eyebrow, card.title, card.subtitle ?? null, (card.facts ?? []).slice(0, SHARE_CARD_MAX_FACTS)];
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 32);
}

/**
 * The images drawn by this process, by content hash. A pure cache (the server's only state is the
 * database): losing it costs one render. Bounded, dropping the oldest, since every catalogue page
 * has its own card. A render under way is shared, so two first requests draw once.
 */
const MEMO_LIMIT = 200;
const drawn = new Map<string, Promise<Uint8Array>>();
function memoisedImage(hash: string, card: ShareCard): Promise<Uint8Array> {
  let png = drawn.get(hash);
  if (png) return png;
  png = renderShareImage(card);
  drawn.set(hash, png);
  png.catch(() => drawn.delete(hash));
  if (drawn.size > MEMO_LIMIT) drawn.delete(drawn.keys().next().value!);
  return png;
}

/** Whether an If-None-Match header names this ETag (a list, weak validators and `*` included). */
function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/** The share image as an HTTP response for a page route: 304 when the client already has it. */
export async function shareImageResponse(card: ShareCard, request: Request): Promise<Response> {
  const hash = shareCardHash(card);
  const headers = { "Cache-Control": "public, max-age=86400", ETag: `"${hash}"` };
  if (matchesETag(request.headers.get("If-None-Match"), headers.ETag)) return new Response(null, { status: 304, headers });
  const png = await memoisedImage(hash, card);
  return new Response(png as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(png.byteLength) } });
}
