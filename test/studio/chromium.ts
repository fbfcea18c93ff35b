// Launches Chromium for the studio tests through playwright-core, with a fresh profile: the binary is FORGE_CHROMIUM,
// else the one the devDependency @sparticuz/chromium ships, extracted once per run by test/support/global-setup.ts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { inject } from "vitest";

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
  const executablePath = inject("chromiumPath");
  if (!existsSync(executablePath)) {
    throw new Error(
      `the forge studio tests drive a real Chromium, and there is none at ${executablePath}. ` +
        "It comes from the devDependency @sparticuz/chromium (run `npm ci`), or point FORGE_CHROMIUM at a Chromium binary.",
    );
  }
  // playwright-core takes the profile directory as launchPersistentContext's argument (it passes --user-data-dir).
  const profile = mkdtempSync(join(tmpdir(), "forge-studio-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
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
