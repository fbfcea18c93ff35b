// generated, do not edit: written by scripts/codegen.mjs from schema/*.schema.json

/* from schema/build-cache-entry.schema.json */
/**
 * A sha256 digest, lowercase hex.
 */
export type Digest = string;
export type Severity = "error" | "warning" | "info";
/**
 * 1-based line and column, or null.
 */
export type Position = null | {
  line: number;
  column: number;
};

/**
 * One entry of forge build's per-user no-op cache: a fingerprint of every compile input and what that build produced. Never holds bundle content; a mismatching or malformed entry only means a full compile.
 */
export interface ForgeBuildCacheEntry {
  v: 1;
  inputHash: Digest;
  outputHash: Digest;
  bundleHash: Digest;
  counts: {
    modes: number;
    presets: number;
  };
  /**
   * @maxItems 100000
   */
  diagnostics: ForgeDiagnostic[];
}
/**
 * One diagnostic as forge prints it with --json, from the compiler or the runtime. Codes are stable: never renamed once released.
 */
export interface ForgeDiagnostic {
  /**
   * A stable snake_case code; $defs.codeSeverity lists every code with its severity.
   */
  code: string;
  severity: Severity;
  /**
   * What was wrong, what was expected, and an example.
   */
  message: string;
  /**
   * The file (posix), or null when no file applies: relative to the current directory as forge prints it (--json), relative to the forge root inside the compiler and its build cache.
   */
  file: string | null;
  start: Position;
  end: Position;
  /**
   * JSON-pointer-like path inside the document, e.g. /overlays/2; empty for the whole file.
   */
  path: string;
}

/* from schema/bundle.schema.json */
/**
 * The scope a bundle is built for: a runtime scope, or library (forge build --library: a bundle that projects consume at build time, never loaded by the runtime).
 */
export type BundleScope = "builtin" | "global" | "project" | "library";
export type Strategy = "append" | "replace_base" | "replace_final";
export type Segment =
  | {
      text: string;
    }
  | {
      slot: SlotName;
    };
/**
 * The runtime variables a template may use.
 */
export type SlotName = "cwd" | "date" | "time" | "model" | "os" | "mode" | "preset";
/**
 * @maxItems 10000
 */
export type Template = Segment[];
/**
 * A mode, preset, partial, block or update key: lowercase letters, digits and dashes, starting with a letter.
 */
export type Key = string;
/**
 * @maxItems 64
 */
export type KeyList = Key[];
export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
/**
 * A tool name, or a glob over tool names: * matches any run of characters (underscores included), ? one character, e.g. read, mcp__docs__*, mcp__*__read_*. Matched whole, with RE2 (linear in the name's length).
 */
export type ToolPattern = string;
/**
 * An MCP server's name as Pi names it (letters, digits, _ and -); its tools are mcp__<name>__<tool>, with - written as _.
 */
export type McpServerName = string;
/**
 * @maxItems 64
 */
export type McpServerList = McpServerName[];
export type McpExposure = "direct" | "codemode" | "deferred" | "hidden" | "codemode-deferred";
/**
 * An npm package name, optionally scoped (@acme/forge-house).
 */
export type PackageName = string;
export type DriftPolicy = "block" | "warn" | "allow";
/**
 * declare (default): a mode's tools narrow the tools declared to the model. gate: the declared tools stay the same across mode switches; each mode's tools are enforced at forge's tool gate and told to the model as a system update.
 */
export type ToolDelivery = "declare" | "gate";
/**
 * A Pi built-in tool whose path argument forge reads.
 */
export type PathTool = "read" | "edit" | "write" | "grep" | "find" | "ls";
export type ToolName = string;
/**
 * A signing key's fingerprint: the sha256 of its raw 32-byte Ed25519 public key, lowercase hex (shown shortened to its first 16 digits).
 */
export type Fingerprint = string;
export type TokenCount = number;
/**
 * The name a signing key's owner gave it (forge key new --name): shown beside the fingerprint, never what trust binds to.
 */
export type SignerName = string;

/**
 * A compiled forge bundle (.pi/forge/bundle.json). Data only, canonical JSON, written by forge build. Fields marked x-forge-runtime: unchecked are build-time data the runtime never reads: it checks them only through the digests and bundleHash that cover them (scripts/codegen.mjs).
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
  scope: BundleScope;
  bundleHash: Digest;
  modes: {
    [k: string]: Mode | undefined;
  };
  presets: {
    [k: string]: Preset | undefined;
  };
  /**
   * Rules from rules/: blocks that switch on by path, with or without a preset. Absent when there are none.
   */
  rules?: {
    [k: string]: Rule | undefined;
  };
  policy?: Policy;
  tokens?: TokenCounts;
  /**
   * Ed25519 signatures of this bundle's bundleHash (forge build --sign), kept beside the digests and never hashed: a signature never changes bundleHash. The runtime and forge verify check every one; a signature that does not verify refuses the bundle as tampered. Absent when the bundle is unsigned.
   *
   * @maxItems 32
   */
  signatures?: BundleSignature[];
  /**
   * The forge libraries this bundle was built with (forge.yaml), in their listed order: what was installed, like a lockfile. Absent when none are listed.
   *
   * @maxItems 64
   */
  lock?: LockedLibrary[];
}
export interface Mode {
  label: string;
  description: string;
  strategy: Strategy;
  prompt: Template;
  requires: KeyList;
  conflictsWith: KeyList;
  before: KeyList;
  after: KeyList;
  model?: string;
  thinking?: ThinkingLevel;
  tools?: ToolPattern[];
  mcp?: McpServerList;
  mcpServers?: McpServerMap;
  edits?: EditLimit;
  extends?: Key;
  extendsDigest?: Digest;
  library?: PackageName;
  /**
   * Source path relative to the forge root (posix). Not part of the digest.
   */
  source: string;
  digest: Digest;
}
export interface McpServerMap {
  [k: string]: McpServerConfig | undefined;
}
/**
 * An MCP server as Pi's mcp.json describes one (docs/mcp.md): a stdio server (command, args, env, cwd) or a streamable HTTP one (url, headers), with how its tools reach the model.
 */
export interface McpServerConfig {
  type?: "stdio" | "http" | "streamable-http";
  /**
   * One executable (not a shell command line).
   */
  command?: string;
  /**
   * @maxItems 128
   */
  args?: string[];
  env?: {
    [k: string]: string | undefined;
  };
  /**
   * Relative to the session directory, as Pi resolves it.
   */
  cwd?: string;
  url?: string;
  headers?: {
    [k: string]: string | undefined;
  };
  exposure?: McpExposure;
  toolExposure?: {
    [k: string]: McpExposure | undefined;
  };
  description?: string;
  enabled?: boolean;
  timeout?: number;
}
/**
 * allow absent: every path not denied may be edited; allow present: only paths matching one of its patterns.
 */
