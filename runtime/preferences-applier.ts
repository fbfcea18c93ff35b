// Applies a selection's model/thinking/tools preferences on activation (and turns off the tools its edit limits do not
// leave on), and restores the previous values on /mode off.
import type { Catalog } from "../core/component-catalog.js";
import { hasPreferences, mergePreferences, resolveTools, type MergedPreferences } from "../core/preferences.js";
import type { Mode } from "../generated/types.js";
import { toolAllowedUnder, type ActiveLimit } from "../core/pinned-limits.js";
import type { CtxPort, HostThinkingLevel, ModelRef, PiPort } from "./host-adapter/ports.js";
import { describeError, say } from "./notify.js";

/** The values before forge first changed anything; restored by /mode off. */
export interface PreferenceSnapshot {
  model: ModelRef | undefined;
  thinking: HostThinkingLevel;
  tools: string[];
  /** Set once forge switched the model, so a later selection without a model preference switches back. */
  modelApplied?: boolean;
}

/** "provider/id" (the id may hold slashes) or a bare id matched against every known model. */
export function findModel(ctx: CtxPort, spec: string): ModelRef | undefined {
  const registry = ctx.modelRegistry;
  if (!registry) return undefined;
  const slash = spec.indexOf("/");
  if (slash > 0) {
    const found = registry.find(spec.slice(0, slash), spec.slice(slash + 1));
    if (found) return found;
  }
  return registry.getAll?.().find((m) => m.id === spec);
}

/**
 * Sets the preferred model, thinking level and tools. The tools list narrows the tools active before forge changed
 * them and may switch on Pi's read-only built-ins (resolveTools); nothing else. `allowed` then keeps only the tools an
 * edit limit leaves on. Returns notices (never throws).
 */
export async function applyPreferences(
  pi: PiPort,
  ctx: CtxPort,
  prefs: MergedPreferences,
  baseline: PreferenceSnapshot,
  allowed: (tool: string) => boolean = () => true,
): Promise<string[]> {
  const notices: string[] = [];
  try {
    if (prefs.model !== undefined) {
      const model = findModel(ctx, prefs.model);
      if (!model) notices.push(`forge: preferred model "${prefs.model}" was not found; keeping the current model`);
      else if (!(await pi.setModel(model))) notices.push(`forge: no API key for preferred model "${prefs.model}"; keeping the current model`);
      else baseline.modelApplied = true;
    } else if (baseline.modelApplied && baseline.model) {
      await pi.setModel(baseline.model);
      baseline.modelApplied = false;
    }
    const thinking = prefs.thinking ?? baseline.thinking;
    if (pi.getThinkingLevel() !== thinking) pi.setThinkingLevel(thinking);
    const tools = resolveTools(baseline.tools, prefs.tools).filter(allowed);
    const active = pi.getActiveTools();
    if (tools.length !== active.length || tools.some((t, i) => t !== active[i])) pi.setActiveTools(tools);
  } catch (error) {
    notices.push(`forge: could not apply mode preferences (${describeError(error)})`);
  }
  return notices;
}

export interface PreferencesApplier {
  /**
   * Applies what the selected modes `keys` prefer, with the tools `limits` turn off left off; the first change snapshots
   * Pi's values, a selection without preferences or limits restores them.
   */
  follow(ctx: CtxPort, catalog: Catalog, keys: readonly string[], limits: readonly ActiveLimit[]): Promise<{ turnedOff: string[] }>;
  /** Whether an active tool is one `limits` turn off (bash, a tool not known to be read-only). */
  blocked(limits: readonly ActiveLimit[]): boolean;
  /** Turns off the active tools `limits` turn off, nothing else (a resumed session: Pi starts with its own tools). */
  enforce(ctx: CtxPort, limits: readonly ActiveLimit[]): void;
  /** /mode off: back to the values before forge changed anything. */
  restore(ctx: CtxPort): Promise<void>;
}

/** The snapshot of Pi's own values is private: taken on the first change, dropped on /mode off. */
export function createPreferencesApplier(pi: PiPort, ownTools: readonly string[] = []): PreferencesApplier {
  let snapshot: PreferenceSnapshot | null = null;
  const allowedUnder = (limits: readonly ActiveLimit[]) => (tool: string) => toolAllowedUnder(limits, tool, ownTools);
  const take = (ctx: CtxPort): PreferenceSnapshot => (snapshot ??= { model: ctx.model, thinking: pi.getThinkingLevel(), tools: [...pi.getActiveTools()] });
  return {
    async follow(ctx, catalog, keys, limits) {
      const modes = keys.map((k) => catalog.modes.get(k)?.mode).filter((m): m is Mode => m !== undefined);
      const prefs = mergePreferences(modes);
      if (!hasPreferences(prefs) && limits.length === 0 && snapshot === null) return { turnedOff: [] };
      const before = pi.getActiveTools();
      const allowed = allowedUnder(limits);
      for (const n of await applyPreferences(pi, ctx, prefs, take(ctx), allowed)) say(ctx, n, "warning");
      // What the edit limits turned off now, for the activation's notice (the model only sees the tool gone).
      const after = new Set(pi.getActiveTools());
      return { turnedOff: before.filter((t) => !after.has(t) && !allowed(t)) };
    },
    blocked(limits) {
      if (limits.length === 0) return false;
      const allowed = allowedUnder(limits);
      return pi.getActiveTools().some((t) => !allowed(t));
    },
    enforce(ctx, limits) {
      const allowed = allowedUnder(limits);
      try {
        const active = pi.getActiveTools();
        if (active.every(allowed)) return;
        take(ctx);
        pi.setActiveTools(active.filter(allowed));
      } catch (error) {
        say(ctx, `forge: could not turn tools off under the edit limit (${describeError(error)}); the gate still refuses their calls`, "warning");
      }
    },
    async restore(ctx) {
      if (snapshot === null) return;
      for (const n of await applyPreferences(pi, ctx, {}, snapshot)) say(ctx, n, "warning");
      snapshot = null;
    },
  };
}
