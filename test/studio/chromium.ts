// Launches Debian's Chromium for the studio tests through playwright-core: the binary comes from FORGE_CHROMIUM
// (default /usr/bin/chromium) with a fresh profile; a missing binary fails the tests with how to install it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.FORGE_CHROMIUM || "/usr/bin/chromium";

/** Flags for a quiet, offline, throwaway browser: nothing phones home, nothing persists. */
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `the forge studio tests drive a real Chromium, and there is none at ${CHROMIUM_PATH}. ` +
        "Install Debian's package with `apt-get install -y chromium` (as root; .ci/run does this), " +
        "or point FORGE_CHROMIUM at a Chromium binary.",
    );
  }
  // playwright-core takes the profile directory as launchPersistentContext's argument (it passes --user-data-dir).
  const profile = mkdtempSync(join(tmpdir(), "forge-studio-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
