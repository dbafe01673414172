import { Command, CommanderError, Option, type OutputConfiguration } from 'commander';
import type { Context, GlobalOptions } from './context.js';
import { ExitCode, FiscoError } from './errors.js';
import { registerCommands } from './commands/index.js';
import { setContextFactory } from './commands/runner.js';
import { createRequire } from 'node:module';
import type { Env } from './io/env.js';
import { removeOpenTemporaryFiles } from './io/atomic.js';
import { Redactor } from './output/redact.js';
import { redactingStream } from './output/redacting-stream.js';
import type { SignalSource } from './io/signals.js';

export type { SignalSource } from './io/signals.js';
import { safeLine, safeText } from './output/safe-text.js';
import { ENGLISH, MissingTranslation, render, type Language } from './i18n/message.js';
import { VERSION } from './version.js';
import { examples } from './help/examples.js';
import { globalFlagsText, helpConfiguration } from './help/format.js';

const EXAMPLES = examples(
  [
    'fisco --demo invoice list                                 # try it offline on the demo emulator',
    'fisco auth login --base-url https://api.example.it        # store a token (hidden prompt)',
    'fisco whoami',
    'fisco invoice list --payment-status overdue -o csv > overdue.csv',
    "fisco api GET /v1/f24s --paginate | jq '.[].due_date'",
    'fisco --demo --all-accounts invoice list --payment-status overdue   # every company of a firm token',
    'fisco help invoice create                                 # every command has examples',
    'fisco help formats                                        # dates and amounts you may type, CSV dialects',
  ],
  [
    'Environment: FISCO_TOKEN, FISCO_BASE_URL, FISCO_ENV, FISCO_PROFILE, FISCO_ACCOUNT, FISCO_TIMEOUT, FISCO_CONFIG_DIR',
    '(flag > environment > active profile). Troubleshooting:',
    'https://github.com/fisco-cli/fisco/blob/main/docs/troubleshooting.md',
    'Help topics: fisco help exit-codes (what each exit code means), fisco help formats (dates,',
    'amounts and CSV dialects), fisco help flags (the global flags). A firm token with no company',
    'named: lists read every company, each row naming its company; single-record reads ask for --account.',
  ],
);

export function buildProgram(): Command {
  const program = new Command('fisco')
    .description('Italian e-invoicing (SDI), clients, expenses, F24 and tax deadlines from the terminal')
    .version(VERSION, '-V, --version')
    .option('-p, --profile <name>', 'use this stored profile')
    .option('--account <id>', 'company to act on (firm tokens)')
    .option('--all-accounts', 'run a read, list or export for every company of a firm token (exit 11 when some fail)')
    .option('--accounts <ids>', 'like --all-accounts, for these companies only: comma list of ids (fisco accounts list)')
    .addOption(new Option('-o, --output <format>', 'table, json, ndjson or csv (default: table on a terminal, json otherwise)'))
    .option('--fields <list>', 'comma-separated fields to show, dotted for nested (counterpart.name); checked against the resource')
    .option('--query <expr>', 'JMESPath filter over the JSON document, like aws --query: "[?overdue].number"')
    .addOption(new Option('--csv-dialect <dialect>', "csv dialect: rfc, or it (';', decimal comma, dd/mm/yyyy, BOM)"))
    .option('--lang <lang>', 'language of messages and reports: it or en (default: FISCO_LANG, the profile, then the locale)')
    .option('--output-file <path>', 'write the data to PATH instead of stdout, atomically: whole on success, absent on failure')
    .option('--timeout <seconds>', 'deadline of each request: connection, headers and body (default 30; also FISCO_TIMEOUT)')
    .option('--no-color', 'no colours (also NO_COLOR)')
    .option('--no-pager', 'never page tables (default pager: FISCO_PAGER, PAGER or less -FRX, on a terminal)')
    .option('--debug', 'trace HTTP exchanges to stderr (token redacted) and show stack traces')
    .option('-q, --quiet', 'no progress or success messages')
    .option('-y, --yes', 'confirm without asking (required with --send when there is no terminal)')
    .option('--no-input', 'never prompt; a missing value is an error naming its flag')
    .option('--demo', 'run against a local demo emulator with sample data (no account needed)')
    .option('--offline', 'answer reads from the local mirror that `fisco sync` keeps, sending nothing (also FISCO_OFFLINE=1)')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp(helpConfiguration())
    .addHelpText('after', EXAMPLES);
  registerCommands(program);
  return program;
}

