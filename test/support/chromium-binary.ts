// Finds the Chromium the studio tests drive: FORGE_CHROMIUM, else the one the devDependency @sparticuz/chromium ships
// (brotli-compressed in node_modules), extracted once per version into node_modules/.cache and published by rename.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Where the extracted browser of this @sparticuz/chromium version lives (shared by runs, never half-written):
 * node_modules/.cache, kept between runs and gone with `npm ci`; not the temp folder, which a test run leaves as it
 * found it, and not the home directory.
 */
export function extractedChromiumDir(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = join(dirname(require.resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string };
  return join(pkgDir, "..", "..", ".cache", `forge-chromium-${version}`);
}

/**
 * The Chromium binary. The package's own executablePath() extracts into $TMPDIR/chromium and returns an existing
 * $TMPDIR/chromium as is, so two runs (or two workers) extracting at once could each see the other's half-written
 * file. Instead it extracts into a fresh staging directory (TMPDIR pointed there for the call) and renames that
 * directory into place: the rename either publishes a complete browser or loses to a complete one.
 */
export async function ensureChromium(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.FORGE_CHROMIUM) return env.FORGE_CHROMIUM;
  const dir = extractedChromiumDir();
  const binary = join(dir, "chromium");
  if (existsSync(binary)) return binary;
  mkdirSync(dirname(dir), { recursive: true });
  const staging = mkdtempSync(join(dirname(dir), "forge-chromium-staging-"));
  const saved = process.env.TMPDIR;
  try {
    process.env.TMPDIR = staging;
    const { default: Chromium } = await import("@sparticuz/chromium");
    const extracted = await Chromium.executablePath();
    if (extracted !== join(staging, "chromium")) throw new Error(`@sparticuz/chromium extracted to ${extracted}, expected ${staging}/chromium`);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  try {
    renameSync(staging, dir);
  } catch (err) {
    // Another run published the same version first: keep theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw err;
  }
  return binary;
}
