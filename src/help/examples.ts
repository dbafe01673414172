import { Help, type Command } from 'commander';

/**
 * The "Examples:" block of a command's help. Each example is one shell line run as written
 * (a `# comment` may follow); test/e2e/examples.test.ts runs every one against the emulator, so a
 * documented example cannot rot. `notes` come first, as plain text.
 */
export function examples(lines: string[], notes: string[] = [], words: (english: string) => string = (english) => english): string {
  const body = lines.map((line) => `  $ ${commented(line, words)}`).join('\n');
  return `${notes.length ? `\n${translatedLines(notes.join('\n'), words)}\n` : ''}\n${words('Examples:')}\n${body}`;
}

/** An example line with its `# comment` in the help's language: the command itself is run as written, in any language. */
function commented(line: string, words: (english: string) => string): string {
  const m = /^(.*\s#\s)(.+)$/.exec(line);
  return m ? `${m[1]}${words(m[2]!)}` : line;
}

/**
 * Text of help in its language: the translation of the whole text when there is one, else of each
 * of its lines (a note, a line of a command's help), else the line as written.
 */
export function translatedLines(text: string, words: (english: string) => string): string {
  const whole = words(text);
  return whole !== text
    ? whole
    : text
        .split('\n')
        .map((line) => words(line))
        .join('\n');
}

/** A command's whole help text as `--help` prints it. */
export function helpText(command: Command): string {
  let text = '';
  const previous = command.configureOutput();
  command.configureOutput({ ...previous, writeOut: (s) => (text += s), writeErr: (s) => (text += s), getOutHelpWidth: () => 200 });
  try {
    command.outputHelp();
  } finally {
    command.configureOutput(previous);
  }
  return text;
}

/** The `$ …` lines after "Examples:" in a help text, continuation lines (`\`) joined. */
export function extractExamples(text: string): string[] {
  const at = text.indexOf('\nExamples:\n');
  if (at < 0) return [];
  const out: string[] = [];
  let pending: string | undefined;
  for (const raw of text.slice(at + 11).split('\n')) {
    const line = raw.trim();
    if (pending !== undefined) {
      pending += ` ${line}`;
    } else if (line.startsWith('$ ')) {
      pending = line.slice(2);
    } else continue;
    if (pending.endsWith('\\')) pending = pending.slice(0, -1).trimEnd();
    else {
      out.push(pending);
      pending = undefined;
    }
  }
  return out;
}

/**
 * Every command help lists that runs a verb, with its path, in the order help lists them: each
 * command without subcommands, and a command with subcommands that takes options or arguments of
 * its own (`fisco emulator` runs, and `fisco emulator statement` too). A noun that only groups its
 * verbs (`fisco invoice`) declares neither, so it is not one. Hidden commands are left out, as
 * commander's help leaves them out (its public Help.visibleCommands).
 */
export function leaves(program: Command): { path: string[]; command: Command }[] {
  const help = new Help();
  const out: { path: string[]; command: Command }[] = [];
  const visit = (command: Command, path: string[]) => {
    const visible = new Set(help.visibleCommands(command));
    for (const sub of command.commands) {
      if (!visible.has(sub)) continue;
      const runs = sub.commands.length === 0 || sub.options.length > 0 || sub.registeredArguments.length > 0;
      if (runs) out.push({ path: [...path, sub.name()], command: sub });
      if (sub.commands.length > 0) visit(sub, [...path, sub.name()]);
    }
  };
  visit(program, []);
  return out;
}
