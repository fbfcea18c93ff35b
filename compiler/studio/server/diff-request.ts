// The Diff view's request: two specs (worktree, a bundle file inside the project, a git ref) loaded like `forge diff`.
import { displayDir } from "../../output/display-path.js";
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { ForgeBundle } from "../../../generated/types.js";
import { describeFailure } from "../../io/describe-failure.js";
import { WORKTREE_SPEC, loadDefaultA, loadSpec, type SpecContext, type SpecLoad } from "../../io/diff-sides.js";
import type { BuiltinBundleResult, ForgeTarget } from "../../io/forge-target.js";
import type { DiffReport } from "../../review/diff-report.js";
import { EMPTY_BUNDLE, compareBundles, type BundleView } from "../../review/semantic-diff.js";
import { diagnosticViews } from "../model/diagnostic-views.js";
import { diffView } from "../model/diff-view.js";
import type { DiffData } from "../model/studio-api.js";

/**
 * The studio reads bundle files only inside the project root: the page may name any path, and the server must not
 * become a way to read files elsewhere. Refs and `worktree` are not files. Returns why a spec is refused, or null.
 */
function outsideRoot(spec: string, root: string, shownRoot: string): string | null {
  if (spec === WORKTREE_SPEC) return null;
  const path = resolve(root, spec);
  if (!existsSync(path)) return null; // not a file: loadSpec reads it as a git ref
  const rel = relative(realpathSync(root), realpathSync(path));
  const inside = rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  return inside ? null : `forge studio reads bundle files only inside ${shownRoot}; '${spec}' is not`;
}

const viewOf = (bundle: ForgeBundle | null): BundleView => bundle ?? EMPTY_BUNDLE;

function failed(load: Extract<SpecLoad, { ok: false }>, target: ForgeTarget): DiffData {
  const diagnostics = diagnosticViews(load.diagnostics ?? [], target.displayForgeRoot, load.getSource ?? (() => undefined));
  return { status: "failed", message: load.message, diagnostics };
}

/** `a` empty: the committed bundle (HEAD, or bundle.json outside git), as `forge diff` defaults; `b` empty: worktree. */
export function diffRequest(specA: string, specB: string, target: ForgeTarget, env: NodeJS.ProcessEnv, builtin: BuiltinBundleResult): DiffData {
  for (const spec of [specA, specB]) {
    const refused = spec === "" ? null : outsideRoot(spec, target.root, displayDir(target.cwd, target.root));
    if (refused !== null) return { status: "failed", message: refused, diagnostics: [] };
  }
  const ctx: SpecContext = { target, cwd: target.root, env, builtin: () => builtin };
  try {
    const a = specA === "" ? loadDefaultA(ctx) : loadSpec(specA, ctx);
    if (!a.ok) return failed(a, target);
    const b = loadSpec(specB === "" ? WORKTREE_SPEC : specB, ctx);
    if (!b.ok) return failed(b, target);
    const A = a.loaded;
    const B = b.loaded;
    const diff = compareBundles(viewOf(A.bundle), viewOf(B.bundle), { a: A.side.label, b: B.side.label });
    const report: DiffReport = { command: "diff", a: A.side, b: B.side, ...diff, notes: [...A.notes, ...B.notes, ...diff.notes] };
    return diffView(report);
  } catch (err) {
    return { status: "failed", message: describeFailure(err), diagnostics: [] };
  }
}
