// The shape of a diagnostic code's example (each catalog file has one): real input that yields exactly that code, run by
// test/diagnostic-examples.test.ts and shown in docs/reference/diagnostic-codes.md.
import type { Strategy } from "../../generated/types.js";

/** A file's content: text, bytes (hex, for invalid UTF-8), or a text repeated (a file over a size bound). */
export type ExampleFile = string | { bytes: string } | { repeat: string; count: number };

/** A forge library as node_modules would hold it, for the library codes. */
export interface ExampleLibrary {
  name: string;
  version?: string;
  /** Not installed in node_modules. */
  missing?: true;
  /** Installed, but not a forge library (why). */
  notForge?: string;
  /** The library's bundle file, verbatim. */
  bundleText?: string;
  /** The library's sources, built as `forge build --library` would. */
  sources?: Record<string, string>;
  /**
   * After the build, this JSON pointer of the bundle is set to `value` (an edit after the build); `rehash`: every digest
   * and the bundleHash recomputed after it, as someone hand-crafting a bundle would (it then verifies).
   */
  tamper?: { pointer: string; value: unknown; rehash?: true };
}

export type CodeExample =
  /** Sources under .pi/forge/ (paths relative to it) that `forge build` compiles, with the built-in library linked. */
  | {
      kind: "compile";
      files: Record<string, ExampleFile>;
      /** `count` more files at `path` ({n} numbered from 1), each holding `text`: a tree over a file-count bound. */
      generate?: { path: string; count: number; text: string };
      symlinks?: Array<{ path: string; target: string }>;
      libraries?: ExampleLibrary[];
      /** The team policy the sources are checked against (forge build --policy), built from its sources as a library. */
      policy?: ExampleLibrary;
      /** The build's scope (default project). */
      scope?: "project" | "global" | "library";
      /** Files of the project around .pi/forge/ (paths relative to the project root), such as nested context files. */
      project?: Record<string, ExampleFile>;
      /** `count` more project files at `path` ({n} numbered from 1), each holding `text`. */
      projectGenerate?: { path: string; count: number; text: string };
    }
  /**
   * Input files of another tool that `forge import <format>` reads; `existing`: forge sources already there.
   * `alsoYields`: codes the importer always reports beside this one for such input (a Pi preset with tools always has
   * instructions, or an empty prompt), which the test then allows; every other code is still refused.
   */
  | {
      kind: "import";
      format: "pi-modes" | "pi-presets" | "roo" | "claude-rules" | "cursor" | "rulesync";
      files: Record<string, string>;
      existing?: string[];
      alsoYields?: string[];
    }
  /**
   * Sources under .pi/forge/ (paths relative to it) built into a bundle that `forge export <target>` renders;
   * `preset`: --preset; `existing`: files already in the project (paths relative to its root).
   */
  | { kind: "export"; target: "claude" | "cursor" | "roo" | "agents-md"; files: Record<string, string>; preset?: string; existing?: Record<string, string> }
  /** Sources and test files under .pi/forge/ (paths relative to it, tests in tests/) that `forge test` reads and checks. */
  | { kind: "test"; files: Record<string, string> }
  /** Session entries (getBranch() order) the runtime folds; `modes`: the keys forge's layers offer, for a pi-modes migration. */
  | { kind: "replay"; branch: unknown[]; modes?: Record<string, { strategy?: Strategy }> }
  /**
   * A selection the runtime composes for a turn: the modes the trusted layers offer now, and the selection the session
   * pinned (to the offered digests, except `changed` keys, pinned to an older one; `unconfirmed`: a replace_final base
   * never confirmed).
   */
  | {
      kind: "compose";
      modes: Record<string, { strategy?: Strategy; conflictsWith?: string[] }>;
      base: string | null;
      overlays: string[];
      driftPolicy: "block" | "warn" | "allow";
      changed?: string[];
      unconfirmed?: true;
      /** Asked about the drift before the prompt (a UI), the user's answer: send without the drifted modes, or cancel. */
      answer?: "leave-out" | "cancel";
    }
  /**
   * A project as a clone holds it (paths relative to its root, `../` for a place beside it), loaded as the Pi extension
   * loads its layer: the layer's place checked, then its .pi/forge/bundle.json read and verified.
   */
  | {
      kind: "load";
      files: Record<string, string>;
      symlinks?: Array<{ path: string; target: string }>;
      /** Sources under .pi/forge/ built into its bundle.json first, then `tamper` applied to that bundle (as for a library). */
      built?: { sources: Record<string, string>; tamper: NonNullable<ExampleLibrary["tamper"]> };
    }
  /**
   * The team policy as the Pi extension loads it: the global forge.yaml's text (`settings`), the policy bundle it names
   * (`policy`, built from its sources as a library, as `team-policy.json` beside forge.yaml), and a project's sources
   * (`project`, built unsigned) whose bundle the policy then judges.
   */
  | { kind: "policy"; settings: string; policy?: ExampleLibrary; project?: Record<string, string> };
