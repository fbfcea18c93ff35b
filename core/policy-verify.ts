// The one verification of a team policy bundle, for the Pi extension and forge build --policy alike: every check a
// bundle gets (core/bundle-verify.ts), a policy in it, a signature by a key signedBy lists, and its required overlays.
import { describeBundleProblem, verifyBundleText } from "./bundle-verify.js";
import { signersOf } from "./bundle-signature.js";
import { shortFingerprint } from "./signer-text.js";
import type { ForgeBundle, Policy } from "../generated/types.js";

/** Verifies a policy bundle's text: every check a bundle gets, a policy in it, its signedBy, its required overlays. */
export function verifyPolicyText(text: string, signedBy: readonly string[] | undefined): { bundle: ForgeBundle & { policy: Policy } } | { why: string } {
  const { bundle, problems } = verifyBundleText(text, "library");
  if (problems.length > 0 || bundle === null) return { why: describeBundleProblem(problems[0]!) };
  if (bundle.policy === undefined) return { why: "it is a forge library without a policy (no policy.yaml was built into it)" };
  const signers = signersOf(bundle);
  if (signedBy !== undefined && !signers.some((s) => signedBy.includes(s.fingerprint))) {
    const by = signers.length === 0 ? "it is unsigned" : `it is signed only by ${signers.map((s) => shortFingerprint(s.fingerprint)).join(", ")}`;
    return { why: `signedBy requires a signature by ${signedBy.map(shortFingerprint).join(" or ")}, and ${by}` };
  }
  for (const key of bundle.policy.requireOverlays) {
    const mode = Object.hasOwn(bundle.modes, key) ? bundle.modes[key] : undefined;
    if (mode?.strategy !== "append") return { why: `its required overlay "${key}" is not an append mode of the bundle` };
  }
  return { bundle: bundle as ForgeBundle & { policy: Policy } };
}
