// Serves the built client files (dist/client): Astro's hashed assets, the admin bundle, public files.
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { PRERENDER_ORIGIN } from "../shared/constants.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
};

/** A prerendered page as read once from its file: its bytes, gzipped bytes and Content-Security-Policy. */
interface PageFile {
  mtime: number;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  csp: string | null;
}
const pages = new Map<string, PageFile>();
const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/**
 * A prerendered page carries Astro's policy (the hashes of its scripts and styles) in a <meta> tag;
 * the response sends it as the header too, which is where frame-ancestors can be added (an HTML file
 * would otherwise get the policy of a file that loads nothing). Its absolute addresses get the site's
 * origin. Sent gzipped when the browser takes it.
 */
async function prerenderedPage(file: string, info: Deno.FileInfo, headers: Headers, request: Request, origin: string): Promise<Response> {
  const mtime = info.mtime?.getTime() ?? 0;
  let entry = pages.get(file);
  if (!entry || entry.mtime !== mtime) {
    const html = new TextDecoder().decode(await Deno.readFile(file)).replaceAll(PRERENDER_ORIGIN, origin.replace(/\/$/, ""));
    const body = new TextEncoder().encode(html);
    const csp = META_CSP.exec(html.slice(0, 8192))?.[1] ?? null;
    entry = { mtime, body, gzip: new Uint8Array(gzipSync(body)), csp };
    pages.set(file, entry);
  }
  if (entry.csp) headers.set("Content-Security-Policy", entry.csp);
  headers.set("Vary", "Accept-Encoding");
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  const body = gzip ? entry.gzip : entry.body;
  if (gzip) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(body.length));
  return new Response(request.method === "HEAD" ? null : body, { headers });
}

/** Hashed file names never change content, so they may be cached for a year. */
const IMMUTABLE = [/^\/_astro\//, /^\/admin\/assets\//];

/** `origin`: the public origin written into prerendered pages in place of PRERENDER_ORIGIN. */
export function createStaticHandler(root: string, origin: string) {
  const base = resolve(root);
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    if (pathname === "/") return null;
    // A prerendered page (/gcse/biology) is its folder's index.html; other paths without an
    // extension are the server's pages.
    const page = !extname(pathname);
    const file = normalize(join(base, page ? join(pathname, "index.html") : pathname));
    if (!file.startsWith(base + sep)) return null;
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(file);
    } catch {
      return null;
    }
    if (!info.isFile) return null;
    const headers = new Headers({
      "Content-Type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": String(info.size),
      // A prerendered page is the same for everyone (the browser fills in the signed-in header) and
      // changes with a new build: cached like the catalogue lists it is made from.
      "Cache-Control": IMMUTABLE.some((re) => re.test(pathname))
        ? "public, max-age=31536000, immutable"
        : page ? "public, max-age=300" : "public, max-age=3600",
    });
    if (page) return await prerenderedPage(file, info, headers, request, origin);
    if (request.method === "HEAD") return new Response(null, { headers });
    const handle = await Deno.open(file, { read: true });
    return new Response(handle.readable, { headers });
  };
}
