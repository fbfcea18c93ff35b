// Files beside the bundles that the runtime reads: the global scope's forge.yaml (its `trust` setting) and a project
// layer's .pi/forge/signers. Both bounded and regular only; the signers file never through a link out of its layer.
import { realpathSync } from "node:fs";
import { join, relative, isAbsolute, sep } from "node:path";
import { parseSignerList, type SignerList } from "../core/signer-list.js";
import { trustSettingOf, type TrustSetting } from "../core/trust-setting.js";
import { readBoundedText } from "./read-bounded.js";
import { readYamlSettings } from "./yaml-settings.js";

const MAX_SETTINGS_BYTES = 256 * 1024;
const MAX_SIGNERS_BYTES = 64 * 1024;

/**
 * The global forge.yaml's trust setting, read with the yaml library's full semantics: absent file, host; a file forge
 * cannot read (a FIFO, too large, a YAML error, a duplicate key), forge, with a problem naming the file and why.
 */
export function readTrustSetting(globalForgeDir: string): TrustSetting {
  const file = join(globalForgeDir, "forge.yaml");
  const read = readBoundedText(file, MAX_SETTINGS_BYTES);
  if (!read.ok) return read.reason === "absent" ? { mode: "host" } : trustSettingOf(file, { ok: false, problem: `it ${read.detail}` });
  return trustSettingOf(file, readYamlSettings(read.text));
}

/** A layer's .pi/forge/signers (empty when absent or refused): a link that leaves the forge directory is not read. */
export function readSignerList(forgeDir: string): SignerList {
  const file = join(forgeDir, "signers");
  try {
    const rel = relative(realpathSync(forgeDir), realpathSync(file));
    if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) return { signers: [], skipped: 0 };
  } catch {
    return { signers: [], skipped: 0 };
  }
  const read = readBoundedText(file, MAX_SIGNERS_BYTES);
  return read.ok ? parseSignerList(read.text) : { signers: [], skipped: 0 };
}
