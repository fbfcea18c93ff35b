// `forge explain`'s contract checks: every contract the selected components declare, judged and worded for people.
import type { Catalog } from "../../core/component-catalog.js";
import { judgeCandidate } from "../../core/candidate.js";
import type { ContractJudgment, ContractKind } from "../../core/contracts.js";

export interface ContractCheck {
  declaredBy: string;
  kind: ContractKind;
  other: string;
  /** not-applicable: an ordering or conflict whose other side is not selected. */
  status: "held" | "not-applicable" | "violated";
  detail: string;
}

/** Every contract the selected components declare, judged by the one rule activation uses (core/contracts.ts). */
export function checkDeclaredContracts(catalog: Catalog, base: string | null, overlays: readonly string[]): ContractCheck[] {
  return judgeCandidate(catalog, { base, overlays: [...overlays] }).map((j): ContractCheck => {
    const { declaredBy: key, kind, other, status } = j;
    return { declaredBy: key, kind, other, status, detail: contractDetail(j) };
  });
}

/** The explain wording of one judgment. */
function contractDetail(j: ContractJudgment): string {
  const { declaredBy: key, kind, other, status } = j;
  switch (kind) {
    case "requires":
      return status === "held" ? `${key} requires ${other}: selected` : `${key} requires ${other}, which is not selected`;
    case "conflictsWith":
      return status === "violated" ? `${key} conflicts with ${other}, which is selected` : `${key} conflicts with ${other}: not selected`;
    default: {
      const { self, other: at } = j.positions!;
      if (status === "not-applicable") return `${key} ${kind} ${other}: ${self < 0 ? `${key} is not an overlay` : `${other} is not a selected overlay`}`;
      return `${key} (overlay ${self + 1}) ${kind} ${other} (overlay ${at + 1})`;
    }
  }
}
