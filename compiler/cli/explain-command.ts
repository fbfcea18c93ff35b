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
import { forgeCommand, scopeWords } from "../../core/forge-command.js";
import { explainOverview, type ExplainOverview } from "../review/explain-overview.js";
import type { TrustView } from "../review/trust-view.js";
import { renderExplainOverview } from "../output/render-explain-overview.js";

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

/** What `forge explain` with no names prints with --json (schema/cli-report.schema.json's explainOverviewReport). */
interface OverviewReport {
  command: "explain";
  status: "ok" | "errors";
  reason: string | null;
  overview: ExplainOverview | null;
  trust: TrustView;
}

/** `forge explain` with no names and no --path: everything the target's sources offer, and who signed and trusts it. */
function explainEverything(args: CliArgs, io: CliIO): number {
  return inspectCommand<OverviewReport>(
    args,
    io,
    "explain",
    (inspected, target) => {
      const trust = readTrustView(target, io.env, inspected.bundleHash ?? null, inspected.signedBy);
      const { catalog, diagnostics } = inspected;
      if (catalog === null) {
        const reason = "the sources have errors; fix them first";
        return { report: { command: "explain", status: "errors", reason, overview: null, trust, diagnostics }, exitCode: 1 };
      }
      const overview = explainOverview(catalog, inspected.rules ?? [], target.scope, sourceDescriber(target, io));
      return { report: { command: "explain", status: "ok", reason: null, overview, trust, diagnostics }, exitCode: 0 };
    },
    (report) =>
      io.stdout.write(
        report.overview === null
          ? `forge: explain refused: ${report.reason}\n`
          : renderExplainOverview(report.overview, report.trust, makePainter(colorEnabled(io.stdout, io.env)), forgeCommand("explain", ...scopeWords(args))),
      ),
  );
}

export function explainCommand(args: CliArgs, io: CliIO): number {
  if (args.preset === undefined && args.modes === undefined && args.positionals.length === 0 && args.path === undefined) return explainEverything(args, io);
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
