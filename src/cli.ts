import { Command, CommanderError, type OutputConfiguration } from 'commander';
import { ExitCode, failedWrite, FiscoError, stdoutWriteError } from './errors.js';
import { COMMANDS, commandPath, registerCommands } from './commands/index.js';
import { setRunSetup } from './commands/runner.js';
import { offlinePaths, type CommandRecord, type VerbRecord } from './commands/verb.js';
import type { Factory } from './factory/factory.js';
import { addFlags } from './flags/commander.js';
import { GLOBAL_FLAGS, type GlobalFlags } from './flags/global.js';
import type { Streams } from './factory/io.js';
import { createRequire } from 'node:module';
import type { Env } from './io/env.js';
import { removeOpenTemporaryFiles } from './io/atomic.js';
import { releaseHeldLocks } from './io/lock.js';
import { Redactor } from './output/redact.js';
import { redactingStream } from './output/redacting-stream.js';
import type { SignalSource } from './io/signals.js';

export type { SignalSource } from './io/signals.js';
import { safeLine, safeText } from './output/safe-text.js';
import { ENGLISH, MissingTranslation, render, t, verbatim, type Language, type Text } from './i18n/message.js';
import { loadLanguage } from './i18n/load.js';
import { VERSION } from './version.js';
import { examples } from './help/examples.js';
import { ENGLISH_HELP, globalFlagsText, helpConfiguration, type CommandFacts, type HelpWords } from './help/format.js';
import { recordOf } from './commands/register.js';
import { helpLanguage } from './help/lang.js';
import { loadHelpWords } from './help/load.js';
import { topicText } from './help/topics.js';

/** The arguments ask for help (`--help`, `-h`, `help …`): help is then built in the run's language. */
function wantsHelp(argv: readonly string[]): boolean {
  return argv.slice(2).some((arg) => arg === '--help' || arg === '-h' || arg === 'help');
}

const EXAMPLES: [string[], string[]] = [
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
];

/** What help knows of a command beyond commander: from its record. */
const FACTS: CommandFacts = {
  runs: (command) => recordOf(command)?.kind === 'verb',
  takesCompanies: (command) => {
    const record = recordOf(command);
    return record?.kind === 'verb' && (record.scope === 'companies' || record.scope === 'firm' || record.scope === 'token');
  },
};

/**
 * The command tree, its help in the language of `words` (src/help/words-it.ts for Italian): all of
 * it, or only `path`, the command a run names (commandPath).
 */
export function buildProgram(words: HelpWords = ENGLISH_HELP, path?: readonly CommandRecord[]): Command {
  const program = new Command('fisco')
    .description('Italian e-invoicing (SDI), clients, expenses, F24 and tax deadlines from the terminal')
    .version(VERSION, '-V, --version');
  addFlags(program, GLOBAL_FLAGS)
    .showHelpAfterError(words('(run with --help for usage)'))
    .configureHelp(helpConfiguration(FACTS, words))
    .addHelpText('after', () => examples(...EXAMPLES, words));
  registerCommands(program, path);
  return program;
}

/** The global flags of a run, as commander gathered them on the program, parsed with their table. */
async function globalsOf(command: Command): Promise<GlobalFlags> {
  let program = command;
  while (program.parent) program = program.parent;
  const given = program.opts();
  const raw = Object.fromEntries(Object.keys(GLOBAL_FLAGS).flatMap((key) => (given[key] === undefined ? [] : [[key, given[key]]])));
  const { parseFlags } = await import('./flags/parse.js');
  return parseFlags(GLOBAL_FLAGS, raw);
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
  // The run's one redactor: what it learns (tokens, webhook secrets) stays with this run.
  const redactor = new Redactor();
  const streams = runStreams(io, redactor);
  // Help speaks the run's language (src/help/lang.ts), decided before anything is parsed.
  const help = wantsHelp(argv) ? await loadHelpWords(helpLanguage(argv, io.env)) : { words: ENGLISH_HELP };
  const program = buildProgram(help.words, commandPath(argv.slice(2)));
  const run: RunState = { debug: argv.includes('--debug'), language: ENGLISH, languageKnown: false, exitCode: ExitCode.ok, ended: false };
  const stdout = watchStdout(io, streams.stdout, run, (error) => report(error, reporting(run, streams, redactor)));
  try {
    if (await answeredWithoutParsing(program, argv, io.env, streams, help.topics)) {
      const failed = stdout.failed();
      return failed ? report(failed, reporting(run, streams, redactor)) : ExitCode.ok;
    }
    run.exitCode = await runCommand(program, argv, { io, streams, redactor, run, stdout });
    return run.exitCode;
  } finally {
    run.ended = true;
    stdout.stop();
  }
}

