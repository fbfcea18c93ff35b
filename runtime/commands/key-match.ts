// One key test for forge's TUI components (the mode picker, the trust dialog): the host's keybinding, else raw bytes.
import type { KeybindingId, KeybindingsPort } from "../host-adapter/ports.js";

export type KeyMatcher = (data: string, id: KeybindingId, ...raw: string[]) => boolean;

/** The raw bytes stay accepted: a host's keybindings may be missing or remapped. */
export function keyMatcherOf(kb: KeybindingsPort | undefined): KeyMatcher {
  return (data, id, ...raw) => (typeof kb?.matches === "function" && kb.matches(data, id)) || raw.includes(data);
}
