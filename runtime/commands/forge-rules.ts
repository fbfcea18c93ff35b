// /forge rules: the path rules this session offers and which of them switched on in this branch, on which path and
// when (the session model's appliedRules), with the nested context files Pi loaded itself and a text that changed since.
import { stringifyCanonical } from "../../core/canonical-json.js";
import { offeredContextRules } from "../../core/context-files.js";
import { sha256Hex } from "../../core/digest.js";
import { collectRules, type RuleRef } from "../../core/rule-catalog.js";
import { appliedRuleKey, type AppliedRule, type SessionState } from "../../core/session-state.js";
import { renderTemplate } from "../../core/template.js";
import type { Segment } from "../../generated/types.js";
import type { SessionView } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { pathRoot } from "../rule-sources.js";
import { describeTrigger } from "../updates/index.js";

/** One rule as /forge rules reports it. */
export interface RuleReport {
  /** The rule id, or `<preset>/<block>` for a preset block with `when`. */
  id: string;
  kind: "rule" | "block";
  /** A nested context file's rule: the file, relative to its layer's root. */
  contextFile: string | null;
  /** The project layer it comes from (null: built-in or global). */
  layer: string | null;
  paths: string;
  /** offered: may switch on here; loaded-by-pi: a context file Pi loaded itself in this working directory; gone: switched on, no longer offered. */
  status: "offered" | "loaded-by-pi" | "gone";
  /** When it switched on in this branch, by which path and glob; null while dormant. */
  switchedOn: {
    at: string;
    path: string | null;
    glob: string | null;
    updateId: string;
    /** Still in the active set (a user may have revoked it). */
    active: boolean;
    /** The rule's text now differs from the text the model got then (an edited context file): the model keeps the old one. */
    changed: boolean;
  } | null;
}

interface RuleInput {
  key: string;
  id: string;
  kind: RuleReport["kind"];
  layer: string | null;
  contextFile: string | null;
  paths: string;
  content: readonly Segment[];
  status: RuleReport["status"];
}

/** Every rule of the report: rules/ rules (less those Pi loaded), the active preset's blocks with `when`, the applied ones gone. */
export function buildRuleReports(input: {
  rules: readonly RuleRef[];
  offered: readonly RuleRef[];
  blocks: ReadonlyArray<{ presetId: string; blockId: string; layer: string | null; paths: string; content: readonly Segment[] }>;
  session: Pick<SessionState, "appliedRules" | "updates">;
  render: (content: readonly Segment[]) => string;
}): RuleReport[] {
  const offered = new Set(input.offered);
  const inputs: RuleInput[] = input.rules.map((r) => ({
    key: appliedRuleKey({ ruleId: r.key }),
    id: r.key,
    kind: "rule",
    layer: r.layer,
    contextFile: r.rule.contextFile ?? null,
    paths: describeTrigger(r.rule.when),
    content: r.rule.content,
    status: offered.has(r) ? "offered" : "loaded-by-pi",
  }));
  for (const b of input.blocks) {
    inputs.push({
      key: appliedRuleKey(b),
      id: `${b.presetId}/${b.blockId}`,
      kind: "block",
      layer: b.layer,
      contextFile: null,
      paths: b.paths,
      content: b.content,
      status: "offered",
    });
  }
  const known = new Set(inputs.map((i) => i.key));
  const reports = inputs.map((i) => report(i, input.session.appliedRules.get(i.key) ?? null, input));
  for (const applied of input.session.appliedRules.values()) {
    if (known.has(applied.key)) continue;
    const [kind, id] = applied.key.startsWith("rule:") ? (["rule", applied.key.slice(5)] as const) : (["block", applied.key.slice(6)] as const);
    reports.push({ id, kind, contextFile: null, layer: null, paths: "", status: "gone", switchedOn: switched(applied, input, null) });
  }
  return reports;
}

function switched(
  applied: AppliedRule,
  input: { session: Pick<SessionState, "updates">; render: (c: readonly Segment[]) => string },
  content: readonly Segment[] | null,
): RuleReport["switchedOn"] {
  const active = input.session.updates.active.some((u) => u.updateId === applied.updateId);
  const changed = content !== null && sha256Hex(input.render(content)) !== applied.digest;
  return { at: applied.at, path: applied.path, glob: applied.glob, updateId: applied.updateId, active, changed };
}

