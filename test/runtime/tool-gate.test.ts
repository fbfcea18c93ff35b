// The one tool-call gate on the fake Pi: paths resolved as the running host resolves them (file:// on 1.x only), what
// cannot be resolved with certainty refused under a limit, symlinks followed through their link text, names compared
// in NFC and NFD, and the tools a limit turns off (bash unless edits.bash: unchecked, tools not known to be read-only).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { treeOf } from "../compiler/source-tree.js";
import { FakePi, type HostFlavor } from "../support/fake-pi.js";
import { testTempDir } from "../support/temp-dir.js";

const SOURCES: Record<string, string> = {
  "modes/docs.yaml": "label: Docs\ndescription: Docs only.\nstrategy: append\nprompt: Write docs.\nedits:\n  allow: [docs/**]\n",
  "modes/careful.yaml": 'label: Careful\ndescription: No secrets.\nstrategy: append\nprompt: Careful.\nedits:\n  deny: ["secrets/**", "docs/café.md"]\n',
  "modes/cafe.yaml": 'label: Cafe\ndescription: One file.\nstrategy: append\nprompt: Cafe.\nedits:\n  allow: ["docs/café.md"]\n',
  "modes/shell.yaml": "label: Shell\ndescription: Keeps bash.\nstrategy: append\nprompt: Shell.\nedits:\n  allow: [docs/**]\n  bash: unchecked\n",
  "modes/free.yaml": "label: Free\ndescription: No limit.\nstrategy: append\nprompt: Anything.\n",
};

let dir = "";
let cwd = "";
const TOOLS = ["read", "bash", "edit", "write", "web_search"];

function writeBundle(sources: Record<string, string>): void {
  const result = compile(treeOf(sources), { scope: "global", forgeVersion: "0.0.0-test" });
  writeFileSync(join(dir, "agent", "forge", "bundle.json"), JSON.stringify(result.bundle));
}

beforeEach(() => {
  dir = testTempDir("forge-gate-");
  cwd = join(dir, "work");
  mkdirSync(join(dir, "agent", "forge"), { recursive: true });
  for (const d of ["docs", "src", "secrets"]) mkdirSync(join(cwd, d), { recursive: true });
  writeBundle(SOURCES);
});

function setup(host: HostFlavor = "1.x", pi = new FakePi({ activeTools: TOOLS })) {
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: join(dir, "agent") }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ cwd, host });
  const write = (path: string) => pi.toolCall(ctx, "write", { path, content: "x" });
  const refused = async (path: string) => (await write(path))?.reason ?? "";
  return { pi, ctx, write, refused, mode: (args: string) => pi.run("mode", args, ctx) };
}

