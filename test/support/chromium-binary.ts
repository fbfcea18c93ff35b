// Finds the Chromium the studio tests drive: FORGE_CHROMIUM, else the one the devDependency @sparticuz/chromium ships
// (brotli-compressed in node_modules), extracted once per version into a private temp directory and published by rename.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Where the extracted browser of this @sparticuz/chromium version lives (shared by runs, never half-written). */
export function extractedChromiumDir(): string {
  const require = createRequire(import.meta.url);
  const pkgFile = join(dirname(require.resolve("@sparticuz/chromium")), "..", "package.json");
  const { version } = JSON.parse(readFileSync(pkgFile, "utf8")) as { version: string };
  return join(tmpdir(), `forge-chromium-${version}`);
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
  const staging = mkdtempSync(join(tmpdir(), "forge-chromium-staging-"));
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
