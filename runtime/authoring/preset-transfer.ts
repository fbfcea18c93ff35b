// /preset export, /preset import and /preset delete. An export is what this session's trusted layers resolve (keys,
// order, drift policy, digests; no prompt text); an import runs `forge preset import` (the same check and write as the
// CLI, so both share one path) into the project (trusted only) or --global; a delete removes the source and rebuilds.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createPresetExport, presetExportText } from "../../core/preset-export.js";
import { createTextExclusive, writeTextAtomic } from "../../io/atomic-write.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { parseAuthoringArgs } from "./authoring-args.js";
import { findSource, resolveTarget, shownPath, type AuthoringScope } from "./authoring-target.js";
import { oneKey, tellOutcome, type AuthoringDeps } from "./mode-authoring.js";
import { diagnosticLines, followTrust, removeSourceAndRebuild } from "./rebuild.js";
import { visible } from "../../core/safe-text.js";
import type { CliFailure, CliPresetImportReport } from "../../generated/types.js";
import { forgeVersion } from "../../core/forge-version.js";

export const PRESET_TRANSFER_USAGE = [
  "       /preset export <name> [file] [--force]     keys, order, drift policy and digests; no prompt text",
  "       /preset import <file> [--global] [--force]  writes presets/<name>.yaml (the project needs trust) and builds",
  "       /preset delete <name> [--global]",
].join("\n");

export async function handlePresetTransfer(deps: AuthoringDeps, sub: "export" | "import" | "delete", argText: string, ctx: CtxPort): Promise<void> {
  const args = parseAuthoringArgs(argText);
  const [first, second, extra] = args.words;
  const usage = (why: string) => say(ctx, `forge: ${why}\nusage:\n${PRESET_TRANSFER_USAGE}`, "error");
  if (args.errors.length > 0) return usage(args.errors.join("; "));
  if (sub === "export") {
    if (first === undefined || extra !== undefined) return usage("/preset export needs a preset name (and optionally a file)");
    return exportPreset(deps, ctx, first, second, args.force);
  }
  if (sub === "import") {
    if (first === undefined || second !== undefined) return usage("/preset import needs one file");
    return importPreset(deps, ctx, first, args.global ? "global" : "project", args.force);
  }
  const name = oneKey(args);
  if (name === null) return usage("/preset delete needs one preset name");
  return deletePreset(deps, ctx, name, args.global);
}

async function exportPreset(deps: AuthoringDeps, ctx: CtxPort, name: string, file: string | undefined, force: boolean): Promise<void> {
  const made = createPresetExport(deps.session.scopes(ctx).catalog, name, forgeVersion);
  if (!made.ok) return say(ctx, `forge: cannot export: ${made.error}`, "error");
  const text = presetExportText(made.value);
  if (file === undefined) return say(ctx, text.trimEnd());
  const abs = resolve(ctx.cwd, file);
  mkdirSync(dirname(abs), { recursive: true });
  if (force) writeTextAtomic(abs, text);
  else if (!createTextExclusive(abs, text)) return say(ctx, `forge: ${shownPath(ctx.cwd, abs)} exists; not overwritten (add --force to replace it)`, "error");
  say(ctx, `forge: exported preset "${name}" to ${shownPath(ctx.cwd, abs)} (keys, order, drift policy and digests; no prompt text)`);
}

async function importPreset(deps: AuthoringDeps, ctx: CtxPort, file: string, scope: AuthoringScope, force: boolean): Promise<void> {
  const resolved = resolveTarget(deps.session.scopes(ctx, true), ctx, scope);
  if (!resolved.ok) return say(ctx, `forge: ${resolved.error}`, "error");
  const target = resolved.target;
  const answer = await deps.cli(["preset", "import", resolve(ctx.cwd, file), ...target.scopeArgs, ...(force ? ["--force"] : []), "--json"], target.cwd);
  if (!answer.ok) return say(ctx, `forge: /preset import failed: ${answer.failure}`, "error");
  // The CLI's --json report (schema/cli-report.schema.json): the import, or why there was none.
  const report = answer.json as CliPresetImportReport | CliFailure;
  const lines = diagnosticLines(report.diagnostics ?? [], target.cwd, ctx.cwd);
  if (answer.code !== 0 || report.status !== "written" || !("differences" in report)) {
    const why = "message" in report ? report.message : `forge preset import answered ${report.status}`;
    return say(ctx, [`forge: not imported: ${visible(why)}`, ...lines].join("\n"), "error");
  }
  const differences = report.differences.map((d) => `  ${visible(d)}`);
  const trust = await followTrust(deps.session, ctx, target, { kind: "preset", key: report.name }, deps.now());
  const head = `forge: imported preset "${report.name}" into ${visible(shownPath(ctx.cwd, resolve(target.cwd, report.file)))} and rebuilt the ${scope} bundle; use it with /preset use ${report.name}`;
  const diff = differences.length > 0 ? [`these components differ from the exporter's (same keys, other definitions):`, ...differences] : [];
  tellOutcome(ctx, head, { ok: true, lines: [...lines, ...diff] }, [trust]);
}

async function deletePreset(deps: AuthoringDeps, ctx: CtxPort, name: string, global: boolean): Promise<void> {
  const loaded = deps.session.scopes(ctx, true);
  const scope: AuthoringScope = global || loaded.catalog.presets.get(name)?.scope === "global" ? "global" : "project";
  const resolved = resolveTarget(loaded, ctx, scope);
  if (!resolved.ok) return say(ctx, `forge: ${resolved.error}`, "error");
  const target = resolved.target;
  const file = findSource(target, "presets", name, target.previous?.presets[name]?.source);
  if (file === null) return say(ctx, `forge: no source of preset "${name}" in the ${scope} scope`, "error");
  const shown = shownPath(ctx.cwd, file);
  const build = await removeSourceAndRebuild(deps.cli, target, ctx, file, (head, b) => tellOutcome(ctx, head, b));
  if (build === null) return;
  const trust = await followTrust(deps.session, ctx, target, { kind: "preset", key: name }, deps.now());
  const active = deps.session.selection().state?.preset === name ? "; the active selection stays as it is" : "";
  tellOutcome(ctx, `forge: deleted ${shown} and rebuilt the ${scope} bundle${active}`, build, [trust]);
}
