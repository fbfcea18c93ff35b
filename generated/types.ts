// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json

/* from schema/bundle.schema.json */
export type Scope = "builtin" | "global" | "project";
export type Digest = string;
export type Segment =
  | {
      text: string;
    }
  | {
      slot: SlotName;
    };
export type SlotName = "cwd" | "date" | "time" | "model" | "os" | "mode" | "preset";
/**
 * @maxItems 10000
 */
export type Template = Segment[];
export type Key = string;
/**
 * @maxItems 64
 */
export type KeyList = Key[];

/**
 * A compiled forge bundle (.pi/forge/bundle.json). Data only, canonical JSON, written by forge build.
 */
export interface ForgeBundle {
  generated: "by forge build, do not edit";
  /**
   * Bundle format version.
   */
  format: 1;
  /**
   * The forge version that wrote the bundle; not part of any hash.
   */
  forgeVersion: string;
  scope: Scope;
  bundleHash: Digest;
  modes: {
    [k: string]: Mode | undefined;
  };
  presets: {
    [k: string]: Preset | undefined;
  };
}
export interface Mode {
  label: string;
  description: string;
  strategy: "append" | "replace_base" | "replace_final";
  prompt: Template;
  requires: KeyList;
  conflictsWith: KeyList;
  before: KeyList;
  after: KeyList;
  model?: string;
  thinking?: "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
  tools?: string[];
  /**
   * Source path relative to the forge root (posix). Not part of the digest.
   */
  source: string;
  digest: Digest;
}
export interface Preset {
  description: string;
  base?: Key;
  overlays: KeyList;
  driftPolicy?: "block" | "warn" | "allow";
  /**
   * Digest of every mode the preset references, as compiled (own bundle or built-in).
   */
  modeDigests: {
    [k: string]: Digest | undefined;
  };
  /**
   * @maxItems 64
   */
  systemUpdates: SystemUpdate[];
  source: string;
  digest: Digest;
}
export interface SystemUpdate {
  id: Key;
  name: string;
  description: string;
  modelCallable: boolean;
  content: Template;
  digest: Digest;
}

/* from schema/mode-state.schema.json */
/**
 * The data of a `forge-mode-state` custom session entry (pi.appendEntry). Every selection change appends one. Replay: the newest well-formed entry on the active branch wins.
 */
export interface ForgeModeStateEntry {
  /**
   * Entry schema version.
   */
  v: 1;
  /**
   * Selected base mode key, or null for Pi's native base.
   */
  base: Key | null;
  /**
   * Ordered append overlays.
   *
   * @maxItems 64
   */
  overlays: Key[];
  /**
   * The preset the selection came from, if any.
   */
  preset: Key | null;
  /**
   * Pinned digest and scope of every selected component as it was at activation.
   */
  components: {
    [k: string]:
      | {
          digest: Digest;
          scope: "builtin" | "global" | "project";
        }
      | undefined;
  };
  /**
   * bundleHash of each scope's bundle at activation.
   */
  bundleHashes: {
    builtin?: Digest;
    global?: Digest;
    project?: Digest;
  };
  driftPolicy: "block" | "warn" | "allow";
  source: "env" | "flag" | "command" | "selector" | "preset" | "reapprove" | "off";
  /**
   * ISO-8601 time of the change.
   */
  activatedAt: string;
  /**
   * Digest of the replace_final base the operator confirmed, when the base is replace_final.
   */
  confirmedExact?: string;
}

/* from schema/mode.schema.json */
/**
 * A forge mode source file (.pi/forge/modes/<key>.yaml|json). The key is the file stem.
 */
export type ForgeModeSource = {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  /**
   * Short human label, used as the section heading of an append overlay.
   */
  label: string;
  /**
   * One or two sentences shown in selectors and previews.
   */
  description: string;
  /**
   * append: an ordered overlay; replace_base: replaces Pi's base prompt but keeps append/context/skills/date/cwd; replace_final: the exact final prompt.
   */
  strategy: "append" | "replace_base" | "replace_final";
  /**
   * Inline handlebars template text.
   */
  prompt?: string;
  /**
   * Path to the template, relative to this file; must stay inside .pi/forge/.
   */
  promptFile?: string;
  requires?: KeyList;
  conflictsWith?: KeyList1;
  before?: KeyList2;
  after?: KeyList3;
  /**
   * Preferred model as provider/model-id, applied on activation.
   */
  model?: string;
  /**
   * Preferred thinking level, applied on activation.
   */
  thinking?: "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
  /**
   * Allow-list of tool names; can only narrow the active tools.
   *
   * @maxItems 64
   */
  tools?: string[];
} & {
  [k: string]: unknown | undefined;
};
/**
 * Components that must not be selected together with this one.
 *
 * @maxItems 64
 */
export type KeyList1 = Key[];
/**
 * Overlays that, when selected, must come after this one.
 *
 * @maxItems 64
 */
export type KeyList2 = Key[];
/**
 * Overlays that, when selected, must come before this one.
 *
 * @maxItems 64
 */
export type KeyList3 = Key[];

/* from schema/preset.schema.json */
export type SystemUpdateSource = {
  id: Key;
  name: string;
  /**
   * One line, shown in the compact inventory.
   */
  description: string;
  /**
   * Whether the agent may activate this block with the forge_system_update tool.
   */
  modelCallable?: boolean;
  /**
   * Inline handlebars template text.
   */
  content?: string;
  /**
   * Path to the template, relative to this file; must stay inside .pi/forge/.
   */
  file?: string;
} & SystemUpdateSource1;
export type SystemUpdateSource1 = {
  [k: string]: unknown | undefined;
};

/**
 * A forge preset source file (.pi/forge/presets/<key>.yaml|json): a named composition of modes. The key is the file stem.
 */
export interface ForgePresetSource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  description: string;
  /**
   * Optional base mode (strategy replace_base or replace_final).
   */
  base?: string;
  /**
   * Ordered append overlays.
   *
   * @maxItems 64
   */
  overlays?: Key[];
  /**
   * What the runtime does when a selected component changed since activation. Default block.
   */
  driftPolicy?: "block" | "warn" | "allow";
  /**
   * Dormant instruction blocks that can be switched on mid-session.
   *
   * @maxItems 64
   */
  systemUpdates?: SystemUpdateSource[];
}

/* from schema/update-event.schema.json */
/**
 * The data of a `forge-system-update` custom session entry: one append-only event of the system-update timeline.
 */
export interface ForgeUpdateEvent {
  /**
   * Entry schema version.
   */
  v: 1;
  /**
   * apply: the id of the update; revoke: the id revoked; reset: a fresh id of the reset event.
   */
  updateId: string;
  op: "apply" | "revoke" | "reset";
  source: "user" | "agent" | "preset";
  presetId?: string;
  blockId?: string;
  /**
   * apply: the rendered text as activated.
   */
  contentSnapshot?: string;
  /**
   * apply: sha256 of contentSnapshot.
   */
  digest?: string;
  createdAt: string;
}
