// What `forge verify` finds in one bundle's text: every verification problem (format, schema, digests, bundleHash,
// signatures) and who signed it, and whether a required signer did. Pure: the command reads the files.
import { describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import { describeSigner, signersOf, shortFingerprint, type Signer } from "../../core/bundle-signature.js";
import type { BundleScope } from "../../core/digest.js";
import { plural } from "../output/painter.js";
import type { Holds } from "./schema-check.js";
import type { EffectivePolicy } from "../../core/policy.js";
import { policyProblems } from "./policy-verify.js";

export interface VerifiedBundle {
  /** The bundle file, relative to the current directory; `absolutePath` beside it. */
  path: string;
  absolutePath: string;
  status: "verified" | "failed";
  scope: string | null;
  bundleHash: string | null;
  counts: { modes: number; presets: number } | null;
  /** The keys whose signatures verified (every signature must, or the bundle failed). */
  signers: Signer[];
  /** Every reason it failed, as the runtime would word its refusal (the runtime names only the first). */
  problems: string[];
}

export interface VerifyReport {
  command: "verify";
  status: "verified" | "failed";
  /** --signed-by: the fingerprints one of which must have signed every bundle (empty: no requirement). */
  signedBy: string[];
  /** --policy: the team policy every bundle was checked against (its problems are in each bundle's), or why it could not be used. */
  policy?: { name: string; status: "verified" | "failed"; problem: string | null };
  bundles: VerifiedBundle[];
}

/** Verifies one bundle's text (null: the file could not be read, `unread` says why). */
export function verifyOne(
  file: { path: string; absolutePath: string },
  text: string | null,
  unread: string | null,
  expectedScope: BundleScope | undefined,
  signedBy: readonly string[],
  policy: EffectivePolicy | null = null,
): VerifiedBundle {
  const base = { ...file, scope: null, bundleHash: null, counts: null, signers: [] as Signer[] };
  if (text === null) return { ...base, status: "failed", problems: [unread ?? "could not be read"] };
  const { bundle, problems } = verifyBundleText(text, expectedScope);
  // A pattern problem carries its code: forge verify fails a re-digested bundle naming the pattern it would run.
  const described = problems.map((p) =>
    p.kind === "pattern"
      ? `bundle_pattern_mismatch: ${describeBundleProblem(p)}`
      : p.kind === "pattern-cost"
        ? `pattern_budget_exceeded: ${describeBundleProblem(p)}`
        : describeBundleProblem(p),
  );
  if (bundle === null) return { ...base, status: "failed", problems: described };
  // Only signatures that verified count as signers (a bad one is already a problem).
  const bad = new Set(problems.flatMap((p) => (p.kind === "signature" ? [p.fingerprint] : [])));
  const signers = signersOf(bundle).filter((s) => !bad.has(s.fingerprint));
  if (signedBy.length > 0 && !signers.some((s) => signedBy.includes(s.fingerprint))) {
    const by = signers.length === 0 ? "it is unsigned" : `it is signed only by ${signers.map(describeSigner).join(", ")}`;
    described.push(
      `not signed by ${signedBy.length === 1 ? "the required key" : "any of the required keys"} (${signedBy.map(shortFingerprint).join(", ")}): ${by}`,
    );
  }
  if (policy !== null) described.push(...policyProblems(policy, bundle, file.path, signers));
  return {
    ...base,
    status: described.length === 0 ? "verified" : "failed",
    scope: bundle.scope,
    bundleHash: bundle.bundleHash,
    counts: { modes: Object.keys(bundle.modes).length, presets: Object.keys(bundle.presets).length },
    signers,
    problems: described,
  };
}

/** Human lines: one per bundle, then its problems. */
export function renderVerifyReport(report: VerifyReport): string {
  const lines: string[] = [];
  for (const b of report.bundles) {
    if (b.status === "verified") {
      const signed = b.signers.length > 0 ? `signed by ${b.signers.map(describeSigner).join(", ")}` : "unsigned";
      lines.push(
        `forge verify: ${b.path}: verified (bundleHash ${b.bundleHash!.slice(0, 12)}, ${plural(b.counts!.modes, "mode")}, ${plural(b.counts!.presets, "preset")}), ${signed}`,
      );
    } else {
      lines.push(`forge verify: ${b.path}: FAILED`);
      for (const p of b.problems) lines.push(`  ${p}`);
    }
  }
  if (report.policy?.status === "failed") lines.push(`forge verify: the team policy ${report.policy.name} cannot be used: ${report.policy.problem}`);
  else if (report.policy) lines.push(`forge verify: checked against the team policy ${report.policy.name}`);
  const failed = report.bundles.filter((b) => b.status === "failed").length;
  lines.push(
    failed === 0
      ? `forge verify: ${report.bundles.length} bundle${report.bundles.length === 1 ? "" : "s"} verified`
      : `forge verify: ${failed} of ${report.bundles.length} failed`,
  );
  return lines.join("\n") + "\n";
}

/** schema/cli-report.schema.json describes this report: compile fails if not. */
export type VerifyReportMatchesSchema = Holds<VerifyReport extends import("../../generated/types.js").CliVerifyReport ? true : false>;