function globalsOf(command: Command): GlobalOptions {
  return command.optsWithGlobals() as unknown as GlobalOptions;
}

/** A stream fisco writes to: the process's, or a test's. */
export type OutStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };

/**
 * Everything main() takes from the world, so that a command runs in-process as well as from the
 * launcher: bin/fisco.js passes the process's own; a test passes strings in and captures out.
 */
export interface MainIO {
  env: Env;
  /** Read on use only: opening the process's stdin (a file or /dev/null in CI) loads fs streams. */
  stdin?: () => NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: OutStream;
  stderr: OutStream;
  /** Where Ctrl-C and SIGTERM arrive (the process, from the launcher); absent in-process. */
  signals?: SignalSource;
  /** Ends the process at once (an interrupt with nothing to finish, a closed stdout pipe); absent in-process. */
  exit?: (code: number) => void;
}

/**
 * Runs fisco once and resolves to its exit code: turns any error into one message and the exit
 * code of the exit-code table, in one place. Reads nothing of the process but what `io` gives.
 */
export async function main(argv: string[], io: MainIO): Promise<number> {
  const { env } = io;
  // The run's one redactor: what it learns (tokens, webhook secrets) stays with this run.
  const redactor = new Redactor();
  const streams = {
    get stdin() {
      return (io.stdin?.() ?? emptyStdin()) as NodeJS.ReadStream;
    },
    stdout: io.stdout as NodeJS.WriteStream,
    // Every line on stderr passes the one redactor, whichever code wrote it.
    stderr: redactingStream(io.stderr, redactor) as NodeJS.WriteStream,
  };
  const program = buildProgram();
  if (argv[2] === '__complete') {
    // The hidden entry point of the completion scripts: no context, no client, no network.
    const [{ complete, formatCompletion }, { storedProfileNames }] = await Promise.all([
      import('./completion/complete.js'),
      import('./completion/profiles.js'),
    ]);
    streams.stdout.write(formatCompletion(complete(program, argv.slice(3), { profiles: () => storedProfileNames(env) })));
    return ExitCode.ok;
  }
  const { topicText } = await import('./help/topics.js');
  const topic = topicText(argv.slice(2), { flags: () => globalFlagsText(program) });
  if (topic !== undefined) {
    streams.stdout.write(topic);
    return ExitCode.ok;
  }
  const { rewriteHelp, unknownCommandLine, unknownFlagHint } = await import('./help/suggest.js');
  argv = rewriteHelp(program, argv);
  let debug = argv.includes('--debug');
  let context: Context | undefined;
  // The run's one language: made once the flags (and, when one is used, the profile) say it.
  let language: Language = ENGLISH;
  setContextFactory(program, async (command) => {
    const globals = globalsOf(command);
    debug = Boolean(globals.debug);
    const { Context } = await import('./context.js');
    const made = new Context(globals, env, streams, redactor, io.signals);
    language = await made.resolveLanguage();
    if (globals.outputFile !== undefined) {
      // Checked before any request: a CI artifact path that cannot be written fails first.
      const { assertWritableFile } = await import('./io/paths.js');
      await assertWritableFile(globals.outputFile, '--output-file');
    }
    if (globals.fields !== undefined) {
      // `--fields ,,,` names nothing: refused before any request, like every other bad flag.
      const { parseFieldList } = await import('./output/fields.js');
      parseFieldList(globals.fields);
    }
    context = made;
    return context;
  });
  // Ctrl-C or SIGTERM: no temporary file of --output-file is left. A command that handles the
  // signal itself (f24 download, the journaled writes) is left to finish its own clean-up;
  // otherwise exit at once, 130 for Ctrl-C and 143 for SIGTERM.
  const signals = io.signals;
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    received ??= signal;
    removeOpenTemporaryFiles();
    if (signals && signals.listenerCount(signal as 'SIGINT') <= 1) {
      streams.stderr.write(`fisco: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'}\n`);
      io.exit?.(signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted);
    }
  };
  signals?.on('SIGINT', onSignal);
  signals?.on('SIGTERM', onSignal);
  // A reader that stops early (`fisco … | head`) closes the pipe: stop quietly, as a Unix tool does.
  let exitCode: number = ExitCode.ok;
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    io.exit?.(exitCode);
  };
  streams.stdout.on('error', onStdoutError);
  configureCommands(program, {
    writeOut: (text) => streams.stdout.write(text),
    writeErr: (text) => streams.stderr.write(text),
    outputError: (text, write) => {
      const unknown = /^error: unknown option '([^']+)'/.exec(text);
      if (unknown) {
        // Commander's own guess only sees near spellings; name the flags of that command instead.
        const hint = unknownFlagHint(program, argv.slice(2), unknown[1]);
        text = `error: unknown option '${unknown[1]}'\n${hint ? `  ${hint}\n` : ''}`;
      }
      text = unknownCommandLine(text);
      write(safeText(redactor.redact(text.startsWith('error: ') ? `fisco: ${text.slice(7)}` : text)));
    },
  });
  try {
    await program.parseAsync(argv);
    await context?.finishOutput();
    exitCode = ExitCode.ok;
  } catch (error) {
    await context?.discardOutput().catch(() => undefined);
    const code = report(error, streams.stderr, redactor, debug, language);
    // A command that stopped itself on the signal reports "interrupted": by SIGTERM, that is 143.
    exitCode = code === ExitCode.interrupted && received === 'SIGTERM' ? ExitCode.terminated : code;
  } finally {
    signals?.off('SIGINT', onSignal);
    signals?.off('SIGTERM', onSignal);
    if (!io.exit) streams.stdout.off('error', onStdoutError);
  }
  return exitCode;
}

