// vitest setupFiles: names the test behind each Pi process in FORGE_E2E_SPAWN_LOG (scripts/demo/pi-host.ts has no vitest).
import { expect } from "vitest";
import { labelPiSpawns } from "../../scripts/demo/pi-host.js";

if (process.env.FORGE_E2E_SPAWN_LOG) {
  labelPiSpawns(() => ({ test: expect.getState().testPath, name: expect.getState().currentTestName }));
}
