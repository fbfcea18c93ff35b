// The page's own files, read once from dist/studio/ (built by scripts/build.mjs): the only files served besides sources.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface Asset {
  body: Buffer;
  type: string;
}

/** URL path -> file in the assets folder. A fixed list: no request path ever reaches the file system. */
const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/index.html": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/app.css": { file: "app.css", type: "text/css; charset=utf-8" },
};

export class AssetsMissingError extends Error {
  override name = "AssetsMissingError";
}

export function loadAssets(dir: string): ReadonlyMap<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const [path, { file, type }] of Object.entries(FILES)) {
    try {
      assets.set(path, { body: readFileSync(join(dir, file)), type });
    } catch {
      throw new AssetsMissingError(`the studio page is not built: ${join(dir, file)} is missing; run \`npm run build\` in the forge package`);
    }
  }
  return assets;
}