/** What runCommand() works with: main()'s streams, redactor, run state and stdout's watch. */
interface Running {
  io: MainIO;
  streams: Streams;
  redactor: Redactor;
  run: RunState;
  stdout: StdoutWatch;
}

/** Parses and runs the command: its exit code, every error said in one place (report). */
async function runCommand(program: Command, args: string[], { io, streams, redactor, run, stdout }: Running): Promise<number> {
  const [{ rewriteHelp, unknownFlagHint }, { commanderText, RUN_WITH_HELP }] = await Promise.all([
    import('./help/suggest.js'),
    import('./help/commander-errors.js'),
  ]);
  const argv = rewriteHelp(program, args, FACTS.runs);
  setRunSetup(program, { make: factoryMaker(run, io, streams, redactor), offlineReads: () => offlinePaths(COMMANDS), records: () => COMMANDS });
  const signals = watchSignals(io, streams, () => run.language);
  configureCommands(program, {
    writeOut: (text) => streams.stdout.write(text),
    // Commander's refusal and the line it adds are reported with every other error, in the run's language.
    writeErr: (text) => (run.refusal && text === '(run with --help for usage)\n' ? true : streams.stderr.write(text)),
    outputError: (text) => {
      const unknown = /^error: unknown option '([^']+)'/.exec(text);
      // Commander's own guess only sees near spellings; name the flags of that command instead.
      const hint = unknown ? unknownFlagHint(program, argv.slice(2), unknown[1]) : undefined;
      run.refusal = [commanderText(unknown ? `error: unknown option '${unknown[1]}'` : text), ...(hint ? [hint] : []), RUN_WITH_HELP()];
    },
  });
  try {
    await program.parseAsync(argv);
    await run.factory?.finishOutput();
    const failed = stdout.failed();
    if (failed) throw failed;
    return ExitCode.ok;
  } catch (thrown) {
    await run.factory?.discardOutput().catch(() => undefined);
    // A full stdout is said as such, whatever the command met after it (a stream that refused its next write).
    const failed = stdout.failed();
    const error = failed && !(thrown instanceof FiscoError && thrown.exitCode === ExitCode.localWrite) ? failed : thrown;
    // A refusal before the run's Factory (commander's, a global flag's) is said in the language the run would have spoken.
    if (!run.languageKnown) run.language = await earlyLanguage(program, io, streams, redactor);
    const code = report(error, reporting(run, streams, redactor));
    // A command that stopped itself on the signal reports "interrupted": by SIGTERM, that is 143.
    return code === ExitCode.interrupted && signals.received() === 'SIGTERM' ? ExitCode.terminated : code;
  } finally {
    signals.stop();
  }
}

function reporting(run: RunState, streams: Streams, redactor: Redactor): Reporting {
  return { stderr: streams.stderr, redactor, debug: run.debug, language: run.language, refusal: run.refusal };
}

interface StdoutWatch {
  /** Standard output's failure so far (reported by the stream, or held by the write that just failed), as exit 12. */
  failed(): FiscoError | undefined;
  stop(): void;
}

