// A team policy's violation as its catalog code: the one wording forge build --policy (at the source line) and forge
// verify --policy (at the bundle) print for each rule a component breaks.
import type { Diagnostic } from "./diagnostic.js";
import type { Where } from "./diagnostics/make-diagnostic.js";
import { policyBudgetExceeded, policyModelCallable, policyOverlayKeyTaken, policyStrategyForbidden, policyToolDenied } from "./diagnostics/policy-codes.js";
import type { PolicyViolation } from "./policy-rules.js";

/** A violation as its catalog code, at the offending field of its source. */
export function violationDiagnostic(v: PolicyViolation, where: Where): Diagnostic {
  const what = `${v.component} "${v.key}"`;
  switch (v.kind) {
    case "key-taken":
      return policyOverlayKeyTaken(where, v.key, v.from);
    case "strategy":
      return policyStrategyForbidden(where, v.key, v.subject ?? "", v.rule, v.detail);
    case "tool":
      return policyToolDenied(where, v.key, v.subject ?? "", v.from);
    case "budget":
      return policyBudgetExceeded(where, what, v.detail);
    case "model-callable":
      return policyModelCallable(where, v.key, v.subject ?? "", v.from);
  }
}
