// vitest configuration: node environment; e2e tests spawn real Pi processes and need long timeouts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    // Every file runs isolated in the run's temp root and must leave its temp folder as it found it; the spawn log names
    // the test behind each Pi process in FORGE_E2E_SPAWN_LOG (scripts/demo/ and test/shared/ never import vitest).
    setupFiles: ["test/support/isolation-setup.ts", "test/support/spawn-log-setup.ts"],
    // Timeouts catch hangs, never slowness: at load 12-16 on two cores one e2e test of several Pi runs took 57 s, and
    // 31 tests of one e2e run failed at 60 s (each leaving its Pi to write into the next test's fake server).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two cores: e2e files spawn Pi processes, so keep file parallelism modest.
    maxWorkers: 2,
    minWorkers: 1,
    // Test files share a worker's module graph instead of re-importing it per file: the import phase was about a fifth
    // of the suite's wall time on two cores (measured: test:fast 205 s isolated, 160 s shared). The price is a rule:
    // a test restores what it changes in shared modules (spies, process state) before it ends.
    isolate: false,
  },
});
