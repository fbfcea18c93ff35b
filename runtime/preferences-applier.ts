// Applies a selection's model and thinking preferences on activation and restores them on /mode off, and keeps the tools
// declared to the model within what the selection's tool sets and edit limits let run (the declared tool policy).
import type { Catalog } from "../core/component-catalog.js";
import { declaredTools, mergePreferences, type MergedPreferences } from "../core/preferences.js";
import type { Mode } from "../generated/types.js";
import type { CtxPort, HostThinkingLevel, ModelRef, PiPort } from "./host-adapter/ports.js";
import { describeError, say } from "./notify.js";

/** The model and thinking level before forge first changed them; restored by /mode off. */
export interface PreferenceSnapshot {
  model: ModelRef | undefined;
  thinking: HostThinkingLevel;
  /** Set once forge switched the model, so a later selection without a model preference switches back. */
  modelApplied?: boolean;
}

/** What the selection asks of the declared tools (runtime/forge-session.ts builds it from the pins and the host). */
export interface DeclaredToolPolicy {
  /** false: Pi's own tools are declared (no selection restricts them, or toolDelivery: gate keeps them). */
  restricts: boolean;
  /** Whether a tool may be declared: every tool set and edit limit in force lets it run. */
  allowed(tool: string): boolean;
  /** Tools forge may switch on when they are off: the read-only built-ins, when a mode names its tools. */
  switchOn: readonly string[];
}

export const UNRESTRICTED: DeclaredToolPolicy = { restricts: false, allowed: () => true, switchOn: [] };

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

/** Sets the preferred model and thinking level (or back to `baseline`'s). Returns notices (never throws). */
export async function applyPreferences(pi: PiPort, ctx: CtxPort, prefs: MergedPreferences, baseline: PreferenceSnapshot): Promise<string[]> {
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
  } catch (error) {
    notices.push(`forge: could not apply mode preferences (${describeError(error)})`);
  }
  return notices;
}

export interface PreferencesApplier {
  /** Applies what the selected modes `keys` prefer, and declares the tools `tools` lets run. */
  follow(ctx: CtxPort, catalog: Catalog, keys: readonly string[], tools: DeclaredToolPolicy): Promise<{ turnedOff: string[] }>;
  /** Whether the active tools differ from what `tools` declares (a tool Pi or an extension added since, say). */
  blocked(tools: DeclaredToolPolicy): boolean;
  /** Declares the tools `tools` lets run again, nothing else: the declared set re-applied. Returns what it declared. */
  enforce(ctx: CtxPort, tools: DeclaredToolPolicy): string[];
  /** /mode off: back to the model, thinking level and tools forge found (within `floor`, the team policy's tools). */
  restore(ctx: CtxPort): Promise<void>;
}

/**
 * The model snapshot is taken on the first change and dropped on /mode off. For tools the applier keeps what it
 * switched on and off itself, so Pi's own set is always the active tools with forge's changes undone: a tool Pi or an
 * extension adds later (an MCP server that connects, codemode switched on) joins it, and /mode off gives it back.
 */
export function createPreferencesApplier(pi: PiPort, floor: () => DeclaredToolPolicy = () => UNRESTRICTED): PreferencesApplier {
  let snapshot: PreferenceSnapshot | null = null;
  const added = new Set<string>();
  const removed = new Set<string>();
  const take = (ctx: CtxPort): PreferenceSnapshot => (snapshot ??= { model: ctx.model, thinking: pi.getThinkingLevel() });
  /** Pi's own set as forge last saw it, in order: a tool given back returns to its place. */
  let lastOwn: string[] = [];
  const ownTools = (active: readonly string[]): string[] => {
    const own = new Set([...active.filter((t) => !added.has(t)), ...removed]);
    const ordered = lastOwn.filter((t) => own.has(t));
    return [...ordered, ...[...own].filter((t) => !ordered.includes(t))];
  };
  const targetOf = (active: readonly string[], tools: DeclaredToolPolicy): string[] => {
    const own = ownTools(active);
    return tools.restricts ? declaredTools(own, tools.allowed, tools.switchOn) : own;
  };
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));

  function declare(tools: DeclaredToolPolicy): string[] {
    const active = pi.getActiveTools();
    const own = ownTools(active);
    const target = tools.restricts ? declaredTools(own, tools.allowed, tools.switchOn) : own;
    lastOwn = own;
    added.clear();
    removed.clear();
    for (const t of target) if (!own.includes(t)) added.add(t);
    for (const t of own) if (!target.includes(t)) removed.add(t);
    if (!same(target, active)) pi.setActiveTools(target);
    return target;
  }

  return {
    async follow(ctx, catalog, keys, tools) {
      const modes = keys.map((k) => catalog.modes.get(k)?.mode).filter((m): m is Mode => m !== undefined);
      const { model, thinking } = mergePreferences(modes);
      if (model !== undefined || thinking !== undefined || snapshot !== null) {
        for (const n of await applyPreferences(pi, ctx, { model, thinking }, take(ctx))) say(ctx, n, "warning");
      }
      // What this change turned off, for the activation's notice (the model only sees the tool gone).
      const before = pi.getActiveTools();
      try {
        const after = new Set(declare(tools));
        return { turnedOff: before.filter((t) => !after.has(t)) };
      } catch (error) {
        say(ctx, `forge: could not set the mode's tools (${describeError(error)}); the gate still refuses calls outside them`, "warning");
        return { turnedOff: [] };
      }
    },
    blocked(tools) {
      const active = pi.getActiveTools();
      return !same(targetOf(active, tools), active);
    },
    enforce(ctx, tools) {
      try {
        return declare(tools);
      } catch (error) {
        say(ctx, `forge: could not set the mode's tools (${describeError(error)}); the gate still refuses calls outside them`, "warning");
        return pi.getActiveTools();
      }
    },
    async restore(ctx) {
      try {
        declare(floor());
      } catch (error) {
        say(ctx, `forge: could not restore Pi's tools (${describeError(error)})`, "warning");
      }
      if (snapshot === null) return;
      for (const n of await applyPreferences(pi, ctx, {}, snapshot)) say(ctx, n, "warning");
      snapshot = null;
    },
  };
}
