// A minimal Astro adapter for Deno. The official Deno adapter imports `jsr:` modules,
// which this machine cannot reach, so the server entry is ours: server/astro-entry.ts.
import { fileURLToPath } from "node:url";

export default function denoAdapter() {
  return {
    name: "examprep-deno",
    hooks: {
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