export interface EditLimit {
  /**
   * @maxItems 128
   */
  allow?: PathPattern[];
  /**
   * @maxItems 64
   */
  deny: PathPattern[];
  /**
   * The mode keeps bash on under this limit (edits.bash: unchecked); absent: bash is off while the limit is active.
   */
  bash?: "unchecked";
  /**
   * MCP tools annotated readOnlyHint (and not destructiveHint) stay on under this limit; absent: they are off like every tool not known to be read-only.
   */
  trustReadOnlyHints?: true;
}
/**
 * A glob or regular expression as written in the source, and the regular-expression source the runtime tests project-relative paths with (a glob compiles to an anchored expression that RE2 runs; a regex, in RE2 syntax, is searched). The runtime matches with RE2, in time linear in the path's length.
 */
export interface PathPattern {
  kind: "glob" | "regex";
  source: string;
  regex: string;
}
export interface Preset {
  description: string;
  base?: Key;
  overlays: KeyList;
  driftPolicy?: DriftPolicy;
  toolDelivery?: ToolDelivery;
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
  library?: PackageName;
  source: string;
  digest: Digest;
}
export interface SystemUpdate {
  id: Key;
  name: string;
  description: string;
  modelCallable: boolean;
  when?: PathTrigger;
  content: Template;
  digest: Digest;
}
export interface PathTrigger {
  /**
   * @maxItems 64
   */
  paths: PathPattern[];
  /**
   * @maxItems 64
   */
  tools?: PathTool[];
}
export interface Rule {
  name: string;
  description: string;
  when: PathTrigger;
  content: Template;
  /**
   * Set on a rule compiled from a nested context file (forge.yaml contextFiles: nested): that file's posix path relative to the project root, e.g. packages/api/AGENTS.md. The runtime does not offer the rule in a session whose working directory is inside the file's directory (Pi loaded the file itself there).
   */
  contextFile?: string;
  /**
   * Source path relative to the forge root (posix). Not part of the digest.
   */
  source: string;
  digest: Digest;
}
/**
 * A team policy (policy.yaml of a forge library, forge build --library): rules that only tighten, which the Pi extension applies over every project and global bundle. Covered by bundleHash and the signatures. Absent in every bundle that is not a policy.
 */
export interface Policy {
  description?: string;
  requireOverlays: KeyList;
  edits?: {
    /**
     * @maxItems 64
     */
    deny: PathPattern[];
  };
  tools?: {
    /**
     * @maxItems 64
     */
    deny: ToolName[];
  };
  /**
   * @maxItems 3
   */
  strategies?: [] | [Strategy] | [Strategy, Strategy] | [Strategy, Strategy, Strategy];
  /**
   * @maxItems 32
   */
  requireSigners?: Fingerprint[];
  budget?: TokenBudget;
  systemUpdates?: {
    modelCallable: false;
  };
}
/**
 * Token budgets forge build checks (o200k_base counts): budget_exceeded is an error past a budget, budget_near a warning past 80% of it.
 */
export interface TokenBudget {
  /**
   * Tokens of forge's always-on text of a preset: its base, overlays and the inventory of dormant blocks and path rules.
   */
  alwaysOn?: number;
  /**
   * Tokens of one system-update block (or path rule) when it switches on.
   */
  block?: number;
}
/**
 * Token counts of forge's own text, made at build time so the runtime never tokenizes: exact for the o200k_base encoding (OpenAI's GPT-4o, GPT-4.1, GPT-5 and o-series models), an estimate for every other model family. Slots filled at run time ({{cwd}}, {{date}}, {{time}}, {{model}}, {{os}}) count as empty. Covered by bundleHash (not by the components' digests, so a count never makes drift).
 */
export interface TokenCounts {
  tokenizer: "o200k_base";
  /**
   * Each mode of this bundle, as forge adds it: an append overlay's labelled section, a base's text.
   */
  modes: {
    [k: string]: TokenCount | undefined;
  };
  presets: {
    [k: string]: PresetTokens | undefined;
  };
  /**
   * Each rule's text when it switches on.
   */
  rules?: {
    [k: string]: TokenCount | undefined;
  };
}
export interface PresetTokens {
  alwaysOn: TokenCount;
  /**
   * The always-on text part by part, in prompt order: the base, each overlay's section, the inventory of the preset's blocks, the inventory of this bundle's path rules.
   *
   * @maxItems 70
   */
  parts: AlwaysOnPart[];
  /**
   * Each system-update block's text when it switches on.
   */
  blocks: {
    [k: string]: TokenCount | undefined;
  };
}
export interface AlwaysOnPart {
  kind: "base" | "overlay" | "blocks" | "rules";
  key?: Key;
  tokens: TokenCount;
}
/**
 * One signer's Ed25519 signature over the canonical JSON of {purpose, bundleHash, publicKey, name, signedAt} (core/bundle-signature.ts).
 */
export interface BundleSignature {
  algorithm: "ed25519";
  /**
   * The raw 32-byte Ed25519 public key, base64.
   */
  publicKey: string;
  fingerprint: Fingerprint;
  name: SignerName;
  /**
   * When it was signed (UTC, ISO 8601); signed too.
   */
  signedAt: string;
  /**
   * The 64-byte Ed25519 signature, base64.
   */
  signature: string;
}
export interface LockedLibrary {
  name: PackageName;
  /**
   * The installed package's version (its package.json).
   */
  version: string;
  bundleHash: Digest;
  /**
   * The keys whose signatures of the installed library bundle verified, by fingerprint. Absent when the library bundle is unsigned.
   *
   * @maxItems 32
   */
  signers?: LockedSigner[];
  /**
   * Every component this bundle takes from the library (carried, or inherited by extends), with its digest in the library's own bundle.
   */
  components: {
    modes: DigestMap;
    presets: DigestMap;
  };
}
export interface LockedSigner {
  fingerprint: Fingerprint;
  name: SignerName;
}
/**
 * Component key -> digest.
 */
export interface DigestMap {
  [k: string]: Digest | undefined;
}

/* from schema/cli-report.schema.json */
/**
 * What a forge command prints on stdout with --json (`forge build --format json` too): one object per run. Paths are posix, relative to the root they name. test/cli/json-reports.test.ts validates real outputs of every command against this schema.
 */
export type ForgeCliReport =
  | CliBuildReport
  | CliBuildAllReport
  | CliFailure
  | CliInitReport
  | CliPreviewReport
  | CliExplainReport
  | CliExplainOverviewReport
  | CliDiffReport
  | CliImportReport
  | CliExportReport
  | CliPresetExportReport
  | CliPresetImportReport
  | CliSourceReport
  | CliKeyReport
  | CliVerifyReport
  | CliOutdatedReport
  | ForgeTestReport;
export type Diagnostics = ForgeDiagnostic[];
/**
 * A scope the runtime loads a bundle from.
 */
