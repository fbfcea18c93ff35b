// One forge per Pi process: the first copy Pi loads is active, and a later copy (a user's `pi install` beside a
// project's `pi install -l`, a `-e`, two repositories' installs) registers nothing and says so once, naming both.
import type { PiPort } from "./host-adapter/ports.js";
import { say } from "./notify.js";

/** Shared by every copy in the process: each copy is its own module (Pi loads extensions with a fresh module cache). */
const REGISTRY_KEY = Symbol.for("pi-forge-modes.extension-copies");

export interface ExtensionCopy {
  /** The copy's extension file. */
  file: string;
  version: string;
}

interface Registry {
  active: (ExtensionCopy & { pi: PiPort }) | null;
  /** Passive copies that already told the user, by file: once per process, though every session starts again. */
  told: Set<string>;
}

export type CopyRole = { role: "active" } | { role: "passive"; active: ExtensionCopy; notice: string };

function registryIn(scope: object): Registry {
  const holder = scope as Record<symbol, Registry | undefined>;
  let registry = holder[REGISTRY_KEY];
  if (registry === undefined) {
    registry = { active: null, told: new Set() };
    Object.defineProperty(scope, REGISTRY_KEY, { value: registry, enumerable: false, configurable: true });
  }
  return registry;
}

/**
 * Whether an earlier copy's Pi API still works: Pi invalidates every extension API of a load on /reload (and 1.x one
 * whose factory failed), so a copy from an earlier load, or one that failed, no longer holds the place.
 */
function isLive(pi: PiPort): boolean {
  try {
    pi.getFlag("mode");
    return true;
  } catch {
    return false;
  }
}

/** The notice a passive copy prints: both copies, which one Pi loaded first and why, and how to keep one. */
export function passiveNotice(active: ExtensionCopy, self: ExtensionCopy): string {
  return (
    `forge: two copies of the forge extension are loaded; the first one Pi loaded is used: ${active.file} (forge ${active.version}). ` +
    `This copy stays passive: ${self.file} (forge ${self.version}). ` +
    "Pi loads -e extensions first, then the project's packages (pi install -l), then the user's (pi install); " +
    "to load one copy, `pi remove` the other (with -l for the project's)."
  );
}

/**
 * Decides this copy's role, before it registers anything (a second registration of --mode would stop Pi): active when
 * no live copy of another file holds the place, passive otherwise.
 */
export function claimExtensionCopy(pi: PiPort, self: ExtensionCopy, scope: object = globalThis): CopyRole {
  const registry = registryIn(scope);
  const active = registry.active;
  if (active !== null && active.pi !== pi && active.file !== self.file && isLive(active.pi)) {
    return { role: "passive", active: { file: active.file, version: active.version }, notice: passiveNotice(active, self) };
  }
  registry.active = { ...self, pi };
  return { role: "active" };
}

/** A passive copy's only handler: the notice at the first session start of the process. */
export function registerPassiveCopy(pi: PiPort, self: ExtensionCopy, notice: string, scope: object = globalThis): void {
  const registry = registryIn(scope);
  pi.on("session_start", (_event, ctx) => {
    if (registry.told.has(self.file)) return;
    registry.told.add(self.file);
    say(ctx, notice, "warning");
  });
}
