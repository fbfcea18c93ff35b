// DOM building for the studio page: elements from tags, attributes and children, text always as text nodes.
// Nothing here (or anywhere in the page) assigns innerHTML: source text and file names are data, never markup.

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  id?: string;
  /** Attributes set with setAttribute (values are strings, never parsed as markup). */
  attrs?: Record<string, string>;
  /** A click handler. */
  onClick?: (event: Event) => void;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.id) node.id = props.id;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  if (props.onClick) node.addEventListener("click", props.onClick);
  append(node, children);
  return node;
}

export function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces an element's children. */
export function fill(node: Element, children: Child[]): void {
  node.replaceChildren();
  append(node, children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`forge studio: the page has no #${id}`);
  return node as T;
}

/** A table with a caption, a header row and body rows (each row a list of cells). */
export function table(caption: string, head: string[], rows: HTMLTableRowElement[], className = ""): HTMLTableElement {
  return el("table", { class: className }, [
    el("caption", {}, [caption]),
    el("thead", {}, [
      el(
        "tr",
        {},
        head.map((h) => el("th", { attrs: { scope: "col" } }, [h])),
      ),
    ]),
    el("tbody", {}, rows),
  ]);
}

export function row(cells: Child[][], props: Props = {}): HTMLTableRowElement {
  return el(
    "tr",
    props,
    cells.map((c) => el("td", {}, c)),
  );
}

/** A short digest for tables; the whole one in the title. */
export function digestCode(digest: string | null): HTMLElement | string {
  if (digest === null) return "—";
  return el("code", { attrs: { title: digest } }, [digest.replace(/^sha256:/, "").slice(0, 12)]);
}

export function time(iso: string | null): string {
  return iso === null ? "never" : new Date(iso).toLocaleTimeString();
}
