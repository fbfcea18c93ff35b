// Selection transitions as pure functions: from the current state entry and a request to the next entry to append
// (or why not, or the confirmation a replace_final base still needs). No I/O: the session applies the result.
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "../core/component-catalog.js";
import { describeSelection, selectedKeys } from "../core/candidate.js";
import { createOffEntry, createStateEntry, resolveRequest, sameKeys, sameSelection, type ResolvedCandidate, type StateSource } from "../core/selection.js";
import type { StartupSelection } from "./startup-request.js";

/** How an activation was confirmed for a replace_final base: a flag (optionally bound to a digest prefix) or nothing. */
export type ExactConfirmation = { given: false } | { given: true; digestPrefix: string | null };

/** PI_MODE_CONFIRM_EXACT=1 confirms any digest; a hex value confirms only digests starting with it. */
export function startupConfirmation(env: NodeJS.ProcessEnv): ExactConfirmation {
  const raw = env.PI_MODE_CONFIRM_EXACT?.trim();
  if (!raw || raw === "0") return { given: false };
  if (raw === "1" || raw.toLowerCase() === "true") return { given: true, digestPrefix: null };
  return { given: true, digestPrefix: raw.toLowerCase() };
}

export type ActivationPlan =
  /** The entry to pin (equal to `base` when nothing would change: see sameSelection). */
  | { kind: "ready"; entry: ForgeModeStateEntry }
  | { kind: "refused"; message: string }
  /** A replace_final base with no confirmation yet: the operator confirms `digest` in a dialog. */
  | { kind: "ask"; entry: ForgeModeStateEntry; digest: string; shown: string; title: string; message: string };

/** A plan with nothing left to ask. */
export type SettledPlan = Exclude<ActivationPlan, { kind: "ask" }>;

export interface ActivationRequest {
  candidate: ResolvedCandidate;
  source: StateSource;
  confirmation: ExactConfirmation;
  /** The state the activation starts from (the replayed one at startup). */
  base: ForgeModeStateEntry | null;
  /** Whether a dialog may ask (a UI, and not a startup request). */
  canAsk: boolean;
}

/** Pins `candidate` as it is in `catalog` now; a replace_final base needs a confirmation bound to its digest. */
export function planActivation(catalog: Catalog, { candidate, source, confirmation, base, canAsk }: ActivationRequest, now: Date): ActivationPlan {
  const entry = createStateEntry(catalog, candidate, { source, now });
  const baseEntry = candidate.base === null ? undefined : catalog.modes.get(candidate.base);
  if (baseEntry?.mode.strategy !== "replace_final") return { kind: "ready", entry };
  const digest = baseEntry.mode.digest;
  const shown = `"${baseEntry.key}" (replace_final, digest ${digest.slice(0, 12)})`;
  const confirmed = { ...entry, confirmedExact: digest };
  // The replayed state already holds an operator confirmation of exactly this digest.
  if (base?.confirmedExact === digest && sameSelection(base, confirmed)) return { kind: "ready", entry: confirmed };
  if (confirmation.given) {
    const prefix = confirmation.digestPrefix;
    if (prefix !== null && !digest.startsWith(prefix)) return { kind: "refused", message: `confirmation was for digest ${prefix}, but ${shown} is current` };
    return { kind: "ready", entry: confirmed };
  }
  if (!canAsk) return { kind: "refused", message: `${shown} needs confirmation: add --confirm-exact (headless) or PI_MODE_CONFIRM_EXACT=1 (startup)` };
  return {
    kind: "ask",
    entry,
    digest,
    shown,
    title: `Use ${baseEntry.mode.label} as the exact system prompt?`,
    message: `${shown} replaces Pi's whole system prompt with its text, byte for byte. Confirm digest ${digest.slice(0, 12)}.`,
  };
}

/**
 * After the operator confirmed `asked`: the confirmation covers the digest shown, so the same selection is
 * resolved again against the re-read `catalog` and refused when anything moved.
 */
export function planConfirmed(
  catalog: Catalog,
  { candidate, source }: ActivationRequest,
  asked: Extract<ActivationPlan, { kind: "ask" }>,
  now: Date,
): SettledPlan {
  const again = resolveRequest(catalog, { kind: "keys", keys: selectedKeys(asked.entry) }, candidate.driftPolicy);
  const fresh = again.ok ? createStateEntry(catalog, { ...again.candidate, preset: candidate.preset }, { source, now }) : null;
  if (fresh === null || !sameSelection(fresh, asked.entry))
    return { kind: "refused", message: `the bundle changed while confirming ${asked.shown}; nothing was activated` };
  return { kind: "ready", entry: { ...fresh, confirmedExact: asked.digest } };
}

export const MODE_OFF_MESSAGE = "forge: mode off (Pi's native prompt)";

/** A selection as a notice names it: `preset duo overlays a, b`, `base x; overlays y`, or Pi's native prompt. */
function nameSelection(entry: ForgeModeStateEntry | null): string {
  if (entry === null || selectedKeys(entry).length === 0) return "Pi's native prompt";
  return `${entry.preset ? `preset ${entry.preset} ` : ""}${describeSelection(entry)}`;
}

/** What an activation tells the operator; with `before` (the selection it replaced), what it was. */
export function describeActivation(entry: ForgeModeStateEntry, before?: ForgeModeStateEntry | null): string {
  if (selectedKeys(entry).length === 0) return describeOff(before);
  const was = before === undefined ? "" : `; was ${nameSelection(before)}`;
  return `forge: active ${nameSelection(entry)} (drift policy ${entry.driftPolicy}${was})`;
}

/** /mode off's notice; with `before`, the selection it ended. */
export function describeOff(before?: ForgeModeStateEntry | null): string {
  return before === undefined || before === null || selectedKeys(before).length === 0
    ? MODE_OFF_MESSAGE
    : `forge: mode off (Pi's native prompt; was ${nameSelection(before)})`;
}

/** /mode off: the off entry to append, or null when nothing is selected (an unchanged selection is not a change). */
export function planOff(catalog: Catalog, current: ForgeModeStateEntry | null, now: () => Date): ForgeModeStateEntry | null {
  return selectedKeys(current).length === 0 ? null : createOffEntry(catalog, now());
}

export type StartupPlan =
  /** Nothing explicit, or the replayed state already is the request: the replay stands. */
  | { kind: "replay" }
  /** A malformed or unresolvable request: native prompt with this error. */
  | { kind: "refused"; error: string }
  | { kind: "activate"; candidate: ResolvedCandidate; source: StateSource; origin: string };

/** What an explicit startup request (env, flags) does over the replayed state. */
export function planStartup(catalog: Catalog, replayed: ForgeModeStateEntry | null, startup: StartupSelection): StartupPlan {
  if (startup.kind === "error") return { kind: "refused", error: startup.error };
  if (startup.kind === "replay") return startup;
  const resolved = resolveRequest(catalog, startup.request);
  if (!resolved.ok) return { kind: "refused", error: `forge: ${startup.origin} refused: ${resolved.error}; using Pi's native prompt` };
  // The replayed state already is this selection: keep its pins, so drift since then still shows.
  if (sameKeys(replayed, resolved.candidate)) return { kind: "replay" };
  return { kind: "activate", candidate: resolved.candidate, source: startup.source, origin: startup.origin };
}
