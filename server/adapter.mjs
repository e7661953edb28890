// A minimal Astro adapter for Deno. The official Deno adapter imports `jsr:` modules,
// which this machine cannot reach, so the server entry is ours: server/astro-entry.ts.
import { fileURLToPath } from "node:url";

export default function denoAdapter() {
  return {
    name: "examprep-deno",
    hooks: {
      "astro:config:setup": ({ command }) => {
        // A build is always a production build, whatever NODE_ENV the shell has. The server bundle
        // keeps React external, and React picks its variant from NODE_ENV when the server starts: a
        // bundle compiled for development calls jsxDEV, which production React does not export, so
        // every page failed when such a build was served with NODE_ENV=production. Built for
        // production, the bundle calls jsx(), which both variants export. NODE_ENV is read here
        // before Vite resolves its configuration, so this is early enough.
        if (command === "build") process.env.NODE_ENV = "production";
      },
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "examprep-deno",
          entrypointResolution: "auto",
          serverEntrypoint: fileURLToPath(new URL("./astro-entry.ts", import.meta.url)),
          adapterFeatures: { buildOutput: "server" },
          supportedAstroFeatures: {
            hybridOutput: "stable",
            staticOutput: "stable",
            serverOutput: "stable",
            sharpImageService: "unsupported",
            envGetSecret: "stable",
          },
        });
      },
    },
  };
}