export type Scope = "builtin" | "global" | "project";
export type Selection = null | {
  preset: string | null;
  base: string | null;
  overlays: string[];
};
export type TestTier = "pure" | "pi" | "model";
/**
 * pi-0.73: @mariozechner/pi-coding-agent 0.73 (one prompt string); pi-1: @earendil-works/pi-coding-agent 1.x (prompt sections).
 */
export type TestHost = "pi-0.73" | "pi-1";
export type TestStatus = "passed" | "failed" | "skipped";
export type TestTokenChange = null | {
  from: number;
  to: number;
  delta: number;
};

/**
 * One forge build (or --check).
 */
export interface CliBuildReport {
  command: "build";
  check: boolean;
  status: "written" | "unchanged" | "errors" | "fresh" | "stale" | "missing";
  scope: BundleScope;
  /**
   * The bundle file, relative to the current directory (as every printed path).
   */
  path: string;
  /**
   * The bundle file's absolute path, for scripts.
   */
  absolutePath: string;
  bundleHash: string | null;
  counts: null | {
    modes: number;
    presets: number;
  };
  changes: null | BundleChanges;
  signatures?: CliSignatureReport;
  /**
   * This build replaced the bundle the user had trusted (forge's trust store) and so trusted the new one.
   */
  trustKept?: true;
  /**
   * This build replaced the bundle the user had trusted, but forge could not attribute every change to the user's own edits, so the new bundle needs trust again.
   */
  trustNotKept?: {
    reason: string;
    changes: string[];
  };
  /**
   * The team policy the sources were checked against: forge build --policy (cli) or forge.yaml's expectPolicy (config). Each rule a source breaks is a policy_* diagnostic at its line.
   */
  policy?: {
    name: string;
    from: "cli" | "config";
  };
  summary: DiagnosticSummary;
  diagnostics: Diagnostics;
}
export interface BundleChanges {
  previous: "missing" | "unreadable" | "ok";
  modes: ComponentChanges;
  presets: ComponentChanges;
  rules: ComponentChanges;
  libraries: LibraryChange[];
  bundleHash: {
    from: string | null;
    to: string;
  };
  /**
   * The bytes differ, but no digest and no signature does (source paths, formatting, a hand edit).
   */
  otherChanges: boolean;
  /**
   * The signatures differ, and nothing else does but the forge version (a signature added by --sign, or dropped).
   */
  signaturesChanged?: boolean;
}
export interface ComponentChanges {
  added: string[];
  removed: string[];
  changed: string[];
}
export interface LibraryChange {
  name: string;
  change: "added" | "removed" | "changed";
  version: FromTo;
  bundleHash: FromTo;
  modes: ComponentChanges;
  presets: ComponentChanges;
  /**
   * Its version changed but its bundle did not.
   */
  bundleUnchanged?: true;
  /**
   * The keys that signed its bundle ("Name (fingerprint)"), when they changed.
   */
  signers?: {
    from: string[];
    to: string[];
  };
}
export interface FromTo {
  from: string | null;
  to: string | null;
}
/**
 * The bundle's signatures as written: every signer, the key --sign added (null: none, or it had signed this bundleHash already), and the old bundle's signatures that were not kept.
 */
export interface CliSignatureReport {
  signers: CliSigner[];
  added: null | CliSigner;
  dropped: {
    fingerprint: string;
    name: string;
    reason: string;
  }[];
}
export interface CliSigner {
  fingerprint: string;
  name: string;
}
export interface DiagnosticSummary {
  errors: number;
  warnings: number;
  infos: number;
}
/**
 * forge build --all: one report per forge root, outermost first.
 */
export interface CliBuildAllReport {
  command: "build";
  all: true;
  check: boolean;
  exitCode: number;
  roots: CliBuildReport[];
}
/**
 * A command that could not run or was refused: no forge root, an I/O error, a refused preset import, a bad source request, bundles diff cannot compare.
 */
export interface CliFailure {
  command: string;
  status: "failed" | "refused" | "exists" | "invalid" | "compile-errors";
  message: string;
  /**
   * The preset, when one was named.
   */
  name?: string;
  diagnostics?: Diagnostics;
}
export interface CliInitReport {
  command: "init";
  scope: Scope;
  /**
   * The forge root, relative to the current directory.
   */
  path: string;
  absolutePath: string;
  created: string[];
  skipped: string[];
  installed: boolean;
}
export interface CliPreviewReport {
  command: "preview";
  status: "ok" | "errors" | "refused";
  selection: Selection;
  components: {
    key: string;
    role: "base" | "overlay";
    strategy: string;
    scope: string;
    layer: string | null;
    absoluteLayer?: string;
    digest: string;
  }[];
  reason: string | null;
  prompt: string | null;
  size: null | {
    chars: number;
    estimatedTokens: number;
  };
  diagnostics: Diagnostics;
}
/**
 * forge explain: every field is required; the nested parts (components, contracts, rules, edit limits, path) are described in docs/guides/reviewing-changes.md (forge explain) and checked here as their JSON types.
 */
export interface CliExplainReport {
  command: "explain";
  status: "ok" | "errors" | "refused";
  reason: string | null;
  selection: Selection;
  preset: {} | null;
  layout: {}[];
  components: {}[];
  contracts: {}[];
  preferences: {} | null;
  cacheSensitive: {}[];
  systemUpdates: {}[];
  rules: {}[];
  editLimits: {}[];
  /**
   * Each mode's tools and MCP servers as the gate enforces them (core/tool-report.ts); null when the selection is refused.
   */
  tools: {} | null;
  warnings: string[];
  path: {} | null;
  updateDelivery: string | null;
  trust?: CliTrustView;
  /**
   * --policy (or forge.yaml's expectPolicy): what the team policy adds to this selection, its always-on total against the budget, and why Pi would refuse the selection (null: it would run).
   */
  policy?: {
    name: string;
    status: "ok" | "failed";
    problem: string | null;
    adds: string[];
    overlays: {
      key: string;
      label: string;
      tokens: number | null;
      from: string;
    }[];
    alwaysOn: {
      selection: number | null;
      policy: number | null;
      total: number | null;
      budget: number | null;
    };
    refusal: string | null;
  };
  size: {} | null;
  tokens: null | CliExplainTokens;
  diagnostics: Diagnostics;
}
/**
 * The bundle on disk (its signers, whether it is current), this user's trust of it (project bundles), the repository's signers list and each locked library's signers.
 */
export interface CliTrustView {
  bundle: {
    path: string;
    status: "ok" | "absent" | "refused";
    bundleHash: string | null;
    current: boolean | null;
    signers: CliSigner[];
    problem: string | null;
  };
  trust: null | {
    state: "hash" | "signer" | "untrusted";
    signer: null | CliSigner;
    setting: "host" | "forge";
    revokedSigners: CliSigner[];
  };
  repositorySigners: CliSigner[];
  libraries: {
    name: string;
    version: string;
    signers: CliSigner[];
    signedBy: string[];
  }[];
}
/**
 * forge explain's token counts (o200k_base, read from the bundles): exact for OpenAI's o200k family, an estimate for other families. alwaysOn: forge's own always-on text; parts largest first with their share in percent; blocks: each system-update block's text when it switches on; missing: why there are no counts.
 */
