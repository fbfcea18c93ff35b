// The `trust` setting of the global scope's forge.yaml, from the file's value as the yaml library reads it (anchors,
// aliases and merge keys resolved; io/yaml-settings.ts). A file forge cannot read, or a trust that is neither host nor
// forge, fails closed to forge's own trust, the stricter answer, and the notice says why.

/** host: Pi 1.x's folder trust decides project bundles; forge: forge's own trust (hash or signer) must also hold. */
export type TrustMode = "host" | "forge";

export interface TrustSetting {
  mode: TrustMode;
  /** Why forge's own trust was chosen without the file saying so (absent when it was read for certain). */
  problem?: string;
}

/** A settings file as read: its value, or why it could not be read (a YAML error, a duplicate key, too large...). */
export type SettingsRead = { ok: true; value: unknown } | { ok: false; problem: string };

const unsure = (file: string, why: string): TrustSetting => ({
  mode: "forge",
  problem: `${file}: ${why}, so forge cannot read its trust setting; forge requires its own trust for project bundles until it can (write trust: forge or trust: host)`,
});

/** The setting a read file gives (`file` as the notice names it). */
export function trustSettingOf(file: string, read: SettingsRead): TrustSetting {
  if (!read.ok) return unsure(file, read.problem);
  const value = read.value;
  // An empty file (or one holding only comments) says nothing: the default.
  if (value === null || value === undefined) return { mode: "host" };
  if (typeof value !== "object" || Array.isArray(value)) return unsure(file, "it is not a mapping of settings");
  if (!Object.hasOwn(value, "trust")) return { mode: "host" };
  const trust = (value as Record<string, unknown>).trust;
  if (trust === "host" || trust === "forge") return { mode: trust };
  return unsure(file, `its trust is ${JSON.stringify(trust) ?? String(trust)}, not host or forge`);
}
