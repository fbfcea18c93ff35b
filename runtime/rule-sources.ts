// What path rules and edit limits read from the loaded scopes: the offered rules (trusted bundles only, less the nested
// context files Pi loaded itself) and the project root.
import { offeredContextRules } from "../core/context-files.js";
import { collectRules, type PathRuleSources } from "../core/rule-catalog.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { LoadedScopes } from "./scope-loader.js";

/** The directory built-in and global globs are relative to: the deepest project layer's root, else the working directory. */
export function pathRoot(loaded: LoadedScopes, ctx: Pick<CtxPort, "cwd">): string {
  return loaded.discovered.paths.projectRoot ?? ctx.cwd;
}

/**
 * The rule sources of the current scopes, re-collected only when the scopes were re-read. Rules are repository
 * content: a project layer's count only when that layer is trusted (the catalog withholds an untrusted layer's
 * components; collectRules skips its rules the same way, as preset blocks are).
 */
export function createRuleSources(scopes: (ctx: CtxPort) => LoadedScopes): (ctx: CtxPort) => PathRuleSources {
  let last: { loaded: LoadedScopes; cwd: string; value: PathRuleSources } | null = null;
  return (ctx) => {
    const loaded = scopes(ctx);
    if (last !== null && last.loaded === loaded && last.cwd === ctx.cwd) return last.value;
    const root = pathRoot(loaded, ctx);
    // A nested context file's rule for a directory Pi loaded the file from itself would tell the model twice.
    const rules = offeredContextRules(collectRules(loaded.discovered.sources), ctx.cwd, root);
    last = { loaded, cwd: ctx.cwd, value: { rules, root } };
    return last.value;
  };
}