export interface CliExplainTokens {
  tokenizer: "o200k_base";
  exactFor: string;
  estimateFor: string;
  alwaysOn: number | null;
  parts: {
    kind: "base" | "overlay" | "blocks" | "rules" | "mode";
    key: string | null;
    what: string;
    tokens: number;
    share: number;
  }[];
  blocks: {
    id: string;
    tokens: number | null;
  }[];
  missing: string | null;
}
/**
 * forge explain with no names: every preset, mode and rule of the target's scope (the review before trusting its bundle), each mode's tools in the gate's words (core/tool-report.ts), and the trust view. overview is null when the sources have errors (status errors, exit 1).
 */
export interface CliExplainOverviewReport {
  command: "explain";
  status: "ok" | "errors";
  reason: string | null;
  overview: null | {
    scope: "builtin" | "global" | "project";
    presets: {
      key: string;
      description: string;
      source: string;
      modes: string[];
      blocks: string[];
    }[];
    modes: {
      key: string;
      label: string;
      strategy: string;
      source: string;
      /**
       * What forge's tool gate lets run while the mode is selected alone; null: Pi's own tools.
       */
      tools: string | null;
      mcpServers: {
        name: string;
        target: string;
      }[];
      edits: boolean;
      model: string | null;
      thinking: string | null;
    }[];
    rules: {
      key: string;
      source: string;
    }[];
    /**
     * How many components other scopes offer beside these, by scope.
     */
    elsewhere: {
      [k: string]: number | undefined;
    };
  };
  trust: CliTrustView;
  diagnostics: Diagnostics;
}
/**
 * forge diff of two loaded bundles; the per-component changes are checked as their JSON types (docs/guides/reviewing-changes.md, forge diff, describes them).
 */
export interface CliDiffReport {
  command: "diff";
  a: DiffSide;
  b: DiffSide;
  semantic: boolean;
  scope: null | FromTo;
  modes: SideChanges;
  presets: SideChanges;
  rules: SideChanges;
  builtinModes: {}[];
  affectedPresets: {}[];
  affectedModes: {}[];
  libraries: LibraryChange[];
  notes: string[];
  summary: {
    [k: string]: number | undefined;
  };
  tokens: CliTokenDiff;
}
/**
 * What one side of the comparison is (a bundle file, a git ref or the worktree).
 */
export interface DiffSide {}
export interface SideChanges {
  added: {}[];
  removed: {}[];
  changed: {}[];
}
/**
 * forge diff's token deltas (o200k_base, from both bundles' counts): every changed mode, rule and block, and every affected preset's always-on text. from/to: null where absent or not counted; delta: B - A (absent counts as 0), null when a side carries no counts (uncounted names it).
 */
export interface CliTokenDiff {
  tokenizer: "o200k_base";
  exactFor: string;
  estimateFor: string;
  uncounted: ("a" | "b")[];
  components: TokenChange[];
  presets: TokenChange[];
  tools: ToolsChange[];
}
export interface TokenChange {
  kind: "mode" | "rule" | "block" | "preset";
  key: string;
  preset: string | null;
  from: number | null;
  to: number | null;
  delta: number | null;
}
/**
 * A changed mode whose tools differ: from/to its tools in A and B (null: it names none, Pi's own stay) and the affected presets that select it. The tool declarations lead the cached prefix, so taking the change rewrites nearly all of it; the token counts leave them out.
 */
export interface ToolsChange {
  mode: string;
  from: string[] | null;
  to: string[] | null;
  presets: string[];
}
export interface CliImportReport {
  command: "import";
  status: "written" | "dry-run" | "input-errors" | "files-exist" | "compile-errors" | "nothing" | "failed";
  format: string;
  scope: Scope;
  input: string;
  planned: string[];
  written: string[];
  overwritten: string[];
  skipped: {
    file: string;
    path: string;
  }[];
  summary: DiagnosticSummary;
  diagnostics: Diagnostics;
  contents?: {
    [k: string]: string | undefined;
  };
  build: null | CliBuildReport;
  message?: string;
}
/**
 * forge export: the files of one target, written or (with --check) compared with the built bundle. Paths are relative to the project root.
 */
export interface CliExportReport {
  command: "export";
  status: "written" | "unchanged" | "fresh" | "stale" | "refused" | "failed";
  target: "claude" | "cursor" | "roo" | "agents-md";
  preset: null | string;
  bundle: string;
  bundleHash: null | Digest;
  written: string[];
  unchanged: string[];
  removed: string[];
  /**
   * --check: the files that would be written or removed.
   */
  stale: string[];
  summary: DiagnosticSummary;
  diagnostics: Diagnostics;
  message?: string;
}
export interface CliPresetExportReport {
  command: "preset export";
  status: "written";
  name: string;
  /**
   * Relative to the current directory.
   */
  file: string;
  absoluteFile?: string;
}
export interface CliPresetImportReport {
  command: "preset import";
  status: "written" | "build-failed";
  scope: Scope;
  name: string;
  /**
   * The preset source written, relative to the current directory.
   */
  file: string;
  absoluteFile: string;
  input: string;
  differences: string[];
  diagnostics: Diagnostics;
  build: CliBuildReport;
}
/**
 * forge source: the text asked for (schema/source-request.schema.json); the caller writes it.
 */
export interface CliSourceReport {
  command: "source";
  status: "ok";
  text: string;
}
/**
 * forge key new (the key written) and forge key show (the key read). Never the private key.
 */
export interface CliKeyReport {
  command: "key";
  action: "new" | "show";
  fingerprint: string;
  name: string;
  publicKey: string;
  /**
   * The line for .pi/forge/signers and the .pub file.
   */
  publicLine: string;
  files?: {
    private: string;
    public: string;
    absolutePrivate: string;
    absolutePublic: string;
  };
  /**
   * show: where the key came from (the --key path, FORGE_SIGNING_KEY).
   */
  from?: string;
}
/**
 * forge verify: each bundle's verification (format, digests, bundleHash, every signature) and signers. Exit 1 when one failed.
 */
export interface CliVerifyReport {
  command: "verify";
  status: "verified" | "failed";
  signedBy: string[];
  /**
   * --policy: the team policy every bundle was checked against (each rule a bundle breaks is among its problems, as <code>: <message>), or why it could not be used.
   */
  policy?: {
    name: string;
    status: "verified" | "failed";
    problem: string | null;
  };
  bundles: {
    path: string;
    absolutePath: string;
    status: "verified" | "failed";
    scope: string | null;
    bundleHash: string | null;
    counts: null | {
      modes: number;
      presets: number;
    };
    signers: CliSigner[];
    problems: string[];
  }[];
}
/**
 * forge outdated: each forge library's locked, installed and latest version, and what taking the installed one changes. Exit 1 when one is not current.
 */
