// Human text for `forge explain`: layout, sources, contracts, preferences, cache-sensitive slots and sizes.
import { toolReportLines } from "../../core/tool-report.js";
import type { Painter } from "./painter.js";
import { describeVolatility, type Volatility } from "../review/cache-slots.js";
import type { ContractCheck, ExplainReport } from "../review/explain.js";
import { renderPathSections, renderPathVerdict } from "./render-explain-paths.js";
import { describeTrustView } from "../review/trust-view.js";
import { describeExplainPolicy } from "../review/explain-policy.js";
import { renderTokens } from "./render-explain-tokens.js";

const short = (digest: string): string => digest.slice(0, 12);

const STATUS_STYLE = { held: "green", "not-applicable": "dim", violated: "red" } as const;
const STATUS_WORD = { held: "held", "not-applicable": "n/a", violated: "VIOLATED" } as const;

function renderContract(c: ContractCheck, p: Painter): string {
  return `  ${p.paint(STATUS_STYLE[c.status], STATUS_WORD[c.status].padEnd(8))} ${c.detail}`;
}

export function renderExplain(r: ExplainReport, p: Painter): string {
  if (r.selection === null && r.path !== null) return [...renderPathSections(r, p), ...renderPathVerdict(r.path, p)].join("\n").replace(/^\n/, "") + "\n";
  if (r.selection === null) return `forge: explain refused: ${r.reason}\n`;
  const out: string[] = [];
  if (r.preset) {
    out.push(`${p.paint("bold", `preset ${r.preset.key}`)} (${r.preset.scope}, ${r.preset.source}, digest ${short(r.preset.digest)})`);
    if (r.preset.description) out.push(`  ${r.preset.description}`);
    out.push(`  drift policy: ${r.preset.driftPolicy}`);
  } else {
    out.push(p.paint("bold", `modes ${[r.selection.base, ...r.selection.overlays].filter((k) => k !== null).join(", ")}`));
  }
  if (r.status === "refused") out.push(p.paint("red", `  refused: ${r.reason}`));

  out.push("", p.paint("bold", "prompt layout, in order:"));
  const byKey = new Map(r.components.map((c) => [c.key, c]));
  r.layout.forEach((part, i) => {
    const n = `${i + 1}.`.padEnd(3);
    if (part.part === "host") {
      out.push(`  ${n} ${p.paint("dim", "host".padEnd(7))} ${part.description}`);
      return;
    }
    const c = byKey.get(part.key)!;
    out.push(`  ${n} ${c.role.padEnd(7)} ${p.paint("bold", c.key)} (${c.strategy}, "${c.label}")`);
    const from = c.library ? `library ${c.source} (carried in the ${c.scope} bundle)` : `${c.scope} ${c.source}`;
    out.push(`      from ${from}, digest ${short(c.digest)}, ${c.chars} chars, ${tokensOf(r, c.key, c.estimatedTokens)}`);
    if (c.extends.length > 0) out.push(`      extends ${[c.key, ...c.extends.map((s) => s.key)].join(" -> ")}`);
    for (const s of c.extends) {
      const where =
        s.source === null
          ? "as built; the mode of that key offered now is another one (this mode takes its key, or a deeper scope redefines it)"
          : s.library !== null
            ? `library ${s.source} (carried in the ${s.scope} bundle)`
            : `${s.scope} ${s.source}`;
      out.push(p.paint("dim", `        ${s.key}: ${where}, digest ${short(s.digest)}`));
    }
  });
  if (r.components.some((c) => c.strategy === "replace_final")) {
    out.push(p.paint("yellow", "  replace_final: these are the exact final bytes; Pi's context files, skills, date and cwd are not included"));
  }

  out.push("", p.paint("bold", "contracts:"));
  if (r.contracts.length === 0) out.push("  none declared by the selected components");
  else out.push(...r.contracts.map((c) => renderContract(c, p)));

  out.push("", p.paint("bold", "preferences (later components win model and thinking; tool lists intersect):"));
  const prefs = r.preferences;
  if (!prefs || (!prefs.model && !prefs.thinking && !prefs.tools)) out.push("  none: the current model, thinking level and tools stay");
  else {
    if (prefs.model) out.push(`  model     ${prefs.model.value} (from ${prefs.model.from.join(", ")})`);
    if (prefs.thinking) out.push(`  thinking  ${prefs.thinking.value} (from ${prefs.thinking.from.join(", ")})`);
    if (prefs.tools) {
      const tools = prefs.tools.value.length > 0 ? prefs.tools.value.join(", ") : "(none: every tool is switched off)";
      out.push(`  tools     ${tools} (from ${prefs.tools.from.join(" ∩ ")}; may switch on read, grep, find, ls only; see tools below)`);
    }
  }

  if (r.tools) out.push("", p.paint("bold", "tools (what forge's tool gate lets run):"), ...toolReportLines(r.tools));

  out.push("", p.paint("bold", "cache-sensitive slots:"));
  if (r.cacheSensitive.length === 0) {
    out.push("  none: forge's part of the prompt is byte-stable across requests");
  } else {
    for (const s of r.cacheSensitive) {
      out.push(`  ${p.paint("yellow", `{{${s.slot}}}`)} in ${s.component} at char ${s.offset}: ${describeVolatility(s.volatility as Volatility)}`);
    }
  }
  const stable = r.components.flatMap((c) => c.slots.filter((s) => !s.cacheSensitive).map((s) => `{{${s.slot}}} in ${c.key}`));
  if (stable.length > 0) out.push(p.paint("dim", `  stable slots: ${stable.join(", ")}`));
  if (r.layout.some((l) => l.part === "host")) out.push(p.paint("dim", "  Pi's own part carries the date: it changes daily whatever forge does"));

  if (r.systemUpdates.length > 0) {
    out.push("", p.paint("bold", "system updates (dormant until switched on with /system-update):"));
    for (const u of r.systemUpdates) {
      const callable = u.modelCallable ? "model-callable" : "user only";
      const slots = u.slots.filter((s) => s.cacheSensitive).map((s) => `{{${s.slot}}}`);
      out.push(
        `  ${u.id.padEnd(16)} "${u.name}", ${callable}, ${u.chars} chars, ${blockTokens(r, u.id, u.estimatedTokens)}, digest ${short(u.digest)}${slots.length ? `, uses ${slots.join(" ")}` : ""}`,
      );
    }
    if (r.updateDelivery) out.push(p.paint("dim", `  delivery: ${r.updateDelivery}`));
  }

  out.push(...renderPathSections(r, p));
  if (r.path) out.push(...renderPathVerdict(r.path, p));
  if (r.trust) out.push("", p.paint("bold", "bundle, signers and trust:"), ...describeTrustView(r.trust));
  if (r.policy) out.push("", p.paint("bold", "team policy:"), ...describeExplainPolicy(r.policy));

  out.push(...renderTokens(r, p));
  out.push("");
  if (r.size) {
    out.push(
      `size: ${r.size.chars} chars against a sample host prompt; forge's components: ${r.size.forgeChars} chars${r.tokens?.alwaysOn == null ? ` (~${r.size.forgeEstimatedTokens} tokens at 4 chars each)` : ""}`,
    );
  } else {
    out.push(p.paint("red", "size: not composed (the selection is refused)"));
  }
  return out.join("\n") + "\n";
}

/**
 * A component's tokens as the bundle counted them (o200k_base, the figure the tokens section shows); only a bundle
 * built before forge counted tokens falls back to the estimate, said as one.
 */
function tokensOf(r: ExplainReport, key: string, estimated: number): string {
  const counted = r.tokens?.parts.find((p) => p.key === key)?.tokens;
  return counted === undefined ? `~${estimated} tokens at 4 chars each` : `${counted.toLocaleString("en-US")} tokens`;
}

/** A block's counted tokens when it switches on; the estimate only when its bundle has no counts. */
function blockTokens(r: ExplainReport, id: string, estimated: number): string {
  const counted = r.tokens?.blocks.find((b) => b.id === id)?.tokens;
  return counted === undefined || counted === null ? `~${estimated} tokens at 4 chars each` : `${counted.toLocaleString("en-US")} tokens`;
}
