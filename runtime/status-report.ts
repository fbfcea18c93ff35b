// Pure status and preview reports: deterministic JSON shapes and their human text.
import type { Diagnostic } from "../core/diagnostic.js";
import type { Scope } from "../core/digest.js";
import { SCOPES_SHALLOW_TO_DEEP, type Catalog } from "../core/component-catalog.js";
import type { ActiveSelection, ComposeResult, DriftItem } from "../core/composition.js";
import { composedChars, estimateTokens } from "../core/prompt-size.js";
import { selectedRoles } from "../core/candidate.js";
import { describeUnknownLimit, type ActiveLimit } from "../core/pinned-limits.js";
import { describePattern } from "../core/path-match.js";
import type { DiscoveredScopes } from "./scope-discovery.js";
import { toolReportLines, type ToolReport } from "../core/tool-report.js";
import type { PolicyState } from "../core/policy.js";
import { buildPolicyReport, policyStatusLines, type PolicyReport } from "./policy-report.js";

export interface ComponentReport {
  key: string;
  role: "base" | "overlay";
  strategy: string | null;
  label: string | null;
  pinnedDigest: string | null;
  pinnedScope: Scope | null;
  currentDigest: string | null;
  currentScope: Scope | null;
  /** The project layer (directory holding .pi/forge) it comes from now, when it is a project mode. */
  currentLayer: string | null;
  drift: "none" | DriftItem["kind"];
}

/** One project layer, root first: its bundle and whether it is trusted. */
export interface LayerReport extends BundleReport {
  root: string;
  trusted: boolean | null;
  decidedBy: string | null;
  /** Why it is trusted: host, hash (its bundleHash), signer (a key the user trusts signed it); null when it is not. */
  via: "host" | "hash" | "signer" | null;
  /** The keys whose signatures of the bundle verified. */
  signers: Array<{ fingerprint: string; name: string }>;
}

export interface BundleReport {
  file: string | null;
  status: "absent" | "ok" | "refused";
  bundleHash: string | null;
  reason: string | null;
  /** The refusal's diagnostic code (bundle_refused, layer_refused); null unless refused. */
  code: string | null;
}

export interface StatusReport {
  v: 1;
  active: boolean;
  composition: "native" | "compose";
  base: string | null;
  overlays: string[];
  preset: string | null;
  driftPolicy: string | null;
  source: string | null;
  activatedAt: string | null;
  components: ComponentReport[];
  drift: boolean;
  fallbackReason: string | null;
  bundles: Record<Scope, BundleReport>;
  project: { root: string | null; trusted: boolean | null; decidedBy: string | null };
  /** Every project layer from the repository root down to cwd (bundles.project is the deepest). */
  layers: LayerReport[];
  notices: string[];
  /** Every malformed forge-mode-state entry replay skipped on this branch (notices only count them). */
  skippedEntries: Array<{ code: string; message: string; path: string | null }>;
  /**
   * The edit limits in force: those the selection pinned, also while forge falls back to Pi's native prompt. `bash`:
   * off while any limit is active, unless every one declares `edits.bash: unchecked`. An unknown limit refuses every edit.
   */
  editLimits: EditLimitReport[];
  /** The selection's tools as the gate enforces them, its tool delivery, and the MCP servers its modes bring. */
  tools: ToolReport | null;
  /** The team policy in force and what it adds (null: none named); its overlays are in every composition. */
  policy: PolicyReport | null;
}

export interface EditLimitReport {
  mode: string;
  /** null: any path not denied (or unknown). */
  allow: string[] | null;
  deny: string[];
  bash: "off" | "unchecked";
  /** Why forge cannot know it (then every edit and write is refused); null when known. */
  unknown: string | null;
}

export interface PreviewReport extends StatusReport {
  sections: Array<{ key: string; kind: "replace_base" | "replace_final" | "overlay"; chars: number }>;
  /** Characters forge contributes; for replace_final the exact size of the whole prompt. */
  size: { chars: number; estimatedTokens: number; basis: "native" | "forge-parts" | "exact-final" };
  /** The whole system prompt forge handed Pi on the last turn (null before the first turn). */
  lastPrompt: { chars: number; estimatedTokens: number } | null;
}

