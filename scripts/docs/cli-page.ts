// Renders docs/reference/cli.md from the tables `forge --help` prints (compiler/cli/cli-help.ts): every command with its
// usage, what it does and the options it takes, every option, the environment and the exit codes.
import { COMMAND_ABOUT, COMMAND_USAGE, COMMANDS, ENVIRONMENT, EXIT_CODES, OPTION_HELP, optionsOf, USAGE } from "../../compiler/cli/cli-help.js";
import { banner, code, fenced, prose, table } from "./markdown.js";

/** "--check        write nothing; ..." (continuation lines indented) -> ["--check", "write nothing; ..."]. */
export function splitOptionLine(text: string): [string, string] {
  const [first = "", ...rest] = text.split("\n");
  const at = first.search(/\s{2,}/);
  const flag = at < 0 ? first : first.slice(0, at);
  const description = [at < 0 ? "" : first.slice(at).trim(), ...rest.map((l) => l.trim())].filter(Boolean).join(" ");
  return [flag.trim(), description];
}

/**
 * A command's help text (wrapped for a terminal) as Markdown: wrapped lines joined into paragraphs, lines indented by
 * two spaces as list items (`word   text` -> `word`: text), deeper-indented lines continuing the item before them.
 */
export function aboutMarkdown(text: string): string {
  const blocks: Array<{ item: boolean; text: string }> = [];
  for (const line of text.split("\n")) {
    const indent = /^ */.exec(line)![0].length;
    const body = line.trim();
    const last = blocks[blocks.length - 1];
    if (indent === 2) {
      const at = body.search(/\s{2,}/);
      blocks.push({ item: true, text: at < 0 ? prose(body) : `${code(body.slice(0, at))}: ${prose(body.slice(at).trim())}` });
    } else if (indent > 2 && last?.item) last.text += ` ${prose(body)}`;
    else if (last && !last.item) last.text += ` ${prose(body)}`;
    else blocks.push({ item: false, text: prose(body) });
  }
  const out: string[] = [];
  blocks.forEach((b, i) => {
    const prev = blocks[i - 1];
    if (i > 0 && !(b.item && prev?.item)) out.push("");
    out.push(b.item ? `- ${b.text}` : b.text);
  });
  return out.join("\n");
}

export function renderCliPage(): string {
  const parts = [
    `${banner(["compiler/cli/cli-help.ts"])}`,
    "# The forge CLI",
    "",
    "Every command and option below comes from the tables `forge --help` and `forge <command> --help` print, so this page and",
    "the terminal say the same. Run forge from a project as `npx --no-install forge <command>` (the repository's own",
    "devDependency). A mistyped command or option gets the nearest name (`forge biuld`: did you mean 'build'?).",
    "",
    "## Usage",
    "",
    fenced(USAGE, "text"),
    "",
    "## Commands",
    "",
  ];
  for (const command of COMMANDS) {
    const options = optionsOf(command).map(([, text]) => splitOptionLine(text));
    parts.push(
      `### forge ${command}`,
      "",
      fenced(`usage: ${COMMAND_USAGE[command].join("\n       ")}`, "text"),
      "",
      aboutMarkdown(COMMAND_ABOUT[command]),
      "",
      table(
        ["option", "what it does"],
        options.map(([flag, description]) => [code(flag), prose(description)]),
      ),
      "",
    );
  }
  parts.push(
    "## Options",
    "",
    "Every option, as `forge --help` lists them; each command's own list above says which it takes.",
    "",
    table(
      ["option", "what it does"],
      OPTION_HELP.map(([, text]) => splitOptionLine(text)).map(([flag, description]) => [code(flag), prose(description)]),
    ),
    "",
    "## Environment",
    "",
    table(
      ["variable", "what it does"],
      ENVIRONMENT.map(([name, text]) => [code(name), prose(text)]),
    ),
    "",
    "## Exit codes",
    "",
    `${prose(EXIT_CODES)}.`,
  );
  return `${parts.join("\n")}\n`;
}
