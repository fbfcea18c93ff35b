// policy_refused (the Pi extension loading the team policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "policy_refused";
export const severity = "error";
export const summary =
  "A team policy named in forge.yaml (the user's or a managed one) cannot be read, is not a policy bundle, does not verify, or is not signed by a key its signedBy lists: forge fails closed, with Pi's native prompt, no project or global modes, and edit, write, bash and every tool not known to be read-only refused, until it verifies.";
export const example: CodeExample = {
  kind: "policy",
  settings: 'policy: { file: "team-policy.json" }\n',
};

/** `setting`: the settings file naming it; `name`: the package or file; `why`: the first problem. */
export const policyRefused = (setting: string, name: string, why: string): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `refused team policy ${name} (named in ${setting}): ${why}. forge fails closed: Pi's native prompt, no project or global modes, and edit, write, bash and every tool not known to be read-only are refused until it verifies`,
  );