/** Each scope's bundle load as plain data (/mode status and /forge status). */
export function bundleReports(discovered: DiscoveredScopes): Record<Scope, BundleReport> {
  const bundles = {} as Record<Scope, BundleReport>;
  for (const scope of SCOPES_SHALLOW_TO_DEEP) {
    const load = discovered.loads[scope];
    bundles[scope] = {
      file: load.file === "" ? null : load.file,
      status: load.status,
      bundleHash: load.status === "ok" ? load.bundle.bundleHash : null,
      reason: load.status === "refused" ? load.reason : null,
      code: load.status === "refused" ? load.diagnostic.code : null,
    };
  }
  return bundles;
}

/** Each project layer's load and trust as plain data, root first. */
export function layerReports(discovered: DiscoveredScopes): LayerReport[] {
  return discovered.layers.map((l) => ({
    root: l.root,
    file: l.file,
    status: l.load.status,
    bundleHash: l.load.status === "ok" ? l.load.bundle.bundleHash : null,
    reason: l.load.status === "refused" ? l.load.reason : null,
    code: l.load.status === "refused" ? l.load.diagnostic.code : null,
    trusted: l.trusted,
    decidedBy: l.decidedBy,
    via: l.via ?? null,
    signers: l.signers,
  }));
}

export function buildStatusReport(
  catalog: Catalog,
  discovered: DiscoveredScopes,
  selection: ActiveSelection,
  result: ComposeResult,
  notices: readonly string[],
  skipped: readonly Diagnostic[] = [],
  limits: readonly ActiveLimit[] = [],
  tools: ToolReport | null = null,
  policy: PolicyState = { kind: "none" },
): StatusReport {
  const state = selection.state;
  const components: ComponentReport[] = [];
  if (state) {
    for (const { key, role } of selectedRoles(state)) {
      const pinned = state.components[key];
      const current = catalog.modes.get(key);
      const drift = result.drift.find((d) => d.key === key);
      components.push({
        key,
        role,
        strategy: current?.mode.strategy ?? null,
        label: current?.mode.label ?? null,
        pinnedDigest: pinned?.digest ?? null,
        pinnedScope: pinned?.scope ?? null,
        currentDigest: current?.mode.digest ?? null,
        currentScope: current?.scope ?? null,
        currentLayer: current?.layer ?? null,
        drift: drift ? drift.kind : "none",
      });
    }
  }
  return {
    v: 1,
    active: result.composition.kind === "compose",
    composition: result.composition.kind,
    base: state?.base ?? null,
    overlays: state ? [...state.overlays] : [],
    preset: state?.preset ?? null,
    driftPolicy: state?.driftPolicy ?? null,
    source: state?.source ?? null,
    activatedAt: state?.activatedAt ?? null,
    components,
    drift: result.drift.length > 0,
    fallbackReason: result.fallbackReason,
    bundles: bundleReports(discovered),
    project: { root: discovered.paths.projectRoot, trusted: discovered.trust.trusted, decidedBy: discovered.trust.decidedBy },
    layers: layerReports(discovered),
    notices: [...notices],
    skippedEntries: skipped.map((d) => ({ code: d.code, message: d.message, path: d.path })),
    editLimits: limits.map(limitReport),
    tools,
    policy: buildPolicyReport(policy),
  };
}

function limitReport(l: ActiveLimit): EditLimitReport {
  if (l.kind === "unknown") return { mode: l.mode, allow: null, deny: [], bash: "off", unknown: describeUnknownLimit(l) };
  const { allow, deny, bash } = l.limit;
  return {
    mode: l.mode,
    allow: allow === undefined ? null : allow.map(describePattern),
    deny: deny.map(describePattern),
    bash: bash === "unchecked" ? "unchecked" : "off",
    unknown: null,
  };
}

/** The status lines of the limits in force: each limit, then what that means for bash. */
function limitLines(limits: readonly EditLimitReport[]): string[] {
  if (limits.length === 0) return [];
  const lines = limits.map((l) => {
    if (l.unknown !== null) return `  edit limit ${l.mode}: unknown, every edit and write is refused (${l.unknown})`;
    const allow = l.allow === null ? "any path" : l.allow.length === 0 ? "nothing" : l.allow.join(", ");
    return `  edit limit ${l.mode}: allow ${allow}${l.deny.length > 0 ? `; deny ${l.deny.join(", ")}` : ""}${l.bash === "unchecked" ? "; edits.bash: unchecked" : ""}`;
  });
  const kept = limits.every((l) => l.bash === "unchecked");
  lines.push(
    kept
      ? "  bash: on and unchecked (edits.bash: unchecked): it can change any file"
      : "  bash and tools not known to be read-only: off while an edit limit is active",
  );
  return lines;
}

