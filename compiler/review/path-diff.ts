// `forge diff` for path data: globs as reviewers wrote them (never the compiled expressions), and rules/ per id.
import { compareCodeUnits, stringifyCanonical } from "../../core/canonical-json.js";
import { describePattern } from "../../core/path-match.js";
import type { EditLimit, McpServerConfig, PathTrigger, Rule, Template } from "../../generated/types.js";
import { describeServerTarget } from "../../core/mcp-servers.js";
import type { FieldChange, FieldValue, RuleChange, RuleOnOneSide } from "./diff-report.js";

/** The virtual fields a mode's edits and a block's or rule's when show as in field changes. */
export const EDITS_FIELDS = ["edits.allow", "edits.deny", "edits.trustReadOnlyHints"] as const;
/** A mode's MCP servers as a reviewer reads them: `docs: npx -y docs-mcp-server, exposure direct` per server. */
export const MCP_FIELDS = ["mcp", "mcpServers"] as const;
export const WHEN_FIELDS = ["when.paths", "when.tools"] as const;

/** An entry with its path data flattened into readable fields: `edits.allow: [docs/**]`, `when.paths: [src/db/**]`. */
export function withPathFields<T extends object>(entry: T): T & Record<string, FieldValue> {
  const out: Record<string, unknown> = { ...(entry as Record<string, unknown>) };
  const edits = (entry as { edits?: EditLimit }).edits;
  if (edits !== undefined) {
    out["edits.allow"] = edits.allow === undefined ? null : edits.allow.map(describePattern);
    out["edits.deny"] = edits.deny.map(describePattern);
    out["edits.trustReadOnlyHints"] = edits.trustReadOnlyHints ?? null;
  }
  // What a server runs or reaches, so a diff that adds or changes one shows the command a reviewer must judge.
  const servers = (entry as { mcpServers?: Record<string, McpServerConfig> }).mcpServers;
  if (servers !== undefined)
    out.mcpServers = Object.keys(servers)
      .sort(compareCodeUnits)
      .map((name) => `${name}: ${describeServerTarget(servers[name]!)}`);
  const when = (entry as { when?: PathTrigger }).when;
  if (when !== undefined) {
    out["when.paths"] = when.paths.map(describePattern);
    out["when.tools"] = when.tools ?? null;
  }
  return out as T & Record<string, FieldValue>;
}

const RULE_FIELDS = ["name", "description", ...WHEN_FIELDS] as const;

export interface RuleDiffDeps {
  fieldChanges(a: object, b: object, fields: readonly string[]): FieldChange[];
  templateDiff(from: Template | null, to: Template | null, fromLabel: string, toLabel: string): string;
}

type RuleRecord = Readonly<Record<string, Rule | undefined>>;

/** rules/ of A against B, by id: added and removed with their text, changed with field changes and a content diff. */
export function compareRules(
  a: RuleRecord,
  b: RuleRecord,
  labels: { a: string; b: string },
  deps: RuleDiffDeps,
): { added: RuleOnOneSide[]; removed: RuleOnOneSide[]; changed: RuleChange[] } {
  const keys = (r: RuleRecord) =>
    Object.keys(r)
      .filter((k) => r[k] !== undefined)
      .sort(compareCodeUnits);
  // By own keys: a rule id such as "constructor" must not find Object.prototype's.
  const has = (r: RuleRecord, k: string) => Object.hasOwn(r, k) && r[k] !== undefined;
  const label = (side: "a" | "b", key: string) => `${labels[side]}:rule/${key}`;
  const added = keys(b)
    .filter((k) => !has(a, k))
    .map((key) => ({ key, paths: b[key]!.when.paths.map(describePattern), diff: deps.templateDiff(null, b[key]!.content, "", label("b", key)) }));
  const removed = keys(a)
    .filter((k) => !has(b, k))
    .map((key) => ({ key, paths: a[key]!.when.paths.map(describePattern), diff: deps.templateDiff(a[key]!.content, null, label("a", key), "") }));
  const changed: RuleChange[] = [];
  for (const key of keys(a).filter((k) => has(b, k))) {
    const from = a[key]!;
    const to = b[key]!;
    const same = (x: Rule) => stringifyCanonical({ ...x, source: null, digest: null });
    if (same(from) === same(to) && from.digest === to.digest) continue;
    const contentChanged = stringifyCanonical(from.content) !== stringifyCanonical(to.content);
    changed.push({
      key,
      digest: { from: from.digest, to: to.digest },
      fields: deps.fieldChanges(withPathFields(from), withPathFields(to), RULE_FIELDS),
      contentChanged,
      diff: contentChanged ? deps.templateDiff(from.content, to.content, label("a", key), label("b", key)) : "",
    });
  }
  return { added, removed, changed };
}
