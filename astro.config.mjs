import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import denoAdapter from "./server/adapter.mjs";

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  output: "server",
  adapter: denoAdapter(),
  integrations: [react()],
  server: { port: 8000 },
  devToolbar: { enabled: false },
  session: false,
  // No image processing: the site's images are SVG.
  image: { service: { entrypoint: "astro/assets/services/noop" } },
  build: { inlineStylesheets: "always" },
  // Content-Security-Policy with the hashes of every script and style Astro emits: no inline script
  // runs unless Astro put it there. api/security.ts copies this policy into the response header and
  // adds what a <meta> policy cannot carry (frame-ancestors).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // React renders style attributes (progress bars, widths); a style attribute cannot run script.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ["@libsql/client", "libsql"] },
  },
});
