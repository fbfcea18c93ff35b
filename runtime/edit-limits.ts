// Refuses edit/write calls outside the active modes' edit limits (Pi's tool_call event), before the tool runs.
import { checkEdit, compileLimit, describeRefusal, type CompiledLimit } from "../core/edit-limits.js";
import { EDIT_TOOLS } from "../core/tool-paths.js";
import type { EditLimit } from "../generated/types.js";
import type { SessionView } from "./forge-session.js";
import type { CtxPort, PiPort, ToolCallEvent, ToolCallResult } from "./host-adapter/ports.js";
import { describeError } from "./notify.js";
import { globRoot } from "../core/rule-catalog.js";
import { pathRoot } from "./rule-sources.js";
import { callPaths } from "./tool-call-paths.js";

/**
 * The limits of the modes forge composes now: the base and overlays of the active selection, as the current
 * bundles define them (the selection pinned their digests, so a changed limit is drift like any change).
 * Nothing when forge falls back to Pi's native prompt.
 */
function activeLimits(session: SessionView, ctx: CtxPort, compiled: WeakMap<EditLimit, CompiledLimit>): Array<{ limit: CompiledLimit; layer: string | null }> {
  const { composition } = session.compose(ctx);
  if (composition.kind !== "compose") return [];
  const keys = [...(composition.base ? [composition.base.key] : []), ...composition.overlays.map((o) => o.key)];
  const limits: Array<{ limit: CompiledLimit; layer: string | null }> = [];
  for (const key of keys) {
    const entry = session.catalog().modes.get(key);
    const limit = entry?.mode.edits;
    if (entry === undefined || limit === undefined) continue;
    // Expressions are built once per loaded bundle: a re-read bundle brings new limit objects.
    let c = compiled.get(limit);
    if (c === undefined || c.mode !== key) compiled.set(limit, (c = compileLimit(key, limit)));
    limits.push({ limit: c, layer: entry.layer });
  }
  return limits;
}

export function checkToolCall(session: SessionView, event: ToolCallEvent, ctx: CtxPort, compiled: WeakMap<EditLimit, CompiledLimit>): ToolCallResult | undefined {
  if (!EDIT_TOOLS.includes(event.toolName)) return undefined;
  try {
    const loaded = session.scopes(ctx);
    const limits = activeLimits(session, ctx, compiled);
    if (limits.length === 0) return undefined;
    const root = pathRoot(loaded, ctx);
    // A limit's globs are relative to its mode's project layer (a monorepo has several), else to the project root.
    const byRoot = new Map<string, { paths: Array<string | null>; shown: string }>();
    for (const { limit, layer } of limits) {
      const dir = globRoot(layer, root);
      let call = byRoot.get(dir);
      if (call === undefined) byRoot.set(dir, (call = callPaths(event.toolName, event.input, ctx.cwd, dir) ?? { paths: [], shown: "" }));
      const verdict = checkEdit([limit], call.paths, call.shown);
      if (!verdict.ok) return { block: true, reason: describeRefusal(verdict, [limit]) };
    }
    return undefined;
  } catch (error) {
    // A limit never grants anything: when forge cannot tell, the edit is refused.
    return { block: true, reason: `forge: edit refused: forge could not check the active modes' edit limits (${describeError(error)}). The file was not changed.` };
  }
}

/** Call once from the extension factory, before the system-update feature: a refused call then triggers no rule. */
export function registerEditLimits(pi: Pick<PiPort, "on">, session: SessionView): void {
  const compiled = new WeakMap<EditLimit, CompiledLimit>();
  pi.on("tool_call", (event, ctx) => checkToolCall(session, event, ctx, compiled));
}
