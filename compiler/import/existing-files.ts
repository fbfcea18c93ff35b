// Which imported sources would overwrite existing files: pure, so fixtures cover import_file_exists without a CLI run.
import type { Diagnostic } from "../../core/diagnostic.js";
import { importFileExists } from "../diagnostics/import-codes.js";

/**
 * One error per imported path that already exists under the forge root (`exists` answers for a
 * forge-root-relative path). `shownRoot` is how the forge root is named in output, e.g. `.pi/forge/`,
 * so messages name each file the way the user finds it. Empty with --force.
 */
export function checkExistingFiles(paths: readonly string[], exists: (relPath: string) => boolean, shownRoot: string, force: boolean): Diagnostic[] {
  if (force) return [];
  return paths
    .filter((rel) => exists(rel))
    .map((rel) => {
      const file = `${shownRoot}${rel}`;
      // A mode's file is named by its key: --rename gives the imported mode another one.
      const mode = /^modes\/([a-z][a-z0-9-]*)\.yaml$/.exec(rel)?.[1] ?? null;
      return importFileExists({ file, start: null, end: null, path: "" }, file, mode);
    });
}
