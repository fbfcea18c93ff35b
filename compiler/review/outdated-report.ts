// What `forge outdated` reports per forge library: the version the lock pins, the one installed, the registry's latest,
// and the modes and presets taking the installed one would change (attributed from forge diff's comparison). Pure.
import type { LibraryInput } from "../types.js";
import type { LockedLibrary } from "../../generated/types.js";
import type { LibraryChange } from "./bundle-changes.js";
import type { BundleView } from "./semantic-diff.js";
import type { SemanticDiff } from "./diff-report.js";
import type { Holds } from "./schema-check.js";

/** The registry's answer for one library (compiler/io/npm-latest.ts asks npm). */
export type LatestVersion =
  | { status: "ok"; version: string }
  /** The registry could not be reached (offline, DNS, refused, timed out). */
  | { status: "unreachable"; message: string }
  /** The registry has no such package (a private package, or one never published). */
  | { status: "not-found"; message: string }
  | { status: "npm-missing"; message: string }
  | { status: "failed"; message: string };

export interface OutdatedLibrary {
  name: string;
  /** The version bundle.json's lock pins (null: not locked yet, or no bundle). */
  locked: string | null;
  /** The version node_modules holds (null: not installed, or not a forge library: `installedProblem`). */
  installed: string | null;
  installedProblem: string | null;
  /** The registry's latest version; null with `latestStatus` saying why (skipped: --offline). */
  latest: string | null;
  latestStatus: LatestVersion["status"] | "skipped";
  /** The installed library differs from the lock (version or bundle): forge build --check fails until it is rebuilt. */
  differsFromLock: boolean;
  /** The registry has a version newer than the installed one. */
  newerOnRegistry: boolean;
  /** What taking the installed version changes (null: the worktree could not be built). */
  modes: string[] | null;
  presets: string[] | null;
}

export interface OutdatedReport {
  command: "outdated";
  /** current: every library matches its lock and no newer version is known; outdated otherwise. */
  status: "current" | "outdated";
  /** What the registry answered overall. */
  registry: "ok" | "offline" | "skipped" | "partial";
  /** Why the installed libraries' changes are unknown (the worktree build failed), else null. */
  problem: string | null;
  libraries: OutdatedLibrary[];
}

/** Compares dotted numeric versions (1.10.0 > 1.9.0; a prerelease before its release); null when either is not one. */
export function compareVersions(a: string, b: string): number | null {
  const parse = (v: string) => /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(v.trim());
  const x = parse(a);
  const y = parse(b);
  if (x === null || y === null) return null;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return Math.sign(d);
  }
  if (x[4] === y[4]) return 0;
  if (x[4] === undefined) return 1;
  if (y[4] === undefined) return -1;
  return x[4] < y[4] ? -1 : 1;
}

const all = (c: { added: string[]; removed: string[]; changed: string[] }) => [...c.added, ...c.removed, ...c.changed];

/** The modes and presets of the diff that this library's change reaches: its own components, what extends them, what uses them. */
export function changedBy(change: LibraryChange, diff: SemanticDiff, a: BundleView, b: BundleView): { modes: string[]; presets: string[] } {
  const own = new Set(all(change.modes));
  const modes = new Set(own);
  for (const m of diff.affectedModes) if (m.chain.some((k) => own.has(k))) modes.add(m.mode);
  const fromLibrary = (bundle: BundleView, key: string) => (Object.hasOwn(bundle.presets, key) ? bundle.presets[key]?.library === change.name : false);
  const uses = (bundle: BundleView, key: string) => {
    const preset = Object.hasOwn(bundle.presets, key) ? bundle.presets[key] : undefined;
    return preset !== undefined && [...(preset.base === undefined ? [] : [preset.base]), ...preset.overlays].some((m) => modes.has(m));
  };
  const touched = new Set([
    ...diff.presets.added.map((p) => p.key),
    ...diff.presets.removed.map((p) => p.key),
    ...diff.presets.changed.map((p) => p.key),
    ...diff.affectedPresets.map((p) => p.preset),
  ]);
  const ownPresets = new Set(all(change.presets));
  const presets = [...touched].filter((key) => ownPresets.has(key) || fromLibrary(a, key) || fromLibrary(b, key) || uses(a, key) || uses(b, key));
  return { modes: [...modes].sort(), presets: presets.sort() };
}

export interface OutdatedInput {
  listed: readonly string[];
  lock: readonly LockedLibrary[];
  installed: readonly LibraryInput[];
  /** null: --offline. */
  latest: ReadonlyMap<string, LatestVersion> | null;
  /** forge diff's comparison of the bundle on disk with a worktree build (null: it could not be built, `problem`). */
  diff: SemanticDiff | null;
  a: BundleView;
  b: BundleView;
  problem: string | null;
}

export function outdatedReport(input: OutdatedInput): OutdatedReport {
  const libraries = input.listed.map((name): OutdatedLibrary => {
    const locked = input.lock.find((l) => l.name === name) ?? null;
    const inst = input.installed.find((l) => l.name === name);
    const installed = inst?.status === "installed" ? inst.version : null;
    const installedProblem =
      inst === undefined || inst.status === "missing" ? `not installed; run \`npm install ${name}\`` : inst.status === "not-forge" ? inst.reason : null;
    const answer = input.latest?.get(name);
    const latest = answer?.status === "ok" ? answer.version : null;
    const change = input.diff?.libraries.find((l) => l.name === name) ?? null;
    const reach = change !== null && input.diff !== null ? changedBy(change, input.diff, input.a, input.b) : { modes: [], presets: [] };
    const newer = latest !== null && installed !== null && (compareVersions(latest, installed) ?? (latest === installed ? 0 : 1)) > 0;
    return {
      name,
      locked: locked?.version ?? null,
      installed,
      installedProblem,
      latest,
      latestStatus: input.latest === null ? "skipped" : (answer?.status ?? "failed"),
      differsFromLock: change !== null || (locked === null) !== (installed === null),
      newerOnRegistry: newer,
      modes: input.diff === null ? null : reach.modes,
      presets: input.diff === null ? null : reach.presets,
    };
  });
  const statuses = libraries.map((l) => l.latestStatus);
  const registry =
    input.latest === null
      ? "skipped"
      : statuses.every((s) => s === "ok" || s === "not-found")
        ? "ok"
        : statuses.some((s) => s === "ok")
          ? "partial"
          : "offline";
  const outdated = libraries.some((l) => l.differsFromLock || l.newerOnRegistry || l.installed === null);
  return { command: "outdated", status: outdated ? "outdated" : "current", registry, problem: input.problem, libraries };
}

/** schema/cli-report.schema.json describes this report: compile fails if not. */
export type OutdatedReportMatchesSchema = Holds<OutdatedReport extends import("../../generated/types.js").CliOutdatedReport ? true : false>;
