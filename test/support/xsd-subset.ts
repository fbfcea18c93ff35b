// Test helper: validates an XML document against an XML Schema, for the subset of XSD a JUnit schema uses (global
// elements and refs, complex types with sequence/choice and min/maxOccurs, mixed content, attributes with `use` and a
// pattern-restricted simple type). Chosen over an XSD library so the suite adds no dependency; its own test holds it
// to rejecting what the schema forbids (test/cli/forge-test.test.ts).

export interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: Array<XmlElement | string>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
    const v = ENTITIES[e];
    if (v === undefined) throw new Error(`unknown entity ${m}`);
    return v;
  });
}

/** A well-formedness-checking parser for plain XML (declaration, comments, elements, attributes, text, CDATA). */
export function parseXml(text: string): XmlElement {
  let i = 0;
  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(text.slice(i))![0].length;
      i += ws;
      if (text.startsWith("<?", i)) i = text.indexOf("?>", i) + 2;
      else if (text.startsWith("<!--", i)) i = text.indexOf("-->", i) + 3;
      else return;
      if (i < 2) throw new Error("unterminated declaration or comment");
    }
  };
  const element = (): XmlElement => {
    const open = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i));
    if (!open) throw new Error(`expected an element at ${i}`);
    i += open[0].length;
    const el: XmlElement = { name: open[1]!, attrs: new Map(), children: [] };
    for (;;) {
      const attr = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(text.slice(i));
      if (!attr) break;
      if (el.attrs.has(attr[1]!)) throw new Error(`attribute ${attr[1]} twice on <${el.name}>`);
      el.attrs.set(attr[1]!, decode(attr[3] ?? attr[4] ?? ""));
      i += attr[0].length;
    }
    const end = /^\s*(\/?)>/.exec(text.slice(i));
    if (!end) throw new Error(`malformed start tag <${el.name}> at ${i}`);
    i += end[0].length;
    if (end[1] === "/") return el;
    for (;;) {
      if (text.startsWith(`</${el.name}`, i)) {
        const close = /^<\/[\w.:-]+\s*>/.exec(text.slice(i));
        if (!close) throw new Error(`malformed end tag of <${el.name}>`);
        i += close[0].length;
        return el;
      }
      if (text.startsWith("<!--", i)) i = text.indexOf("-->", i) + 3;
      else if (text.startsWith("<![CDATA[", i)) {
        const stop = text.indexOf("]]>", i);
        el.children.push(text.slice(i + 9, stop));
        i = stop + 3;
      } else if (text.startsWith("</", i)) throw new Error(`<${el.name}> closed by another tag at ${i}`);
      else if (text[i] === "<") el.children.push(element());
      else {
        const stop = text.indexOf("<", i);
        if (stop < 0) throw new Error(`<${el.name}> is never closed`);
        el.children.push(decode(text.slice(i, stop)));
        i = stop;
      }
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (i !== text.length) throw new Error("content after the root element");
  return root;
}

type Particle = { kind: "element"; name: string; min: number; max: number } | { kind: "group"; choice: boolean; items: Particle[]; min: number; max: number };

interface ElementDecl {
  simple: boolean;
  mixed: boolean;
  content: Particle | null;
  attributes: Array<{ name: string; required: boolean; pattern: RegExp | null }>;
}

const local = (name: string) => name.replace(/^xs:/, "");
const kids = (el: XmlElement) => el.children.filter((c): c is XmlElement => typeof c !== "string");
const occurs = (el: XmlElement, attr: string) => {
  const v = el.attrs.get(attr);
  return v === undefined ? 1 : v === "unbounded" ? Infinity : Number(v);
};

