// The defaults schema/ states (and the reference pages show) are the ones the code applies when a field is left out.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_INPUTS, DEFAULT_PROMPT, HOST_IDS } from "../../compiler/prompt-tests/test-case.js";
import { PATH_TOOLS } from "../../core/tool-paths.js";

const schema = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "schema", name), "utf8"));

describe("schema defaults", () => {
  it("a prompt test's hosts, prompt and inputs default as forge test fills them in", () => {
    const test = schema("test.schema.json").$defs;
    expect(test.test.properties.hosts.default).toEqual(HOST_IDS);
    expect(test.test.properties.prompt.default).toBe(DEFAULT_PROMPT);
    const inputs = test.inputs.properties;
    expect([inputs.cwd.default, inputs.model.default, inputs.os.default]).toEqual([DEFAULT_INPUTS.cwd, DEFAULT_INPUTS.model, DEFAULT_INPUTS.os]);
    expect(inputs.date.default).toBe(`${DEFAULT_INPUTS.date}T${DEFAULT_INPUTS.time}`);
  });

  it("a path trigger's tools default to the tools whose paths switch rules on", () => {
    expect(schema("common.schema.json").$defs.pathTriggerSource.properties.tools.default).toEqual(PATH_TOOLS);
  });

  it("the enums' defaults are among their values", () => {
    expect(schema("mode.schema.json").properties.extendsPrompt).toMatchObject({ default: "append", enum: expect.arrayContaining(["append"]) });
    expect(schema("preset.schema.json").properties.driftPolicy.default).toBe("block");
    const config = schema("forge-config.schema.json").properties;
    expect(config.contextFiles).toMatchObject({ default: "off", enum: expect.arrayContaining(["off"]) });
    expect(config.trust).toMatchObject({ default: "host", enum: expect.arrayContaining(["host"]) });
  });
});
