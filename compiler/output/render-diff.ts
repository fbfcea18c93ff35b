// Human output of `forge diff`: one section per component with its field changes and colored unified diff, then a summary.
import { plural, shortHash, type Painter } from "./painter.js";
import type { AffectedMode, AffectingMode, DiffReport, FieldChange, FieldValue, ModeChange, PresetChange } from "../review/diff-report.js";
import { describeLibraryChange } from "../review/bundle-changes.js";
import { renderTokenDiff } from "./render-token-diff.js";

/** Free text is always quoted, so `Plan.` and `"Plan (v2)."` read alike; keys, enums and ids stay bare. */
const TEXT_FIELDS = new Set(["label", "description", "name"]);

/** A field value for a header: `(none)` when absent, lists as `[a, b]`. */
function formatValue(value: FieldValue, field = ""): string {
  if (value === null) return "(none)";
  if (Array.isArray(value)) return `[${value.map((v) => formatValue(v)).join(", ")}]`;
  if (typeof value === "boolean") return String(value);
  return !TEXT_FIELDS.has(field) && /^[\w./-]+$/.test(value) ? value : JSON.stringify(value);
}

const INLINE_FIELDS_MAX = 100;

/** Field changes inline in the header when short, else one indented line each. */
function fieldLines(fields: readonly FieldChange[]): { inline: string; lines: string[] } {
  const parts = fields.map((f) => `${f.field}: ${formatValue(f.from, f.field)} -> ${formatValue(f.to, f.field)}`);
  const joined = parts.join("; ");
  if (parts.length === 0) return { inline: "", lines: [] };
  return joined.length <= INLINE_FIELDS_MAX ? { inline: ` (${joined})`, lines: [] } : { inline: "", lines: parts.map((p) => `  ${p}`) };
}

/** Colors a unified diff by line kind: headers bold, hunk ranges cyan, removals red, additions green. */
function paintDiff(diff: string, painter: Painter): string[] {
  if (diff === "") return [];
  return diff
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => {
      if (line.startsWith("--- ") || line.startsWith("+++ ")) return painter.paint("bold", line);
      if (line.startsWith("@@")) return painter.paint("cyan", line);
      if (line.startsWith("-")) return painter.paint("red", line);
      if (line.startsWith("+")) return painter.paint("green", line);
      if (line.startsWith("\\")) return painter.paint("dim", line);
      return line;
    });
}

function describeAffecting(modes: readonly AffectingMode[]): string {
  return modes.map((m) => `${m.builtin ? "built-in mode" : "mode"} ${m.key} (${m.change})`).join(", ");
}

/** e.g. `  inherits from review (changed), through strict-review -> review`. */
function describeInheritance(a: AffectedMode): string {
  const ancestor = a.chain[a.chain.length - 1]!;
  const how = a.change === "outside" ? "rebuilt against another digest of it" : a.change;
  const through = a.chain.length > 2 ? `, through ${a.chain.join(" -> ")}` : "";
  return `  inherits from ${ancestor} (${how})${through}`;
}

function modeChangeSection(m: ModeChange, painter: Painter, inherited: AffectedMode | undefined): string[] {
  const { inline, lines } = fieldLines(m.fields);
  const onlyDigest = m.fields.length === 0 && !m.promptChanged && inherited === undefined ? " (digest only)" : "";
  const out = [`${painter.paint("yellow", `mode ${m.key}: changed`)}${inline}${onlyDigest}`, ...lines, ...(inherited ? [describeInheritance(inherited)] : [])];
  if (m.promptChanged && m.diff === "") out.push("  prompt: the same text, but a slot and literal {{...}} text swapped places");
  return [...out, ...paintDiff(m.diff, painter)];
}

function presetSections(report: DiffReport, painter: Painter): string[][] {
  const affected = new Map(report.affectedPresets.map((a) => [a.preset, a.modes]));
  const changed = new Map(report.presets.changed.map((p) => [p.key, p]));
  const keys = new Set([...report.presets.added.map((p) => p.key), ...report.presets.removed.map((p) => p.key), ...changed.keys(), ...affected.keys()]);
  const sections: string[][] = [];
  for (const key of [...keys].sort()) {
    const modes = affected.get(key);
    const affectedLine = modes ? [`  affected by ${describeAffecting(modes)}`] : [];
    const added = report.presets.added.find((p) => p.key === key);
    const removed = report.presets.removed.find((p) => p.key === key);
    const change: PresetChange | undefined = changed.get(key);
    if (added) {
      const uses = [added.base === null ? null : `base: ${added.base}`, `overlays: ${formatValue(added.overlays)}`].filter((x) => x !== null);
      sections.push([`${painter.paint("green", `preset ${key}: added`)} (${uses.join("; ")})`, ...affectedLine]);
    } else if (removed) {
      sections.push([painter.paint("red", `preset ${key}: removed`), ...affectedLine]);
    } else if (change?.ownChange) {
      const { inline, lines } = fieldLines(change.fields);
      const out = [`${painter.paint("yellow", `preset ${key}: changed`)}${inline}`, ...lines, ...affectedLine];
      const u = change.systemUpdates;
      for (const x of u.added) out.push(painter.paint("green", `  system update ${x.id}: added`), ...paintDiff(x.diff, painter));
      for (const x of u.removed) out.push(painter.paint("red", `  system update ${x.id}: removed`), ...paintDiff(x.diff, painter));
      for (const x of u.changed) {
        const f = fieldLines(x.fields);
        out.push(`${painter.paint("yellow", `  system update ${x.id}: changed`)}${f.inline}`, ...f.lines.map((l) => `  ${l}`), ...paintDiff(x.diff, painter));
      }
      if (change.fields.length === 0 && u.added.length + u.removed.length + u.changed.length === 0) out.push("  (digest only)");
      sections.push(out);
    } else if (modes) {
      // Its own definition is the same: it changes only through the modes it uses.
      sections.push([`${painter.paint("yellow", `preset ${key}: affected`)} by ${describeAffecting(modes)}`]);
    }
  }
  return sections;
}

