// The options of `forge test`, read from the parsed flags and checked together: each mistake is a usage error (exit 2)
// that says what was expected, with an example.
import type { OutputFormat } from "./argument-values.js";
import type { HostId } from "../prompt-tests/test-case.js";
import { HOST_IDS } from "../prompt-tests/test-case.js";
import { suggestClosest } from "../../core/suggest.js";

export interface TestFlags {
  /** --pi: the captured tier. */
  pi: boolean;
  update: boolean;
  /** --against REF. */
  against: string | null;
  /** --host: only these hosts (null: each test's own). */
  hosts: HostId[] | null;
  /** --reporter junit. */
  junit: boolean;
  /** --model provider/id (the behaviour tier) and --runs N. */
  model: string | null;
  runs: number;
  /** Problems found while reading the values, reported by checkTestFlags. */
  problems: string[];
}

type Values = { pi?: boolean; update?: boolean; against?: string; host?: string; reporter?: string; model?: string; runs?: string };

export function parseTestFlags(v: Values): TestFlags {
  const problems: string[] = [];
  let hosts: HostId[] | null = null;
  if (v.host !== undefined) {
    hosts = [];
    for (const h of v.host.split(",").map((x) => x.trim())) {
      if ((HOST_IDS as readonly string[]).includes(h)) hosts.push(h as HostId);
      else {
        const near = suggestClosest(h, HOST_IDS);
        problems.push(`--host takes pi-0.73 or pi-1 (a comma list), got '${h}'${near ? `; did you mean '${near}'?` : ""}`);
      }
    }
  }
  if (v.reporter !== undefined && v.reporter !== "junit") problems.push(`--reporter takes junit, e.g. --reporter junit --out junit.xml (got '${v.reporter}')`);
  if (v.against !== undefined && (v.against.trim() === "" || v.against.startsWith("-")))
    problems.push(`--against needs a git ref, e.g. --against HEAD~1 or --against origin/main (got '${v.against}')`);
  if (v.model !== undefined && !/^[^/\s]+\/\S+$/.test(v.model))
    problems.push(`--model takes provider/model-id, e.g. --model anthropic/claude-sonnet-4-5 (got '${v.model}')`);
  const runs = v.runs === undefined ? 1 : /^\d{1,3}$/.test(v.runs) ? Number(v.runs) : NaN;
  if (!(runs >= 1 && runs <= 100)) problems.push(`--runs takes a number of runs from 1 to 100, e.g. --runs 6 (got '${v.runs}')`);
  return {
    pi: v.pi === true,
    update: v.update === true,
    against: v.against ?? null,
    hosts,
    junit: v.reporter === "junit",
    model: v.model ?? null,
    runs: Number.isFinite(runs) ? runs : 1,
    problems,
  };
}

/** The combinations forge test refuses; null when the flags go together. */
export function checkTestFlags(flags: TestFlags, format: OutputFormat): string | null {
  if (flags.problems.length > 0) return flags.problems[0]!;
  if (flags.runs !== 1 && flags.model === null) return "--runs counts runs of a real model: give --model provider/id too";
  if (flags.model !== null && (flags.pi || flags.update || flags.against !== null))
    return "--model runs each test's expect: against a real model; it cannot be combined with --pi, --update or --against";
  if (flags.update && flags.against !== null) return "--update writes this side's snapshots; run it without --against";
  void format;
  return null;
}
