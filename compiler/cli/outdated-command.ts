// `forge outdated [--root DIR] [--offline] [--json]`: each forge library's locked, installed and latest version, and the
// presets taking the installed one would change. Exit 0 when every library is current, 1 when one is not, 2 usage.
import { forgeCommand } from "../../core/forge-command.js";
import { resolveTarget, isDirectory, loadBuiltinBundle, noSourcesProblem, type BuiltinBundleResult } from "../io/forge-target.js";
import { loadSpec, WORKTREE_SPEC, type SpecContext } from "../io/diff-sides.js";
import { readLibraries } from "../io/read-libraries.js";
import { readSources } from "../io/read-sources.js";
import { latestVersions } from "../io/npm-latest.js";
import { listedLibraries } from "../phases/config-settings.js";
import { compareBundles, EMPTY_BUNDLE, type BundleView } from "../review/semantic-diff.js";
import { outdatedReport, type OutdatedLibrary, type OutdatedReport } from "../review/outdated-report.js";
import { describeFailure } from "../io/describe-failure.js";
import type { LockedLibrary } from "../../generated/types.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";

const REGISTRY_NOTE: Record<OutdatedReport["registry"], string | null> = {
  ok: null,
  partial: "the registry did not answer for every library (see the latest column)",
  offline: "the npm registry is unreachable (offline?): latest versions are unknown; locked and installed versions are still compared",
  skipped: "--offline: the registry was not asked",
};

function latestCell(l: OutdatedLibrary): string {
  if (l.latest !== null) return l.latest;
  return { skipped: "(offline)", unreachable: "(unreachable)", "not-found": "(not on registry)", "npm-missing": "(no npm)", failed: "(failed)", ok: "?" }[
    l.latestStatus
  ];
}

export function renderOutdated(report: OutdatedReport): string {
  // Nothing to compare: say so, not why the registry was not asked (it was not needed).
  if (report.libraries.length === 0 && report.problem === null)
    return "forge outdated: this project uses no forge libraries (none are listed), so nothing can be outdated\n";
  const rows = [["library", "locked", "installed", "latest"], ...report.libraries.map((l) => [l.name, l.locked ?? "-", l.installed ?? "-", latestCell(l)])];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
  for (const l of report.libraries) {
    if (l.installedProblem !== null) lines.push(`  ${l.name}: ${l.installedProblem}`);
    if (l.differsFromLock && l.installed !== null) {
      const what = l.presets === null ? "" : l.presets.length > 0 ? `; it changes presets: ${l.presets.join(", ")}` : "; it changes no preset";
      const modes = l.modes !== null && l.modes.length > 0 ? ` (modes: ${l.modes.join(", ")})` : "";
      lines.push(`  ${l.name}: the installed ${l.installed} differs from the lock (${l.locked ?? "not locked"})${what}${modes}`);
      lines.push(`    take it: ${forgeCommand("build")} (review: ${forgeCommand("diff")}), then commit the bundle; keep ${l.locked ?? "the lock"}: npm ci`);
    }
    if (l.newerOnRegistry)
      lines.push(
        `  ${l.name}: ${l.latest} is on the registry: npm install ${l.name}@${l.latest}, then ${forgeCommand("outdated")} shows the presets it changes`,
      );
  }
  if (report.problem !== null) lines.push(`forge outdated: ${report.problem}`);
  const note = REGISTRY_NOTE[report.registry];
  if (note !== null) lines.push(`forge outdated: ${note}`);
  lines.push(report.status === "current" ? "forge outdated: every library is current" : "forge outdated: some libraries are not current");
  return lines.join("\n") + "\n";
}

export async function outdatedCommand(args: CliArgs, io: CliIO): Promise<number> {
  const target = resolveTarget(args, io.env, io.cwd);
  if (!isDirectory(target.forgeRoot)) return printFailure(io, args.json, "outdated", noSourcesProblem(target));
  let report: OutdatedReport;
  try {
    const tree = readSources(target.forgeRoot);
    const listed = listedLibraries(tree);
    if (listed.length === 0) {
      report = { command: "outdated", status: "current", registry: "skipped", problem: null, libraries: [] };
    } else {
      let builtin: BuiltinBundleResult | undefined;
      const ctx: SpecContext = { target, cwd: io.cwd, env: io.env, builtin: () => (builtin ??= loadBuiltinBundle()) };
      // The same comparison as forge diff: the bundle on disk (its lock) against a worktree build with what is installed.
      const onDisk = loadSpec(target.bundlePath, ctx);
      const worktree = loadSpec(WORKTREE_SPEC, ctx);
      const a: BundleView = onDisk.ok && onDisk.loaded.bundle ? onDisk.loaded.bundle : EMPTY_BUNDLE;
      const b: BundleView = worktree.ok && worktree.loaded.bundle ? worktree.loaded.bundle : EMPTY_BUNDLE;
      const diff = worktree.ok ? compareBundles(a, b, { a: target.displayPath, b: WORKTREE_SPEC }) : null;
      const latest = args.offline ? null : await latestVersions(listed, target.root, io.env);
      report = outdatedReport({
        listed,
        lock: (onDisk.ok ? (onDisk.loaded.bundle?.lock ?? []) : []) as LockedLibrary[],
        installed: readLibraries(target.root, tree),
        latest,
        diff,
        a,
        b,
        problem: worktree.ok ? null : `what the installed libraries change is unknown: ${worktree.message}`,
      });
    }
  } catch (err) {
    return printFailure(io, args.json, "outdated", describeFailure(err));
  }
  if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else io.stdout.write(renderOutdated(report));
  return report.status === "current" ? 0 : 1;
}
