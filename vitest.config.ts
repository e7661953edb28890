import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["shared/**/*.test.ts", "site/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["api/**/*.test.ts", "server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page may take a few seconds to load and hydrate on a busy 2-core machine (CI runs the
          // whole suite at once); expect.poll's own default of 1 s made such checks flaky.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
