// The Library view: every mode, preset and path rule of every layer in one searchable table, diagnostics under their entry.
import type { LibraryData, LibraryEntry, StateData } from "../model/studio-api.js";
import { policyLayer } from "./policy-layer.js";
import { colourClass } from "./prompt-render.js";
import { barChart } from "./token-chart.js";
import { diagnosticList } from "./diagnostic-list.js";
import { byId, digestCode, el, fill, table, type Child } from "./dom.js";
import { sourceLink } from "./source-panel.js";

function contractsCell(e: LibraryEntry): Child[] {
  if (e.rule) {
    const from = e.rule.contextFile === null ? [] : [el("br"), `nested context file ${e.rule.contextFile}`];
    return [`switches on for paths: ${e.rule.paths.join(", ")}`, ...from];
  }
  if (e.contracts) {
    const parts = (["requires", "conflictsWith", "before", "after"] as const)
      .filter((k) => e.contracts![k].length > 0)
      .map((k) => `${k}: ${e.contracts![k].join(", ")}`);
    return [parts.length === 0 ? "—" : parts.join("; ")];
  }
  const p = e.preset!;
  const selection = [p.base === null ? null : `base ${p.base}`, p.overlays.length > 0 ? `overlays ${p.overlays.join(", ")}` : null].filter(Boolean).join("; ");
  const { held, notApplicable, violated } = p.contracts;
  return [selection, el("br"), `contracts: ${held} held, ${notApplicable} n/a, ${violated} violated`, el("br"), `drift policy: ${p.driftPolicy}`];
}

function searchText(e: LibraryEntry): string {
  const rule = e.rule === null ? [] : [...e.rule.paths, e.rule.contextFile ?? ""];
  return [
    e.kind,
    e.key,
    e.label ?? "",
    e.description,
    e.strategy ?? "",
    e.scope,
    e.source.display,
    ...rule,
    ...e.diagnostics.map((d) => `${d.code} ${d.location}`),
  ]
    .join(" ")
    .toLowerCase();
}

/** A preset's always-on composition as a small chart, each mode in the colour the Compose view gives it. */
function presetChart(e: LibraryEntry): HTMLElement | null {
  if (e.kind !== "preset" || e.tokens === null || e.tokens.parts.length === 0) return null;
  const parts = e.tokens.parts;
  const modeIndex = (i: number) => parts.slice(0, i + 1).filter((p) => p.key !== null).length;
  return barChart(parts, (i) => (parts[i]!.key === null ? "inventory" : colourClass(modeIndex(i))), { mini: true });
}

function entryRows(e: LibraryEntry): HTMLTableRowElement[] {
  const name = el("span", {}, [el("strong", {}, [e.key]), e.label === null ? null : el("span", { class: "muted" }, [` ${e.label}`])]);
  const scope = el("span", {}, [e.scope, e.shadowedBy === null ? null : el("span", { class: "badge shadowed" }, [` shadowed by ${e.shadowedBy}`])]);
  const attrs = { "data-kind": e.kind, "data-key": e.key, "data-scope": e.scope, "data-search": searchText(e) };
  const main = el("tr", { class: e.diagnostics.length > 0 ? "entry has-diagnostics" : "entry", attrs }, [
    el("td", {}, [e.kind]),
    el("th", { attrs: { scope: "row" } }, [name, el("div", { class: "muted small" }, [e.description])]),
    el("td", {}, [e.strategy === null ? "—" : el("code", {}, [e.strategy])]),
    el("td", {}, [scope]),
    el("td", {}, [sourceLink(e.source)]),
    el("td", {}, [digestCode(e.digest)]),
    el("td", { class: "num" }, [
      `${e.chars.toLocaleString()} chars`,
      el("br"),
      e.tokens === null ? `~${e.estimatedTokens.toLocaleString()} tokens` : `${e.tokens.total.toLocaleString()} tokens`,
      presetChart(e),
    ]),
    el("td", {}, contractsCell(e)),
  ]);
  if (e.diagnostics.length === 0) return [main];
  const detail = el("tr", { class: "entry-diagnostics", attrs: { ...attrs, "data-for": `${e.kind}:${e.key}:${e.scope}` } }, [
    el("td", { attrs: { colspan: "8" } }, [diagnosticList(e.diagnostics, false)]),
  ]);
  return [main, detail];
}

function applySearch(): void {
  const query = byId<HTMLInputElement>("library-search").value.trim().toLowerCase();
  let shown = 0;
  let total = 0;
  for (const tr of document.querySelectorAll<HTMLTableRowElement>("#library-table tbody tr")) {
    const match = query === "" || (tr.dataset.search ?? "").includes(query);
    tr.hidden = !match;
    if (match && tr.classList.contains("entry")) shown++;
    if (tr.classList.contains("entry")) total++;
  }
  fill(byId("library-count"), [query === "" ? `${total} entries` : `${shown} of ${total} entries match`]);
}

/** Who signed the bundle on disk and its libraries, and whether you trust it (forge explain's lines). */
function trustNotes(lines: readonly string[]): HTMLElement[] {
  if (lines.length === 0) return [];
  return [
    el("div", { class: "trust", attrs: { "data-testid": "trust" } }, [
      el("strong", {}, ["Signers and trust"]),
      ...lines.map((line) => el("p", { class: "note" }, [line])),
    ]),
  ];
}

function render(library: LibraryData, trustLines: readonly string[], policy: StateData["policy"]): void {
  fill(byId("library-layers"), [
    el("p", { class: "layers" }, [
      "Layers, shallow to deep: ",
      ...library.layers.flatMap((l, i) => [i > 0 ? " → " : "", el("strong", {}, [l.scope]), ` (${l.origin}, `, digestCode(l.bundleHash), ")"]),
    ]),
    ...library.layers.flatMap((l) => l.notes.map((n) => el("p", { class: "note" }, [n]))),
    policyLayer(policy, false),
    ...trustNotes(trustLines),
  ]);
  fill(
    byId("library-unattached"),
    library.unattached.length === 0 ? [] : [el("h3", {}, ["Diagnostics in other files"]), diagnosticList(library.unattached, false)],
  );
  const head = ["Kind", "Key", "Strategy", "Scope", "File", "Digest", "Size", "Contracts or paths"];
  fill(byId("library-table"), [table("Modes, presets and path rules", head, library.entries.flatMap(entryRows), "library")]);
  applySearch();
}

export function renderLibrary(state: StateData): void {
  if (state.library === null) {
    fill(byId("library-table"), [el("p", { class: "note" }, ["The sources have not compiled yet: see the diagnostics below and in Live."])]);
    fill(byId("library-unattached"), [diagnosticList(state.diagnostics, false)]);
    fill(byId("library-layers"), []);
    return;
  }
  render(state.library, state.trustLines, state.policy);
}

export function setupLibrary(): void {
  byId<HTMLInputElement>("library-search").addEventListener("input", applySearch);
}