describe("paths as the host resolves them", () => {
  it("1.x: a file:// URL is a path (percent-decoded), checked like any other; 0.73.1: refused under a limit (no file:// step)", async () => {
    const modern = setup("1.x");
    await modern.mode("set careful");
    expect(await modern.refused(`file://${cwd}/secrets/key`)).toContain("matches secrets/**");
    expect(await modern.refused(`file://${cwd}/%73ecrets/key2`)).toContain("matches secrets/**");
    expect(await modern.write(`file://${cwd}/src/ok.ts`)).toBeUndefined();
    // Without a file:// prefix nothing is decoded: a folder named %73ecrets is not secrets/.
    expect(await modern.write("%73ecrets/key")).toBeUndefined();
    const legacy = setup("0.73.1");
    await legacy.mode("set careful");
    expect(await legacy.refused(`file://${cwd}/src/ok.ts`)).toContain("a scheme this Pi does not resolve as a file path");
    await legacy.mode("off");
    expect(await legacy.write(`file://${cwd}/src/ok.ts`)).toBeUndefined();
  });

  it("refuses under a limit what it cannot resolve with certainty: NUL, over-long, unknown schemes, a rejected file:// URL", async () => {
    const t = setup("1.x");
    const hard = [
      "docs/a\u0000b.md",
      `docs/${"x".repeat(5000)}.md`,
      "http://example.com/docs/a.md",
      "file://host/docs/a.md",
      `file://${cwd}/docs/a%2Fb.md`,
      "s3:docs/a.md",
    ];
    await t.mode("set docs");
    for (const path of hard)
      expect([path.slice(0, 40), await t.refused(path)]).toEqual([
        path.slice(0, 40),
        expect.stringContaining("forge: edit refused: forge cannot tell which file"),
      ]);
    await t.mode("set free");
    for (const path of hard) expect(await t.write(path)).toBeUndefined();
  });

  it("a dangling symlink is followed through its link text (chains too); a loop cannot be checked and is refused", async () => {
    const t = setup("1.x");
    symlinkSync("../src/new.ts", join(cwd, "docs", "dangle.md"));
    symlinkSync("hop2.md", join(cwd, "docs", "hop1.md"));
    symlinkSync("../src/deep/new.ts", join(cwd, "docs", "hop2.md"));
    symlinkSync("loop-b.md", join(cwd, "docs", "loop-a.md"));
    symlinkSync("loop-a.md", join(cwd, "docs", "loop-b.md"));
    symlinkSync(join(cwd, "docs", "real.md"), join(cwd, "docs", "fine.md"));
    await t.mode("set docs");
    expect(await t.refused("docs/dangle.md")).toContain('"docs/dangle.md" is not among them');
    expect(await t.refused("docs/hop1.md")).toContain('"docs/hop1.md" is not among them');
    expect(await t.refused("docs/loop-a.md")).toContain("more than 40 symlinks");
    expect(await t.write("docs/fine.md")).toBeUndefined();
  });

  it("0.73.1 hands an absolute path to the file system as written: `..` after a symlink goes up from the link's target", async () => {
    mkdirSync(join(cwd, "src", "inner"), { recursive: true });
    symlinkSync("../src/inner", join(cwd, "docs", "inner"));
    const t = setup("0.73.1");
    await t.mode("set docs");
    // Lexically docs/x.md; the kernel walks docs/inner -> src/inner, then up to src/: src/x.md.
    expect(await t.refused(`${cwd}/docs/inner/../x.md`)).toContain("is not among them");
    expect(await t.write(`${cwd}/docs/x.md`)).toBeUndefined();
  });

  it("compares names in NFC and NFD: a deny matches either form; an allow allows the name in its NFC form", async () => {
    const t = setup("1.x");
    await t.mode("set careful");
    expect(await t.refused("docs/cafe\u0301.md")).toContain("matches docs/café.md");
    expect(await t.refused("docs/café.md")).toContain("matches docs/café.md");
    await t.mode("set cafe");
    expect(await t.write("docs/cafe\u0301.md")).toBeUndefined();
    expect(await t.write("docs/café.md")).toBeUndefined();
    expect(await t.refused("docs/cafe.md")).toContain("is not among them");
  });
});

describe("tools under a limit", () => {
  it("bash and tools not known to be read-only go off (and are refused); /mode off restores Pi's tools exactly", async () => {
    const t = setup("1.x");
    await t.mode("set docs");
    expect(t.pi.activeTools).toEqual(["read", "edit", "write"]);
    expect((await t.pi.toolCall(t.ctx, "bash", { command: "echo x > src/a.ts" }))?.reason).toContain("forge: bash refused");
    expect((await t.pi.toolCall(t.ctx, "web_search", { query: "x" }))?.reason).toContain('forge does not know that "web_search" only reads');
    expect(await t.pi.toolCall(t.ctx, "grep", { pattern: "x" })).toBeUndefined();
    await t.mode("off");
    expect(t.pi.activeTools).toEqual(TOOLS);
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toBeUndefined();
  });

  it("come back exactly when no limit is active any more: a selection without limits, or /tree to before the selection", async () => {
    const t = setup("1.x");
    const before = t.pi.session.appendMessage("before any mode");
    await t.mode("set docs");
    await t.mode("set free");
    expect(t.pi.activeTools).toEqual(TOOLS);
    await t.mode("set docs");
    expect(t.pi.activeTools).toEqual(["read", "edit", "write"]);
    t.pi.session.branchFrom(before);
    await t.pi.emit("session_tree", {}, t.ctx);
    expect(t.pi.activeTools).toEqual(TOOLS);
    expect(await t.write("src/a.ts")).toBeUndefined();
  });

  it("edits.bash: unchecked keeps bash on (other tools still go off); two limits keep bash only if both declare it", async () => {
    const t = setup("1.x");
    await t.mode("set shell");
    expect(t.pi.activeTools).toEqual(["read", "bash", "edit", "write"]);
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toBeUndefined();
    await t.mode("set shell careful");
    expect(t.pi.activeTools).toEqual(["read", "edit", "write"]);
    expect((await t.pi.toolCall(t.ctx, "bash", { command: "ls" }))?.reason).toContain("forge: bash refused");
  });

  it("a resumed session with a limited mode has bash off before its first run", async () => {
    const first = setup("1.x");
    await first.mode("set docs");
    const resumed = new FakePi({ session: first.pi.session, activeTools: TOOLS });
    const t = setup("1.x", resumed);
    await resumed.emit("session_start", { reason: "resume" }, t.ctx);
    expect(resumed.activeTools).toEqual(["read", "edit", "write"]);
    expect(await t.refused("src/a.ts")).toContain('mode "docs" allows edits only to docs/**');
  });
});

