// Human text for `forge explain` with no names: a scope's presets, modes and rules, then who signed the bundle and
// whether this user trusts it, and how to see one component in full.
import { forgeCommand } from "../../core/forge-command.js";
import type { ExplainOverview, OverviewMode, OverviewPreset } from "../review/explain-overview.js";
import { describeTrustView, type TrustView } from "../review/trust-view.js";
import type { Painter } from "./painter.js";

function modeLines(m: OverviewMode, p: Painter): string[] {
  const strategy = m.strategy === "replace_final" ? p.paint("yellow", "replace_final (replaces Pi's whole prompt)") : m.strategy;
  const lines = [`  ${p.paint("bold", m.key)} (${strategy}, "${m.label}") ${p.paint("dim", m.source)}`];
  const effects: string[] = [];
  if (m.tools !== null) effects.push(`the tool gate lets run: ${m.tools}`);
  if (m.edits) effects.push("limits edits");
  if (m.model !== null) effects.push(`model ${m.model}`);
  if (m.thinking !== null) effects.push(`thinking ${m.thinking}`);
  if (effects.length > 0) lines.push(`      ${effects.join("; ")}`);
  for (const server of m.mcpServers) lines.push(p.paint("yellow", `      MCP server ${server.name}: ${server.target}`));
  return lines;
}

function presetLines(preset: OverviewPreset, p: Painter): string[] {
  const lines = [`  ${p.paint("bold", preset.key)}: ${preset.modes.join(", ") || "no modes"} ${p.paint("dim", preset.source)}`];
  if (preset.description) lines.push(`      ${preset.description}`);
  if (preset.blocks.length > 0) lines.push(`      system-update blocks: ${preset.blocks.join(", ")}`);
  return lines;
}

/** `explain`: the command that explains one of them, with the options that chose this scope (`--root`, `--global`). */
export function renderExplainOverview(overview: ExplainOverview, trust: TrustView, p: Painter, explain: string = forgeCommand("explain")): string {
  /** A titled list with its count: each item's lines, or "none". */
  const section = (title: string, items: string[][]) => [
    "",
    p.paint("bold", `${title} (${items.length}):`),
    ...(items.length === 0 ? ["  none"] : items.flat()),
  ];
  const out = [
    p.paint("bold", `what the ${overview.scope} sources offer (${trust.bundle.path}):`),
    ...section(
      "presets",
      overview.presets.map((preset) => presetLines(preset, p)),
    ),
    ...section(
      "modes",
      overview.modes.map((mode) => modeLines(mode, p)),
    ),
    ...section(
      "rules",
      overview.rules.map((rule) => [`  ${rule.key} ${p.paint("dim", rule.source)}`]),
    ),
  ];
  const others = Object.entries(overview.elsewhere).map(([scope, n]) => `${n} ${scope}`);
  if (others.length > 0) out.push("", p.paint("dim", `also offered from other scopes: ${others.join(", ")} (${explain} <name> shows any of them)`));
  out.push("", p.paint("bold", "signers and trust:"), ...describeTrustView(trust));
  out.push("", `one in full (its prompt, contracts, tools, limits, tokens): ${explain} <preset> | <mode>...`);
  return out.join("\n") + "\n";
}
