// forge verify --policy: every rule of the team policy a built bundle breaks, worded by the same catalog codes forge build
// --policy prints at the source line (core/policy-diagnostics.ts), each naming the component's source file.
import { describeSigner, type Signer } from "../../core/bundle-signature.js";
import { NOWHERE } from "../../core/diagnostics/make-diagnostic.js";
import { policySignerRequired } from "../../core/diagnostics/policy-codes.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { missingSigner, type EffectivePolicy } from "../../core/policy.js";
import { violationDiagnostic } from "../../core/policy-diagnostics.js";
import { policyViolations, type CheckedMode, type CheckedPreset } from "../../core/policy-rules.js";
import { shortFingerprint } from "../../core/signer-text.js";
import type { ForgeBundle } from "../../generated/types.js";

const line = (d: Diagnostic, source?: string): string => `${d.code}: ${d.message}${source === undefined ? "" : ` (source ${source})`}`;

/** Each problem as `<code>: <message> (source <file>)`; `file`: the bundle as printed. */
export function policyProblems(policy: EffectivePolicy, bundle: ForgeBundle, file: string, signers: readonly Signer[]): string[] {
  const modes: CheckedMode[] = Object.entries(bundle.modes).flatMap(([key, m]) =>
    m === undefined ? [] : [{ key, strategy: m.strategy, tools: m.tools, tokens: bundle.tokens?.modes[key] ?? null }],
  );
  const presets: CheckedPreset[] = Object.entries(bundle.presets).flatMap(([key, p]) =>
    p === undefined
      ? []
      : [{ key, alwaysOn: bundle.tokens?.presets[key]?.alwaysOn ?? null, blocks: p.systemUpdates.map((b) => ({ id: b.id, modelCallable: b.modelCallable })) }],
  );
  const out = policyViolations(policy, modes, presets).map((v) =>
    line(violationDiagnostic(v, NOWHERE), v.component === "mode" ? bundle.modes[v.key]?.source : bundle.presets[v.key]?.source),
  );
  // A library bundle is not loaded by Pi, so requireSigners speaks of project and global bundles only.
  const missing = bundle.scope === "project" || bundle.scope === "global" ? missingSigner(policy, signers) : null;
  if (missing !== null) out.push(line(policySignerRequired(file, missing.from, missing.keys.map(shortFingerprint), signers.map(describeSigner))));
  return out;
}
