// What the team policy does to the loaded scopes: a policy that failed withholds every global and project bundle (Pi's
// native prompt, nothing of the repository on), and requireSigners withholds those no required key signed, with why.
import { signersOf, describeSigner, shortFingerprint } from "../core/bundle-signature.js";
import type { CatalogSource } from "../core/component-catalog.js";
import { noticeText } from "../core/diagnostics/diagnostic-line.js";
import { policySignerRequired } from "../core/diagnostics/policy-codes.js";
import { missingSigner, type PolicyState } from "../core/policy.js";
import type { DiscoveredScopes } from "./scope-discovery.js";
import type { Diagnostic } from "../core/diagnostic.js";

/** Why each withheld bundle is withheld (by file), or null when the policy keeps it. */
export function withholding(state: PolicyState, source: CatalogSource): { why: string; notice: string | null; diagnostic: Diagnostic | null } | null {
  if (source.scope === "builtin" || state.kind === "none") return null;
  if (state.kind === "failed") return { why: "the team policy withholds: it failed to verify (see /forge status)", notice: null, diagnostic: null };
  const missing = missingSigner(state.policy, signersOf(source.bundle));
  if (missing === null) return null;
  const keys = missing.keys.map(shortFingerprint);
  const diagnostic = policySignerRequired(source.file, missing.from, keys, signersOf(source.bundle).map(describeSigner));
  return { why: `is not signed by a key the team policy requires (rule requireSigners: ${keys.join(" or ")})`, notice: noticeText(diagnostic), diagnostic };
}

/** `discovered` with the bundles the policy withholds marked untrusted (the catalog and path rules then skip them). */
export function restrictScopes(discovered: DiscoveredScopes, state: PolicyState): DiscoveredScopes {
  if (state.kind === "none") return discovered;
  const notices = [...discovered.notices];
  const withheldFiles = new Set<string>();
  const sources = discovered.sources.map((source) => {
    const held = withholding(state, source);
    if (held === null) return source;
    withheldFiles.add(source.file);
    if (held.notice !== null) notices.push(held.notice);
    return { ...source, trusted: false, withheldBy: held.why };
  });
  if (state.kind === "failed") notices.push(noticeText(state.diagnostic));
  const layers = discovered.layers.map((l) => (l.load.status === "ok" && withheldFiles.has(l.load.file) ? { ...l, trusted: false } : l));
  const deepest = layers[layers.length - 1];
  const trust = deepest !== undefined && deepest.trusted === false ? { ...discovered.trust, trusted: false } : discovered.trust;
  return { ...discovered, sources, layers, trust, notices };
}
