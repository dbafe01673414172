/**
 * The run's terminal, as the GitHub CLI's IOStreams (pkg/iostreams): the three streams, what they
 * are (terminals or not, how wide), whether colour and prompts are wanted, the prompter, the
 * progress line on stderr, and Ctrl-C. One per run, made by main(); a company's share of a run over
 * several (Factory.forCompany) gets the same terminal without a progress line of its own.
 *
 * Data is not written here: the output layer (Factory.output) writes it, in the run's format.
 */
import { ENGLISH, render, type Language, type Text } from '../i18n/message.js';
import type { Env } from '../io/env.js';
import { Prompter } from '../io/prompter.js';
import { NO_SIGNALS, type SignalSource } from '../io/signals.js';
import { tableWidth } from '../output/format.js';
import { fitLine } from '../output/safe-text.js';

export interface Streams {
  /** Opened on use only: not at all by a command that reads and prompts for nothing. */
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  /** Every line passes the run's one redactor (main() wraps it). */
  readonly stderr: NodeJS.WriteStream;
}

/** What the terminal facts depend on among the global flags. */
export interface TerminalFlags {
  color?: boolean;
  input?: boolean;
  quiet?: boolean;
  debug?: boolean;
  outputFile?: string;
}

/** The progress line's state, shared by a run and its companies' shares. */
interface ProgressLine {
  shown: boolean;
}

export class IO {
  readonly prompter: Prompter;

  private constructor(
    private readonly streams: Streams,
    private readonly env: Env,
    private readonly flags: TerminalFlags,
    readonly signals: SignalSource,
    private readonly line: ProgressLine,
    /** false for a company's share of a run: the run's own progress line speaks for every company. */
    private readonly drawsProgress: boolean,
    /** The run's language (resolved once, before the verb runs): prompts and progress lines speak it. */
    private readonly language: () => Language,
  ) {
    this.prompter = new Prompter(
      this.canPrompt,
      {
        get input() {
          return streams.stdin;
        },
        output: streams.stderr,
      },
      language,
    );
  }

  static of(streams: Streams, env: Env, flags: TerminalFlags, signals: SignalSource = NO_SIGNALS, language: () => Language = () => ENGLISH): IO {
    return new IO(streams, env, flags, signals, { shown: false }, true, language);
  }

  /** The same terminal without a progress line (a company's share of a run over several). */
  withoutProgress(): IO {
    return new IO(this.streams, this.env, this.flags, this.signals, this.line, false, this.language);
  }

  get stdin(): NodeJS.ReadStream {
    return this.streams.stdin;
  }

  get stdout(): NodeJS.WriteStream {
    return this.streams.stdout;
  }

  get stderr(): NodeJS.WriteStream {
    return this.streams.stderr;
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.streams.stdout.isTTY);
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.streams.stderr.isTTY);
  }

  /** Prompts only when a person is there to answer: stdin and stdout terminals, and no --no-input. */
  get canPrompt(): boolean {
    return Boolean(this.streams.stdout.isTTY && this.flags.input !== false && this.streams.stdin.isTTY);
  }

  /** Colours on stdout: a terminal (or FORCE_COLOR), never into --output-file, never with --no-color or NO_COLOR. */
  get colour(): boolean {
    if (this.flags.outputFile) return false;
    return this.flags.color !== false && !this.env.NO_COLOR && (this.stdoutIsTTY || Boolean(this.env.FORCE_COLOR));
  }

  get stderrColour(): boolean {
    return this.flags.color !== false && !this.env.NO_COLOR && this.stderrIsTTY;
  }

  /** Data goes to a terminal (not a pipe, not --output-file). */
  get dataToTerminal(): boolean {
    return this.stdoutIsTTY && !this.flags.outputFile;
  }

  /** The width tables are fitted into: COLUMNS, the terminal's, or 100 in a pipe or a file. */
  get width(): number {
    return tableWidth(this.env.COLUMNS, this.dataToTerminal ? this.streams.stdout.columns : undefined);
  }

  /** The terminal's height, for the pager (24 when it does not say). */
  get rows(): number {
    return this.streams.stdout.rows || 24;
  }

  get quiet(): boolean {
    return Boolean(this.flags.quiet);
  }

  /** Progress lines: only on a terminal, only on stderr, never with --quiet. */
  progress(message: Text): void {
    if (!this.drawsProgress || !this.stderrIsTTY || this.flags.quiet) return;
    // One line, never wider than the terminal: a wrapped line would be left behind by the next redraw.
    this.streams.stderr.write(`\r\x1b[2K${fitLine(render(message, this.language()), this.streams.stderr.columns)}`);
    this.line.shown = true;
  }

  progressDone(): void {
    if (!this.drawsProgress) return;
    if (this.stderrIsTTY && !this.flags.quiet) this.streams.stderr.write('\r\x1b[2K');
    this.line.shown = false;
  }

  /** Data or a message is about to reach the terminal: a progress line on it is cleared first (the next redraw puts it back below). */
  clearProgress(): void {
    if (this.line.shown) this.progressDone();
  }

  /** Text in the run's language: what a verb writes to stderr itself (a preview, a prompt's lead-in). */
  say(text: Text): string {
    return render(text, this.language());
  }

  /** A --debug line on stderr. */
  debug(line: string): void {
    if (this.flags.debug) this.streams.stderr.write(`${line}\n`);
  }

  /**
   * Runs `handler` on Ctrl-C (SIGINT) or SIGTERM until the returned function is called: long-running
   * commands stop cleanly instead of dying mid-write.
   */
  onInterrupt(handler: (signal?: NodeJS.Signals) => void): () => void {
    let fired = false;
    const once = (signal: NodeJS.Signals) => {
      if (fired) return;
      fired = true;
      handler(signal);
    };
    this.signals.on('SIGINT', once);
    this.signals.on('SIGTERM', once);
    return () => {
      this.signals.off('SIGINT', once);
      this.signals.off('SIGTERM', once);
    };
  }
}
