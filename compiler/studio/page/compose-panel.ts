// The Compose view: pick a preset or modes in order and a host; see the prompt by component, its contracts, effective
// preferences, cache-sensitive slots and system updates.
import type { ComposeData, EffectivePreferences, HostKind, StateData } from "../model/studio-api.js";
import { api } from "./api.js";
import { byId, digestCode, el, fill, row, table, type Child } from "./dom.js";
import { colourClass, promptNode } from "./prompt-render.js";
import { sourceLink } from "./source-panel.js";
import { tokensNode } from "./token-chart.js";
import { policyLayer } from "./policy-layer.js";

/** The last request, recomposed when the sources change. */
let current: { names: string[]; host: HostKind; as?: "preset" | "modes" } | null = null;

function host(): HostKind {
  return document.querySelector<HTMLInputElement>('input[name="compose-host"]:checked')?.value === "sections" ? "sections" : "string";
}

function preferencesNode(p: EffectivePreferences | null): Child {
  if (p === null) return null;
  const item = (name: string, value: string | null, from: string[] = []): Child[] => [
    el("dt", {}, [name]),
    el("dd", {}, [value ?? "(unchanged: Pi's current setting)", from.length > 0 ? el("span", { class: "muted" }, [` from ${from.join(", ")}`]) : null]),
  ];
  const edit = p.editLimits
    ? item(
        "edit limits",
        Object.entries(p.editLimits.value)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(", "),
        p.editLimits.from,
      )
    : [];
  return el("dl", { class: "preferences", id: "compose-preferences" }, [
    ...item("model", p.model?.value ?? null, p.model?.from),
    ...item("thinking", p.thinking?.value ?? null, p.thinking?.from),
    ...item("tools", p.tools ? p.tools.value.join(", ") : null, p.tools?.from),
    ...edit,
  ]);
}

function render(data: ComposeData): void {
  const out = byId("compose-result");
  const what = data.selection?.preset ? `preset ${data.selection.preset}` : data.names.join(" ");
  const status = el("p", { class: `compose-status ${data.status}`, id: "compose-status" }, [
    el("strong", {}, [data.status === "ok" ? "Composes" : data.status === "refused" ? "Refused" : "Sources have errors"]),
    `: ${what}`,
    data.reason ? ` — ${data.reason}` : "",
  ]);
  const components =
    data.components.length === 0
      ? null
      : table(
          "Components in order",
          ["#", "Component", "Role", "Strategy", "Scope", "Prompt source", "Digest", "Size"],
          data.components.map((c) =>
            row(
              [
                [String(c.position)],
                [el("span", { class: `swatch ${colourClass(c.position)}`, attrs: { "aria-hidden": "true" } }), el("strong", {}, [c.key]), ` ${c.label}`],
                [c.role],
                [el("code", {}, [c.strategy])],
                [c.scope],
                [sourceLink(c.source)],
                [digestCode(c.digest)],
                [`${c.chars.toLocaleString()} chars, ${c.tokens === null ? `~${c.estimatedTokens.toLocaleString()}` : c.tokens.toLocaleString()} tokens`],
              ],
              { attrs: { "data-component": c.key } },
            ),
          ),
          "components",
        );
  const contracts =
    data.contracts.length === 0
      ? el("p", { class: "muted" }, ["No contracts declared by the selected components."])
      : table(
          "Each contract the selected components declare, judged against this selection",
          ["Declared by", "Kind", "Other", "Status", "Detail"],
          data.contracts.map((c) =>
            row([[c.declaredBy], [c.kind], [c.other], [el("span", { class: `contract ${c.status}` }, [c.status])], [c.detail]], {
              attrs: { "data-status": c.status },
            }),
          ),
          "contracts",
        );
  const slots =
    data.cacheSensitive.length === 0
      ? el("p", { class: "muted" }, ["No cache-sensitive slots: forge's part of the prompt stays the same between requests."])
      : el(
          "ul",
          { class: "cache-slots", id: "compose-cache" },
          data.cacheSensitive.map((s) =>
            el("li", {}, [el("strong", {}, [s.component]), " uses ", el("code", {}, [`{{${s.slot}}}`]), ` (${s.volatility}): ${s.describe}`]),
          ),
        );
  const updates =
    data.systemUpdates.length === 0
      ? null
      : el(
          "ul",
          { class: "updates" },
          data.systemUpdates.map((u) =>
            el("li", {}, [
              el("strong", {}, [u.id]),
              ` ${u.name} — ${u.chars} chars${u.tokens === null ? "" : `, +${u.tokens} tokens when switched on`}, ${u.modelCallable ? "the agent may switch it on" : "only the user switches it on"}`,
            ]),
          ),
        );
  fill(out, [
    status,
    data.preset
      ? el("p", {}, [
          "Preset ",
          el("strong", {}, [data.preset.key]),
          ` (${data.preset.scope}, drift policy ${data.preset.driftPolicy}): ${data.preset.description} `,
          sourceLink(data.preset.source),
        ])
      : null,
    data.fallbackReason ? el("p", { class: "note" }, [`The runtime would fall back to Pi's native prompt: ${data.fallbackReason}`]) : null,
    policyLayer(data.policy, true),
    components,
    ...tokensNode(data),
    el("h3", {}, ["Contracts"]),
    contracts,
    el("h3", {}, ["Effective preferences"]),
    preferencesNode(data.preferences),
    el("h3", {}, ["Tools and MCP servers (what forge's tool gate lets run)"]),
    el(
      "ul",
      { class: "tools", id: "compose-tools" },
      data.tools.map((line) => el("li", {}, [line])),
    ),
    el("h3", {}, ["Cache-sensitive slots"]),
    slots,
    updates ? el("h3", {}, ["System updates (dormant until switched on)"]) : null,
    updates,
    el("h3", {}, ["Prompt"]),
    data.prompt ? promptNode(data.prompt, data.components) : el("p", { class: "muted" }, ["No prompt: the selection is refused."]),
  ]);
  out.dataset.names = data.names.join(" ");
  out.dataset.host = data.host;
}

