// The "not trusted" notice says what trusts a project bundle on this host and in this mode (issue 31): Pi's /trust or
// --approve where Pi 1.x decides, /forge trust where forge does, and in print mode that /forge trust asks nothing.
import { describe, expect, it } from "vitest";
import { trustHint } from "../../runtime/trust-hint.js";

const HASH = "0123456789abcdef";

describe("trustHint", () => {
  it("1.x deciding, print mode: pi --approve, never a bare 'trust the project in Pi'", () => {
    const h = trustHint("host", false, HASH);
    expect(h.notice).toContain("start Pi with --approve (pi --approve -p ...)");
    expect(h.short).toContain("--approve");
  });

  it("1.x deciding, with a dialog: /trust, or --approve for one run", () => {
    expect(trustHint("host", true, HASH).notice).toContain("/trust saves the decision for this folder");
  });

  it("forge deciding (0.73.1, trust: forge): /forge trust, never Pi's own trust", () => {
    for (const hasUI of [true, false]) {
      const h = trustHint("forge", hasUI, HASH);
      expect(h.notice).toContain("Run /forge trust");
      expect(h.notice).toContain("bundleHash 0123456789ab");
      expect(h.notice).not.toMatch(/trust the project in Pi/i);
    }
    expect(trustHint("forge", true, HASH).notice).toContain("in a dialog");
    expect(trustHint("forge", false, HASH).notice).toContain("in print mode it trusts without a dialog");
  });
});
