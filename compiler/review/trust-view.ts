// Who signed a bundle and its libraries, and whether this user trusts it, as forge explain and the studio show it:
// plain data (compiler/io/trust-view.ts reads the files) and the human lines. No Node API: the studio page renders it.
import { forgeCommand } from "../../core/forge-command.js";
import { describeSigner, type Signer } from "../../core/signer-text.js";

export interface TrustView {
  /** The bundle on disk (bundle.json, or a library's bundle), relative to the current directory. */
  bundle: {
    path: string;
    status: "ok" | "absent" | "refused";
    bundleHash: string | null;
    /** The on-disk bundle is what the sources build now (null: the sources did not build, or no bundle). */
    current: boolean | null;
    signers: Signer[];
    /** Why the bundle is refused (a tampered signature, a digest), when it is. */
    problem: string | null;
  };
  /** A project bundle: forge's own trust (Pi 0.73.1, and Pi 1.x with trust: forge); null for another scope. */
  trust: {
    state: "hash" | "signer" | "untrusted";
    /** The trusted key that vouches for it (state signer). */
    signer: Signer | null;
    /** The global forge.yaml's trust setting: host (Pi 1.x follows its folder trust) or forge. */
    setting: "host" | "forge";
    /** Keys this user trusts that signed nothing here are not listed; revoked keys among the signers are. */
    revokedSigners: Signer[];
  } | null;
  /** The signers the repository names in .pi/forge/signers (shown; they grant nothing). */
  repositorySigners: Signer[];
  /** Each library of the lock: who signed the version locked, and the keys forge.yaml's signedBy requires. */
  libraries: Array<{ name: string; version: string; signers: Signer[]; signedBy: string[] }>;
}

const who = (signers: readonly Signer[]) => (signers.length === 0 ? "unsigned" : `signed by ${signers.map(describeSigner).join(", ")}`);

/** The human lines (forge explain's "signers and trust" part). */
export function describeTrustView(view: TrustView): string[] {
  const b = view.bundle;
  const lines: string[] = [];
  if (b.status === "absent") lines.push(`  ${b.path}: not built yet (${forgeCommand("build")} writes it)`);
  else if (b.status === "refused") lines.push(`  ${b.path}: REFUSED: ${b.problem}`);
  else {
    const current = b.current === null ? "" : b.current ? ", current" : ", stale (the sources build another bundle)";
    lines.push(`  ${b.path}: bundleHash ${b.bundleHash!.slice(0, 12)}${current}, ${who(b.signers)}`);
  }
  if (view.trust !== null && b.status === "ok") {
    const t = view.trust;
    const state =
      t.state === "hash"
        ? "trusted by its bundleHash"
        : t.state === "signer"
          ? `trusted: signed by ${describeSigner(t.signer!)}, a key you trust`
          : "not trusted by you (/forge trust in Pi)";
    const where =
      t.setting === "forge"
        ? "forge's own trust decides on both hosts (trust: forge)"
        : "forge's own trust decides on Pi 0.73.1; Pi 1.x follows its folder trust (trust: host)";
    lines.push(`  trust: ${state}; ${where}`);
    if (t.revokedSigners.length > 0)
      lines.push(`  revoked keys among its signers: ${t.revokedSigners.map(describeSigner).join(", ")} (their signatures grant nothing)`);
  }
  if (view.repositorySigners.length > 0)
    lines.push(`  the repository names these signers (.pi/forge/signers; grants nothing): ${view.repositorySigners.map(describeSigner).join(", ")}`);
  for (const lib of view.libraries) {
    const required = lib.signedBy.length > 0 ? `; signedBy requires ${lib.signedBy.map((f) => f.slice(0, 16)).join(" or ")}` : "";
    lines.push(`  library ${lib.name}@${lib.version}: ${who(lib.signers)}${required}`);
  }
  return lines;
}
