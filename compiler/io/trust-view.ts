// Reads what forge explain and the studio show about signers and trust: the bundle on disk and its signatures, the
// user's trust store (forge's own trust of a project layer), the global trust setting, the repository's signers list
// and forge.yaml's signedBy. Never throws: what cannot be read is shown as such.
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { describeBundleProblem, verifyBundleText } from "../../core/bundle-verify.js";
import { signersOf, type Signer } from "../../core/bundle-signature.js";
import { LIMITS } from "../../generated/constants.js";
import type { LockedLibrary } from "../../generated/types.js";
import { readSignerList, readTrustSetting } from "../../io/forge-settings.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { revokedSignersOf, trustedSignerOf } from "../../io/signer-trust.js";
import { isBundleTrusted, readTrustStore } from "../../io/trust-store.js";
import type { TrustView } from "../review/trust-view.js";
import { displayPath } from "../output/display-path.js";
import { agentDir, type BuildTarget } from "./forge-target.js";

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `signedBy`: what the sources' forge.yaml requires per library (the compiled config, when the caller has it). */
export function readTrustView(
  target: BuildTarget,
  env: NodeJS.ProcessEnv,
  builtHash: string | null,
  signedBy: Readonly<Record<string, readonly string[]>> = {},
): TrustView {
  const path = displayPath(target.cwd, target.bundlePath);
  const read = readBoundedText(target.bundlePath, LIMITS.maxBundleBytes);
  const view: TrustView = {
    bundle: { path, status: "absent", bundleHash: null, current: null, signers: [], problem: null },
    trust: null,
    repositorySigners: readSignerList(target.forgeRoot).signers,
    libraries: [],
  };
  if (!read.ok) {
    if (read.reason !== "absent") view.bundle = { ...view.bundle, status: "refused", problem: `it ${read.detail}` };
    return view;
  }
  const { bundle, problems } = verifyBundleText(read.text, target.scope);
  if (bundle === null || problems.length > 0) {
    view.bundle = { ...view.bundle, status: "refused", problem: problems[0] ? describeBundleProblem(problems[0]) : "not a forge bundle" };
    return view;
  }
  const signers: Signer[] = signersOf(bundle);
  view.bundle = {
    path,
    status: "ok",
    bundleHash: bundle.bundleHash,
    current: builtHash === null ? null : builtHash === bundle.bundleHash,
    signers,
    problem: null,
  };
  view.libraries = ((bundle.lock ?? []) as LockedLibrary[]).map((l) => ({
    name: l.name,
    version: l.version,
    signers: (l.signers ?? []).map((s) => ({ fingerprint: s.fingerprint, name: s.name })),
    signedBy: [...(Object.hasOwn(signedBy, l.name) ? (signedBy[l.name] ?? []) : [])],
  }));
  if (target.scope === "project") {
    const forgeDir = join(agentDir(env), "forge");
    const store = readTrustStore(join(forgeDir, "trust.json"));
    const hash = isBundleTrusted(store, realOr(target.root), bundle.bundleHash);
    const signer = hash ? null : trustedSignerOf(store, signers);
    view.trust = {
      state: hash ? "hash" : signer !== null ? "signer" : "untrusted",
      signer,
      setting: readTrustSetting(forgeDir).mode,
      revokedSigners: revokedSignersOf(store, signers),
    };
  }
  return view;
}
