// Two copies of forge in one Pi: the first loaded is active, a later one registers nothing (no --mode, so Pi never
// stops on a flag conflict) and says so once, naming both files and versions; a copy from a reloaded load gives way.
import { describe, expect, it, vi } from "vitest";
import forgeExtension from "../../runtime/extension.js";
import { claimExtensionCopy, registerPassiveCopy } from "../../runtime/extension-copies.js";
import { FakePi } from "../support/fake-pi.js";

const GLOBAL = { file: "/home/u/.npm-global/lib/node_modules/pi-forge-modes/dist/extension.js", version: "0.2.0" };
const PROJECT = { file: "/work/app/node_modules/pi-forge-modes/dist/extension.js", version: "0.1.0" };

describe("extension copies", () => {
  it("the first copy is active; a second one is passive and names both files and versions", () => {
    const scope = {};
    expect(claimExtensionCopy(new FakePi(), PROJECT, scope)).toEqual({ role: "active" });
    const second = claimExtensionCopy(new FakePi(), GLOBAL, scope);
    expect(second.role).toBe("passive");
    const notice = second.role === "passive" ? second.notice : "";
    expect(notice).toContain(`used: ${PROJECT.file} (forge 0.1.0)`);
    expect(notice).toContain(`passive: ${GLOBAL.file} (forge 0.2.0)`);
    expect(notice).toContain("Pi loads -e extensions first, then the project's packages (pi install -l), then the user's (pi install)");
  });

  it("a copy whose Pi API was invalidated (/reload, a failed load) no longer holds the place", () => {
    const scope = {};
    const stale = new FakePi();
    claimExtensionCopy(stale, PROJECT, scope);
    vi.spyOn(stale, "getFlag").mockImplementation(() => {
      throw new Error("This extension ctx is stale after session replacement or reload.");
    });
    expect(claimExtensionCopy(new FakePi(), GLOBAL, scope)).toEqual({ role: "active" });
    // The same file loaded again (a reload) takes its place back.
    expect(claimExtensionCopy(new FakePi(), GLOBAL, scope)).toEqual({ role: "active" });
  });

  it("a passive copy tells once per process, however many sessions start", async () => {
    const scope = {};
    const pis = [new FakePi(), new FakePi()];
    for (const pi of pis) registerPassiveCopy(pi, GLOBAL, "forge: two copies", scope);
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    try {
      for (const pi of pis) {
        const ctx = pi.ctx({ hasUI: false });
        await pi.emit("session_start", { reason: "startup" }, ctx);
        await pi.emit("session_start", { reason: "new" }, ctx);
      }
    } finally {
      stderr.mockRestore();
    }
    expect(written).toEqual(["forge: two copies\n"]);
  });

  it("the extension's entry: a second copy in the same process registers no flag, command or event but its notice", () => {
    const first = new FakePi();
    const second = new FakePi();
    try {
      forgeExtension(first);
      expect([...first.flags.keys()]).toEqual(["mode", "preset"]);
      // Another file: the same module loaded from another path, as a second install would be.
      const registry = (globalThis as Record<symbol, { active: { file: string } }>)[Symbol.for("pi-forge-modes.extension-copies")]!;
      registry.active = { ...registry.active, file: "/elsewhere/dist/extension.js" };
      forgeExtension(second);
      expect(second.flags.size).toBe(0);
      expect(second.commands.size).toBe(0);
      expect(second.tools.size).toBe(0);
      expect(second.handlers.session_start).toHaveLength(1);
      expect(second.handlers.before_agent_start).toHaveLength(0);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("pi-forge-modes.extension-copies")];
    }
  });
});
