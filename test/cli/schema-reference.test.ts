// How init points a YAML file at the schema: relative inside node_modules, an absolute file URL otherwise.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaReference } from "../../compiler/io/scaffold.js";

describe("schemaReference", () => {
  it("is relative to the YAML file when forge is installed under node_modules", () => {
    const yaml = join("/repo", ".pi", "forge", "modes", "example.yaml");
    const schema = join("/repo", "node_modules", "pi-forge-modes", "schema", "mode.schema.json");
    expect(schemaReference(yaml, schema)).toBe("../../../node_modules/pi-forge-modes/schema/mode.schema.json");
  });

  it("is an absolute file URL for a checkout outside node_modules", () => {
    const yaml = join("/repo", ".pi", "forge", "modes", "example.yaml");
    expect(schemaReference(yaml, "/home/me/forge/schema/mode.schema.json")).toBe("file:///home/me/forge/schema/mode.schema.json");
  });
});