/** The schema's global elements, named types and simple types, read from its XML. */
export function readXsd(xsd: string): { elements: Map<string, ElementDecl> } {
  const root = parseXml(xsd);
  const simple = new Map<string, RegExp>();
  const complexTypes = new Map<string, XmlElement>();
  for (const c of kids(root)) {
    if (local(c.name) === "simpleType") {
      const pattern = kids(kids(c)[0]!)
        .find((x) => local(x.name) === "pattern")
        ?.attrs.get("value");
      simple.set(c.attrs.get("name")!, new RegExp(`^(?:${pattern ?? ".*"})$`, "s"));
    } else if (local(c.name) === "complexType") complexTypes.set(c.attrs.get("name")!, c);
  }
  const particle = (el: XmlElement): Particle => {
    const kind = local(el.name);
    if (kind === "element")
      return { kind: "element", name: el.attrs.get("ref") ?? el.attrs.get("name")!, min: occurs(el, "minOccurs"), max: occurs(el, "maxOccurs") };
    return { kind: "group", choice: kind === "choice", items: kids(el).map(particle), min: occurs(el, "minOccurs"), max: occurs(el, "maxOccurs") };
  };
  const declOf = (type: XmlElement | undefined, typeName: string | undefined): ElementDecl => {
    if (type === undefined) return { simple: typeName === "xs:string", mixed: false, content: null, attributes: [] };
    const groups = kids(type).filter((k) => ["sequence", "choice"].includes(local(k.name)));
    const attributes = kids(type)
      .filter((k) => local(k.name) === "attribute")
      .map((a) => ({ name: a.attrs.get("name")!, required: a.attrs.get("use") === "required", pattern: simple.get(a.attrs.get("type") ?? "") ?? null }));
    return { simple: false, mixed: type.attrs.get("mixed") === "true", content: groups[0] ? particle(groups[0]) : null, attributes };
  };
  const elements = new Map<string, ElementDecl>();
  for (const c of kids(root).filter((k) => local(k.name) === "element")) {
    const inline = kids(c).find((k) => local(k.name) === "complexType");
    const typeName = c.attrs.get("type");
    elements.set(c.attrs.get("name")!, declOf(inline ?? (typeName ? complexTypes.get(typeName) : undefined), typeName));
  }
  return { elements };
}

/** A particle as a regular expression over the children's names, each written `<name>`. */
function particleRegex(p: Particle): string {
  const body = p.kind === "element" ? `<${p.name}>` : `(?:${p.items.map(particleRegex).join(p.choice ? "|" : "")})`;
  const max = p.max === Infinity ? "" : String(p.max);
  return `(?:${body}){${p.min},${max}}`;
}

/** Every problem of `doc` against the schema (an empty list: valid). */
export function validateXml(doc: string, xsd: string): string[] {
  const { elements } = readXsd(xsd);
  const problems: string[] = [];
  const check = (el: XmlElement, path: string) => {
    const decl = elements.get(el.name);
    const here = `${path}/${el.name}`;
    if (decl === undefined) return void problems.push(`${here}: no such element in the schema`);
    const children = kids(el);
    const text = el.children.filter((c): c is string => typeof c === "string").join("");
    if (decl.simple) {
      if (children.length > 0) problems.push(`${here}: a text element holds elements`);
      if (el.attrs.size > 0) problems.push(`${here}: a text element has attributes`);
      return;
    }
    for (const [name, value] of el.attrs) {
      const a = decl.attributes.find((x) => x.name === name);
      if (a === undefined) problems.push(`${here}: attribute ${name} is not declared`);
      else if (a.pattern !== null && !a.pattern.test(value)) problems.push(`${here}: attribute ${name}="${value}" does not match its type`);
    }
    for (const a of decl.attributes) if (a.required && !el.attrs.has(a.name)) problems.push(`${here}: required attribute ${a.name} is missing`);
    if (!decl.mixed && text.trim() !== "") problems.push(`${here}: text where only elements are allowed`);
    const sequence = children.map((c) => `<${c.name}>`).join("");
    const model = decl.content === null ? "" : particleRegex(decl.content);
    if (!new RegExp(`^${model}$`).test(sequence)) problems.push(`${here}: children ${sequence || "(none)"} do not match the content model`);
    children.forEach((c) => check(c, here));
  };
  check(parseXml(doc), "");
  return problems;
}
