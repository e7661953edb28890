// Serves the built client files (dist/client): Astro's hashed assets, the admin bundle, public files.
import { extname, join, normalize, resolve, sep } from "node:path";

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

/** Hashed file names never change content, so they may be cached for a year. */
const IMMUTABLE = [/^\/_astro\//, /^\/admin\/assets\//];

export function createStaticHandler(root: string) {
  const base = resolve(root);
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    if (pathname === "/" || pathname.endsWith("/") || !extname(pathname)) return null;
    const file = normalize(join(base, pathname));
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
      "Cache-Control": IMMUTABLE.some((re) => re.test(pathname)) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
    if (request.method === "HEAD") return new Response(null, { headers });
    const handle = await Deno.open(file, { read: true });
    return new Response(handle.readable, { headers });
  };
}
