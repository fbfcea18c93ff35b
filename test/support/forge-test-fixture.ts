// The project forge test's own tests run on: presets, a partial, a path rule, a mode with an edit limit and tools, and
// a test file with a passing and a failing test for every assertion kind. Shared by the unit, CLI and e2e tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const FIXTURE_SOURCES: Record<string, string> = {
  "partials/house-style.md": "Answer in plain sentences; no preamble.\n",
  "modes/focus.yaml":
    "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: |\n  Stay on the task in front of you in {{cwd}}. {{> house-style}}\nbefore: [ship-check]\n",
  "modes/ship-check.yaml":
    "label: Ship check\ndescription: Evidence.\nstrategy: append\nprompt: Before you call a change done, list the evidence that it works.\nrequires: [focus]\n",
  "modes/docs-only.yaml":
    "label: Docs only\ndescription: Only docs change.\nstrategy: append\nprompt: Change documentation only.\ntools: [read, grep, edit, write]\nedits:\n  allow: [docs/**]\n  deny: [docs/secret/**]\n",
  "modes/strict.yaml": "label: Strict\ndescription: Conflicts with focus.\nstrategy: append\nprompt: Be strict.\nconflictsWith: [focus]\n",
  "presets/shipping.yaml":
    "description: Focused work that ends with evidence.\noverlays: [focus, ship-check]\nsystemUpdates:\n" +
    "  - id: freeze\n    name: Code freeze\n    description: Only bug fixes.\n    content: We are in a code freeze. Only fix bugs.\n" +
    "  - id: api-style\n    name: API style\n    description: How handlers are written.\n    when: { paths: [src/api/**] }\n    content: Handlers validate input first.\n",
  "presets/docs.yaml": "description: Documentation work.\noverlays: [docs-only]\n",
  "rules/db-schema.yaml":
    "name: Database schema\ndescription: Schema conventions.\nwhen: { paths: [src/db/**] }\ncontent: Every schema change needs a migration.\n",
};

/** One passing and one failing test per assertion kind (names `<kind>-pass`, `<kind>-fail`), on both hosts. */
export const KIND_TESTS = `tests:
  - name: contains-pass
    preset: shipping
    assert: { contains: ["Stay on the task", { pattern: "evidence (that|which) it works" }] }
  - name: contains-fail
    preset: shipping
    assert: { contains: ["Write tests first"] }
  - name: not-contains-pass
    preset: shipping
    assert: { notContains: ["TODO", { pattern: "(?i)lorem ipsum" }] }
  - name: not-contains-fail
    preset: shipping
    assert: { notContains: ["no preamble"] }
  - name: order-pass
    preset: shipping
    assert: { order: ["# Focus", "# Ship check", "# System update blocks"] }
  - name: order-fail
    preset: shipping
    assert: { order: ["# Ship check", "# Focus"] }
  - name: tokens-pass
    preset: shipping
    assert: { tokens: { min: 20, max: 2000 } }
  - name: tokens-fail
    preset: shipping
    assert: { tokens: { max: 5 } }
  - name: sections-pass
    preset: shipping
    hosts: [pi-1]
    assert: { sections: { includes: [preamble, cwd, forge-focus, forge-ship-check, forge-updates], excludes: [forge-docs-only] } }
  - name: sections-fail
    preset: shipping
    hosts: [pi-1]
    assert: { sections: [forge-review] }
  - name: tools-pass
    preset: docs
    assert: { tools: { exactly: [read, edit, write, grep] } }
  - name: tools-fail
    preset: docs
    assert: { tools: { includes: [bash] } }
  - name: edits-pass
    preset: docs
    assert: { edits: { allowed: [docs/guide.md], refused: [src/app.ts, docs/secret/keys.md] } }
  - name: edits-fail
    preset: docs
    assert: { edits: { allowed: [src/app.ts] } }
  - name: rules-pass
    preset: shipping
    inputs: { touched: [src/db/schema.sql, src/api/users.ts] }
    assert: { rules: { on: [db-schema, api-style] }, contains: ["Every schema change needs a migration.", "Handlers validate input first."] }
  - name: rules-fail
    preset: shipping
    inputs: { touched: [src/db/schema.sql] }
    assert: { rules: { on: [api-style], off: [db-schema] } }
  - name: snapshot-pass
    preset: shipping
    updates: [freeze]
    assert: { snapshot: true }
  - name: snapshot-fail
    preset: shipping
    assert: { snapshot: true }
  - name: selection-fail
    modes: [focus, strict]
    assert: { contains: ["Be strict."] }
`;

/** The assertion kinds each have a `-pass` and a `-fail` test above (selection only fails: it has no assertion of its own). */
export const KINDS = ["contains", "notContains", "order", "tokens", "sections", "tools", "edits", "rules", "snapshot"] as const;

/** The test name prefix of a kind (test names are keys: notContains -> not-contains). */
export const kindTest = (kind: string): string => kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Writes the sources under `<root>/.pi/forge/` (and `extra` files there too). */
export function writeFixture(root: string, extra: Record<string, string> = {}): void {
  for (const [path, text] of Object.entries({ ...FIXTURE_SOURCES, ...extra })) {
    const file = join(root, ".pi", "forge", ...path.split("/"));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