describe("forge's own tool and project trust", () => {
  it("forge_system_update stays on under a limit (it changes no file)", async () => {
    writeBundle({
      ...SOURCES,
      "presets/work.yaml":
        "description: Work.\noverlays: [docs]\nsystemUpdates:\n  - id: tdd\n    name: TDD\n    description: Tests first.\n    modelCallable: true\n    content: Write the test first.\n",
    });
    const t = setup("1.x");
    await t.pi.run("preset", "use work", t.ctx);
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.activeTools).toEqual(["read", "edit", "write", "forge_system_update"]);
    expect(await t.pi.toolCall(t.ctx, "forge_system_update", { action: "activate", id: "tdd" })).toBeUndefined();
  });

  it("the limit of a project mode holds when Pi 1.x stops trusting the project (the bundle is withheld)", async () => {
    mkdirSync(join(cwd, ".git"), { recursive: true });
    mkdirSync(join(cwd, ".pi", "forge"), { recursive: true });
    const result = compile(treeOf({ "modes/docs.yaml": SOURCES["modes/docs.yaml"]! }), { scope: "project", forgeVersion: "0.0.0-test" });
    writeFileSync(join(cwd, ".pi", "forge", "bundle.json"), JSON.stringify(result.bundle));
    writeBundle({ "modes/free.yaml": SOURCES["modes/free.yaml"]! });
    const t = setup("1.x");
    await t.mode("set docs");
    expect(await t.refused("src/a.ts")).toContain('mode "docs" allows edits only to docs/**');
    t.ctx.trusted = false;
    expect((await t.pi.runAgentStart(t.ctx, cwd)).prompt).not.toContain("Write docs.");
    expect(await t.refused("src/a.ts")).toContain('mode "docs" allows edits only to docs/**');
    expect(await t.write("docs/a.md")).toBeUndefined();
  });
});

describe("pinned limits", () => {
  it("stay in force when the mode drifts (native prompt) or its bundle is refused; /mode reapprove takes the new limit", async () => {
    const t = setup("1.x");
    await t.mode("set docs");
    writeBundle({ ...SOURCES, "modes/docs.yaml": SOURCES["modes/docs.yaml"]!.replace("[docs/**]", "[src/**]") });
    expect((await t.pi.runAgentStart(t.ctx, cwd)).prompt).not.toContain("Write docs.");
    expect(await t.refused("src/a.ts")).toContain("allows edits only to docs/**");
    writeFileSync(join(dir, "agent", "forge", "bundle.json"), "{ tampered");
    expect(await t.refused("src/a.ts")).toContain("allows edits only to docs/**");
    writeBundle({ ...SOURCES, "modes/docs.yaml": SOURCES["modes/docs.yaml"]!.replace("[docs/**]", "[src/**]") });
    t.ctx.ui.confirm = async () => true; // /mode reapprove asks first with a UI
    await t.mode("reapprove");
    expect(await t.write("src/a.ts")).toBeUndefined();
    expect(await t.refused("docs/a.md")).toContain("allows edits only to src/**");
  });

  it("an entry written before limits were pinned: the bundle's limit while the mode is unchanged, else every edit refused until resolved", async () => {
    const t = setup("1.x");
    await t.mode("set docs");
    const pinned = t.pi.appended.at(-1)!.data as { components: Record<string, { edits?: unknown }> };
    delete pinned.components.docs!.edits;
    t.pi.appendEntry("forge-mode-state", pinned);
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(await t.refused("src/a.ts")).toContain("allows edits only to docs/**");
    writeBundle({ ...SOURCES, "modes/docs.yaml": SOURCES["modes/docs.yaml"]!.replace("Write docs.", "Write docs, v2.") });
    expect(await t.refused("docs/a.md")).toContain('forge cannot know the edit limit of mode "docs"');
    expect(await t.refused("docs/a.md")).toContain("run /mode reapprove to accept the current definitions, or /mode off");
    expect((await t.pi.toolCall(t.ctx, "bash", { command: "ls" }))?.reason).toContain("forge: bash refused");
    await t.pi.run("mode", "status", t.ctx);
    expect(t.pi.lastNote()).toContain("edit limit docs: unknown, every edit and write is refused");
    await t.mode("off");
    expect(await t.write("src/a.ts")).toBeUndefined();
  });
});
