// Phase 6, extends: mode inheritance resolved at build time, the fields (link needs the roles and contracts; the
// text is joined after lowering, extends-prompts.ts).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode, Strategy } from "../../generated/types.js";
import { extendsCycle, extendsRole, extendsUnknown } from "../diagnostics/codes.js";
import { suggestClosest } from "../../core/suggest.js";
import type { ModeData, ValidMode } from "./3-validate.js";
import type { Libraries } from "./5-libraries.js";
import type { Phase } from "./pipeline.js";
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

/** The value of phase 6: own modes with their parents resolved, and those that could not be (reported). */
export interface Resolved extends Libraries {
  resolved: {
    modes: ResolvedMode[];
    /** Modes left out for a cycle, an unknown parent or a role change: link and lower still check their own fields. */
    dropped: ValidMode[];
  };
}

/**
 * Every field a child inherits when it does not set it; the text is inherited separately (inheritPrompts), and so is an
 * edit limit (edits), which the child takes as its parent's compiled globs when the bundle is emitted (12-emit.ts).
 */
const INHERITED_FIELDS = [
  "label",
  "description",
  "strategy",
  "requires",
  "conflictsWith",
  "before",
  "after",
  "model",
  "thinking",
  "tools",
  "mcp",
  "mcpServers",
] as const;

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
 * Phase 6: resolves every own mode's parent and fills the fields it inherits. Cycles, unknown parents and role changes
 * are errors; such a mode (and any mode below it) is left out, so references to it do not cascade into more errors. A
 * mode's resolution is kept while its source and its parent's resolved data are the same.
 */
export const resolveExtends: Phase<Libraries, Resolved> = (input, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const modes = input.valid.modes;
  const definedModeKeys = input.parsed.modeKeys;
  const beneath = input.beneath.all.modes;
  const own = new Map(modes.map((m) => [m.source.key, m] as const));
  const done = new Map<string, ResolvedMode | null>();
  const visiting: string[] = [];
  const knownKeys = [...new Set([...definedModeKeys, ...beneath.keys()])].sort();

  const external = (key: string, parent: string, prompt: Inheritance["prompt"]): Inheritance | null => {
    const found = beneath.get(parent);
    if (found === undefined) return null;
    const library = found.origin.kind === "library" ? found.origin.library.name : null;
    return { parent, origin: library === null ? "builtin" : "library", entry: found.mode, library, prompt, chain: [key, parent] };
  };

  const resolve = (m: ValidMode): ResolvedMode | null => {
    const key = m.source.key;
    if (done.has(key)) return done.get(key)!;
    const parent = m.data.extends;
    if (parent === undefined) {
      const plain = memo.reuse(
        "extends",
        key,
        () => [m.source],
        (): ResolvedMode => ({ ...m, data: m.data as ResolvedModeData, inherit: null }),
      );
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
        diagnostics.push(
          extendsUnknown(
            where,
            key,
            parent,
            suggestClosest(
              parent,
              knownKeys.filter((k) => k !== key),
            ),
          ),
        );
        return finish(null);
      }
      parentData = inherit.entry!;
    }
    const parentStrategy = parentData.strategy!;
    if (m.data.strategy !== undefined && roleOf(m.data.strategy) !== roleOf(parentStrategy)) {
      diagnostics.push(extendsRole(whereAt(m.source, ["strategy"]), inherit.chain, m.data.strategy, parentStrategy));
      return finish(null);
    }
    const found = inherit;
    const deps = () => [m.source, parentData, found.origin, found.library, found.chain.join("\u0000")];
    return finish(memo.reuse("extends", key, deps, (): ResolvedMode => ({ ...m, data: inheritFields(m.data, parentData), inherit: found })));
  };

  const out: ResolvedMode[] = [];
  const dropped: ValidMode[] = [];
  for (const m of modes) {
    const r = resolve(m);
    if (r !== null) out.push(r);
    else dropped.push(m);
  }
  return { value: { ...input, resolved: { modes: out, dropped } }, diagnostics };
};
