// Human text for the path parts of `forge explain`: rules with their globs, edit limits, warnings and a --path verdict.
import type { Painter } from "./painter.js";
import type { ExplainEditLimit, ExplainPath, ExplainRule } from "../review/explain-paths.js";

function ruleLine(r: ExplainRule): string {
  const origin =
    r.contextFile !== null
      ? `nested context file (${r.source})`
      : r.kind === "rule"
        ? `rule (${r.scope}, ${r.source})`
        : `block of preset ${r.preset} (${r.source})`;
  const tools = r.tools ? `; tools: ${r.tools.join(", ")}` : "";
  return `  ${r.id.padEnd(16)} ${origin}: ${r.paths.join(", ")}${tools}`;
}

function limitLine(l: ExplainEditLimit): string {
  const allow = l.allow === null ? "any path" : l.allow.length === 0 ? "nothing" : l.allow.join(", ");
  const bash = l.bashUnchecked ? "; bash on, unchecked (edits.bash: unchecked)" : "; bash off";
  return `  ${l.mode.padEnd(16)} allow ${allow}${l.deny.length ? `; deny ${l.deny.join(", ")}` : ""}${bash}`;
}

/** The rules, limits and warnings sections (nothing when there are none). */
export function renderPathSections(r: { rules: ExplainRule[]; editLimits: ExplainEditLimit[]; warnings: string[] }, p: Painter): string[] {
  const out: string[] = [];
  if (r.rules.length > 0) {
    out.push("", p.paint("bold", "path rules (switch on once per branch when a tool call names a matching path):"), ...r.rules.map(ruleLine));
  }
  if (r.editLimits.length > 0) {
    out.push(
      "",
      p.paint(
        "bold",
        "edit limits (edit and write are checked, every limit must allow a path; bash and tools not known to be read-only are off while a limit is active):",
      ),
      ...r.editLimits.map(limitLine),
    );
  }
  for (const w of r.warnings) out.push(p.paint("yellow", `  warning: ${w}`));
  return out;
}

/** `--path P`: the rules it would switch on and each limit's verdict. */
export function renderPathVerdict(path: ExplainPath, p: Painter): string[] {
  const where =
    path.relative === null
      ? " (outside the project)"
      : path.relative === ""
        ? " (the project root)"
        : path.relative === path.path
          ? ""
          : ` (${path.relative} from the project root, as rules and limits match it)`;
  const out = ["", p.paint("bold", `path ${path.path}${where}:`)];
  if (path.rules.length === 0) out.push("  switches on no rule");
  for (const r of path.rules) {
    const origin = r.kind === "rule" ? "rule" : `block of preset ${r.preset} (while it is active)`;
    out.push(`  switches on ${origin} ${p.paint("bold", r.id)}: matches ${r.glob} (tools: ${r.tools.join(", ")})`);
  }
  if (path.editLimits.length === 0) out.push("  no edit limit applies");
  for (const l of path.editLimits) {
    out.push(l.allowed ? `  ${p.paint("green", "editable")} under mode ${l.mode}` : `  ${p.paint("red", "refused")} by mode ${l.mode}: ${l.refusal}`);
  }
  return out;
}
