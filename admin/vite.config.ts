// The admin tools are their own React bundle, built apart from the site and mounted by the
// admin pages (site/pages/<admin route>.astro) into #admin-root.
import { fileURLToPath } from "node:url";
import process from "node:process";
import { defineConfig } from "vite";

// The admin bundle is always built for production (minified React without its development checks),
// whatever NODE_ENV the shell has: see server/adapter.mjs.
process.env.NODE_ENV = "production";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/admin/",
  publicDir: false,
  esbuild: { jsx: "automatic" },
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: fileURLToPath(new URL("../dist/client/admin", import.meta.url)),
    emptyOutDir: true,
    manifest: false,
    rollupOptions: {
      input: fileURLToPath(new URL("./src/main.tsx", import.meta.url)),
      output: { entryFileNames: "assets/admin.js", chunkFileNames: "assets/[name]-[hash].js", assetFileNames: "assets/[name]-[hash][extname]" },
    },
  },
});
