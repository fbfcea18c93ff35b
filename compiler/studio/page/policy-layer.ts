// The team policy as its own layer in the studio, in its own colour (never one of the component colours): what it adds
// to every prompt (its overlays and their tokens), each rule, the budget, and whether Pi would refuse the selection.
import type { ExplainPolicy } from "../model/studio-api.js";
import { el } from "./dom.js";

/** The block for the Library (no selection) and the Compose view (a selection: `refusal` and the always-on total). */
export function policyLayer(policy: ExplainPolicy | null | undefined, withSelection: boolean): HTMLElement | null {
  if (policy === null || policy === undefined) return null;
  const head = el("strong", {}, [`Team policy ${policy.name}`]);
  if (policy.status === "failed")
    return el("div", { class: "policy-layer failed", attrs: { "data-testid": "policy" } }, [
      head,
      el("p", {}, [`cannot be used: ${policy.problem}. Pi fails closed under it: its native prompt, no project modes.`]),
    ]);
  const overlays = policy.overlays.map((o) =>
    el("li", {}, [
      el("span", { class: "swatch policy", attrs: { "aria-hidden": "true" } }),
      el("strong", {}, [o.key]),
      ` ${o.label}, first in every prompt${o.tokens === null ? "" : `, ${o.tokens} tokens`}`,
    ]),
  );
  const rules = policy.adds.filter((a) => !a.startsWith("requireOverlays")).map((a) => el("li", {}, [a]));
  const a = policy.alwaysOn;
  const total =
    withSelection && a.total !== null
      ? el("p", {}, [
          `Always-on tokens: ${a.selection} of the selection + ${a.policy} of the policy = ${a.total}${a.budget === null ? "" : ` (budget ${a.budget})`}`,
        ])
      : null;
  const verdict = withSelection
    ? el("p", { class: policy.refusal === null ? "" : "refused" }, [
        policy.refusal === null ? "Pi runs this selection under the policy." : `Refused in Pi: ${policy.refusal}`,
      ])
    : null;
  return el("div", { class: "policy-layer", attrs: { "data-testid": "policy" } }, [head, el("ul", {}, [...overlays, ...rules]), total, verdict]);
}
