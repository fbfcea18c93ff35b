// replay_contracts_broken (runtime composition): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "replay_contracts_broken";
export const severity = "warning";
export const summary =
  "The selection the session branch holds breaks a contract of the definitions the layers offer now (they changed since activation): Pi's native prompt.";
export const example: CodeExample = {
  kind: "compose",
  modes: { review: { conflictsWith: ["tests"] }, tests: {} },
  base: null,
  overlays: ["review", "tests"],
  driftPolicy: "allow",
};

/** `violations`: each broken contract, described (core/candidate.ts checkContracts). */
export const replayContractsBroken = (violations: readonly string[]): Diagnostic =>
  makeDiagnostic(code, NOWHERE, `contracts broken at replay: ${violations.join("; ")}`);
