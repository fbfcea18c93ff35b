// The assertions of one test on one host's prompt: contains, notContains, order, tokens, sections, tools, edits and
// rules, each a result that says what was expected and what was found. Pure; snapshots are snapshots.ts.
import { compileLinear } from "../../core/path-match.js";
import type { TestNameSet, TestTextMatch } from "../../generated/types.js";
import { explainPath, type LayeredMode } from "../review/explain-paths.js";
import { promptText, type PromptView } from "./prompt-view.js";
import type { PromptTest } from "./test-case.js";

export type AssertionKind = "selection" | "contains" | "notContains" | "order" | "tokens" | "sections" | "tools" | "edits" | "rules" | "snapshot" | "expect";

export interface AssertionResult {
  kind: AssertionKind;
  passed: boolean;
  /** What was expected and, when it failed, what was found. */
  message: string;
  /** Where in the test it is written (["assert", "contains", 1]); annotations point there. */
  at: (string | number)[];
}

/** What assertions need beyond the prompt: the selection's always-on tokens and its modes' edit limits. */
export interface AssertionFacts {
  /** The always-on tokens forge adds (forge explain's figure), or why there is none. */
  alwaysOn: number | { missing: string };
  /** The selected modes, for edit verdicts (forge explain --path). */
  modes: readonly LayeredMode[];
  /** The project root: the edits paths are relative to it. */
  root: string;
}

const show = (m: TestTextMatch): string => (typeof m === "string" ? JSON.stringify(m.length > 80 ? `${m.slice(0, 77)}...` : m) : `/${m.pattern}/`);

