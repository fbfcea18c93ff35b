// Signer trust in /forge: `/forge trust --key <fingerprint>`, `/forge trust --revoke <fingerprint>`, and the trust
// dialog's choice "always trust bundles signed by <name> (<fingerprint>)", with the signers a repository names
// (.pi/forge/signers), which are shown and grant nothing. The record lives in the user's agent dir (trust.json).
import { forgeCommand } from "../../core/forge-command.js";
import { dirname } from "node:path";
import { describeSigner, shortFingerprint, type Signer } from "../../core/bundle-signature.js";
import { readSignerList } from "../../io/forge-settings.js";
import { isSignerTrusted, trustedSigners, withRevokedSigner, withSeen, withTrustedSigner } from "../../io/signer-trust.js";
import { lookAlikeWarning } from "../../core/signer-text.js";
import { describeRollback } from "../signer-trust.js";
import { readTrustStore, writeTrustStore, type TrustStore } from "../../io/trust-store.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { askWithBody, toned, type DialogLine } from "./trust-dialog.js";
import type { LayerLoad } from "../scope-discovery.js";
import type { LoadedScopes } from "../scope-loader.js";

export type SignerRequest = { kind: "none" } | { kind: "key" | "revoke"; fingerprint: string } | { kind: "error"; message: string };

/** The shortest fingerprint prefix a command accepts: 64 bits, checked against the keys forge knows of here. */
const MIN_PREFIX = 16;

export const SIGNER_USAGE = "/forge trust --key <fingerprint> | /forge trust --revoke <fingerprint>";

/** `--key X` / `--revoke X` among /forge trust's arguments (words after `trust`). */
export function parseSignerRequest(words: readonly string[]): SignerRequest {
  const at = words.findIndex((w) => w === "--key" || w === "--revoke" || w.startsWith("--key=") || w.startsWith("--revoke="));
  if (at < 0) return { kind: "none" };
  const word = words[at]!;
  const kind = word.startsWith("--key") ? "key" : "revoke";
  const value = word.includes("=") ? word.slice(word.indexOf("=") + 1) : words[at + 1];
  if (value === undefined || !/^[0-9a-f]{16,64}$/.test(value)) {
    return {
      kind: "error",
      message: `forge: --${kind} takes a key's fingerprint (64 hex digits, or at least its first ${MIN_PREFIX} as forge shows them), got "${(value ?? "").slice(0, 80)}"\nusage: ${SIGNER_USAGE}`,
    };
  }
  return { kind, fingerprint: value };
}

/** Every signer forge knows of here: the loaded layers' signatures, the repositories' signers files, the store's keys. */
function knownSigners(loaded: LoadedScopes, store: TrustStore): Signer[] {
  const out = new Map<string, Signer>();
  const add = (s: Signer) => {
    if (!out.has(s.fingerprint) || out.get(s.fingerprint)!.name === "") out.set(s.fingerprint, s);
  };
  for (const layer of loaded.discovered.layers) {
    layer.signers.forEach(add);
    readSignerList(dirname(layer.file)).signers.forEach(add);
  }
  for (const [fingerprint, r] of Object.entries(store.signers ?? {})) add({ fingerprint, name: r?.name ?? "" });
  for (const [fingerprint, r] of Object.entries(store.revokedSigners ?? {})) add({ fingerprint, name: r?.name ?? "" });
  return [...out.values()];
}

/** A full fingerprint as given, or the one known key a prefix names; otherwise why not. */
function resolveFingerprint(given: string, known: readonly Signer[]): Signer | string {
  if (given.length === 64) return known.find((s) => s.fingerprint === given) ?? { fingerprint: given, name: "" };
  const matches = known.filter((s) => s.fingerprint.startsWith(given));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) return `forge: ${given} matches ${matches.length} keys (${matches.map(describeSigner).join(", ")}); give more digits`;
  return `forge: no key forge knows of here starts with ${given}; give the full 64-digit fingerprint (${forgeCommand("key", "show")} prints it)`;
}

/** Where signer trust counts: forge decides trust on 0.73.1, and on 1.x under `trust: forge`. */
function hostNote(loaded: LoadedScopes): string {
  const d = loaded.discovered;
  if (d.trust.decidedBy !== "host") return "";
  return `\nforge: on this Pi, Pi's project trust decides (${d.paths.settingsFile} does not say trust: forge), so a trusted key counts only where forge decides trust: add \`trust: forge\` to that file to use it here`;
}

