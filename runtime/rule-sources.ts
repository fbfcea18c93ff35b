// What path rules and edit limits read from the loaded scopes: the offered rules (trusted bundles only) and the project root.
import { collectRules, type PathRuleSources } from "../core/rule-catalog.js";
import type { CtxPort } from "./host-adapter/ports.js";
import type { LoadedScopes } from "./scope-loader.js";

/** The directory globs are relative to: the project root (holding .pi/forge/), else the working directory. */
export function pathRoot(loaded: LoadedScopes, ctx: Pick<CtxPort, "cwd">): string {
  return loaded.discovered.paths.projectRoot ?? ctx.cwd;
}

/**
 * The rule sources of the current scopes, re-collected only when the scopes were re-read. Rules are repository
 * content: the project scope's count only when the project is trusted (the loader leaves an untrusted bundle
 * out already; this checks again, as preset blocks do).
 */
export function createRuleSources(scopes: (ctx: CtxPort) => LoadedScopes): (ctx: CtxPort) => PathRuleSources {
  let last: { loaded: LoadedScopes; cwd: string; value: PathRuleSources } | null = null;
  return (ctx) => {
    const loaded = scopes(ctx);
    if (last !== null && last.loaded === loaded && last.cwd === ctx.cwd) return last.value;
    const trusted = loaded.discovered.trust.trusted === true;
    const rules = collectRules(loaded.discovered.bundles).filter((r) => r.scope !== "project" || trusted);
    last = { loaded, cwd: ctx.cwd, value: { rules, root: pathRoot(loaded, ctx) } };
    return last.value;
  };
}