export interface CliOutdatedReport {
  command: "outdated";
  status: "current" | "outdated";
  registry: "ok" | "offline" | "skipped" | "partial";
  problem: string | null;
  libraries: {
    name: string;
    locked: string | null;
    installed: string | null;
    installedProblem: string | null;
    latest: string | null;
    latestStatus: "ok" | "unreachable" | "not-found" | "npm-missing" | "failed" | "skipped";
    differsFromLock: boolean;
    newerOnRegistry: boolean;
    modes: null | string[];
    presets: null | string[];
  }[];
}
/**
 * What `forge test --json` prints: one object per run. Paths are relative to the current directory. test/prompt-tests/test-report-schema.test.ts validates real outputs against it.
 */
export interface ForgeTestReport {
  command: "test";
  /**
   * passed: every result passed; failed: a result failed or could not run; errors: test files or sources have errors.
   */
  status: "passed" | "failed" | "errors";
  tier: TestTier;
  /**
   * --pi: each host as found on this machine.
   */
  hosts: TestHostStatus[];
  summary: TestSummary;
  results: TestResultReport[];
  against: null | TestAgainstReport;
  diagnostics: ForgeDiagnostic[];
}
export interface TestHostStatus {
  host: TestHost;
  version: string | null;
  /**
   * Why its tests could not run, and what to install.
   */
  problem: string | null;
}
export interface TestSummary {
  tests: number;
  results: number;
  passed: number;
  failed: number;
  skipped: number;
  changed: number;
}
export interface TestResultReport {
  file: string;
  line: number;
  column: number;
  test: string;
  host: TestHost;
  tier: TestTier;
  hostVersion: string | null;
  status: TestStatus;
  reason: string | null;
  preset: string | null;
  assertions: TestAssertionReport[];
  snapshot: null | TestSnapshotReport;
  /**
   * The prompt as its snapshot holds it (volatile parts as placeholders).
   */
  prompt: string;
  /**
   * The tools the request declares.
   */
  tools: string[];
  /**
   * Pi 1.x: the prompt's sections in order; null on 0.73.
   */
  sections: string[] | null;
  /**
   * The path rules that switched on after the touched paths.
   */
  rulesOn: string[];
  /**
   * --pi: the request body Pi sent, as captured.
   */
  request?: {};
  /**
   * --model: how many runs met every expectation, and the tokens they spent (the provider's usage).
   */
  runs?: {
    runs: number;
    passed: number;
    inputTokens: number;
    outputTokens: number;
  };
}
export interface TestAssertionReport {
  kind:
    | "selection"
    | "contains"
    | "notContains"
    | "order"
    | "tokens"
    | "sections"
    | "tools"
    | "edits"
    | "rules"
    | "snapshot"
    | "expect";
  passed: boolean;
  message: string;
  line: number;
  column: number;
}
export interface TestSnapshotReport {
  file: string;
  status: "matched" | "mismatched" | "missing" | "written" | "updated";
  diff: string;
  tokens: TestTokenChange;
  message: string;
}
export interface TestAgainstReport {
  ref: string;
  comparisons: TestComparison[];
}
export interface TestComparison {
  file: string;
  line: number;
  column: number;
  test: string;
  host: TestHost;
  preset: string | null;
  before: "passed" | "failed" | "skipped" | "absent";
  after: TestStatus;
  verdict: "changed" | "unchanged" | "broken" | "fixed" | "failing";
  diff: string;
  tokens: TestTokenChange;
}

/* from schema/delivery-details.schema.json */
/**
 * The `details` of a forge-system-update-message custom message (timeline delivery): which changes it told the model, so later runs know what is pending.
 */
export interface DeliveryDetails {
  v: 1;
  /**
   * @maxItems 10000
   */
  changes: DeliveredChange[];
}
export interface DeliveredChange {
  updateId: Key;
  op: "apply" | "revoke";
  digest?: Digest;
}

/* from schema/diagnostic.schema.json */


/* from schema/forge-config.schema.json */
/**
 * The forge root's settings file (.pi/forge/forge.yaml, or the global scope's <agent dir>/forge/forge.yaml): the forge libraries (npm packages) this bundle builds on, the keys each must be signed by, whether nested context files become path rules, token budgets for every preset, and (global scope only) whose trust decides project bundles.
 */
export interface ForgeConfigSource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  /**
   * Forge libraries, resolved from the project's node_modules (npm install them first); layered in this order, a later one winning per key, the project's own sources over all.
   *
   * @maxItems 64
   */
  libraries?: PackageName[];
  /**
   * nested: forge build compiles each AGENTS.md or CLAUDE.md below the project root (the ones Pi does not load in a session started at the root) into a path rule for its directory; off (the default): none.
   */
  contextFiles?: "off" | "nested";
  budget?: TokenBudget;
  toolDelivery?: ToolDelivery;
  /**
   * Per listed library, the keys (full fingerprints, as forge key new prints them) one of which must have signed its bundle: forge build refuses the library otherwise (library_signer_required).
   */
  signedBy?: {
    /**
     * @maxItems 32
     */
    [k: string]: Fingerprint[] | undefined;
  };
  policy?: PolicyRef;
  expectPolicy?: PolicyRef;
  /**
   * Read only from the global scope's forge.yaml ($PI_CODING_AGENT_DIR/forge/forge.yaml) by the Pi extension. host (default): on Pi 1.x project bundles follow Pi's folder trust. forge: on Pi 1.x a project bundle also needs forge's own trust (its bundleHash trusted with /forge trust, or a valid signature by a key you trust). Pi 0.73.1 always uses forge's own trust.
   */
  trust?: "host" | "forge";
}
/**
 * A built team policy: an npm package ({package, signedBy}) or a bundle file ({file, signedBy?}). Exactly one of package and file.
 */
