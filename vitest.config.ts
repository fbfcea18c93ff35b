// vitest configuration: node environment; e2e tests spawn real Pi processes and need long timeouts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    // Names the test behind each Pi process in FORGE_E2E_SPAWN_LOG; test/shared/ itself never imports vitest.
    setupFiles: ["test/support/spawn-log-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: e2e files spawn Pi processes, so keep file parallelism modest.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
