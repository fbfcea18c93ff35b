// A forge library's path patterns recompiled from their sources: the regex a library bundle stores is never trusted
// (a digest-valid library may say `secrets/**` and store `^$`); what it says is what is compiled and carried.
import type { ForgeBundle, Mode, PathPattern, PathTrigger, Preset, Rule } from "../../generated/types.js";
import { compileGlob, compileRegex } from "./path-patterns.js";

/** The pattern as this forge compiles its source, or why it refuses it. */
function recompile(pattern: PathPattern): { ok: true; pattern: PathPattern } | { ok: false; detail: string } {
  if (pattern.kind === "glob") {
    const glob = compileGlob(pattern.source);
    return glob.ok ? glob : { ok: false, detail: `${glob.code}: ${glob.detail}` };
  }
  const regex = compileRegex(pattern.source);
  if (!regex.ok) return { ok: false, detail: `invalid_path_regex: ${regex.detail}` };
  return regex.backtracking ? { ok: false, detail: "path_regex_backtracking: it nests quantifiers, like (a+)+" } : regex;
}

/**
 * Every path pattern of a verified library bundle recompiled from its `source`; the first pattern this forge refuses
 * is the problem (where it is, and why), and the library is then refused.
 */
export function recompileLibraryPatterns(bundle: ForgeBundle): { bundle: ForgeBundle; problem: string | null } {
  let problem: string | null = null;
  const list = (patterns: readonly PathPattern[], where: string): PathPattern[] =>
    patterns.map((p) => {
      const r = recompile(p);
      if (r.ok) return r.pattern;
      problem ??= `${where} ${JSON.stringify(p.source)} is refused (${r.detail})`;
      return p;
    });
  const trigger = (when: PathTrigger, where: string): PathTrigger => ({ ...when, paths: list(when.paths, `${where} when.paths`) });
  const mode = (key: string, m: Mode): Mode => {
    if (m.edits === undefined) return m;
    const edits = { ...m.edits, deny: list(m.edits.deny, `mode "${key}" edits.deny`) };
    if (m.edits.allow !== undefined) edits.allow = list(m.edits.allow, `mode "${key}" edits.allow`);
    return { ...m, edits };
  };
  const preset = (key: string, p: Preset): Preset => ({
    ...p,
    systemUpdates: p.systemUpdates.map((u) => (u.when === undefined ? u : { ...u, when: trigger(u.when, `preset "${key}" block "${u.id}"`) })),
  });
  const rule = (key: string, r: Rule): Rule => ({ ...r, when: trigger(r.when, `rule "${key}"`) });
  const map = <T>(record: Record<string, T | undefined>, f: (key: string, v: T) => T): Record<string, T | undefined> => {
    const out: Record<string, T | undefined> = {};
    for (const [key, value] of Object.entries(record)) {
      Object.defineProperty(out, key, { value: value === undefined ? value : f(key, value), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  const next: ForgeBundle = { ...bundle, modes: map(bundle.modes, mode), presets: map(bundle.presets, preset) };
  if (bundle.rules !== undefined) next.rules = map(bundle.rules, rule);
  return { bundle: next, problem };
}