export interface PolicyRef {
  package?: PackageName;
  /**
   * A built policy bundle file (a library bundle with a policy), relative to the forge.yaml that names it.
   */
  file?: string;
  /**
   * The keys (full fingerprints) one of which must have signed the policy bundle; required for a package.
   *
   * @minItems 1
   * @maxItems 32
   */
  signedBy?: [Fingerprint, ...Fingerprint[]];
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
          scope: Scope;
          /**
           * The project layer (the directory holding .pi/forge) the component came from; a deeper layer shadowing it later is drift.
           */
          layer?: string;
          /**
           * The mode's tools as they were at activation (null: it named none). The tool gate enforces them while this entry is the branch's selection. Absent in entries written before forge pinned tools.
           */
          tools?: ToolPattern[] | null;
          /**
           * The MCP servers the mode allowed whole at activation (null: none named). Absent in entries written before forge pinned tools.
           */
          mcp?: McpServerList | null;
          /**
           * The mode's edit limit as it was at activation (null: it had none). It stays in force while this entry is the branch's selection, whatever happens to the bundle. Absent in entries written before forge pinned limits.
           */
          edits?: EditLimit | null;
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
    /**
     * bundleHash of each project layer at activation, by layer path.
     */
    layers?: {
      [k: string]: Digest | undefined;
    };
  };
  driftPolicy: DriftPolicy;
  /**
   * What made the change: migrate is the one-time migration of a pi-modes session entry; delete is /mode delete of an active mode (the remainder, pins kept); edit is /mode edit or /mode new of a selected mode in this session (that mode re-pinned to what the user wrote, the other pins kept).
   */
  source: "env" | "flag" | "command" | "selector" | "preset" | "reapprove" | "off" | "migrate" | "delete" | "edit";
  /**
   * ISO-8601 time of the change.
   */
  activatedAt: string;
  confirmedExact?: Digest;
}

/* from schema/mode.schema.json */
/**
 * Inline template or update text; also the bound of a lowered prompt after partials are inlined.
 */
export type PromptText = string;
/**
 * A picomatch glob over project-relative posix paths, e.g. src/db/** or ** /*.sql; compiled at build time to a regular expression that RE2 runs in linear time.
 */
export type Glob = string;
/**
 * @maxItems 64
 */
export type GlobList = Glob[];

/**
 * A forge mode source file (.pi/forge/modes/<key>.yaml|json). The key is the file stem. A mode with extends inherits every field it does not set from its parent, so label, description, strategy and the prompt are then optional.
 */
export interface ForgeModeSource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  /**
   * Short human label, used as the section heading of an append overlay.
   */
  label?: string;
  /**
   * One or two sentences shown in selectors and previews.
   */
  description?: string;
  strategy?: Strategy;
  prompt?: PromptText;
  /**
   * Path to the template, relative to this file; must stay inside .pi/forge/.
   */
  promptFile?: string;
  requires?: KeyList;
  conflictsWith?: KeyList;
  before?: KeyList;
  after?: KeyList;
  /**
   * Preferred model as provider/model-id, applied on activation.
   */
  model?: string;
  thinking?: ThinkingLevel;
  /**
   * Allow-list of tool names and patterns (mcp__docs__*): while this mode is active forge's tool gate refuses every other tool, however it is reached (declared, codemode, tool_search, a nested call); the active tools are narrowed to the list, which may switch on Pi's read-only built-ins (read, grep, find, ls) but never a tool that changes files or runs commands.
   *
   * @maxItems 64
   */
  tools?: ToolPattern[];
  mcp?: McpServerList;
  mcpServers?: McpServerMap;
  edits?: EditLimitSource;
  extends?: Key;
  /**
   * append (default): the parent's text, a blank line, then this mode's text; replace: only this mode's text.
   */
  extendsPrompt?: "append" | "replace";
}
/**
 * Which files edit and write may change while this mode is active. A limit only refuses. While it is active forge turns bash and every tool not known to be read-only off, unless `bash: unchecked` keeps bash on.
 */
export interface EditLimitSource {
  allow?: GlobList;
  /**
   * Regular expressions in RE2 syntax (no lookaround, no backreference, no nested quantifier) searched in the project-relative path (Roo's fileRegex), e.g. \.md$.
   *
   * @maxItems 64
   */
  allowRegex?: string[];
  deny?: GlobList;
  /**
   * true: MCP tools whose server annotates them readOnlyHint: true (and not destructiveHint: true) stay on and run while this limit is active. Off by default: Pi does not verify the hints.
   */
  trustReadOnlyHints?: boolean;
  /**
   * unchecked: keep bash on while this limit is active, accepting that bash can change any file (forge cannot check a shell command). Absent: forge turns bash off and refuses its calls.
   */
  bash?: "unchecked";
}

/* from schema/pi-modes-state.schema.json */
/**
 * A selection entry written by pi-modes, as forge reads it once to migrate a session (forge never writes one): the `customType` and `data` of a custom session entry. MaximeRivest/pi-modes appends `mode-switch` `{mode}`; the composable pi-modes appends `pi-mode-state.v1` `{key}` (null: off), `.v2` `{baseKey, overlayKeys}` and `.v3` (v2 plus its own fingerprints, drift policy, time and source). The runtime validates `data` with the $defs validator of its customType (one small validator per shape keeps the extension small). Keys are any string up to 128 characters here: they are checked against forge's layers on migration, so an unknown key can be named.
 */
export interface PiModesStateEntry {
  customType: "mode-switch" | "pi-mode-state.v1" | "pi-mode-state.v2" | "pi-mode-state.v3";
  data: PiModesModeSwitch | PiModesStateV1 | PiModesSelection;
}
/**
 * mode-switch (MaximeRivest/pi-modes): the one active mode.
 */
export interface PiModesModeSwitch {
  mode: string;
}
/**
 * pi-mode-state.v1: one key, or null for off; its role follows the mode's strategy.
 */
export interface PiModesStateV1 {
  key: string | null;
}
/**
 * pi-mode-state.v2 and .v3: a base (or null) and ordered overlays. v3 adds pi-modes' own fingerprints (not comparable with forge's digests, so unused), its drift policy (kept on migration), activation time and source.
 */
export interface PiModesSelection {
  baseKey: string | null;
  /**
   * @maxItems 64
   */
  overlayKeys: string[];
  fingerprints?: {};
  driftPolicy?: "block" | "warn" | "allow";
  activatedAt?: string;
  source?: string;
}

/* from schema/policy.schema.json */
/**
 * A team policy (.pi/forge/policy.yaml of a forge library package, built with forge build --library and signed). Every rule only tightens: the Pi extension applies it over every project and global bundle, and forge build --policy checks a repository against it.
 */
export interface ForgePolicySource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  /**
   * One line saying what the policy is for, shown in /forge status.
   */
  description?: string;
  requireOverlays?: KeyList;
  /**
   * Paths edit and write may never change, whatever mode is selected (also when no mode has an edit limit).
   */
  edits?: {
    /**
     * picomatch globs relative to the project root, e.g. [.env, "** /*.pem"].
     *
     * @minItems 1
     * @maxItems 64
     */
    deny: [Glob, ...Glob[]];
  };
  /**
   * Tools that are never active and always refused at the tool gate, also when another tool calls them.
   */
  tools?: {
    /**
     * Tool names as Pi names them.
     *
     * @minItems 1
     * @maxItems 64
     */
    deny: [ToolName, ...ToolName[]];
  };
  /**
   * The strategies a selected mode may have, e.g. [append, replace_base] (no replace_final).
   *
   * @minItems 1
   * @maxItems 3
   */
  strategies?: [Strategy] | [Strategy, Strategy] | [Strategy, Strategy, Strategy];
  /**
   * Project and global bundles are used only when one of these keys signed them; otherwise Pi keeps its native prompt plus the policy's overlays.
   *
   * @minItems 1
   * @maxItems 32
   */
  requireSigners?: [Fingerprint, ...Fingerprint[]];
  budget?: TokenBudget;
  systemUpdates?: {
    /**
     * false: the agent may not switch a system-update block on (forge_system_update is never active).
     */
    modelCallable: false;
  };
}

