// The composition contracts of one candidate selection (zero or one base plus ordered overlays): the one
// definition the compiler (every preset) and the runtime (activation, replay) both check against.

export interface ContractComponent {
  key: string;
  requires: readonly string[];
  conflictsWith: readonly string[];
  before: readonly string[];
  after: readonly string[];
}

/** `at` is the key of the selected component the violation is reported at. */
export type ContractViolation =
  | { kind: "requires"; at: string; mode: string; missing: string }
  | { kind: "conflict"; at: string; mode: string; other: string }
  /** `first` must come before `second`; `via` names the declaring field (`before` on first, `after` on second). */
  | { kind: "order"; at: string; first: string; second: string; declaredBy: string; via: "before" | "after" };

/**
 * Checks the exact candidate. Contracts never auto-fix: this only reports. Order holds among overlays only
 * (the base is not ordered); a pair of mutual declarations (a conflicts b, b conflicts a) is reported once.
 */
export function checkSelection(base: ContractComponent | null, overlays: readonly ContractComponent[]): ContractViolation[] {
  const selected = base ? [base, ...overlays] : [...overlays];
  const selectedKeys = new Set(selected.map((c) => c.key));
  const overlayIndex = new Map(overlays.map((c, i) => [c.key, i] as const));
  const out: ContractViolation[] = [];
  const reportedPairs = new Set<string>();
  for (const c of selected) {
    for (const r of c.requires) if (!selectedKeys.has(r)) out.push({ kind: "requires", at: c.key, mode: c.key, missing: r });
    for (const x of c.conflictsWith) {
      const pair = [c.key, x].sort().join("\u0000");
      if (selectedKeys.has(x) && !reportedPairs.has("c" + pair)) {
        reportedPairs.add("c" + pair);
        out.push({ kind: "conflict", at: c.key, mode: c.key, other: x });
      }
    }
    const i = overlayIndex.get(c.key);
    if (i === undefined) continue;
    const order = (first: string, second: string, via: "before" | "after") => {
      const id = "o" + first + "\u0000" + second;
      if (reportedPairs.has(id)) return;
      reportedPairs.add(id);
      out.push({ kind: "order", at: c.key, first, second, declaredBy: c.key, via });
    };
    for (const b of c.before) {
      const j = overlayIndex.get(b);
      if (j !== undefined && j < i) order(c.key, b, "before");
    }
    for (const a of c.after) {
      const j = overlayIndex.get(a);
      if (j !== undefined && j > i) order(a, c.key, "after");
    }
  }
  return out;
}
