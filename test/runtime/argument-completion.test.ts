// Argument completion of every forge command: subcommands with one-line descriptions, values that end in a space (the
// next Tab completes the next argument), and after a subcommand the keys it accepts: every offered mode for set, +
// and -; only modes (and presets) whose source authoring can change for edit and delete.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { completeLastWord } from "../../runtime/argument-completion.js";
import { modeYaml, useAuthoringFixture } from "./authoring-fixture.js";

const fx = useAuthoringFixture();
const presetYaml = (overlays: string[]) => `description: Uses ${overlays.join(", ")}.\noverlays: [${overlays.join(", ")}]\n`;

/** A repository with a root layer and a package layer (cwd), a global mode and preset, and the built-ins. */
async function layered() {
  const repo = fx.paths.cwd;
  const pkg = join(repo, "pkg");
  mkdirSync(join(repo, ".git"), { recursive: true });
  fx.write(join(repo, ".pi", "forge"), { "modes/house.yaml": modeYaml("House", "House rules."), "presets/house-flow.yaml": presetYaml(["house"]) });
  fx.write(join(pkg, ".pi", "forge"), { "modes/pkg-mode.yaml": modeYaml("Pkg", "Package rules."), "presets/pkg-flow.yaml": presetYaml(["pkg-mode"]) });
  fx.write(join(fx.paths.agent, "forge"), { "modes/mine.yaml": modeYaml("Mine", "My own."), "presets/mine-flow.yaml": presetYaml(["mine"]) });
  await fx.build(repo);
  await fx.build(pkg);
  await fx.build(fx.paths.agent, true);
  const t = fx.setup({ cwd: pkg });
  await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
  await t.run("set plan house");
  const complete = (command: string, prefix: string) => t.pi.commands.get(command)!.getArgumentCompletions!(prefix);
  const values = (command: string, prefix: string) => complete(command, prefix)?.map((i) => i.value) ?? null;
  return { t, complete, values };
}

describe("argument completion", () => {
  it("every value ends in a space; the words before it are kept", () => {
    expect(completeLastWord("se", [{ word: "set" }, { word: "status" }])).toEqual([{ value: "set ", label: "set" }]);
    expect(completeLastWord("set a ", [{ word: "beta", description: "b" }])).toEqual([{ value: "set a beta ", label: "beta", description: "b" }]);
    expect(completeLastWord("", [{ word: "x" }])).toEqual([{ value: "x ", label: "x" }]);
    expect(completeLastWord("zz", [{ word: "x" }])).toBeNull();
  });

  it("/mode: subcommands with descriptions, then offered modes for set, + and -; writable modes only for edit and delete", async () => {
    const { complete, values } = await layered();
    const top = complete("mode", "")!;
    for (const sub of ["set", "off", "status", "preview", "reapprove", "new", "edit", "delete", "help"]) {
      const item = top.find((i) => i.label === sub);
      expect(item, sub).toMatchObject({ value: `${sub} ` });
      expect(item!.description, sub).toMatch(/\w/);
    }
    // set: every offered mode (built-in, both layers, global), not those already typed.
    expect(values("mode", "set ")).toEqual(expect.arrayContaining(["set house ", "set mine ", "set pkg-mode ", "set plan ", "set review "]));
    expect(values("mode", "set plan ")).not.toContain("set plan plan ");
    // + offers what is not selected, - what is; after one edit, more edits.
    expect(values("mode", "+")).toEqual(expect.arrayContaining(["+mine ", "+pkg-mode ", "+review "]));
    expect(values("mode", "+")).not.toContain("+plan ");
    expect(values("mode", "-")).toEqual(["-plan ", "-house "]);
    expect(values("mode", "+mine -")).toEqual(["+mine -plan ", "+mine -house "]);
    // edit and delete: the package layer's mode and the global one; never a built-in, nor the root layer's mode.
    expect(values("mode", "edit ")).toEqual(["edit mine ", "edit pkg-mode "]);
    expect(values("mode", "delete ")).toEqual(["delete mine ", "delete pkg-mode "]);
    expect(values("mode", "delete pkg-mode ")).toEqual(["delete pkg-mode --global ", "delete pkg-mode --confirm "]);
    expect(values("mode", "edit mine --global ")).toEqual(["edit mine --global --prompt-file ", "edit mine --global --file "]);
    expect(values("mode", "set plan --drift ")).toEqual(["set plan --drift block ", "set plan --drift warn ", "set plan --drift allow "]);
    expect(values("mode", "status ")).toEqual(["status --json "]);
    expect(values("mode", "preview ")).toEqual(["preview --json "]);
    expect(values("mode", "reapprove ")).toEqual(["reapprove --confirm-exact "]);
    expect(values("mode", "new ")).toBeNull();
    expect(values("mode", "new x --strategy ")).toEqual(["new x --strategy append ", "new x --strategy replace_base ", "new x --strategy replace_final "]);
  });

  it("/preset: subcommands with descriptions, offered presets for use and export, writable ones only for delete", async () => {
    const { complete, values } = await layered();
    const top = complete("preset", "")!;
    expect(top.map((i) => i.value)).toEqual(["list ", "use ", "save ", "export ", "import ", "delete "]);
    expect(top.every((i) => (i.description ?? "").length > 0)).toBe(true);
    expect(values("preset", "use ")).toEqual(["use audit ", "use careful-change ", "use house-flow ", "use mine-flow ", "use pkg-flow "]);
    expect(complete("preset", "use m")![0]!.description).toBe("Uses mine.");
    expect(values("preset", "export ")).toEqual(values("preset", "use ")!.map((v) => v.replace("use", "export")));
    expect(values("preset", "delete ")).toEqual(["delete mine-flow ", "delete pkg-flow "]);
    expect(values("preset", "use audit ")).toEqual(["use audit --drift ", "use audit --confirm-exact "]);
    expect(values("preset", "save mine ")).toEqual(["save mine --force "]);
  });

  it("/system-update and /forge: subcommands with descriptions and a trailing space", async () => {
    const { complete, values } = await layered();
    const updates = complete("system-update", "")!;
    expect(updates.map((i) => i.value)).toEqual(["status ", "list ", "use ", "off ", "reset "]);
    expect(updates.every((i) => (i.description ?? "").length > 0)).toBe(true);
    expect(values("system-update", "list ")).toEqual(["list --json "]);
    const forge = complete("forge", "")!;
    expect(forge.map((i) => i.value)).toEqual(["trust ", "status ", "rules ", "cost "]);
    expect(forge.every((i) => (i.description ?? "").length > 0)).toBe(true);
    expect(values("forge", "status ")).toEqual(["status --json "]);
    expect(values("forge", "status --json ")).toBeNull();
    expect(values("forge", "rules ")).toEqual(["rules --json "]);
    expect(values("forge", "rules --json ")).toBeNull();
    expect(values("forge", "co")).toEqual(["cost "]);
    expect(values("forge", "cost ")).toEqual(["cost --json "]);
    expect(values("forge", "cost --json ")).toBeNull();
  });
});