/**
 * Standard output's failures. A reader that stops early (`fisco … | head`) closes the pipe: stop
 * quietly, as a Unix tool does. Any other (a full disk: ENOSPC; EIO) is the run's failure, exit 12
 * in one line; one that comes after the run ended (a pipe's last bytes) still ends the process so.
 */
function watchStdout(io: MainIO, stdout: NodeJS.WritableStream, run: RunState, say: (error: FiscoError) => number): StdoutWatch {
  let failure: Error | undefined;
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return io.exit?.(run.exitCode);
    const first = failure === undefined;
    failure ??= error;
    if (run.ended && first) io.exit?.(say(stdoutWriteError(error)));
  };
  stdout.on('error', onError);
  return {
    failed: () => {
      failure ??= failedWrite(stdout);
      return failure && stdoutWriteError(failure);
    },
    // The process's stdout keeps the watch: its last bytes may fail after main() returned.
    stop: () => void (io.exit ? undefined : stdout.off('error', onError)),
  };
}

/** What main() learns while the command runs: its Factory once made, and whether --debug asked for stack traces. */
interface RunState {
  factory?: Factory;
  debug: boolean;
  /** The run's one language: known once the flags (and, when one is used, the profile) say it. */
  language: Language;
  languageKnown: boolean;
  /** Commander's refusal, its hint and the line after it: printed by the error report. */
  refusal?: Text[];
  /** The exit code, once known (a closed stdout pipe ends the process with it). */
  exitCode: number;
  /** main() has returned. */
  ended: boolean;
}

/**
 * The language of a run that stopped before its Factory was made (commander refused the command
 * line, a global flag was wrong): the same rule from what is known; English when even that fails.
 */
async function earlyLanguage(program: Command, io: MainIO, streams: Streams, redactor: Redactor): Promise<Language> {
  try {
    const globals = await globalsOf(program).catch(() => undefined);
    if (globals) {
      const { Factory } = await import('./factory/factory.js');
      return await Factory.create({ globals, env: io.env, streams, redactor }).resolveLanguage();
    }
    // A global flag is wrong (perhaps --lang itself): the environment and the locale still say.
    const { langOf, resolveLang } = await import('./profiles/lang.js');
    const env = langOf(io.env.FISCO_LANG ?? '') ? io.env : { ...io.env, FISCO_LANG: undefined };
    return await loadLanguage(resolveLang({ env }), io.env.FISCO_I18N_STRICT === '1');
  } catch {
    return ENGLISH;
  }
}

/** The run's streams: stdin opened on use only, stdout as given, stderr through the one redactor. */
function runStreams(io: MainIO, redactor: Redactor): Streams {
  return {
    get stdin() {
      return (io.stdin?.() ?? emptyStdin()) as NodeJS.ReadStream;
    },
    stdout: io.stdout as NodeJS.WriteStream,
    // Every line on stderr passes the one redactor, whichever code wrote it.
    stderr: redactingStream(io.stderr, redactor) as NodeJS.WriteStream,
  };
}

/** The hidden `__complete` of the completion scripts and the help topics: answered before commander parses anything. */
async function answeredWithoutParsing(
  program: Command,
  argv: string[],
  env: Env,
  streams: Streams,
  topics?: Parameters<typeof topicText>[2],
): Promise<boolean> {
  if (argv[2] === '__complete') {
    // No Factory, no client, no network.
    const [{ complete, formatCompletion }, { storedProfileNames }] = await Promise.all([
      import('./completion/complete.js'),
      import('./completion/profiles.js'),
    ]);
    streams.stdout.write(formatCompletion(complete(program, argv.slice(3), { profiles: () => storedProfileNames(env) })));
    return true;
  }
  const topic = topicText(argv.slice(2), { flags: () => globalFlagsText(program) }, topics);
  if (topic === undefined) return false;
  streams.stdout.write(topic);
  return true;
}

