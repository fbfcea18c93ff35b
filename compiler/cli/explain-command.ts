// `forge explain <preset> | <mode>...`: how a selection resolves, printed for people or as JSON.
import { join } from "node:path";
import type { Scope } from "../../core/digest.js";
import { agentDir, packagePath, type ForgeTarget } from "../io/forge-target.js";
import { displayPath } from "../output/display-path.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { renderExplain } from "../output/render-explain.js";
import { explainNames } from "../review/explain.js";
import { readTrustView } from "../io/trust-view.js";
import type { CliIO } from "./cli-io.js";
import { inspectCommand, selectionSpec } from "./inspect-command.js";
import type { CliArgs } from "./parse-cli-args.js";
import { readPolicyArg } from "../io/read-policy.js";
import { explainPolicy } from "../review/explain-policy.js";
import { homeDirOf } from "../io/home-dir.js";

/** Where each source file is, from the current directory: the target's own, a layer above it, the global scope's, built-ins. */
function sourceDescriber(target: ForgeTarget, io: CliIO): (scope: Scope, source: string, layer: string | null) => string {
  const shown = (dir: string, source: string) => displayPath(io.cwd, join(dir, ...source.split("/")));
  return (scope, source, layer) => {
    if (scope === "project" && layer !== null && layer !== target.root) return shown(join(layer, ".pi", "forge"), source);
    if (scope === target.scope) return shown(target.forgeRoot, source);
    // The built-in library ships in the forge package's presets/ folder.
    if (scope === "builtin") return shown(packagePath("presets"), source);
    if (scope === "global") return shown(join(agentDir(io.env), "forge"), source);
    return `${scope}:${source}`;
  };
}

export function explainCommand(args: CliArgs, io: CliIO): number {
  return inspectCommand(
    args,
    io,
    "explain",
    (inspected, target, settings) => {
      const explained = explainNames(
        inspected,
        selectionSpec(args),
        settings,
        target.root,
        sourceDescriber(target, io),
        args.path === undefined ? null : { path: args.path, cwd: io.cwd, home: homeDirOf(io.env) },
      );
      // Who signed the bundle on disk and its libraries, and whether this user trusts it.
      const trust = readTrustView(target, io.env, inspected.bundleHash ?? null, inspected.signedBy);
      // The team policy (--policy, else forge.yaml's expectPolicy): what it adds to this selection.
      const named = args.policy !== undefined ? readPolicyArg(args.policy, target.root, io.cwd) : inspected.expectPolicy;
      const policy = named === undefined ? {} : { policy: explainPolicy(named, explained.report, inspected.catalog) };
      return { ...explained, report: { ...explained.report, trust, ...policy } };
    },
    (report) => io.stdout.write(renderExplain(report, makePainter(colorEnabled(io.stdout, io.env)))),
  );
}
