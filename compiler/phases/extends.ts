// Mode inheritance (`extends`), resolved at build time: the fields, before link (roles and contracts need them).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode, Strategy } from "../../generated/types.js";
import { extendsCycle, extendsRole, extendsUnknown } from "../diagnostics/codes.js";
import { suggestClosest } from "../../core/suggest.js";
import type { ModeData, ValidMode } from "./3-validate.js";
import { whereAt } from "./yaml-positions.js";

/** Where a parent was found: this bundle's own sources, a forge library (forge.yaml) or the built-in bundle. */
export type ParentOrigin = "own" | "library" | "builtin";

export interface Inheritance {
  parent: string;
  origin: ParentOrigin;
  /** The compiled parent of a library or built-in origin (null for an own parent, which is compiled here). */
  entry: Mode | null;
  /** The library an origin-"library" parent comes from (its package name), else null. */
  library: string | null;
  /** append: the parent's text, a blank line, then the child's; replace: the child's text only. */
  prompt: "append" | "replace";
  /** The chain from this mode up to the last parent this build resolved, e.g. [child, parent, grandparent]. */
  chain: string[];
}

/** Mode data once inheritance filled what the child does not set: the schema's required fields are then present. */
export type ResolvedModeData = ModeData & { label: string; description: string; strategy: Strategy };

export interface ResolvedMode extends ValidMode {
  data: ResolvedModeData;
  inherit: Inheritance | null;
}

/** The modes of other layers a mode may extend: later libraries already won per key, built-ins are beneath them. */
export interface OuterModes {
  library: ReadonlyMap<string, { library: { name: string }; mode: Mode }>;
  builtin: Readonly<Record<string, Mode | undefined>>;
}

/**
 * Every field a child inherits when it does not set it; the text is inherited separately (inheritPrompts), and so is an
 * edit limit (edits), which the child takes as its parent's compiled globs when the bundle is emitted (6-emit.ts).
 */
const INHERITED_FIELDS = ["label", "description", "strategy", "requires", "conflictsWith", "before", "after", "model", "thinking", "tools"] as const;

const roleOf = (strategy: Strategy): "overlay" | "base" => (strategy === "append" ? "overlay" : "base");

function inheritFields(child: ModeData, parent: ResolvedModeData | Mode): ResolvedModeData {
  const out: ModeData = { ...child };
  for (const field of INHERITED_FIELDS) if (!Object.hasOwn(child, field)) inheritField(out, parent, field);
  // The parent is resolved (or another layer's compiled mode), so these three are always there to inherit.
  return { ...out, label: out.label ?? parent.label, description: out.description ?? parent.description, strategy: out.strategy ?? parent.strategy };
}

function inheritField<K extends (typeof INHERITED_FIELDS)[number]>(out: ModeData, parent: ResolvedModeData | Mode, field: K): void {
  const value = parent[field];
  // A list is copied, so a child never shares an array with its parent.
  if (value !== undefined) out[field] = (Array.isArray(value) ? [...value] : value) as ModeData[K];
}

/**
 * Resolves every own mode's parent and fills the fields it inherits. Cycles, unknown parents and role changes are
 * errors; such a mode (and any mode below it) is left out, so references to it do not cascade into more errors.
 */
export function resolveExtends(modes: readonly ValidMode[], definedModeKeys: ReadonlySet<string>, outer: OuterModes): { modes: ResolvedMode[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const own = new Map(modes.map((m) => [m.source.key, m] as const));
  const done = new Map<string, ResolvedMode | null>();
  const visiting: string[] = [];
  const builtinKeys = Object.keys(outer.builtin).filter((k) => outer.builtin[k] !== undefined);
  const knownKeys = [...new Set([...definedModeKeys, ...outer.library.keys(), ...builtinKeys])].sort();

  const external = (key: string, parent: string, prompt: Inheritance["prompt"]): Inheritance | null => {
    const fromLibrary = outer.library.get(parent);
    if (fromLibrary) return { parent, origin: "library", entry: fromLibrary.mode, library: fromLibrary.library.name, prompt, chain: [key, parent] };
    const builtin = Object.hasOwn(outer.builtin, parent) ? outer.builtin[parent] : undefined;
    return builtin ? { parent, origin: "builtin", entry: builtin, library: null, prompt, chain: [key, parent] } : null;
  };

  const resolve = (m: ValidMode): ResolvedMode | null => {
    const key = m.source.key;
    if (done.has(key)) return done.get(key)!;
    const parent = m.data.extends;
    if (parent === undefined) {
      const plain: ResolvedMode = { ...m, data: m.data as ResolvedModeData, inherit: null };
      done.set(key, plain);
      return plain;
    }
    const where = whereAt(m.source, ["extends"]);
    const prompt = m.data.extendsPrompt ?? "append";
    const finish = (result: ResolvedMode | null): ResolvedMode | null => {
      done.set(key, result);
      return result;
    };
    // A mode may extend its own key: the parent is then the library or built-in mode it takes the place of.
    const ownParent = parent === key ? undefined : own.get(parent);
    if (ownParent === undefined && parent !== key && definedModeKeys.has(parent)) return finish(null); // invalid parent: already reported
    let inherit: Inheritance | null;
    let parentData: ResolvedModeData | Mode;
    if (ownParent !== undefined) {
      const at = visiting.indexOf(parent);
      if (at >= 0) {
        const cycle = [...visiting.slice(at), key, parent];
        // Report on every mode of the cycle, each at its own extends field, with the chain starting there.
        for (let i = 0; i < cycle.length - 1; i++) {
          const member = own.get(cycle[i]!)!;
          const rotated = [...cycle.slice(i, -1), ...cycle.slice(0, i), cycle[i]!];
          diagnostics.push(extendsCycle(whereAt(member.source, ["extends"]), rotated));
          done.set(cycle[i]!, null);
        }
        return null;
      }
      visiting.push(key);
      const resolvedParent = resolve(ownParent);
      visiting.pop();
      if (done.has(key)) return done.get(key)!; // this mode was on a cycle found below it
      if (resolvedParent === null) return finish(null);
      inherit = { parent, origin: "own", entry: null, library: null, prompt, chain: [key, ...(resolvedParent.inherit?.chain ?? [parent])] };
      parentData = resolvedParent.data;
    } else {
      inherit = external(key, parent, prompt);
      if (inherit === null) {
        diagnostics.push(extendsUnknown(where, key, parent, suggestClosest(parent, knownKeys.filter((k) => k !== key))));
        return finish(null);
      }
      parentData = inherit.entry!;
    }
    const parentStrategy = parentData.strategy!;
    if (m.data.strategy !== undefined && roleOf(m.data.strategy) !== roleOf(parentStrategy)) {
      diagnostics.push(extendsRole(whereAt(m.source, ["strategy"]), inherit.chain, m.data.strategy, parentStrategy));
      return finish(null);
    }
    return finish({ ...m, data: inheritFields(m.data, parentData), inherit });
  };

  const out: ResolvedMode[] = [];
  for (const m of modes) {
    const r = resolve(m);
    if (r !== null) out.push(r);
  }
  return { modes: out, diagnostics };
}