/** The maker of the run's Factory, for the verb about to run: its global flags parsed and checked before any request. */
function factoryMaker(run: RunState, io: MainIO, streams: Streams, redactor: Redactor) {
  return async (command: Command, record: VerbRecord): Promise<Factory> => {
    const globals = await globalsOf(command);
    run.debug = Boolean(globals.debug);
    const { Factory } = await import('./factory/factory.js');
    // A verb that works over the token's companies gets the demo's firm token.
    const factory = Factory.create({
      globals,
      env: io.env,
      streams,
      signals: io.signals,
      redactor,
      firmDemo: record.scope === 'firm' || record.scope === 'routed',
    });
    run.language = await factory.resolveLanguage();
    run.languageKnown = true;
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
    run.factory = factory;
    return run.factory;
  };
}

/**
 * Ctrl-C or SIGTERM: no temporary file of --output-file is left. A command that handles the
 * signal itself (f24 download, the journaled writes) is left to finish its own clean-up;
 * otherwise exit at once, 130 for Ctrl-C and 143 for SIGTERM, letting go of the locks the run
 * holds (a sync's `.sync.lock`): nothing of the run goes on after the exit.
 */
function watchSignals(io: MainIO, streams: Streams, language: () => Language): { received(): NodeJS.Signals | undefined; stop(): void } {
  const signals = io.signals;
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    received ??= signal;
    removeOpenTemporaryFiles();
    if (signals && signals.listenerCount(signal as 'SIGINT') <= 1) {
      streams.stderr.write(`fisco: ${render(signal === 'SIGTERM' ? t`terminated` : t`interrupted`, language())}\n`);
      if (io.exit) releaseHeldLocks();
      io.exit?.(signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted);
    }
  };
  signals?.on('SIGINT', onSignal);
  signals?.on('SIGTERM', onSignal);
  return {
    received: () => received,
    stop: () => {
      signals?.off('SIGINT', onSignal);
      signals?.off('SIGTERM', onSignal);
    },
  };
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
export function helpTexts(words: HelpWords = ENGLISH_HELP): Record<string, string> {
  const program = buildProgram(words);
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

/** What the error report needs of the run. */
interface Reporting {
  stderr: NodeJS.WritableStream;
  redactor: Redactor;
  debug: boolean;
  language: Language;
  refusal?: Text[];
}

/** Every line of an error report passes through the one redactor and is made terminal-safe. */
function report(error: unknown, reporting: Reporting): number {
  try {
    return reportIn(error, reporting);
  } catch (missing) {
    // Strict mode (the tests): a message without its translation is a failure of its own.
    if (!(missing instanceof MissingTranslation)) throw missing;
    return report(missing, { ...reporting, language: ENGLISH, refusal: undefined });
  }
}

function reportIn(error: unknown, { stderr: errors, redactor, debug, language, refusal }: Reporting): number {
  const redact = (text: string) => redactor.redact(text);
  const stderr = { write: (text: string) => errors.write(safeText(redact(text))) };
  const say = (text: Text) => safeLine(redact(render(text, language)));
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
    if (error.exitCode === 0) return ExitCode.ok;
    // Commander's refusal: its line, fisco's hint, then how to see the usage.
    const [line, ...more] = refusal ?? [];
    if (line !== undefined)
      stderr.write(`fisco: ${say(line)}\n${more.map((text, i) => (i < more.length - 1 ? `  ${say(text)}\n` : `${say(text)}\n`)).join('')}`);
    return ExitCode.usage;
  }
  if (error instanceof FiscoError) {
    stderr.write(`fisco: ${say(error.text)}\n`);
    for (const hint of error.hints) stderr.write(`  ${say(hint)}\n`);
    if (debug && error.stack) stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  const bug = debug ? t`This is a bug in fisco; please report it.` : t`This is a bug in fisco; please report it (run again with --debug for the details).`;
  stderr.write(`fisco: ${say(t`unexpected error: ${verbatim(message.split('\n')[0] ?? '')}`)}\n  ${say(bug)}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  return ExitCode.unexpected;
}
