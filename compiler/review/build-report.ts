// What one forge build (or --check) reports: --json prints exactly this; output/render-build.ts and annotations render it.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { BundleScope } from "../../core/digest.js";
import type { BundleChanges } from "./bundle-changes.js";
import type { CliBuildReport } from "../../generated/types.js";
import type { SignatureReport } from "./signature-report.js";
import type { Holds } from "./schema-check.js";

/** Diagnostic counts by severity. */
export interface DiagnosticSummary {
  errors: number;
  warnings: number;
  infos: number;
}

export type BuildStatus = "written" | "unchanged" | "errors" | "fresh" | "stale" | "missing";

/** Everything a build reports; --json prints exactly this, the human output renders it. */
export interface BuildReport {
  command: "build";
  check: boolean;
  status: BuildStatus;
  scope: BundleScope;
  /** bundle.json relative to the current directory (posix), as every printed path is. */
  path: string;
  /** The same file as an absolute path, for scripts. */
  absolutePath: string;
  bundleHash: string | null;
  counts: { modes: number; presets: number } | null;
  changes: BundleChanges | null;
  /** The bundle's signatures: who signed it, the key --sign added, and the signatures of the old bundle dropped. */
  signatures?: SignatureReport;
  /** Set when this build replaced the bundle the user had trusted (forge's trust store) and every change was theirs. */
  trustKept?: true;
  /** Set when it replaced the trusted bundle but forge cannot attribute every change to the user: why, and which. */
  trustNotKept?: { reason: string; changes: string[] };
  /** The team policy the sources were checked against (--policy, or forge.yaml's expectPolicy): its violations are diagnostics. */
  policy?: { name: string; from: "cli" | "config" };
  summary: DiagnosticSummary;
  diagnostics: Diagnostic[];
}

/** schema/cli-report.schema.json describes this report (the extension reads it as CliBuildReport): compile fails if not. */
export type BuildReportMatchesSchema = Holds<BuildReport extends CliBuildReport ? true : false>;