/** /forge trust --key | --revoke. `rescan` re-reads the scopes after the store changed. */
export function handleSignerRequest(
  request: Extract<SignerRequest, { kind: "key" | "revoke" }>,
  loaded: LoadedScopes,
  ctx: CtxPort,
  rescan: () => LoadedScopes,
): void {
  const file = loaded.discovered.paths.trustFile;
  const store = readTrustStore(file);
  const signer = resolveFingerprint(request.fingerprint, knownSigners(loaded, store));
  if (typeof signer === "string") return say(ctx, signer, "error");
  const now = new Date();
  if (request.kind === "revoke") {
    writeTrustStore(file, withRevokedSigner(store, signer, now));
    const lost = rescan().discovered.layers.filter((l) => l.signers.some((s) => s.fingerprint === signer.fingerprint) && l.trusted !== true);
    const note = lost.length > 0 ? ` No longer trusted: ${lost.map((l) => l.file).join(", ")} (/forge trust decides by each bundle's hash).` : "";
    return say(ctx, `forge: revoked ${describeSigner(signer)}: bundles it signs are no longer trusted for its signature.${note}${hostNote(loaded)}`);
  }
  let next = withTrustedSigner(store, signer, now);
  // The bundles it signs here are what the user has seen now: the next pull's notice lists what changed since.
  for (const layer of loaded.discovered.layers) {
    if (layer.load.status === "ok" && layer.realRoot !== null && layer.signers.some((s) => s.fingerprint === signer.fingerprint))
      next = withSeen(next, layer.realRoot, layer.load.bundle, signer, now);
  }
  writeTrustStore(file, next);
  const now2 = rescan().discovered.layers.filter((l) => l.via === "signer" && l.signer?.fingerprint === signer.fingerprint);
  const unnamed = signer.name === "" ? " (forge has not seen a bundle it signed yet, so it has no name here)" : "";
  const trustedHere = now2.length > 0 ? ` Trusted now: ${now2.map((l) => l.file).join(", ")}.` : "";
  say(
    ctx,
    `forge: trusted the key ${describeSigner(signer)}${unnamed}: every bundle it signs is trusted when it loads, with a notice of what changed.${trustedHere} Revoke it with /forge trust --revoke ${shortFingerprint(signer.fingerprint)}${hostNote(loaded)}`,
  );
}

/** What the dialog asks: the bundle, one key that signed it, or nothing. */
export type LayerTrustChoice = { kind: "bundle" } | { kind: "signer"; signer: Signer } | null;

/** "This repository names these signers": the list the layer's .pi/forge/signers holds (it grants nothing). */
export function repositorySignersText(layer: LayerLoad): string | null {
  const list = readSignerList(dirname(layer.file));
  if (list.signers.length === 0) return null;
  const signed = new Set(layer.signers.map((s) => s.fingerprint));
  const lines = list.signers.map((s) => `  ${describeSigner(s)}${signed.has(s.fingerprint) ? " (signed this bundle)" : ""}`);
  return ["This repository names these signers (.pi/forge/signers; the list itself grants nothing):", ...lines].join("\n");
}

/** The trust dialog's first answer, what Enter picks: trust is never the default. */
export const TRUST_NO = "No, do not trust it";

/**
 * The trust dialog, its first answer No: Trust this bundle only, and for each key that signed it the user does not
 * trust, "Always trust bundles signed by <fingerprint> (claimed name ...)", with a warning line for a key that claims
 * the name of a key the user trusts, and a rollback said as such.
 */
export async function askLayerTrust(ctx: CtxPort, title: string, question: DialogLine[], layer: LayerLoad, store: TrustStore): Promise<LayerTrustChoice> {
  const offered = layer.signers.filter((s) => !isSignerTrusted(store, s.fingerprint));
  const trusted = trustedSigners(store);
  const repo = repositorySignersText(layer);
  const body: DialogLine[] = [
    ...question,
    ...(layer.rollback === undefined ? [] : toned(`Not applied on its own: ${describeRollback(layer.rollback)}.`, "warning")),
    ...offered.flatMap((s) => {
      const warning = lookAlikeWarning(s, trusted);
      return warning === null ? [] : toned(warning, "warning");
    }),
    ...(repo === null ? [] : toned(repo)),
  ];
  const hash = layer.load.status === "ok" ? layer.load.bundle.bundleHash.slice(0, 12) : "";
  const bundleChoice = `Trust this bundle only (bundleHash ${hash})`;
  const signerChoices = offered.map((s) => ({ label: `Always trust bundles signed by ${describeSigner(s)}`, signer: s }));
  // Pi's confirm dialog puts Yes first, so Enter would trust: No comes first. In the TUI forge's own dialog colours
  // the team policy's block and the warnings; elsewhere Pi's select, its title carrying the body.
  const picked = await askWithBody(ctx, title, body, [TRUST_NO, bundleChoice, ...signerChoices.map((c) => c.label)]);
  if (picked === bundleChoice) return { kind: "bundle" };
  const signer = signerChoices.find((c) => c.label === picked)?.signer;
  return signer === undefined ? null : { kind: "signer", signer };
}

/** /forge status lines: each signed layer's signers and why it is trusted, and the keys the user trusts. */
export function signerStatusLines(loaded: LoadedScopes): string[] {
  const lines: string[] = [];
  for (const l of loaded.discovered.layers) {
    if (l.signers.length === 0) continue;
    const why =
      l.via === "signer" && l.signer ? `, trusted for the signature of ${describeSigner(l.signer)}` : l.via === "hash" ? ", trusted by its bundleHash" : "";
    lines.push(`  ${l.file}: signed by ${l.signers.map(describeSigner).join(", ")}${why}`);
  }
  const store = readTrustStore(loaded.discovered.paths.trustFile);
  const trusted = Object.entries(store.signers ?? {}).map(([fingerprint, r]) => describeSigner({ fingerprint, name: r?.name ?? "" }));
  if (trusted.length > 0) lines.push(`  keys you trust: ${trusted.join(", ")}`);
  if (loaded.trustSetting.mode === "forge") lines.push(`  trust: forge (${loaded.discovered.paths.settingsFile}): project bundles need forge's own trust too`);
  return lines;
}
