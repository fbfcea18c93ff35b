// Example snippets per source field, used by validation messages so each diagnostic shows a fix.
import modeSchema from "../../schema/mode.schema.json" with { type: "json" };
import presetSchema from "../../schema/preset.schema.json" with { type: "json" };
import ruleSchema from "../../schema/rule.schema.json" with { type: "json" };
import commonSchema from "../../schema/common.schema.json" with { type: "json" };
import configSchema from "../../schema/forge-config.schema.json" with { type: "json" };
import policySchema from "../../schema/policy.schema.json" with { type: "json" };

const FIELD_EXAMPLES: Readonly<Record<string, string>> = {
  $schema: '$schema: "../../node_modules/pi-forge-modes/schema/mode.schema.json"',
  label: "label: Plan",
  description: 'description: "Plan before coding."',
  strategy: "strategy: append",
  prompt: 'prompt: "You are in plan mode."',
  promptFile: "promptFile: ../prompts/plan.md",
  requires: "requires: [plan]",
  conflictsWith: "conflictsWith: [yolo]",
  before: "before: [review]",
  after: "after: [plan]",
  model: "model: anthropic/claude-sonnet-4-5",
  thinking: "thinking: medium",
  tools: "tools: [read, grep]",
  base: "base: architect",
  overlays: "overlays: [plan, review]",
  driftPolicy: "driftPolicy: block",
  systemUpdates: 'systemUpdates: [{ id: strict-tests, name: Strict tests, description: Run tests, content: "Run the tests." }]',
  id: "id: strict-tests",
  name: "name: Strict tests",
  modelCallable: "modelCallable: false",
  content: 'content: "Run the tests after every change."',
  file: "file: ../updates/strict-tests.md",
  edits: "edits: { allow: [docs/**], deny: [docs/generated/**] }",
  allow: "allow: [docs/**, README.md]",
  allowRegex: 'allowRegex: ["\\\\.(md|mdx)$"]',
  deny: "deny: [.env, secrets/**]",
  when: "when: { paths: [src/db/**, migrations/*.sql] }",
  paths: "paths: [src/db/**]",
  extends: "extends: review",
  extendsPrompt: "extendsPrompt: replace",
  libraries: 'libraries: ["@acme/forge-house"]',
  contextFiles: "contextFiles: nested",
  budget: "budget: { alwaysOn: 4000, block: 800 }",
  alwaysOn: "budget: { alwaysOn: 4000 }",
  block: "budget: { block: 800 }",
  signedBy: 'signedBy: { "@acme/forge-house": ["<the 64-digit fingerprint forge key new printed>"] }',
  trust: "trust: forge",
  policy: 'policy: { package: "@acme/team-policy", signedBy: ["<the 64-digit fingerprint of the policy\'s signer>"] }',
  expectPolicy: 'expectPolicy: { package: "@acme/team-policy", signedBy: ["<the 64-digit fingerprint of the policy\'s signer>"] }',
  package: 'package: "@acme/team-policy"',
  requireOverlays: "requireOverlays: [security]",
  strategies: "strategies: [append, replace_base]",
  requireSigners: 'requireSigners: ["<the 64-digit fingerprint of the team\'s signer>"]',
};

export function exampleFor(field: string): string {
  return FIELD_EXAMPLES[field] ?? "label: Plan";
}

/** Follows the systemUpdates item $ref ("#/$defs/<name>"), so renaming the definition cannot break this. */
function updateFields(): string[] {
  const ref = presetSchema.properties.systemUpdates.items.$ref;
  const defs = presetSchema.$defs as Record<string, { properties?: Record<string, unknown> }>;
  const def = defs[ref.replace("#/$defs/", "")];
  if (!def?.properties) throw new Error(`preset schema: cannot resolve ${ref}`);
  return Object.keys(def.properties);
}

/** Allowed field names per object kind, read from the schemas (the single source of truth). */
export const ALLOWED_FIELDS = {
  mode: Object.keys(modeSchema.properties),
  preset: Object.keys(presetSchema.properties),
  update: updateFields(),
  rule: Object.keys(ruleSchema.properties),
  edits: Object.keys(modeSchema.properties.edits.properties),
  when: Object.keys(commonSchema.$defs.pathTriggerSource.properties),
  config: Object.keys(configSchema.properties),
  policy: Object.keys(policySchema.properties),
  policyRef: Object.keys(configSchema.$defs.policyRef.properties),
  budget: Object.keys(commonSchema.$defs.budget.properties),
} as const;