/* from schema/preset-export.schema.json */
/**
 * A portable preset, written by `forge preset export` and `/preset export`: the keys, their order, the drift policy and the digests the exporter had. Never prompt text: importing one writes presets/<name>.yaml that refers to the importer's own definitions, and grants nothing.
 */
export interface ForgePresetExport {
  /**
   * Names the file's kind.
   */
  format: "forge-preset-export";
  /**
   * Export format version.
   */
  v: 1;
  name: Key;
  /**
   * The preset's one-line description.
   */
  description: string;
  /**
   * A replace_base or replace_final mode, or null for Pi's native base.
   */
  base: Key | null;
  overlays: KeyList;
  driftPolicy: DriftPolicy;
  /**
   * Each selected mode's digest and scope as the exporter had them; the importer compares its own.
   */
  digests: {
    [k: string]:
      | {
          digest: Digest;
          scope: Scope;
        }
      | undefined;
  };
  /**
   * The exporter's forge version (informational).
   */
  forgeVersion: string;
}

/* from schema/preset.schema.json */
/**
 * A forge preset source file (.pi/forge/presets/<key>.yaml|json): a named composition of modes. The key is the file stem.
 */
export interface ForgePresetSource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  description: string;
  base?: Key;
  /**
   * Ordered append overlays.
   *
   * @maxItems 64
   */
  overlays?: Key[];
  driftPolicy?: DriftPolicy;
  toolDelivery?: ToolDelivery;
  budget?: TokenBudget;
  /**
   * Dormant instruction blocks that can be switched on mid-session.
   *
   * @maxItems 64
   */
  systemUpdates?: SystemUpdateSource[];
}
export interface SystemUpdateSource {
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
  when?: PathTriggerSource;
  content?: PromptText;
  /**
   * Path to the template, relative to this file; must stay inside .pi/forge/.
   */
  file?: string;
}
/**
 * When a block switches on by itself: a tool call names a path matching one of the globs (optionally only for these tools).
 */
export interface PathTriggerSource {
  /**
   * Globs over project-relative paths, e.g. [src/db/**, migrations/*.sql].
   *
   * @minItems 1
   * @maxItems 64
   */
  paths: [Glob, ...Glob[]];
  /**
   * Only calls of these tools trigger it (default: read, edit, write, grep, find, ls).
   *
   * @minItems 1
   * @maxItems 64
   */
  tools?: [PathTool, ...PathTool[]];
}

/* from schema/rule.schema.json */
/**
 * A forge rule source file (.pi/forge/rules/<id>.yaml|json): an instruction block that switches on by itself, once per session branch, when a tool call names a matching path. It applies with or without a preset. The id is the file stem.
 */
export interface ForgeRuleSource {
  /**
   * Editor hint, ignored by the compiler.
   */
  $schema?: string;
  name: string;
  /**
   * One line, shown in the compact inventory while the rule is dormant.
   */
  description: string;
  when: PathTriggerSource;
  content?: PromptText;
  /**
   * Path to the template, relative to this file; must stay inside .pi/forge/.
   */
  file?: string;
}

/* from schema/source-request.schema.json */
/**
 * What `forge source '<request>' --json` writes a source text for: the Pi extension's authoring commands ask the CLI, so every YAML source is written by one library (yaml's Document API) that the extension does not carry. The answer is the text; the caller writes it.
 */
export type ForgeSourceRequest = ModeTemplateRequest | SetPromptRequest | PresetSourceRequest;
export interface ModeTemplateRequest {
  /**
   * The commented source /mode new opens or writes.
   */
  kind: "mode-template";
  key: Key;
  strategy: Strategy;
  /**
   * An absolute path: its text becomes the prompt (otherwise a placeholder).
   */
  promptFile?: string;
}
export interface SetPromptRequest {
  /**
   * The mode source `file` with its prompt replaced, comments and key order kept.
   */
  kind: "set-prompt";
  /**
   * The absolute path of the mode source.
   */
  file: string;
  /**
   * The absolute path of the new prompt's text.
   */
  promptFile: string;
}
export interface PresetSourceRequest {
  /**
   * A preset source, as /preset save writes it.
   */
  kind: "preset";
  /**
   * Comment lines at the top.
   *
   * @maxItems 8
   */
  header:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string]
    | [string, string, string, string, string, string, string]
    | [string, string, string, string, string, string, string, string];
  description: string;
  base: Key | null;
  overlays: KeyList;
  driftPolicy: DriftPolicy;
}

/* from schema/test-report.schema.json */


/* from schema/test.schema.json */
/**
 * @minItems 1
 * @maxItems 64
 */
export type TestTextMatches = [TestTextMatch, ...TestTextMatch[]];
/**
 * A text (found verbatim) or a linear-time pattern (RE2 syntax, searched anywhere).
 */
export type TestTextMatch =
  | string
  | {
      /**
       * An RE2 regular expression.
       */
      pattern: string;
    };
/**
 * Names: a list (each must be present), or exactly / includes / excludes.
 */
export type TestNameSet =
  | [TestName, ...TestName[]]
  | {
      /**
       * These names and no other, in any order.
       *
       * @maxItems 64
       */
      exactly?: TestName[];
      /**
       * @minItems 1
       * @maxItems 64
       */
      includes?: [TestName, ...TestName[]];
      /**
       * @minItems 1
       * @maxItems 64
       */
      excludes?: [TestName, ...TestName[]];
    };
export type TestName = string;
/**
 * A forge prompt-test file (.pi/forge/tests/<name>.yaml|json), run by `forge test`: each test names a selection, the hosts, fixed inputs and assertions on the prompt that selection composes.
 */
export interface ForgeTestSource {
  /**
   * Editor hint, ignored by forge.
   */
  $schema?: string;
  /**
   * The tests of this file, run in order.
   *
   * @minItems 1
   * @maxItems 1000
   */
  tests: [PromptTestSource, ...PromptTestSource[]];
}
export interface PromptTestSource {
  name: Key;
  description?: string;
  preset?: Key;
  modes?: KeyList;
  updates?: KeyList;
  /**
   * The Pi hosts whose layout the test checks (default both).
   *
   * @minItems 1
   * @maxItems 2
   */
  hosts?: [TestHost] | [TestHost, TestHost];
  /**
   * The user prompt forge test --pi sends (default "forge test").
   */
  prompt?: string;
  inputs?: PromptTestInputs;
  assert: PromptTestAssertions;
  expect?: PromptTestExpectations;
}
/**
 * Fixed inputs, so the composed prompt is the same on every machine.
 */