/** The closing line, e.g. `forge diff: 1 mode changed, 2 presets affected` or `forge diff: no semantic change`. */
export function summaryLine(report: DiffReport): string {
  if (!report.semantic) return "forge diff: no semantic change";
  const s = report.summary;
  // An inheriting mode whose parent changed is a changed mode too (its digest covers the parent's): counted once.
  const changedKeys = new Set(report.modes.changed.map((m) => m.key));
  const inherited = report.affectedModes.filter((m) => changedKeys.has(m.mode)).length;
  const parts = [
    [s.modesAdded, "mode", "added"],
    [s.modesRemoved, "mode", "removed"],
    [s.modesChanged, "mode", inherited > 0 ? `changed (${inherited} through inheritance)` : "changed"],
    [report.builtinModes.length, "built-in mode", "changed"],
    [s.modesAffected - inherited, "inheriting mode", "affected"],
    [s.presetsAdded, "preset", "added"],
    [s.presetsRemoved, "preset", "removed"],
    [s.presetsChanged, "preset", "changed"],
    [s.presetsAffected, "preset", "affected"],
    [s.rulesAdded, "rule", "added"],
    [s.rulesRemoved, "rule", "removed"],
    [s.rulesChanged, "rule", "changed"],
  ] as const;
  const text = parts.filter(([n]) => n > 0).map(([n, word, what]) => `${plural(n, word)} ${what}`);
  if (s.librariesChanged > 0) text.unshift(`${s.librariesChanged === 1 ? "1 library" : `${s.librariesChanged} libraries`} changed`);
  if (report.scope !== null) text.unshift(`scope ${report.scope.from} -> ${report.scope.to}`);
  return `forge diff: ${text.join(", ") || "changes"}`;
}

export function renderDiffReport(report: DiffReport, painter: Painter): string {
  const side = (s: DiffReport["a"]) => (s.label === s.location ? s.label : `${s.label} (${s.location})`);
  const sections: string[][] = [[painter.paint("bold", `forge diff: A = ${side(report.a)}, B = ${side(report.b)}`)]];
  if (report.scope !== null) sections.push([`scope: ${report.scope.from} -> ${report.scope.to} (every digest differs)`]);
  // A library upgrade first: the semantic change it causes follows as changed modes and presets.
  for (const lib of report.libraries) sections.push(describeLibraryChange(lib).map((l, i) => (i === 0 ? painter.paint("bold", l.trim()) : l)));
  for (const m of report.modes.removed) sections.push([painter.paint("red", `mode ${m.key}: removed`), ...paintDiff(m.diff, painter)]);
  for (const m of report.modes.added) sections.push([painter.paint("green", `mode ${m.key}: added`) + ` (${m.strategy})`, ...paintDiff(m.diff, painter)]);
  const inherited = new Map(report.affectedModes.map((a) => [a.mode, a]));
  for (const m of report.modes.changed) sections.push(modeChangeSection(m, painter, inherited.get(m.key)));
  for (const p of report.builtinModes) {
    sections.push([`${painter.paint("yellow", `built-in mode ${p.key}: changed`)} (pinned digest ${shortHash(p.from)} -> ${shortHash(p.to)})`]);
  }
  sections.push(...presetSections(report, painter));
  for (const r of report.rules.removed)
    sections.push([painter.paint("red", `rule ${r.key}: removed`) + ` (paths: ${r.paths.join(", ")})`, ...paintDiff(r.diff, painter)]);
  for (const r of report.rules.added)
    sections.push([painter.paint("green", `rule ${r.key}: added`) + ` (paths: ${r.paths.join(", ")})`, ...paintDiff(r.diff, painter)]);
  for (const r of report.rules.changed) {
    const { inline, lines } = fieldLines(r.fields);
    sections.push([`${painter.paint("yellow", `rule ${r.key}: changed`)}${inline}`, ...lines, ...paintDiff(r.diff, painter)]);
  }
  const tokens = renderTokenDiff(report.tokens, painter);
  if (tokens.length > 0) sections.push(tokens);
  if (report.notes.length > 0) sections.push(report.notes.map((n) => painter.paint("dim", `note: ${n}`)));
  sections.push([painter.paint(report.semantic ? "yellow" : "green", summaryLine(report))]);
  return sections.map((lines) => lines.join("\n")).join("\n\n") + "\n";
}
