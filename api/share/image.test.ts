import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderShareImage, type ShareCard, shareImageResponse } from "./image.ts";

const PAPER: ShareCard = {
  eyebrow: "AQA · GCSE · 8461/1",
  title: "Biology Paper 1",
  subtitle: "Foundation and Higher · 1 h 45 min · 100 marks",
  facts: ["Cell biology", "Organisation", "Infection and response", "Bioenergetics"],
};
const SUBJECT: ShareCard = { eyebrow: "GCSE · AQA", title: "Biology", facts: ["3 papers"] };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG's chunks, read from its bytes. */
function chunks(png: Uint8Array): { type: string; data: Uint8Array }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}
function header(png: Uint8Array) {
  const ihdr = chunks(png)[0];
  expect(ihdr.type).toBe("IHDR");
  const view = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, ihdr.data.byteLength);
  return { width: view.getUint32(0), height: view.getUint32(4), bitDepth: ihdr.data[8], colourType: ihdr.data[9] };
}

describe("renderShareImage", () => {
  it("draws a PNG of exactly 1200×630", async () => {
    const png = await renderShareImage(PAPER);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(header(png)).toMatchObject({ width: 1200, height: 630 });
    expect(chunks(png).at(-1)!.type).toBe("IEND");
  });

  it("paints the top-left corner in the brand blue (#1d4ed8)", async () => {
    const png = await renderShareImage(SUBJECT);
    const { bitDepth, colourType } = header(png);
    expect([bitDepth, colourType]).toEqual([8, 6]); // 8-bit RGBA
    const pixels = inflateSync(concat(chunks(png).filter((c) => c.type === "IDAT").map((c) => c.data)));
    // Byte 0 is the first row's filter; every filter leaves the first pixel of the first row as it is.
    const [r, g, b, a] = pixels.subarray(1, 5);
    expect(Math.abs(r - 0x1d)).toBeLessThanOrEqual(2);
    expect(Math.abs(g - 0x4e)).toBeLessThanOrEqual(2);
    expect(Math.abs(b - 0xd8)).toBeLessThanOrEqual(2);
    expect(a).toBe(255);
  });

  it("draws the same card to the same bytes, and different cards to different ones", async () => {
    const [first, again, other] = await Promise.all([renderShareImage(PAPER), renderShareImage({ ...PAPER }), renderShareImage(SUBJECT)]);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
    const retitled = await renderShareImage({ ...PAPER, title: "Biology Paper 2" });
    expect(Buffer.from(retitled).equals(Buffer.from(first))).toBe(false);
  });

  it("still draws 1200×630 when every line is far too long for the card", async () => {
    const long = "Combined Science: Trilogy Higher Tier Paper 1 with a name that goes on and on ".repeat(6);
    const png = await renderShareImage({
      eyebrow: long,
      title: long + "Supercalifragilisticexpialidociousunbreakablewordwithoutanyspaces".repeat(4),
      subtitle: long,
      facts: [long, long, long, long, long, long],
    });
    expect(header(png)).toMatchObject({ width: 1200, height: 630 });
  });
});

describe("shareImageResponse", () => {
  const get = (headers: Record<string, string> = {}) => new Request("http://localhost/gcse/biology/aqa/paper-1/share.png", { headers });

  it("answers 200 with the PNG, a day of public caching and the card's ETag", async () => {
    const res = await shareImageResponse(PAPER, get());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]{16,}"$/);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(header(body)).toMatchObject({ width: 1200, height: 630 });
    expect(Buffer.from(body).equals(Buffer.from(await renderShareImage(PAPER)))).toBe(true);

    const other = await shareImageResponse(SUBJECT, get());
    expect(other.headers.get("ETag")).not.toBe(etag);
    await other.body?.cancel();
  });

  it("answers 304 with no body when If-None-Match names the card's ETag, also in a list or weak", async () => {
    const etag = (await shareImageResponse(PAPER, get())).headers.get("ETag")!;
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, "*"]) {
      const res = await shareImageResponse(PAPER, get({ "If-None-Match": ifNoneMatch }));
      expect(res.status).toBe(304);
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
      expect(await res.text()).toBe("");
    }
    // Another card's ETag is not this one's.
    const otherEtag = (await shareImageResponse(SUBJECT, get())).headers.get("ETag")!;
    const res = await shareImageResponse(PAPER, get({ "If-None-Match": otherEtag }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
  });

  it("serves the same bytes to every request for a card", async () => {
    const [a, b] = await Promise.all([shareImageResponse(PAPER, get()), shareImageResponse(PAPER, get())]);
    const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
    expect(Buffer.from(x).equals(Buffer.from(y))).toBe(true);
  });
});

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
