// `forge preview` as data: the prompt a preset (or modes in order) composes against the sample host prompt. Pure.
import { checkContracts, selectedRoles } from "../../core/candidate.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { estimateTokens } from "../../core/prompt-size.js";
import { composeAgainstSample, resolveSelection, type InspectedSources, type SampleSettings, type SelectionSpec } from "./inspection.js";

export interface PreviewComponent {
  key: string;
  role: "base" | "overlay";
  strategy: string;
  scope: string;
  /** The project layer's root for a project component, else null: absolute here, relative to the cwd in --json. */
  layer: string | null;
  /** --json only: the layer's root as an absolute path, beside the relative `layer`. */
  absoluteLayer?: string;
  digest: string;
}

/** What `forge preview --json` prints; the human output renders the same data. */
export interface PreviewReport {
  command: "preview";
  status: "ok" | "errors" | "refused";
  selection: { preset: string | null; base: string | null; overlays: string[] } | null;
  components: PreviewComponent[];
  /** Why the selection cannot be composed (unknown name, broken contracts). */
  reason: string | null;
  prompt: string | null;
  size: { chars: number; estimatedTokens: number } | null;
  diagnostics: Diagnostic[];
}

function refused(reason: string, diagnostics: Diagnostic[], status: PreviewReport["status"] = "refused"): PreviewReport {
  return { command: "preview", status, selection: null, components: [], reason, prompt: null, size: null, diagnostics };
}

/** The preview of `names` over the inspected sources; `cwd` is the {{cwd}} the sample renders. Exit 1 when refused. */
export function previewSelection(
  inspected: InspectedSources,
  spec: SelectionSpec,
  settings: SampleSettings,
  cwd: string,
): { report: PreviewReport; exitCode: number } {
  const { diagnostics, catalog } = inspected;
  if (catalog === null) return { report: refused("the sources have errors; fix them first", diagnostics, "errors"), exitCode: 1 };
  const resolved = resolveSelection(catalog, spec);
  if ("error" in resolved) return { report: refused(resolved.error, diagnostics), exitCode: 1 };
  const violations = checkContracts(catalog, resolved.candidate);
  if (violations.length > 0) return { report: refused(`contracts: ${violations.join("; ")}`, diagnostics), exitCode: 1 };

  const { state, prompt, fallbackReason } = composeAgainstSample(catalog, resolved, settings, cwd);
  const components = selectedRoles(state).map(({ key, role }): PreviewComponent => {
    const entry = catalog.modes.get(key)!;
    return { key, role, strategy: entry.mode.strategy, scope: entry.scope, layer: entry.layer, digest: entry.mode.digest };
  });
  const report: PreviewReport = {
    command: "preview",
    status: "ok",
    selection: { preset: resolved.preset, base: state.base, overlays: state.overlays },
    components,
    reason: fallbackReason,
    prompt,
    size: { chars: prompt.length, estimatedTokens: estimateTokens(prompt.length) },
    diagnostics,
  };
  return { report, exitCode: 0 };
}