function report(
  i: RuleInput,
  applied: AppliedRule | null,
  input: { session: Pick<SessionState, "updates">; render: (c: readonly Segment[]) => string },
): RuleReport {
  return {
    id: i.id,
    kind: i.kind,
    contextFile: i.contextFile,
    layer: i.layer,
    paths: i.paths,
    status: i.status,
    switchedOn: applied === null ? null : switched(applied, input, i.content),
  };
}

/** The human lines: switched-on rules first (when, path, glob), then the dormant ones, then those Pi loaded itself. */
export function renderRuleReports(reports: readonly RuleReport[]): string {
  if (reports.length === 0)
    return "forge: no path rules here (rules/ files, nested context files with forge.yaml contextFiles: nested, or preset blocks with when)";
  const on = reports.filter((r) => r.switchedOn !== null);
  const lines = [`forge: ${on.length} of ${reports.length} path rules switched on in this branch`];
  const from = (r: RuleReport) => (r.contextFile !== null ? ` (${r.contextFile})` : "");
  for (const r of on) {
    const s = r.switchedOn!;
    const state = s.active ? "" : ", since revoked";
    lines.push(`  ${r.id}${from(r)}: on since ${s.at}, ${s.path ?? "a path"} matched ${s.glob ?? "its globs"} (system update ${s.updateId}${state})`);
    if (s.changed) lines.push(`    changed since: its text now differs from what the model got; the model keeps that text for this branch`);
    if (r.status === "gone") lines.push("    no longer offered by the bundles");
  }
  for (const r of reports.filter((x) => x.switchedOn === null && x.status === "offered")) lines.push(`  ${r.id}${from(r)}: dormant (paths: ${r.paths})`);
  for (const r of reports.filter((x) => x.switchedOn === null && x.status === "loaded-by-pi")) {
    lines.push(`  ${r.id}${from(r)}: not offered here: Pi loaded ${r.contextFile} itself (the working directory is inside its directory)`);
  }
  return lines.join("\n");
}

/** The rule reports of this session, as /forge rules shows them. */
export function ruleReportsFor(session: SessionView, ctx: CtxPort): RuleReport[] {
  const loaded = session.scopes(ctx);
  const root = pathRoot(loaded, ctx);
  const rules = collectRules(loaded.discovered.sources);
  const ref = session.activePreset(ctx);
  const blocks = (ref?.preset.systemUpdates ?? [])
    .filter((b) => b.when !== undefined && (ref!.scope !== "project" || ref!.trusted))
    .map((b) => ({ presetId: ref!.key, blockId: b.id, layer: ref!.layer ?? null, paths: describeTrigger(b.when!), content: b.content }));
  const vars = session.vars(ctx);
  return buildRuleReports({
    rules,
    offered: offeredContextRules(rules, ctx.cwd, root),
    blocks,
    session: session.session(ctx),
    render: (content) => renderTemplate(content, vars, ""),
  });
}

/** /forge rules [--json]. */
export function showRules(session: SessionView, ctx: CtxPort, json: boolean): void {
  const reports = ruleReportsFor(session, ctx);
  say(ctx, json ? stringifyCanonical({ rules: reports }) : renderRuleReports(reports));
}

/**
 * The drift of rules that switched on: once per switched-on rule, a warning that a rule's text changed since the model got
 * it in this branch (an edited and rebuilt context file), as a selected mode's drift is told. Process state: what it told.
 */
export function createRuleDriftNotice(session: SessionView): (ctx: CtxPort) => void {
  const told = new Set<string>();
  return (ctx) => {
    const changed = ruleReportsFor(session, ctx).filter((r) => r.switchedOn?.changed === true && r.switchedOn.active);
    const fresh = changed.filter((r) => !told.has(`${r.kind}:${r.id}:${r.switchedOn!.updateId}`));
    if (fresh.length === 0) return;
    for (const r of fresh) told.add(`${r.kind}:${r.id}:${r.switchedOn!.updateId}`);
    const names = fresh.map((r) => `${r.id}${r.contextFile !== null ? ` (${r.contextFile})` : ""}`).join(", ");
    const one = fresh.length === 1;
    say(
      ctx,
      `forge: rule${one ? "" : "s"} ${names} changed since ${one ? "it" : "they"} switched on in this branch; the model keeps the text it got then (see /forge rules)`,
      "warning",
    );
  };
}
