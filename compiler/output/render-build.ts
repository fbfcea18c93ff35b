// The human status lines of a build report, for stdout.
import { describeChanges } from "../review/bundle-changes.js";
import { describeSignatures } from "../review/signature-report.js";
import type { BuildReport } from "../review/build-report.js";
import { describeSummary, plural, shortHash, type Painter } from "./painter.js";
import { forgeCommand } from "../../core/forge-command.js";

/** The status line, the changes and the diagnostic counts. */
/** What a build that kept trust prints (docs/guides/pi-extension.md quotes it). */
export const TRUST_KEPT =
  "forge: trust kept: you had trusted the bundle this build replaced, and every change since is your own edit (uncommitted, or your commit of what you had built), so Pi keeps trusting the new one";

/** `rebuild`: the build that writes the bundle again, with the options that chose it (--root, --global, --library, --all). */
export function renderBuildReport(report: BuildReport, p: Painter, rebuild: string = forgeCommand("build")): string {
  const lines: string[] = [];
  const counted = describeSummary(report.summary);
  const what = report.counts ? `${plural(report.counts.modes, "mode")}, ${plural(report.counts.presets, "preset")}` : "";
  const hash = `bundleHash ${shortHash(report.bundleHash)}`;
  switch (report.status) {
    case "errors":
      lines.push(
        report.check
          ? `${p.paint("red", "forge: check failed")} with ${counted}; fix the sources, then run \`${rebuild}\``
          : `${p.paint("red", "forge: build failed")} with ${counted}; ${report.path} was not written (any existing bundle is kept)`,
      );
      break;
    case "written":
      lines.push(`${p.paint("green", "forge: wrote")} ${report.path} (${what}, ${hash})`);
      break;
    case "unchanged":
      lines.push(`forge: ${report.path} unchanged (${what}, ${hash})`);
      break;
    case "fresh":
      lines.push(`${p.paint("green", "forge: up to date:")} ${report.path} (${what}, ${hash})`);
      break;
    case "missing":
      lines.push(`${p.paint("red", "forge: missing:")} ${report.path} does not exist; run \`${rebuild}\` to create it`);
      break;
    case "stale":
      lines.push(`${p.paint("red", "forge: stale:")} ${report.path} differs from the sources; run \`${rebuild}\``);
      break;
  }
  if (report.changes && report.status !== "missing") lines.push(...describeChanges(report.changes));
  if (report.signatures) lines.push(...describeSignatures(report.signatures).map((l) => `forge:${l.slice(1)}`));
  if (report.trustKept) lines.push(TRUST_KEPT);
  if (report.trustNotKept) {
    const what = report.trustNotKept.changes.length > 0 ? ` (${report.trustNotKept.changes.join(", ")})` : "";
    lines.push(`forge: trust not kept: ${report.trustNotKept.reason}${what}; review the new bundle in Pi with /forge trust`);
  }
  if (report.policy) {
    const broken = report.diagnostics.filter((d) => d.code.startsWith("policy_")).length;
    const via = report.policy.from === "cli" ? "--policy" : "expectPolicy in forge.yaml";
    lines.push(
      `forge: checked against the team policy ${report.policy.name} (${via}): ${broken === 0 ? "no rule broken" : `${broken} policy diagnostic${broken === 1 ? "" : "s"}`}`,
    );
  }
  if (report.status !== "errors" && counted) lines.push(`forge: ${counted}`);
  return lines.join("\n") + "\n";
}
