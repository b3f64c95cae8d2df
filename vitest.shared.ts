import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  test: {
    globalSetup: [`${root}vitest.global-setup.ts`],
    setupFiles: [`${root}vitest.setup.ts`],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
  },
});
