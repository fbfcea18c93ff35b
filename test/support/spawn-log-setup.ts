// vitest setupFiles: names the test behind each Pi process in FORGE_E2E_SPAWN_LOG (test/shared/pi-host.ts has no vitest).
import { expect } from "vitest";
import { labelPiSpawns } from "../shared/pi-host.js";

if (process.env.FORGE_E2E_SPAWN_LOG) {
  labelPiSpawns(() => ({ test: expect.getState().testPath, name: expect.getState().currentTestName }));
}