export async function compose(names: string[], hostKind: HostKind = host(), as?: "preset" | "modes"): Promise<void> {
  current = { names, host: hostKind, ...(as ? { as } : {}) };
  const out = byId("compose-result");
  try {
    render(await api.compose(names, hostKind, as));
  } catch (err) {
    fill(out, [el("p", { class: "note" }, [(err as Error).message])]);
  }
}

/** After a change of the sources: new picker options, and the shown composition recomposed. */
export async function refreshCompose(state: StateData): Promise<void> {
  const select = byId<HTMLSelectElement>("compose-preset");
  const chosen = select.value;
  fill(select, [el("option", { attrs: { value: "" } }, ["(choose a preset)"]), ...state.presets.map((p) => el("option", { attrs: { value: p } }, [p]))]);
  select.value = state.presets.includes(chosen) ? chosen : "";
  fill(
    byId("compose-mode-list"),
    state.modes.map((m) => el("option", { attrs: { value: m.key } }, [m.strategy])),
  );
  if (current) await compose(current.names, current.host, current.as);
}

export function setupCompose(): void {
  const select = byId<HTMLSelectElement>("compose-preset");
  const modes = byId<HTMLInputElement>("compose-modes");
  const submit = (): void => {
    const keys = modes.value.split(/[\s,]+/).filter((k) => k !== "");
    if (keys.length > 0) select.value = "";
    // The preset list names a preset, the keys field modes: never a guess between a preset and a mode of one name.
    if (keys.length > 0) void compose(keys, host(), "modes");
    else if (select.value !== "") void compose([select.value], host(), "preset");
  };
  select.addEventListener("change", () => {
    modes.value = "";
    submit();
  });
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="compose-host"]'))
    radio.addEventListener("change", () => current && void compose(current.names, host(), current.as));
  byId("compose-form").addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
}