export interface PromptTestInputs {
  /**
   * The working directory the prompt shows (an absolute path; default /repo), the project root.
   */
  cwd?: string;
  /**
   * provider/model-id of the session's model (default forge-test/capture).
   */
  model?: string;
  /**
   * The {{os}} value (default linux).
   */
  os?: string;
  /**
   * The local date (and optionally time) of the session: YYYY-MM-DD or YYYY-MM-DDTHH:MM (default 2026-01-15T09:30).
   */
  date?: string;
  /**
   * Paths the agent read before the prompt (relative to the project root): path rules and nested context files switch on.
   *
   * @maxItems 64
   */
  touched?: string[];
}
export interface PromptTestAssertions {
  contains?: TestTextMatches;
  notContains?: TestTextMatches;
  /**
   * These texts occur in this order.
   *
   * @minItems 2
   * @maxItems 64
   */
  order?: [string, string, ...string[]];
  /**
   * Bounds on the always-on tokens forge adds (o200k_base, the figure forge explain prints).
   */
  tokens?: {
    max?: number;
    min?: number;
  };
  sections?: TestNameSet;
  tools?: TestNameSet;
  /**
   * Edit limits: the verdict forge explain --path gives for each path (relative to the project root).
   */
  edits?: {
    /**
     * @minItems 1
     * @maxItems 64
     */
    allowed?: [string, ...string[]];
    /**
     * @minItems 1
     * @maxItems 64
     */
    refused?: [string, ...string[]];
  };
  /**
   * Path rules (and preset blocks with when) switched on, or not, after the inputs' touched paths.
   */
  rules?: {
    on?: KeyList;
    off?: KeyList;
  };
  /**
   * The prompt equals its snapshot file beside the test (forge test --update writes it).
   */
  snapshot?: boolean;
}
/**
 * Behaviour of a real model: checked on the reply to prompt, only by forge test --model provider/id.
 */
export interface PromptTestExpectations {
  contains?: TestTextMatches;
  notContains?: TestTextMatches;
  /**
   * The model calls each of these tools.
   *
   * @minItems 1
   * @maxItems 64
   */
  callsTool?: [ToolName, ...ToolName[]];
  /**
   * No edit or write call is refused by an edit limit.
   */
  noEditOutsideLimit?: true;
}

/* from schema/tool-arguments.schema.json */
/**
 * The parameters of the forge_system_update agent tool. Strict: both fields required, nothing else accepted.
 */
export interface SystemUpdateToolArguments {
  /**
   * activate a declared block, or deactivate one you activated
   */
  action: "activate" | "deactivate";
  id: Key;
}

/* from schema/trust-store.schema.json */
/**
 * forge's own trust store (<agent dir>/forge/trust.json): project realpath -> the bundleHash the user trusted (Pi 0.73.1, and Pi 1.x under trust: forge), the signing keys the user trusts, the keys they revoked, and the last version of each signer-trusted layer they saw. A malformed record is untrusted, never guessed.
 */
export interface ForgeTrustStore {
  v: 1;
  projects: {
    [k: string]: TrustRecord | undefined;
  };
  /**
   * Keys the user trusts (/forge trust --key, or the trust dialog's 'always trust bundles signed by'): a project bundle with a valid signature by one of them is trusted on load.
   */
  signers?: {
    [k: string]: SignerRecord | undefined;
  };
  /**
   * Keys the user revoked (/forge trust --revoke): their signatures grant nothing; a bundle they signed falls back to hash trust, with a notice.
   */
  revokedSigners?: {
    [k: string]: RevokedSignerRecord | undefined;
  };
  /**
   * Project realpath -> the last bundle of that layer the user loaded trusted by a signer: the next one's notice lists what changed since.
   */
  seen?: {
    [k: string]: SeenRecord | undefined;
  };
}
export interface TrustRecord {
  bundleHash: Digest;
  /**
   * ISO-8601 time the user trusted it.
   */
  trustedAt?: string;
  components?: ComponentDigests;
  /**
   * The source files (posix paths relative to the layer's .pi/forge/) the trusted bundle was built from, each with the first 16 hex digits of the sha256 of its bytes: written by forge build, which knows what it compiled. Absent when the bundle was trusted in Pi (forge build then checks the committed sources instead).
   */
  sources?: {
    [k: string]: string | undefined;
  };
  /**
   * The same files as git's HEAD held them when forge build recorded `sources`: a later build counts a change as the user's own only where HEAD has not moved since (an uncommitted edit), never where a commit (a pull, a checkout, a merge) changed the file.
   */
  committed?: {
    [k: string]: string | undefined;
  };
}
/**
 * The first 16 hex digits of each digest of the trusted bundle, by kind (modes, their edit limits, presets, their blocks as preset/block, rules, libraries as version and bundleHash), so a later bundle's trust prompt can say what changed since. Kinds other than modes and presets are absent in records written before forge kept them.
 */
export interface ComponentDigests {
  modes: {
    [k: string]: string | undefined;
  };
  presets: {
    [k: string]: string | undefined;
  };
  limits?: {
    [k: string]: string | undefined;
  };
  blocks?: {
    [k: string]: string | undefined;
  };
  rules?: {
    [k: string]: string | undefined;
  };
  libraries?: {
    [k: string]: string | undefined;
  };
}
export interface SignerRecord {
  name: SignerName;
  trustedAt: string;
}
export interface RevokedSignerRecord {
  name: SignerName;
  revokedAt: string;
}
export interface SeenRecord {
  bundleHash: Digest;
  seenAt: string;
  signer?: Fingerprint;
  components: ComponentDigests;
  /**
   * Per signer (fingerprint), the newest signedAt of a bundle from that signer the user has used in this layer, and when they first used it: a signer-trusted bundle signed earlier is a rollback, asked about instead of applied.
   */
  newest?: {
    [k: string]: UsedSignature | undefined;
  };
}
export interface UsedSignature {
  /**
   * The signature's signedAt (UTC, ISO 8601).
   */
  signedAt: string;
  /**
   * When forge first loaded that bundle trusted (UTC, ISO 8601).
   */
  usedAt: string;
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
  updateId: Key;
  op: "apply" | "revoke" | "reset";
  /**
   * rule: switched on by a path rule when a tool call named a matching path; tools: forge telling the model the selected modes' tools (toolDelivery: gate).
   */
  source: "user" | "agent" | "preset" | "rule" | "tools";
  presetId?: Key;
  blockId?: Key;
  ruleId?: Key;
  /**
   * source rule: the project-relative path the tool call named.
   */
  matchedPath?: string;
  /**
   * source rule: the glob that matched it.
   */
  matchedGlob?: string;
  contentSnapshot?: PromptText;
  digest?: Digest;
  createdAt: string;
}
