// The composition contracts of one candidate selection: the one rule the compiler (every preset), explain, and the
// runtime (activation, replay) all judge by. Contracts never auto-fix: this only reports.

export interface ContractComponent {
  key: string;
  requires: readonly string[];
  conflictsWith: readonly string[];
  before: readonly string[];
  after: readonly string[];
}

export type ContractKind = "requires" | "conflictsWith" | "before" | "after";

/**
 * One declared contract judged against the exact candidate. `not-applicable`: a conflict or ordering whose
 * other side is not selected (for ordering: either side not an overlay).
 */
export interface ContractJudgment {
  declaredBy: string;
  kind: ContractKind;
  other: string;
  status: "held" | "not-applicable" | "violated";
  /** Overlay positions (0-based) of the declaring and the other component, for ordering contracts; -1 when not an overlay. */
  positions: { self: number; other: number } | null;
}

/** `at` is the key of the selected component the violation is reported at. */
export type ContractViolation =
  | { kind: "requires"; at: string; mode: string; missing: string }
  | { kind: "conflict"; at: string; mode: string; other: string }
  /** `first` must come before `second`; `via` names the declaring field (`before` on first, `after` on second). */
  | { kind: "order"; at: string; first: string; second: string; declaredBy: string; via: "before" | "after" };

/**
 * Every contract the selected components declare, in declaration order (components base first, then requires,
 * conflictsWith, before, after). Order holds among overlays only (the base is not ordered); only the other overlay
 * on the wrong side breaks an ordering, so a mode ordered against itself holds.
 */
export function judgeContracts(base: ContractComponent | null, overlays: readonly ContractComponent[]): ContractJudgment[] {
  const selected = base ? [base, ...overlays] : [...overlays];
  const selectedKeys = new Set(selected.map((c) => c.key));
  const overlayIndex = new Map(overlays.map((c, i) => [c.key, i] as const));
  const out: ContractJudgment[] = [];
  for (const c of selected) {
    for (const other of c.requires) {
      out.push({ declaredBy: c.key, kind: "requires", other, status: selectedKeys.has(other) ? "held" : "violated", positions: null });
    }
    for (const other of c.conflictsWith) {
      out.push({ declaredBy: c.key, kind: "conflictsWith", other, status: selectedKeys.has(other) ? "violated" : "not-applicable", positions: null });
    }
    const i = overlayIndex.get(c.key) ?? -1;
    for (const kind of ["before", "after"] as const) {
      for (const other of c[kind]) {
        const j = overlayIndex.get(other) ?? -1;
        const positions = { self: i, other: j };
        if (i < 0 || j < 0) out.push({ declaredBy: c.key, kind, other, status: "not-applicable", positions });
        else {
          const broken = kind === "before" ? j < i : j > i;
          out.push({ declaredBy: c.key, kind, other, status: broken ? "violated" : "held", positions });
        }
      }
    }
  }
  return out;
}

/**
 * The violations of the exact candidate, each pair reported once (mutual declarations such as a conflicts b and
 * b conflicts a, or a before b and b after a, are one violation).
 */
export function checkSelection(base: ContractComponent | null, overlays: readonly ContractComponent[]): ContractViolation[] {
  const out: ContractViolation[] = [];
  const reported = new Set<string>();
  const once = (id: string): boolean => {
    if (reported.has(id)) return false;
    reported.add(id);
    return true;
  };
  for (const j of judgeContracts(base, overlays)) {
    if (j.status !== "violated") continue;
    if (j.kind === "requires") out.push({ kind: "requires", at: j.declaredBy, mode: j.declaredBy, missing: j.other });
    else if (j.kind === "conflictsWith") {
      if (once("c" + [j.declaredBy, j.other].sort().join("\u0000"))) out.push({ kind: "conflict", at: j.declaredBy, mode: j.declaredBy, other: j.other });
    } else {
      const [first, second] = j.kind === "before" ? [j.declaredBy, j.other] : [j.other, j.declaredBy];
      if (once("o" + first + "\u0000" + second)) out.push({ kind: "order", at: j.declaredBy, first, second, declaredBy: j.declaredBy, via: j.kind });
    }
  }
  return out;
}

/** The operator-facing wording of one contract violation (activation, replay, preview). */
export function describeViolation(v: ContractViolation): string {
  switch (v.kind) {
    case "requires":
      return `"${v.mode}" requires "${v.missing}" to be selected too`;
    case "conflict":
      return `"${v.mode}" conflicts with "${v.other}"`;
    case "order":
      return v.via === "before" ? `"${v.first}" must come before "${v.second}"` : `"${v.second}" must come after "${v.first}"`;
  }
}