export function buildPreviewReport(status: StatusReport, result: ComposeResult, lastPromptChars: number | null = null): PreviewReport {
  const sections: PreviewReport["sections"] = [];
  const c = result.composition;
  let basis: PreviewReport["size"]["basis"] = "native";
  if (c.kind === "compose") {
    if (c.base) sections.push({ key: c.base.key, kind: c.base.strategy, chars: c.base.text.length });
    for (const o of c.overlays) sections.push({ key: o.key, kind: "overlay", chars: o.text.length });
    basis = c.base?.strategy === "replace_final" ? "exact-final" : "forge-parts";
  }
  const chars = composedChars(c);
  const lastPrompt = lastPromptChars === null ? null : { chars: lastPromptChars, estimatedTokens: estimateTokens(lastPromptChars) };
  return { ...status, sections, size: { chars, estimatedTokens: estimateTokens(chars), basis }, lastPrompt };
}

export function formatStatusText(r: StatusReport): string {
  const lines: string[] = [];
  const what = r.preset ? `preset ${r.preset}` : "selection";
  if (r.base === null && r.overlays.length === 0) lines.push("forge: no mode selected (Pi's native prompt)");
  else
    lines.push(
      `forge: ${what}: base ${r.base ?? "(native)"}; overlays ${r.overlays.length > 0 ? r.overlays.join(", ") : "(none)"}; drift policy ${r.driftPolicy}`,
    );
  for (const c of r.components) {
    const digest = (c.currentDigest ?? c.pinnedDigest ?? "").slice(0, 12);
    const layer = c.currentLayer !== null && r.layers.length > 1 ? ` ${c.currentLayer}` : "";
    lines.push(
      `  ${c.role} ${c.key} (${c.strategy ?? "?"}, ${c.currentScope ?? c.pinnedScope ?? "?"}${layer}, ${digest})${c.drift === "none" ? "" : ` DRIFT: ${c.drift}`}`,
    );
  }
  lines.push(`  composition: ${r.composition}${r.fallbackReason ? ` (fallback: ${r.fallbackReason})` : ""}`);
  lines.push(...limitLines(r.editLimits));
  lines.push(...policyStatusLines(r.policy));
  if (r.editLimits.length === 0 && (r.base !== null || r.overlays.length > 0)) lines.push("  edit limits: none (edit and write may change any file)");
  // A mode that only limits edits shows its tools when it trusts read-only hints: that lets tools run under the limit.
  if (r.tools !== null && (r.tools.sets.length > 0 || r.tools.servers.length > 0 || r.tools.readOnlyHints === "trusted"))
    lines.push("  tools:", ...toolReportLines(r.tools).map((l) => `  ${l}`));
  for (const scope of SCOPES_SHALLOW_TO_DEEP) {
    const b = r.bundles[scope];
    if (b.status === "absent") continue;
    if (scope === "project" && r.layers.length > 1) {
      // A monorepo: name each layer, root first.
      for (const l of r.layers)
        lines.push(`  bundle project layer ${l.root}: ${l.status}${l.bundleHash ? ` ${l.bundleHash.slice(0, 12)}` : ""} trusted=${String(l.trusted)}`);
      continue;
    }
    const trust = scope === "project" ? ` trusted=${String(r.project.trusted)}` : "";
    lines.push(`  bundle ${scope}: ${b.status}${b.bundleHash ? ` ${b.bundleHash.slice(0, 12)}` : ""}${trust}`);
  }
  for (const n of r.notices) lines.push(`  notice: ${n}`);
  return lines.join("\n");
}

/** The prompt's size: what forge composes, and the whole prompt of the last turn when there was one. */
export function formatSizeLine(r: PreviewReport): string {
  const last = r.lastPrompt ? `; last turn's whole prompt ${r.lastPrompt.chars} chars, ~${r.lastPrompt.estimatedTokens} tokens` : "";
  return `  size: ${r.size.chars} chars, ~${r.size.estimatedTokens} tokens (${r.size.basis})${last}`;
}

export function formatPreviewText(r: PreviewReport, result: ComposeResult): string {
  const head = formatStatusText(r);
  const size = formatSizeLine(r);
  const c = result.composition;
  if (c.kind === "native") return `${head}\n${size}\n(Pi's native prompt is used unchanged)`;
  const parts: string[] = [];
  if (c.base) parts.push(`--- ${c.base.strategy} ${c.base.key} ---\n${c.base.text}`);
  for (const o of c.overlays) parts.push(`--- overlay ${o.key} ---\n${o.text}`);
  return `${head}\n${size}\n${parts.join("\n")}`;
}
