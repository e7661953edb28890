// The admin tools are their own React bundle, built apart from the site and mounted by the
// admin pages (site/pages/<admin route>.astro) into #admin-root.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

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
