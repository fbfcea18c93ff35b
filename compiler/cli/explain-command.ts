// `forge explain <preset> | <mode>...`: how a selection resolves, printed for people or as JSON.
import { homedir } from "node:os";
import { join, relative, sep } from "node:path";
import type { Scope } from "../../core/digest.js";
import { packagePath, type ForgeTarget } from "../io/forge-target.js";
import { pathForHumans } from "../output/display-path.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { renderExplain } from "../output/render-explain.js";
import { explainNames } from "../review/explain.js";
import type { CliIO } from "./cli-io.js";
import { inspectCommand, selectionSpec } from "./inspect-command.js";
import type { CliArgs } from "./parse-cli-args.js";

/** Display paths: the target's own files relative to its root, a layer above it from the current directory, built-ins inside the package. */
function sourceDescriber(target: ForgeTarget, cwd: string): (scope: Scope, source: string, layer: string | null) => string {
  return (scope, source, layer) => {
    if (scope === "project" && layer !== null && layer !== target.root) return pathForHumans(cwd, join(layer, ".pi", "forge", ...source.split("/")));
    if (scope === target.scope) return `${target.displayForgeRoot}${source}`;
    // The built-in library ships in the forge package's presets/ folder.
    if (scope === "builtin") return relative(packagePath(), join(packagePath("presets"), source)).split(sep).join("/");
    return `${scope}:${source}`;
  };
}

export function explainCommand(args: CliArgs, io: CliIO): number {
  return inspectCommand(
    args,
    io,
    "explain",
    (inspected, target, settings) =>
      explainNames(
        inspected,
        selectionSpec(args),
        settings,
        target.root,
        sourceDescriber(target, io.cwd),
        args.path === undefined ? null : { path: args.path, cwd: io.cwd, home: homedir() },
      ),
    (report) => io.stdout.write(renderExplain(report, makePainter(colorEnabled(io.stdout, io.env)))),
  );
}
