// `forge diff [A] [B]`: load both sides, compare them semantically, print the report; exit 0 same, 1 changed, 2 cannot compare.
import type { ForgeBundle } from "../../generated/types.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import { loadBuiltinBundle, resolveTarget, type BuiltinBundleResult } from "../io/forge-target.js";
import { WORKTREE_SPEC, loadDefaultA, loadSpec, type SpecContext, type SpecLoad } from "../io/diff-sides.js";
import type { DiffFailure, DiffReport } from "../review/diff-report.js";
import { renderDiffReport } from "../output/render-diff.js";
import { EMPTY_BUNDLE, compareBundles, type BundleView } from "../review/semantic-diff.js";
import type { CliArgs } from "./parse-cli-args.js";
import { diagnosticsForJson, pathFromCwd, type CliIO } from "./cli-io.js";
import { describeFailure } from "../io/describe-failure.js";
import { colorEnabled, makePainter } from "../output/painter.js";

export const DIFF_EXIT = { same: 0, changed: 1, cannotCompare: 2 } as const;

function viewOf(bundle: ForgeBundle | null): BundleView {
  return bundle === null ? EMPTY_BUNDLE : bundle;
}

function cannotCompare(io: CliIO, json: boolean, failure: Extract<SpecLoad, { ok: false }>, forgeRoot: string): number {
  const diagnostics = failure.diagnostics ?? [];
  if (json) {
    const out: DiffFailure = { command: "diff", status: "failed", message: failure.message, diagnostics: diagnosticsForJson(diagnostics, io, forgeRoot) };
    io.stdout.write(JSON.stringify(out, null, 2) + "\n");
  } else {
    if (diagnostics.length > 0) {
      io.stderr.write(
        formatDiagnostics(diagnostics, failure.getSource ?? (() => undefined), {
          color: colorEnabled(io.stderr, io.env),
          displayPath: pathFromCwd(io, forgeRoot),
        }),
      );
    }
    io.stderr.write(`forge diff: cannot compare: ${failure.message}\n`);
  }
  return DIFF_EXIT.cannotCompare;
}

export function diffCommand(args: CliArgs, io: CliIO): number {
  const target = resolveTarget(args, io.env, io.cwd);
  // Loaded at most once, and only when a side is a worktree build.
  let builtin: BuiltinBundleResult | undefined;
  const ctx: SpecContext = { target, cwd: io.cwd, env: io.env, builtin: () => (builtin ??= loadBuiltinBundle()) };
  const [specA, specB] = args.positionals;
  let a: SpecLoad;
  let b: SpecLoad;
  try {
    // A defaults to the committed bundle, B to the worktree; A's failure is reported first.
    a = specA === undefined ? loadDefaultA(ctx) : loadSpec(specA, ctx);
    if (!a.ok) return cannotCompare(io, args.json, a, target.forgeRoot);
    b = loadSpec(specB ?? WORKTREE_SPEC, ctx);
  } catch (err) {
    // An unexpected spawn or read failure: still "could not compare", in one line.
    return cannotCompare(io, args.json, { ok: false, message: describeFailure(err) }, target.forgeRoot);
  }
  if (!b.ok) return cannotCompare(io, args.json, b, target.forgeRoot);

  const A = a.loaded;
  const B = b.loaded;
  const diff = compareBundles(viewOf(A.bundle), viewOf(B.bundle), { a: A.side.label, b: B.side.label });
  const report: DiffReport = { command: "diff", a: A.side, b: B.side, ...diff, notes: [...A.notes, ...B.notes, ...diff.notes] };
  if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
  else io.stdout.write(renderDiffReport(report, makePainter(colorEnabled(io.stdout, io.env))));
  return report.semantic ? DIFF_EXIT.changed : DIFF_EXIT.same;
}
