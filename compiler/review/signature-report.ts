// What forge build reports about a bundle's signatures (compiler/io/bundle-signing.ts applies them), and its human lines.
import { forgeCommand } from "../../core/forge-command.js";
import { describeSigner, type Signer } from "../../core/bundle-signature.js";

/** What the step did, for the build report (absent when the bundle has, had and gets no signature). */
export interface SignatureReport {
  /** Every signer of the bundle as written (kept and added). */
  signers: Signer[];
  /** The key --sign added, when it had not signed this bundleHash already. */
  added: Signer | null;
  /** Signatures of the bundle on disk that were not kept, and why. */
  dropped: Array<Signer & { reason: string }>;
}

/** Human lines for the build output. */
export function describeSignatures(report: SignatureReport): string[] {
  const lines: string[] = [];
  if (report.signers.length > 0)
    lines.push(
      `  signed by ${report.signers.map(describeSigner).join(", ")}${report.added ? "; this build added the signature of the key it signed with" : ""}`,
    );
  for (const d of report.dropped)
    lines.push(`  signature dropped${d.fingerprint ? ` (${describeSigner(d)})` : ""}: ${d.reason}; sign again with ${forgeCommand("build", "--sign")}`);
  return lines;
}
