// `forge explain <preset|mode>...`: compile the sources in memory and report how the selection resolves (the CLI glue is in commands.ts).
import { join, relative, sep } from "node:path";
import type { Scope } from "../../core/digest.js";
import { checkContracts } from "../../core/candidate.js";
import { packagePath, type ForgeTarget } from "../options.js";
import { explainSelection, type ExplainReport } from "../review/explain.js";
import { composeAgainstSample, inspectSources, resolveSelection, type PreviewSettings } from "./preview.js";

function refusedReport(reason: string, status: ExplainReport["status"], diagnostics: ExplainReport["diagnostics"]): ExplainReport {
  return {
    command: "explain",
    status,
    reason,
    selection: null,
    preset: null,
    layout: [],
    components: [],
    contracts: [],
    preferences: null,
    cacheSensitive: [],
    systemUpdates: [],
    size: null,
    diagnostics,
  };
}

/** Display paths: the target's own files relative to its root, built-ins inside the package. */
function sourceDescriber(target: ForgeTarget): (scope: Scope, source: string) => string {
  return (scope, source) => {
    if (scope === target.scope) return `${target.displayForgeRoot}${source}`;
    // The built-in library ships in the forge package's presets/ folder.
    if (scope === "builtin") return relative(packagePath(), join(packagePath("presets"), source)).split(sep).join("/");
    return `${scope}:${source}`;
  };
}

export function runExplain(target: ForgeTarget, settings: PreviewSettings, names: string[]): { report: ExplainReport; exitCode: number; getSource: ReturnType<typeof inspectSources>["getSource"] } {
  const { diagnostics, getSource, catalog } = inspectSources(target, settings);
  if (catalog === null) return { report: refusedReport("the sources have errors; fix them first", "errors", diagnostics), exitCode: 1, getSource };
  const resolved = resolveSelection(catalog, names);
  if ("error" in resolved) return { report: refusedReport(resolved.error, "refused", diagnostics), exitCode: 1, getSource };
  const violations = checkContracts(catalog, resolved.candidate);
  const sample = violations.length === 0 ? composeAgainstSample(catalog, resolved, settings, target.root) : null;
  const report = explainSelection(
    {
      catalog,
      preset: resolved.preset,
      base: resolved.candidate.base,
      overlays: resolved.candidate.overlays,
      vars: sample?.vars ?? { cwd: target.root, date: "YYYY-MM-DD", time: "HH:MM", model: "", os: settings.os, preset: resolved.preset ?? "" },
      prompt: sample?.prompt ?? null,
      describeSource: sourceDescriber(target),
      diagnostics,
    },
    violations,
  );
  return { report, exitCode: violations.length > 0 ? 1 : 0, getSource };
}
