// A template that handlebars cannot parse, explained in forge's words at the mistake: the tag that is not closed, the
// empty tag, the block never closed. One linear scan of the tags, run only after handlebars refused the template.

/** The mistake: where it is in the template's text (offsets) and what to write instead. */
export interface TemplateMistake {
  from: number;
  to: number;
  detail: string;
}

/** How a message shows a tag: its text, cut short. */
function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}

/** The tag starting at `open` as far as one line goes, up to the next tag: what a message quotes. */
function tagAt(text: string, open: number): string {
  let end = text.indexOf("\n", open);
  if (end < 0) end = text.length;
  const next = text.indexOf("{{", open + 2);
  if (next >= 0 && next < end) end = next;
  return text.slice(open, end).trimEnd();
}

/** A tag that is not closed, as far as it goes: its braces, sigil and name, and a lone "}" right after it (`{{cwd}`). */
function openTagAt(text: string, open: number): string {
  const tag = /\{\{[~{&>#/^]?\s*[^\s{}~]*\}?/y;
  tag.lastIndex = open;
  return tag.exec(text)?.[0] ?? "{{";
}

/** What an unclosed tag should have been: its sigil and first word, closed (`{{cwd}` -> `{{cwd}}`). */
function closedForm(tag: string): string {
  const m = /^\{\{([~{&>#/^]?)\s*([^\s}~]*)/.exec(tag);
  const sigil = m?.[1] === "{" || m?.[1] === "~" || m?.[1] === "&" ? "" : (m?.[1] ?? "");
  const name = m?.[2] || "cwd";
  return sigil === ">" ? `{{> ${name}}}` : `{{${sigil}${name}}}`;
}

/** An odd number of unescaped quotes of one kind: a string literal inside the tag that does not end. */
function hasOpenString(body: string): boolean {
  for (const quote of ['"', "'"]) {
    let count = 0;
    for (let i = 0; i < body.length; i++) if (body[i] === quote && body[i - 1] !== "\\") count++;
    if (count % 2 === 1) return true;
  }
  return false;
}

interface OpenBlock {
  name: string;
  from: number;
  to: number;
}

/**
 * The first mistake in `text`, scanning its tags as handlebars' lexer does (`\{{` is literal text, `\\{{` a tag after
 * a backslash); null when none is recognized (a raw block, or a mistake inside a tag's expression), and the caller
 * falls back to handlebars' position.
 */
export function findTemplateMistake(text: string): TemplateMistake | null {
  const blocks: OpenBlock[] = [];
  let i = 0;
  for (;;) {
    const open = text.indexOf("{{", i);
    if (open < 0) break;
    if (text[open - 1] === "\\" && text[open - 2] !== "\\") {
      i = open + 2; // escaped: literal text up to the next tag
      continue;
    }
    if (text.startsWith("{{{{", open)) return null;
    if (text.startsWith("{{!--", open) || text.startsWith("{{~!--", open)) {
      const end = /--~?\}\}/g;
      end.lastIndex = open + 5;
      const found = end.exec(text);
      if (found === null) return { from: open, to: open + 5, detail: `the comment ${shown(tagAt(text, open))} is not closed: end it with "--}}"` };
      i = found.index + found[0].length;
      continue;
    }
    const triple = text.startsWith("{{{", open);
    const start = open + (triple ? 3 : 2);
    const close = text.indexOf("}}", start);
    const nextOpen = text.indexOf("{{", start);
    const comment = text.startsWith("{{!", open) || text.startsWith("{{~!", open);
    if (close < 0 || (!comment && nextOpen >= 0 && nextOpen < close)) {
      const tag = comment ? tagAt(text, open) : openTagAt(text, open);
      const what = comment ? "the comment" : "the tag";
      const fix = comment ? `end it with "}}"` : `end it with "}}", as in ${closedForm(tag)}`;
      return { from: open, to: open + tag.length, detail: `${what} ${shown(tag)} is not closed: ${fix}` };
    }
    i = close + 2;
    if (comment) continue;
    const tag = text.slice(open, close + 2);
    if (triple && text[close + 2] !== "}") {
      return {
        from: open,
        to: close + 2,
        detail: `the tag ${shown(tag)} opens with three braces but closes with two; write ${closedForm(tag)} (forge never escapes a value)`,
      };
    }
    if (!triple && text[close + 2] === "}") {
      return { from: open, to: close + 3, detail: `the tag ${shown(`${tag}}`)} opens with two braces but closes with three; write ${closedForm(tag)}` };
    }
    if (triple) i = close + 3;
    const body = text.slice(start, close).replace(/^~/, "").replace(/~$/, "").trim();
    const to = triple ? close + 3 : close + 2;
    if (body === "") return { from: open, to, detail: `the tag ${shown(tag)} is empty: name a variable inside it, as in {{cwd}}` };
    if (hasOpenString(body)) return { from: open, to, detail: `the tag ${shown(tag)} has a quoted string that is not closed` };
    const sigil = body[0]!;
    const rest = body.slice(1).trim();
    const word = /^[>*]?\s*([^\s}]*)/.exec(rest)?.[1] ?? "";
    if (sigil === ">" && rest === "") return { from: open, to, detail: `the partial tag ${shown(tag)} names no partial, as in {{> house-rules}}` };
    if ((sigil === "#" || sigil === "^") && word !== "") blocks.push({ name: word, from: open, to });
    else if (body === "else" || body.startsWith("else ") || body === "^") {
      if (blocks.length === 0) return { from: open, to, detail: `${shown(tag)} stands outside any block; forge templates have no blocks` };
    } else if (sigil === "/") {
      const opened = blocks.pop();
      if (opened === undefined) return { from: open, to, detail: `${shown(tag)} closes a block that was never opened` };
      if (opened.name !== rest) {
        const opener = text.slice(opened.from, opened.to);
        return { from: open, to, detail: `${shown(tag)} closes ${shown(opener)}, which needs {{/${opened.name}}}` };
      }
    }
  }
  const unclosed = blocks.pop();
  if (unclosed === undefined) return null;
  const opener = text.slice(unclosed.from, unclosed.to);
  return {
    from: unclosed.from,
    to: unclosed.to,
    detail: `${shown(opener)} opens a block that is never closed with {{/${unclosed.name}}}; forge templates have no blocks`,
  };
}

/** Handlebars' token names in words, for the mistakes the scan does not recognize. */
const TOKEN_WORDS: Record<string, string> = {
  EOF: "the template ends inside a tag or block",
  INVALID: "a character that cannot stand in a tag",
  CLOSE: `"}}" where a name belongs`,
  CLOSE_UNESCAPED: `"}}}" where "}}" belongs`,
  EQUALS: `"=" where a name belongs`,
  OPEN_ENDBLOCK: "a closing tag without its block",
  INVERSE: "an else outside any block",
};

/** The detail of a mistake the scan does not recognize, from handlebars' message without its parser table. */
export function describeParserMessage(message: string): string {
  const got = /got '([^']+)'/.exec(message)?.[1];
  if (got !== undefined) return `this tag cannot be read: ${TOKEN_WORDS[got] ?? `unexpected ${got.toLowerCase().replaceAll("_", " ")}`}`;
  // The lexer's own refusal ("Lexical error on line 1. Unrecognized text.") names no token: say what it means.
  if (/^Lexical error/.test(message)) return "this tag cannot be read: text that cannot stand inside a tag (a tag holds a name, e.g. {{cwd}})";
  const first = message.split("\n")[0]!.replace(/ - \d+:\d+$/, "");
  return `this tag cannot be read (${first.replace(/^Parse error on line \d+:?/, "").trim() || "unexpected text"})`;
}
