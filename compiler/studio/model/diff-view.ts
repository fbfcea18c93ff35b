// The Diff view's data: `forge diff`'s semantic report with each unified prompt diff split into side-by-side rows. Pure.
import type { DiffReport, FieldChange, ModeChange, ModeOnOneSide, UpdateChange, UpdateOnOneSide } from "../../review/diff-report.js";
import { describeTokenChange } from "../../output/render-token-diff.js";
import type { DiffComponentView, DiffData, DiffPresetView, SideBySideCell, SideBySideHunk } from "./studio-api.js";

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * Rows of a unified diff (compiler/review/unified-diff.ts's output): unchanged lines on both sides, and within each
 * change the deleted lines beside the inserted ones, paired in order.
 */
export function sideBySide(unified: string): SideBySideHunk[] {
  const hunks: SideBySideHunk[] = [];
  let hunk: SideBySideHunk | null = null;
  let left = 0;
  let right = 0;
  let deleted: SideBySideCell[] = [];
  let inserted: SideBySideCell[] = [];
  const flush = (): void => {
    for (let i = 0; i < Math.max(deleted.length, inserted.length); i++) hunk!.rows.push({ left: deleted[i] ?? null, right: inserted[i] ?? null });
    deleted = [];
    inserted = [];
  };
  for (const line of unified.split("\n")) {
    const header = HUNK.exec(line);
    if (header) {
      if (hunk) flush();
      hunk = { header: line, rows: [] };
      hunks.push(hunk);
      left = Number(header[1]);
      right = Number(header[2]);
      continue;
    }
    // Before the first hunk come the ---/+++ headers; "\ No newline" lines annotate the line before.
    if (hunk === null || line.startsWith("\\")) continue;
    const text = line.slice(1);
    if (line.startsWith("-")) deleted.push({ line: left++, text, kind: "delete" });
    else if (line.startsWith("+")) inserted.push({ line: right++, text, kind: "insert" });
    else if (line.startsWith(" ")) {
      flush();
      hunk.rows.push({ left: { line: left++, text, kind: "equal" }, right: { line: right++, text, kind: "equal" } });
    }
  }
  if (hunk) flush();
  return hunks;
}

function oneSide(item: ModeOnOneSide | UpdateOnOneSide, key: string, change: "added" | "removed", fields: FieldChange[] = []): DiffComponentView {
  return { key, change, fields, digest: { from: null, to: null }, hunks: sideBySide(item.diff) };
}

function changedMode(m: ModeChange): DiffComponentView {
  return { key: m.key, change: "changed", fields: m.fields, digest: m.digest, hunks: sideBySide(m.diff) };
}

function changedUpdate(u: UpdateChange): DiffComponentView {
  return { key: u.id, change: "changed", fields: u.fields, digest: { from: null, to: null }, hunks: sideBySide(u.diff) };
}

const byKey = <T extends { key: string }>(list: T[]): T[] => list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export function diffView(report: DiffReport): DiffData {
  const t = report.tokens;
  const modes = byKey([
    ...report.modes.added.map((m) => oneSide(m, m.key, "added", [{ field: "strategy", from: null, to: m.strategy }])),
    ...report.modes.removed.map((m) => oneSide(m, m.key, "removed", [{ field: "strategy", from: m.strategy, to: null }])),
    ...report.modes.changed.map(changedMode),
  ]);
  const presetOneSide = (key: string, change: "added" | "removed", base: string | null, overlays: string[]): DiffPresetView => {
    const value = (v: string | string[] | null) => (change === "added" ? { from: null, to: v } : { from: v, to: null });
    const fields: FieldChange[] = [
      { field: "base", ...value(base) },
      { field: "overlays", ...value(overlays) },
    ];
    return { key, change, fields, digest: { from: null, to: null }, hunks: [], ownChange: true, updates: [], pins: [] };
  };
  const presets = byKey<DiffPresetView>([
    ...report.presets.added.map((p) => presetOneSide(p.key, "added", p.base, p.overlays)),
    ...report.presets.removed.map((p) => presetOneSide(p.key, "removed", p.base, p.overlays)),
    ...report.presets.changed.map((p) => ({
      key: p.key,
      change: "changed" as const,
      fields: p.fields,
      digest: p.digest,
      hunks: [],
      ownChange: p.ownChange,
      updates: [
        ...p.systemUpdates.added.map((u) => oneSide(u, u.id, "added")),
        ...p.systemUpdates.removed.map((u) => oneSide(u, u.id, "removed")),
        ...p.systemUpdates.changed.map(changedUpdate),
      ],
      pins: p.modeDigests,
    })),
  ]);
  return {
    status: "ok",
    a: report.a,
    b: report.b,
    semantic: report.semantic,
    scope: report.scope,
    modes,
    presets,
    builtinModes: report.builtinModes,
    affectedPresets: report.affectedPresets,
    notes: report.notes,
    summary: report.summary,
    tokens: {
      header: `${t.tokenizer}: exact for ${t.exactFor}; an estimate for ${t.estimateFor}`,
      changes: [...t.components, ...t.presets].map((c) => ({ ...c, text: describeTokenChange(c, t.uncounted) })),
    },
  };
}
