// The team policy a command checks against (forge build --policy, expectPolicy, forge verify --policy, forge explain),
// verified exactly as the Pi extension verifies it (core/policy-verify.ts) and combined into the rules in force.
import { signersOf } from "../../core/bundle-signature.js";
import { combinePolicies, type EffectivePolicy } from "../../core/policy.js";
import { verifyPolicyText } from "../../core/policy-verify.js";
import type { PolicyInput } from "../types.js";

/** The policy's rules, or why it cannot be used. */
export function teamPolicyOf(named: PolicyInput): { policy: EffectivePolicy } | { why: string } {
  if (named.status === "missing") return { why: "it is not installed (npm install it), or the file does not exist" };
  if (named.status === "not-forge") return { why: named.reason };
  const verified = verifyPolicyText(named.bundleText, named.signedBy);
  if ("why" in verified) return verified;
  const { bundle } = verified;
  return {
    policy: combinePolicies([
      { origin: "user", name: named.name, version: named.version, file: named.bundlePath, settingsFile: "", bundle, signers: signersOf(bundle) },
    ]),
  };
}
