// `--format github`: a build or check report as GitHub Actions workflow commands (::error file=...,line=...::message).
import { forgeCommand } from "../../core/forge-command.js";
import { isAbsolute, join, relative, sep } from "node:path";
import type { Diagnostic, Severity } from "../../core/diagnostic.js";
import type { BuildReport } from "../review/build-report.js";
import { describeChanges } from "../review/bundle-changes.js";
import { plural } from "./painter.js";
import { visible } from "../../core/safe-text.js";

/** Where paths are reported from: GitHub resolves annotation paths against the workspace root. */
export interface AnnotationPaths {
  /** Absolute forge root; diagnostics' files are relative to it. */
  forgeRoot: string;
  /** Absolute bundle.json path. */
  bundlePath: string;
  /** $GITHUB_WORKSPACE, else the current directory. */
  workspace: string;
  /** The build that writes the bundle again, with the options that chose it (default: a plain build). */
  rebuild?: string;
}

const COMMAND: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

/**
 * The runner's escaping for a message: %, CR and LF would otherwise end or corrupt the command (so a crafted file name
 * can never start a new workflow command). Other control characters, such as ESC, are shown visibly in the log.
 */
export function escapeData(text: string): string {
  return visible(text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A"));
}

/** Property values additionally escape the separators ':' and ','. */
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

export function workflowCommand(command: string, properties: Array<[string, string | number]>, message: string): string {
  const props = properties.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(",");
  return `::${command}${props ? " " + props : ""}::${escapeData(message)}`;
}

/** A path relative to the workspace with forward slashes; outside the workspace it stays absolute. */
export function workspacePath(paths: AnnotationPaths, absolute: string): string {
  const rel = relative(paths.workspace, absolute);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return absolute.split(sep).join("/");
  return rel.split(sep).join("/");
}

export function annotateDiagnostic(d: Diagnostic, paths: AnnotationPaths): string {
  const props: Array<[string, string | number]> = [];
  if (d.file !== null) {
    props.push(["file", workspacePath(paths, join(paths.forgeRoot, ...d.file.split("/")))]);
    if (d.start) {
      props.push(["line", d.start.line], ["col", d.start.column]);
      if (d.end) props.push(["endLine", d.end.line], ["endColumn", d.end.column]);
    }
  }
  props.push(["title", `forge ${d.code}`]);
  return workflowCommand(COMMAND[d.severity], props, d.message);
}

/** One annotation per diagnostic, one for a stale or missing bundle, then a plain summary line for the log. */
export function renderAnnotations(report: BuildReport, paths: AnnotationPaths): string {
  const lines = report.diagnostics.map((d) => annotateDiagnostic(d, paths));
  const bundle: Array<[string, string]> = [["file", workspacePath(paths, paths.bundlePath)]];
  if (report.status === "missing") {
    lines.push(
      workflowCommand(
        "error",
        [...bundle, ["title", "forge bundle missing"]],
        `${report.path} does not exist; run \`${paths.rebuild ?? forgeCommand("build")}\` and commit it.`,
      ),
    );
  } else if (report.status === "stale") {
    const changes = report.changes ? describeChanges(report.changes).map((l) => l.trim()) : [];
    const message = [`${report.path} is stale: it differs from the sources. Run \`${paths.rebuild ?? forgeCommand("build")}\` and commit it.`, ...changes].join(
      "\n",
    );
    lines.push(workflowCommand("error", [...bundle, ["title", "forge bundle stale"]], message));
  }
  const { errors, warnings, infos } = report.summary;
  const verdict = report.status === "errors" ? "failed" : report.status === "stale" || report.status === "missing" ? `bundle ${report.status}` : report.status;
  const counts = `${plural(errors, "error")}, ${plural(warnings, "warning")}, ${infos} info`;
  lines.push(`forge ${report.check ? "check" : "build"}: ${verdict} (${counts})`);
  return lines.join("\n") + "\n";
}
