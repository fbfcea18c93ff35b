// Renders schema files as one reference page: a part per schema file (its object types with a table of fields), the
// named types they share at the end, and, for source formats, an example of each field from the committed sources.
import { banner, code, prose, table } from "./markdown.js";
import { describeSchemaFile, joinPath, type ObjectSection, type Schema } from "./schema-walk.js";
import { exampleAt, exampleText, type ExampleDoc } from "./source-examples.js";

export interface SchemaGroup {
  /** The part's heading, e.g. "Modes: `.pi/forge/modes/<key>.yaml`". */
  heading: string;
  file: string;
  /** Prose above the part's tables (the schema's own description follows it). */
  intro?: string;
}

export interface SchemaPage {
  title: string;
  intro: string;
  groups: readonly SchemaGroup[];
  /** Source formats: each field's example, from these documents. */
  examples?: readonly ExampleDoc[];
}

/** The example column's text for a field at `path` of a section reached from `schema`'s root. */
function exampleCell(page: SchemaPage, section: ObjectSection, path: string): string {
  if (page.examples === undefined) return "";
  const found = exampleAt(page.examples, section.reachedAt.file, joinPath(section.reachedAt.path, path));
  return found === undefined ? "" : code(exampleText(found.value));
}

function renderSection(page: SchemaPage, section: ObjectSection): string {
  const out = [`### ${section.title}`, ""];
  if (section.description !== "") out.push(prose(section.description), "");
  if (section.type !== undefined) {
    out.push(`Type: ${section.type}.`, "");
    const example = exampleCell(page, section, "");
    if (example !== "") out.push(`Example: ${example}.`, "");
  }
  if (section.rows.length > 0) {
    const withExamples = page.examples !== undefined;
    const header = ["field", "type", "required", "default", "description", ...(withExamples ? ["example"] : [])];
    const rows = section.rows.map((r) => [
      code(r.path),
      r.type,
      r.required,
      r.default ?? "",
      prose(r.description),
      ...(withExamples ? [exampleCell(page, section, r.path)] : []),
    ]);
    out.push(table(header, rows), "");
  }
  return out.join("\n");
}

/** The page: every group's sections in the order reached, the named types they share last. */
export function renderSchemaPage(schemas: Map<string, Schema>, page: SchemaPage): string {
  const shared = new Map<string, ObjectSection>();
  const placed = new Set<string>();
  const parts: string[] = [];
  const types: ObjectSection[] = [];
  for (const group of page.groups) {
    const before = new Set(shared.keys());
    describeSchemaFile(schemas, group.file, shared);
    const fresh = [...shared.entries()].filter(([k]) => !before.has(k)).map(([, s]) => s);
    const root = shared.get(`${group.file}#`)!;
    parts.push(`## ${group.heading}`, "", ...(group.intro ? [group.intro, ""] : []), `Schema: [\`schema/${group.file}\`](../../schema/${group.file}).`, "");
    // The file's own type first; one an earlier part already reached is linked, not repeated.
    if (placed.has(`${group.file}#`)) parts.push(`Its type, [${root.title}](#${root.anchor}), is described above.`, "");
    for (const section of [root, ...fresh.filter((s) => s !== root)]) {
      const key = `${section.file}#${section.pointer}`;
      if (placed.has(key)) continue;
      placed.add(key);
      if (section !== root && section.type !== undefined && section.rows.length === 0) types.push(section);
      else parts.push(renderSection(page, section));
    }
  }
  const titles = [...shared.values()].map((s) => s.title);
  const twice = titles.filter((t, i) => titles.indexOf(t) !== i);
  if (twice.length > 0) throw new Error(`${page.title}: two types are titled ${twice.join(", ")}; their anchors would clash`);
  if (types.length > 0) parts.push("## Types", "", "The named types the fields above use.", "", ...types.map((t) => renderSection(page, t)));
  return `${banner(page.groups.map((g) => `schema/${g.file}`))}\n# ${page.title}\n\n${page.intro}\n\n${parts.join("\n").replace(/\n+$/, "")}\n`;
}
