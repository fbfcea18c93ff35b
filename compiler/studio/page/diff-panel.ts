// The Diff view: `forge diff`'s semantic comparison, each changed prompt side by side, and the presets it affects.
import type { DiffComponentView, DiffData, DiffPresetView, FieldChange, SideBySideCell, SideBySideHunk } from "../model/studio-api.js";
import { api } from "./api.js";
import { diagnosticList } from "./diagnostic-list.js";
import { byId, digestCode, el, fill, row, table, type Child } from "./dom.js";

/** The last comparison asked for (empty strings: the defaults), rerun when the sources change. */
let current: { a: string; b: string } | null = null;

const show = (v: FieldChange["from"]): string => (v === null ? "(none)" : Array.isArray(v) ? `[${v.join(", ")}]` : String(v));

function fieldsNode(fields: FieldChange[]): Child {
  if (fields.length === 0) return null;
  return table(
    "Changed fields",
    ["Field", "A", "B"],
    fields.map((f) => row([[f.field], [show(f.from)], [show(f.to)]])),
    "fields",
  );
}

function cell(c: SideBySideCell | null, side: "old" | "new"): HTMLTableCellElement[] {
  if (c === null) return [el("td", { class: `ln empty ${side}` }), el("td", { class: `code empty ${side}` })];
  const mark = c.kind === "delete" ? "−" : c.kind === "insert" ? "+" : " ";
  return [
    el("td", { class: `ln ${c.kind}` }, [String(c.line)]),
    el("td", { class: `code ${c.kind}` }, [
      el("span", { class: "mark", attrs: { "aria-label": c.kind === "equal" ? "unchanged" : c.kind === "delete" ? "removed" : "added" } }, [mark]),
      c.text,
    ]),
  ];
}

function hunksNode(title: string, hunks: SideBySideHunk[]): Child {
  if (hunks.length === 0) return null;
  return el(
    "div",
    { class: "table-wrap" },
    hunks.map((h) =>
      el("table", { class: "side-by-side" }, [
        el("caption", {}, [`${title}: `, el("code", {}, [h.header])]),
        el("thead", {}, [
          el(
            "tr",
            {},
            ["A line", "A", "B line", "B"].map((t) => el("th", { attrs: { scope: "col" } }, [t])),
          ),
        ]),
        el(
          "tbody",
          {},
          h.rows.map((r) => el("tr", {}, [...cell(r.left, "old"), ...cell(r.right, "new")])),
        ),
      ]),
    ),
  );
}

function componentNode(kind: string, c: DiffComponentView, extra: Child[] = []): HTMLElement {
  const digest =
    c.digest.from !== null || c.digest.to !== null ? el("span", { class: "muted" }, [" ", digestCode(c.digest.from), " → ", digestCode(c.digest.to)]) : null;
  return el("article", { class: `diff-item ${c.change}`, attrs: { "data-kind": kind, "data-key": c.key, "data-change": c.change } }, [
    el("h4", {}, [`${kind} ${c.key}: `, el("span", { class: `badge ${c.change}` }, [c.change]), digest]),
    fieldsNode(c.fields),
    hunksNode(`${kind} ${c.key}`, c.hunks),
    ...extra,
  ]);
}

function presetNode(p: DiffPresetView): HTMLElement {
  const pins = p.pins.length === 0 ? null : el("p", { class: "muted" }, [`pinned mode digests changed: ${p.pins.map((x) => x.key).join(", ")}`]);
  const own = p.ownChange ? null : el("p", { class: "muted" }, ["No change of its own: only the digests it pins for the modes it uses."]);
  return componentNode("preset", p, [own, pins, ...p.updates.map((u) => componentNode(`update of ${p.key}`, u))]);
}

/** forge diff's token lines: every changed component and affected preset, up or down. */
function tokenDeltas(t: Extract<DiffData, { status: "ok" }>["tokens"]): Child[] {
  if (t.changes.length === 0) return [];
  const trend = (d: number | null) => (d === null || d === 0 ? "same" : d > 0 ? "up" : "down");
  return [
    el("h3", {}, ["Tokens"]),
    el("p", { class: "muted" }, [t.header]),
    el(
      "ul",
      { class: "token-deltas", id: "diff-tokens" },
      t.changes.map((c) => el("li", { class: trend(c.delta), attrs: { "data-kind": c.kind, "data-key": c.key } }, [c.text])),
    ),
  ];
}

function render(data: DiffData): void {
  const out = byId("diff-result");
  if (data.status === "failed") {
    fill(out, [
      el("p", { class: "note", id: "diff-status" }, [`Cannot compare: ${data.message}`]),
      data.diagnostics.length > 0 ? diagnosticList(data.diagnostics) : null,
    ]);
    return;
  }
  const side = (label: string, s: typeof data.a): Child =>
    el("li", {}, [`${label}: `, el("strong", {}, [s.label]), ` — ${s.location} `, digestCode(s.bundleHash)]);
  const sum = data.summary;
  const summary = `${sum.modesAdded} mode(s) added, ${sum.modesRemoved} removed, ${sum.modesChanged} changed; ${sum.presetsAdded} preset(s) added, ${sum.presetsRemoved} removed, ${sum.presetsChanged} changed, ${sum.presetsAffected} affected`;
  fill(out, [
    el("ul", { class: "sides" }, [side("A", data.a), side("B", data.b)]),
    el("p", { id: "diff-status", class: data.semantic ? "changed" : "same" }, [data.semantic ? summary : "No semantic change."]),
    data.notes.length > 0
      ? el(
          "ul",
          { class: "notes" },
          data.notes.map((n) => el("li", {}, [n])),
        )
      : null,
    data.scope ? el("p", { class: "note" }, [`scope: ${data.scope.from ?? "(none)"} → ${data.scope.to ?? "(none)"}`]) : null,
    data.modes.length > 0 ? el("h3", {}, ["Modes"]) : null,
    ...data.modes.map((m) => componentNode("mode", m)),
    data.builtinModes.length > 0 ? el("p", {}, [`Built-in modes whose pinned digest changed: ${data.builtinModes.map((b) => b.key).join(", ")}`]) : null,
    data.presets.length > 0 ? el("h3", {}, ["Presets"]) : null,
    ...data.presets.map(presetNode),
    ...tokenDeltas(data.tokens),
    data.affectedPresets.length > 0 ? el("h3", {}, ["Affected presets"]) : null,
    data.affectedPresets.length > 0
      ? el(
          "ul",
          { class: "affected", id: "diff-affected" },
          data.affectedPresets.map((a) =>
            el("li", { attrs: { "data-preset": a.preset } }, [
              el("strong", {}, [`preset ${a.preset}`]),
              `: affected by ${a.modes.map((m) => `${m.builtin ? "built-in " : ""}mode ${m.key} (${m.change})`).join(", ")}`,
            ]),
          ),
        )
      : null,
  ]);
}

export async function runDiff(a: string, b: string): Promise<void> {
  current = { a, b };
  try {
    render(await api.diff(a, b));
  } catch (err) {
    fill(byId("diff-result"), [el("p", { class: "note" }, [(err as Error).message])]);
  }
}

/** After a change of the sources: a comparison with the worktree may have changed. */
export async function refreshDiff(): Promise<void> {
  if (current) await runDiff(current.a, current.b);
}

export function setupDiff(): void {
  byId("diff-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void runDiff(byId<HTMLInputElement>("diff-a").value.trim(), byId<HTMLInputElement>("diff-b").value.trim());
  });
}