/** In-process without a stdin: an empty, finished stream that is not a terminal. */
function emptyStdin(): NodeJS.ReadableStream {
  const { Readable } = createRequire(import.meta.url)('node:stream') as typeof import('node:stream');
  return Readable.from([]);
}

/** The output and exit handling of main(), on the program and every command under it. */
function configureCommands(program: Command, output: OutputConfiguration): void {
  program.exitOverride();
  program.configureOutput(output);
  forEachCommand(program, (command) => {
    command.exitOverride();
    command.configureOutput(program.configureOutput());
    command.showHelpAfterError('(run with --help for usage)');
  });
}

/**
 * What `--help` prints for the program ('') and every command path ('invoice list') when stdout
 * is not a terminal: the program built and configured as main() does, each help captured from
 * commander's own outputHelp(). The build writes it to dist/help.json, which bin/fisco.js serves
 * without loading this bundle; test/e2e/help-fast-path.test.ts holds both paths byte-equal.
 */
export function helpTexts(): Record<string, string> {
  const program = buildProgram();
  let text = '';
  configureCommands(program, {
    writeOut: (s) => (text += s),
    writeErr: (s) => (text += s),
    // As when stdout is not a terminal (and no FORCE_COLOR): commander's defaults then give no
    // width, which its Help takes as 80, and no colours.
    getOutHelpWidth: () => 80,
    getOutHasColors: () => false,
  });
  const texts: Record<string, string> = {};
  const visit = (command: Command, path: string[]) => {
    text = '';
    command.outputHelp();
    texts[path.join(' ')] = text;
    // Hidden commands answer --help as well, so they are kept.
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return texts;
}

function forEachCommand(command: Command, visit: (c: Command) => void): void {
  for (const sub of command.commands) {
    visit(sub);
    forEachCommand(sub, visit);
  }
}

/** Every line of an error report passes through the one redactor and is made terminal-safe. */
function report(error: unknown, errors: NodeJS.WritableStream, redactor: Redactor, debug: boolean, language: Language): number {
  try {
    return reportIn(error, errors, redactor, debug, language);
  } catch (missing) {
    // Strict mode (the tests): a message without its translation is a failure of its own.
    if (!(missing instanceof MissingTranslation)) throw missing;
    return report(missing, errors, redactor, debug, ENGLISH);
  }
}

function reportIn(error: unknown, errors: NodeJS.WritableStream, redactor: Redactor, debug: boolean, language: Language): number {
  const redact = (text: string) => redactor.redact(text);
  const stderr = { write: (text: string) => errors.write(safeText(redact(text))) };
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (error instanceof FiscoError) {
    stderr.write(`fisco: ${safeLine(redact(render(error.text, language)))}\n`);
    for (const hint of error.hints) stderr.write(`  ${safeLine(redact(render(hint, language)))}\n`);
    if (debug && error.stack) stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(
    `fisco: unexpected error: ${message.split('\n')[0]}\n  This is a bug in fisco; please report it${debug ? '' : ' (run again with --debug for the details)'}.\n`,
  );
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  return ExitCode.unexpected;
}
