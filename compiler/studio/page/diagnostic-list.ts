// Diagnostics as a list: `file:line:col severity code: message`, each with its source lines and a link to the line.
import type { DiagnosticView } from "../model/studio-api.js";
import { el, type Child } from "./dom.js";
import { openSource } from "./source-panel.js";

function location(d: DiagnosticView): Child {
  if (d.file === null) return el("span", { class: "location" }, [d.location]);
  const file = d.file;
  return el(
    "a",
    {
      class: "location",
      attrs: { href: `#source=${encodeURIComponent(file)}:${d.line ?? 1}` },
      onClick: (event) => {
        event.preventDefault();
        void openSource(file, d.line);
      },
    },
    [d.location],
  );
}

function frame(d: DiagnosticView): Child {
  if (d.frame.length === 0) return null;
  return el(
    "pre",
    { class: "frame", attrs: { "aria-label": `source lines around ${d.location}` } },
    d.frame.map((l) =>
      el("span", { class: l.marked ? "frame-line marked" : "frame-line" }, [`${l.marked ? ">" : " "} ${String(l.line).padStart(4)} | ${l.text}\n`]),
    ),
  );
}

export function diagnosticList(diagnostics: readonly DiagnosticView[], withFrames = true): HTMLElement {
  return el(
    "ul",
    { class: "diagnostics" },
    diagnostics.map((d) =>
      el("li", { class: `diagnostic ${d.severity}`, attrs: { "data-code": d.code } }, [
        location(d),
        " ",
        el("span", { class: `severity ${d.severity}` }, [d.severity]),
        " ",
        el("code", {}, [d.code]),
        ": ",
        el("span", { class: "message" }, [d.message]),
        withFrames ? frame(d) : null,
      ]),
    ),
  );
}