/** Where `m` first occurs in `text` (a text verbatim, a pattern with RE2), or -1; a pattern's place is its line only. */
function find(text: string, m: TestTextMatch): number {
  if (typeof m === "string") return text.indexOf(m);
  const re = compileLinear(m.pattern);
  if (re === null) return -1;
  return re.test(text) ? 0 : -1;
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split("\n").length;

function textAssertions(text: string, test: PromptTest): AssertionResult[] {
  const out: AssertionResult[] = [];
  test.assert.contains?.forEach((m, i) => {
    const at = find(text, m);
    out.push({
      kind: "contains",
      passed: at >= 0,
      message: at >= 0 ? `contains ${show(m)}` : `expected the prompt to contain ${show(m)}; it does not`,
      at: ["assert", "contains", i],
    });
  });
  test.assert.notContains?.forEach((m, i) => {
    const at = find(text, m);
    const where = typeof m === "string" ? ` (line ${lineAt(text, at)} of the prompt)` : "";
    out.push({
      kind: "notContains",
      passed: at < 0,
      message: at < 0 ? `does not contain ${show(m)}` : `expected the prompt not to contain ${show(m)}; it does${where}`,
      at: ["assert", "notContains", i],
    });
  });
  const order = test.assert.order;
  if (order) {
    let from = 0;
    let problem: string | null = null;
    for (const [i, t] of order.entries()) {
      const at = text.indexOf(t, from);
      if (at >= 0) {
        from = at + t.length;
        continue;
      }
      const anywhere = text.indexOf(t);
      problem =
        anywhere < 0
          ? `expected ${show(t)} (item ${i + 1}) in the prompt; it is missing`
          : `expected ${show(t)} (item ${i + 1}) after ${show(order[i - 1]!)}; it comes before it (line ${lineAt(text, anywhere)})`;
      break;
    }
    out.push({ kind: "order", passed: problem === null, message: problem ?? `${order.length} texts in order`, at: ["assert", "order"] });
  }
  return out;
}

/** A names assertion (tools, sections): a list (each present), or exactly / includes / excludes. */
function nameSet(kind: "tools" | "sections", what: string, actual: readonly string[], wanted: TestNameSet): AssertionResult {
  const spec = Array.isArray(wanted) ? { includes: wanted } : wanted;
  const have = `${what}: ${actual.length === 0 ? "none" : actual.join(", ")}`;
  const problems: string[] = [];
  if (spec.exactly !== undefined) {
    const extra = actual.filter((n) => !spec.exactly!.includes(n));
    const missing = spec.exactly.filter((n) => !actual.includes(n));
    if (extra.length > 0 || missing.length > 0)
      problems.push(
        `expected exactly ${spec.exactly.join(", ") || "none"}${missing.length ? `; missing ${missing.join(", ")}` : ""}${extra.length ? `; also ${extra.join(", ")}` : ""}`,
      );
  }
  const missing = (spec.includes ?? []).filter((n) => !actual.includes(n));
  if (missing.length > 0) problems.push(`expected ${missing.join(", ")} among them`);
  const present = (spec.excludes ?? []).filter((n) => actual.includes(n));
  if (present.length > 0) problems.push(`expected no ${present.join(", ")}`);
  return { kind, passed: problems.length === 0, message: problems.length === 0 ? have : `${problems.join("; ")} (${have})`, at: ["assert", kind] };
}

function edits(test: PromptTest, facts: AssertionFacts): AssertionResult[] {
  const out: AssertionResult[] = [];
  const verdict = (path: string) => explainPath({ path, cwd: facts.root, home: "/nonexistent" }, facts.root, [], facts.modes).editLimits;
  for (const side of ["allowed", "refused"] as const) {
    test.assert.edits?.[side]?.forEach((path, i) => {
      const limits = verdict(path);
      const refusal = limits.find((l) => !l.allowed);
      const allowed = refusal === undefined;
      const passed = allowed === (side === "allowed");
      const found = allowed
        ? limits.length === 0
          ? "no edit limit is active"
          : `allowed by ${limits.map((l) => l.mode).join(" and ")}`
        : `refused: ${refusal!.refusal}`;
      out.push({
        kind: "edits",
        passed,
        message: `${path}: expected ${side === "allowed" ? "allowed" : "refused"}; ${found}`,
        at: ["assert", "edits", side, i],
      });
    });
  }
  return out;
}

/** Every assertion of `test` but the snapshot, on one host's view. */
export function checkAssertions(test: PromptTest, view: PromptView, facts: AssertionFacts): AssertionResult[] {
  const out: AssertionResult[] = [];
  if (view.refused !== null) out.push({ kind: "selection", passed: false, message: view.refused, at: [test.preset !== null ? "preset" : "modes"] });
  out.push(...textAssertions(promptText(view), test));
  const tokens = test.assert.tokens;
  if (tokens) {
    const n = facts.alwaysOn;
    const problem =
      typeof n !== "number"
        ? `no always-on token count: ${n.missing}`
        : tokens.max !== undefined && n > tokens.max
          ? `${n} always-on tokens, over the max ${tokens.max} by ${n - tokens.max}`
          : tokens.min !== undefined && n < tokens.min
            ? `${n} always-on tokens, under the min ${tokens.min} by ${tokens.min - n}`
            : null;
    out.push({ kind: "tokens", passed: problem === null, message: problem ?? `${n} always-on tokens (o200k_base)`, at: ["assert", "tokens"] });
  }
  if (test.assert.sections && view.sections !== null) out.push(nameSet("sections", "sections", view.sections, test.assert.sections));
  if (test.assert.tools) out.push(nameSet("tools", "tools", view.tools, test.assert.tools));
  out.push(...edits(test, facts));
  const rules = test.assert.rules;
  if (rules) {
    const wrongOn = (rules.on ?? []).filter((id) => !view.rulesOn.includes(id));
    const wrongOff = (rules.off ?? []).filter((id) => view.rulesOn.includes(id));
    const touched = test.inputs.touched.length === 0 ? "no path was touched" : `touched ${test.inputs.touched.join(", ")}`;
    const problems = [...(wrongOn.length ? [`expected ${wrongOn.join(", ")} on`] : []), ...(wrongOff.length ? [`expected ${wrongOff.join(", ")} off`] : [])];
    const on = `on: ${view.rulesOn.join(", ") || "none"}`;
    out.push({
      kind: "rules",
      passed: problems.length === 0,
      message: `${problems.length ? `${problems.join("; ")}; ` : ""}${on} (${touched})`,
      at: ["assert", "rules"],
    });
  }
  return out;
}
