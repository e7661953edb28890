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
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ["@libsql/client", "libsql"] },
  },
});
