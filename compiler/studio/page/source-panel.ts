// The source dialog: a file under the forge root with line numbers, scrolled to the line a link points at.
import type { SourceRef } from "../model/studio-api.js";
import { api } from "./api.js";
import { byId, el, fill } from "./dom.js";

/** Opens `file` at `line` in the modal dialog (Escape or Close returns focus to where it was). */
export async function openSource(file: string, line: number | null): Promise<void> {
  const dialog = byId<HTMLDialogElement>("source-dialog");
  const list = byId<HTMLOListElement>("source-lines");
  const title = byId("source-title");
  try {
    const source = await api.source(file);
    fill(title, [line === null ? source.display : `${source.display}:${line}`]);
    fill(
      list,
      source.text.split(/\r?\n/).map((text, i) => {
        const n = i + 1;
        const current = n === line;
        return el("li", { class: current ? "current" : "", attrs: { value: String(n), ...(current ? { "aria-current": "true" } : {}) } }, [
          text === "" ? " " : text,
        ]);
      }),
    );
  } catch (err) {
    fill(title, [file]);
    fill(list, [el("li", { class: "error" }, [(err as Error).message])]);
  }
  if (!dialog.open) dialog.showModal();
  list.querySelector(".current")?.scrollIntoView({ block: "center" });
}

/** A link to a definition or prompt: opens the source dialog for files under the forge root, plain text otherwise. */
export function sourceLink(ref: SourceRef, label: string = ref.display): HTMLElement {
  if (ref.file === null) return el("span", { class: "source-ref", attrs: { title: `${ref.scope}: not served (outside the forge root)` } }, [label]);
  const file = ref.file;
  return el(
    "a",
    {
      class: "source-ref",
      attrs: { href: `#source=${encodeURIComponent(file)}:${ref.line ?? 1}` },
      onClick: (event) => {
        event.preventDefault();
        void openSource(file, ref.line);
      },
    },
    [label],
  );
}

export function setupSourceDialog(): void {
  const dialog = byId<HTMLDialogElement>("source-dialog");
  byId("source-close").addEventListener("click", () => dialog.close());
}
