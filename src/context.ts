import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, assertBaseUrl, tokenCannotBeSent, type LocalAnswerer } from './api/client.js';
import { UsageError } from './errors.js';
import type { Env } from './io/env.js';
import { Prompter } from './io/prompter.js';
import { givenCsvDialect, resolveFormat, tableWidth } from './output/format.js';
import { parseFieldList } from './output/fields.js';
import { Output } from './output/output.js';
import { PagedOutput, selectPager, type TextSink } from './output/pager.js';
import type { Redactor } from './output/redact.js';
import { fitLine, safeLine } from './output/safe-text.js';
import { DEFAULT_MAX_WAIT_MS, waitText } from './api/pacer.js';
import { resolveCredentials, type Credentials } from './profiles/credentials.js';
import { configDir, dataDir, storeOptions } from './profiles/paths.js';
import type { ProfileStore } from './profiles/store.js';
import { VERSION } from './version.js';
import type { Pacer } from './api/pacer.js';
import { NO_SIGNALS, type SignalSource } from './io/signals.js';
import type { Mirror } from './mirror/store.js';
import { ENGLISH, render, t, type Language, type Text } from './i18n/message.js';
import { loadLanguage } from './i18n/load.js';
import { resolveLangWithSource, type LangSource } from './profiles/lang.js';
import type { Profile } from './profiles/profile.js';

export interface GlobalOptions {
  profile?: string;
  account?: string;
  /** --all-accounts / --accounts ID,…: a read over several companies (src/portfolio/). */
  allAccounts?: boolean;
  accounts?: string;
  output?: string;
  fields?: string;
  query?: string;
  csvDialect?: string;
  color: boolean;
  debug?: boolean;
  quiet?: boolean;
  yes?: boolean;
  /** false with --no-input */
  input: boolean;
  demo?: boolean;
  /** false with --no-pager */
  pager?: boolean;
  /** `--output-file PATH`: data written atomically to PATH instead of stdout. */
  outputFile?: string;
  /** `--timeout SECONDS`: the overall deadline of each request. */
  timeout?: string;
  /** `--offline` (or FISCO_OFFLINE=1): every read answered from the mirror, no request at all. */
  offline?: boolean;
  /** `--lang it|en`: the language of messages and reports. */
  lang?: string;
}

export interface Streams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

interface DemoHandle {
  url: string;
  token: string;
  close(): Promise<void>;
}

/**
 * What a command is handed (like GitHub CLI's Factory): terminal facts, the output layer, the
 * prompter, the profile store and the one API client, each created on first use. Commands never
 * read process.env, build URLs or write to process.stdout themselves.
 */
export class Context {
  private outputInstance?: Output;
  private progressShown = false;
  private storePromise?: Promise<ProfileStore>;
  private openedStore?: ProfileStore;
  private credentialsPromise?: Promise<Credentials>;
  private clientPromise?: Promise<ApiClient>;
  private demo?: Promise<DemoHandle>;
  private mirrorPromise?: Promise<Mirror>;
  private readonly closers: (() => Promise<void>)[] = [];
  readonly prompter: Prompter;
  /** Set for commands that run over companies (overview, export): the demo then uses the firm token. */
  portfolioCommand = false;
  /** The run's language (main() resolves it once, before the command runs): every message renders through it. */
  language: Language = ENGLISH;
  /** The language of a document for the client (report.html): the run's when someone chose it (flag, environment, profile), else Italian. */
  reportLang: 'it' | 'en' = 'it';

  /** One pacer per token for this run, shared by every client it creates (a firm's companies too). */
  readonly pacers: Map<string, Pacer> = new Map();

  constructor(
    readonly globals: GlobalOptions,
    readonly env: Env,
    readonly streams: Streams,
    /** The run's one redactor: main() makes it; the client, the profile store and the output get this same one. */
    readonly redactor: Redactor,
    /** Where Ctrl-C and SIGTERM arrive: the process from the launcher; none in-process. */
    readonly signals: SignalSource = NO_SIGNALS,
  ) {
    // stdin is opened on use only (see cli.ts): not at all by a command that prompts for nothing.
    this.prompter = new Prompter(
      this.canPrompt,
      {
        get input() {
          return streams.stdin;
        },
        output: streams.stderr,
      },
      () => this.language,
    );
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.streams.stdout.isTTY);
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.streams.stderr.isTTY);
  }

  /** Prompts only when a person is there to answer: stdin and stdout terminals, and no --no-input. */
  get canPrompt(): boolean {
    return Boolean(this.streams.stdout.isTTY && this.globals.input !== false && this.streams.stdin.isTTY);
  }

  get colour(): boolean {
    if (this.globals.outputFile) return false;
    return this.globals.color !== false && !this.env.NO_COLOR && (this.stdoutIsTTY || Boolean(this.env.FORCE_COLOR));
  }

  get output(): Output {
    this.outputInstance ??= new Output({
      // A file is not a terminal: it gets json by default, like a pipe.
      format: resolveFormat(this.globals.output, this.stdoutIsTTY && !this.globals.outputFile),
      outputFile: this.globals.outputFile,
      csvDialect: givenCsvDialect(this.globals.csvDialect) ?? givenCsvDialect(this.env.FISCO_CSV_DIALECT, 'FISCO_CSV_DIALECT'),
      profileCsvDialect: () => this.profileCsvDialect(),
      fields: parseFieldList(this.globals.fields),
      query: this.globals.query,
      colour: this.colour,
      stderrColour: this.globals.color !== false && !this.env.NO_COLOR && this.stderrIsTTY,
      quiet: Boolean(this.globals.quiet),
      stdout: this.streams.stdout,
      stderr: this.streams.stderr,
      redactor: this.redactor,
      width: tableWidth(this.env.COLUMNS, this.stdoutIsTTY && !this.globals.outputFile ? this.streams.stdout.columns : undefined),
      pager: () => this.pager(),
      beforeData: () => this.stdoutIsTTY && this.clearProgress(),
      beforeMessage: () => this.clearProgress(),
      language: this.language,
    });
    return this.outputInstance;
  }

  /**
   * The run's language: --lang > FISCO_LANG > the profile's `lang` > the locale (src/profiles/lang.ts);
   * the profile store is read only when neither the flag nor the environment says. FISCO_I18N_STRICT=1
   * (the tests) makes a message without its translation a failure.
   */
  async resolveLanguage(): Promise<Language> {
    const profile = this.globals.lang === undefined && !this.env.FISCO_LANG ? (await this.profileInUse())?.lang : undefined;
    const { lang, source } = resolveLangWithSource({ flag: this.globals.lang, env: this.env, profile });
    this.reportLang = reportLangOf(lang, source);
    this.language = await loadLanguage(lang, this.env.FISCO_I18N_STRICT === '1');
    return this.language;
  }

  /**
   * The CSV dialect of the profile in use (-p, FISCO_PROFILE or the active one), read only when a
   * CSV is written without --csv-dialect or FISCO_CSV_DIALECT; no store (or an unreadable one) is no setting.
   */
  private async profileCsvDialect(): Promise<'rfc' | 'it' | undefined> {
    return (await this.profileInUse())?.csvDialect;
  }

  /** The profile in use (-p, FISCO_PROFILE or the active one) for its settings; none with --demo, no store or an unreadable one. */
  private async profileInUse(): Promise<Profile | undefined> {
    if (this.globals.demo || !existsSync(join(configDir(this.env), 'config.json'))) return undefined;
    try {
      const store = await this.store();
      const name = this.globals.profile ?? (this.env.FISCO_PROFILE || store.activeName());
      return name ? store.get(name) : undefined;
    } catch {
      return undefined;
    }
  }

  /** A pager for a table taller than the screen; undefined off a terminal, with --no-pager or --output-file. */
  private pager(): TextSink | undefined {
    if (this.globals.outputFile) return undefined;
    const command = selectPager({ env: this.env, noPager: this.globals.pager === false, stdoutIsTTY: this.stdoutIsTTY });
    if (!command) return undefined;
    return new PagedOutput({ command, rows: Math.max(1, (this.streams.stdout.rows || 24) - 1), stdout: this.streams.stdout, env: this.env });
  }

  /** The command succeeded: `--output-file` gets its content (an empty file when there was no data). */
  async finishOutput(): Promise<void> {
    if (this.outputInstance || this.globals.outputFile) await this.output.finish();
  }

  /** The command failed: nothing is left at `--output-file`. Never creates the output layer. */
  async discardOutput(): Promise<void> {
    await this.outputInstance?.discard();
  }

  /** Progress lines: only on a terminal, only on stderr, never with --quiet. */
  progress(message: Text): void {
    if (!this.stderrIsTTY || this.globals.quiet) return;
    // One line, never wider than the terminal: a wrapped line would be left behind by the next redraw.
    this.streams.stderr.write(`\r\x1b[2K${fitLine(render(message, this.language), this.streams.stderr.columns)}`);
    this.progressShown = true;
  }

  progressDone(): void {
    if (this.stderrIsTTY && !this.globals.quiet) this.streams.stderr.write('\r\x1b[2K');
    this.progressShown = false;
  }

  /** Data or a message is about to reach the terminal: a progress line on it is cleared first (the next redraw puts it back below). */
  private clearProgress(): void {
    if (this.progressShown) this.progressDone();
  }

  debug(line: string): void {
    if (this.globals.debug) this.streams.stderr.write(`${line}\n`);
  }

  /** `--offline` or FISCO_OFFLINE (1, true, yes; 0, false, no or empty for off): reads answered by the mirror. */
  get offline(): boolean {
    if (this.globals.offline) return true;
    const raw = (this.env.FISCO_OFFLINE ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    throw new UsageError(`FISCO_OFFLINE: '${this.env.FISCO_OFFLINE}' is not 1 or 0 (true or false)`);
  }

  /**
   * The mirror of this run's credential (profile and environment; src/mirror/), opened once per
   * run: created by `fisco sync` (`create`), otherwise a usage error naming the sync when absent.
   */
  mirror(options: { create?: boolean } = {}): Promise<Mirror> {
    this.mirrorPromise ??= import('./mirror/open.js').then(({ openMirror }) => openMirror(this, options.create === true));
    return this.mirrorPromise;
  }

  /** The profile store; conf is loaded only by commands that need it. */
  store(): Promise<ProfileStore> {
    this.storePromise ??= import('./profiles/store.js').then(
      ({ ProfileStore }) => (this.openedStore = new ProfileStore(configDir(this.env), this.redactor, storeOptions(this.env))),
    );
    return this.storePromise;
  }

  credentials(): Promise<Credentials> {
    this.credentialsPromise ??= this.resolveCredentials();
    return this.credentialsPromise;
  }

  client(): Promise<ApiClient> {
    this.clientPromise ??= this.offline
      ? import('./mirror/open.js').then(({ offlineClient }) => offlineClient(this))
      : this.credentials().then((credentials) => this.clientFor(credentials));
    return this.clientPromise;
  }

  /** A client for a credential other than the resolved one (auth login/status verify each); `local` answers instead of the service (--offline). */
  clientFor(credentials: { token: string; baseUrl: string; accountId?: string }, local?: LocalAnswerer): ApiClient {
    const client = new ApiClient({
      local,
      baseUrl: credentials.baseUrl,
      token: credentials.token,
      redactor: this.redactor,
      accountId: credentials.accountId,
      userAgent: `fisco/${VERSION} (node ${process.versions.node}; ${process.platform})`,
      rateLimit: parseRateLimit(this.env.FISCO_RATE_LIMIT),
      retry: this.env.FISCO_RETRY_BASE_MS ? { baseDelayMs: Number(this.env.FISCO_RETRY_BASE_MS) } : undefined,
      timeoutMs: this.timeoutMs(),
      maxBodyBytes: this.maxBodyBytes(),
      maxWaitMs: this.maxWaitMs(),
      onWait: (ms, reason) => this.showWait(ms, reason),
      debug: this.globals.debug ? (line) => this.streams.stderr.write(`${line}\n`) : undefined,
      hints: { profileForHost: (host) => this.knownProfileForHost(host) },
      pacers: this.pacers,
    });
    this.closers.push(() => client.close());
    return client;
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

  onClose(closer: () => Promise<void>): void {
    this.closers.push(closer);
  }

  async close(): Promise<void> {
    for (const closer of this.closers.splice(0).reverse()) await closer().catch(() => undefined);
  }

  /** FISCO_MAX_WAIT (seconds): the longest pacing wait sat through (default 60 s); a bad value is a usage error. */
  maxWaitMs(): number | undefined {
    const raw = this.env.FISCO_MAX_WAIT;
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d+(\.\d+)?$/.test(raw.trim())) throw new UsageError(`FISCO_MAX_WAIT: '${raw}' is not a number of seconds, like 60`);
    return Math.round(Number(raw) * 1000);
  }

  private waitNoted = false;

  /**
   * A pacing wait of a few seconds or more: a countdown on a terminal; otherwise one note on
   * stderr for the whole run (a CI log is not flooded).
   */
  private showWait(ms: number, reason: Text): void {
    if (this.globals.quiet) return;
    if (this.stderrIsTTY) {
      const end = Date.now() + ms;
      const draw = () => {
        const left = end - Date.now();
        if (left <= 0) {
          clearInterval(timer);
          this.progressDone();
          return;
        }
        this.progress(t`waiting ${waitText(left)} for ${reason}…`);
      };
      const timer = setInterval(draw, 1000);
      timer.unref();
      draw();
      return;
    }
    if (this.waitNoted) return;
    this.waitNoted = true;
    this.streams.stderr.write(
      `${safeLine(this.redactor.redact(`fisco: ${render(t`waiting ${waitText(ms)} for ${reason} (longer waits than ${waitText(this.maxWaitMs() ?? DEFAULT_MAX_WAIT_MS)} end the command: FISCO_MAX_WAIT)`, this.language)}`))}\n`,
    );
  }

  /** FISCO_MAX_BODY_MB: the largest answer fisco parses (default 64 MB); a bad value is a usage error. */
  maxBodyBytes(): number | undefined {
    const raw = this.env.FISCO_MAX_BODY_MB;
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d+(\.\d+)?$/.test(raw.trim()) || Number(raw) <= 0) throw new UsageError(`FISCO_MAX_BODY_MB: '${raw}' is not a size in megabytes, like 64`);
    return Math.round(Number(raw) * 1024 * 1024);
  }

  /** `--timeout SECONDS` > FISCO_TIMEOUT > 30 s; a bad value is a usage error naming where it came from. */
  timeoutMs(): number | undefined {
    const [raw, source] = this.globals.timeout !== undefined ? [this.globals.timeout, '--timeout'] : [this.env.FISCO_TIMEOUT, 'FISCO_TIMEOUT'];
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d+(\.\d+)?$/.test(raw.trim()) || Number(raw) <= 0 || Number(raw) > 3600) {
      throw new UsageError(`${source}: '${raw}' is not a number of seconds from 0.1 to 3600 (the deadline of each request)`);
    }
    return Math.max(100, Math.round(Number(raw) * 1000));
  }

  /** The token is registered with the one redactor the moment it is known, and checked before anything is sent. */
  private async resolveCredentials(): Promise<Credentials> {
    const credentials = await this.resolveCredentialsFrom();
    this.redactor.add(credentials.token);
    if (tokenCannotBeSent(credentials.token)) {
      const where = credentials.sources.token === 'env' ? 'FISCO_TOKEN' : `the token of profile '${credentials.profile}'`;
      throw new UsageError(`${where} holds a space, a line break or another control character, so it cannot be sent as a header; nothing was sent`, [
        credentials.sources.token === 'env' ? 'Set FISCO_TOKEN to the token alone.' : `Store it again: fisco auth login (the profile ${credentials.profile}).`,
      ]);
    }
    if (credentials.sources.baseUrl === 'profile') assertBaseUrl(credentials.baseUrl, `the base URL of profile '${credentials.profile ?? 'active'}'`);
    return credentials;
  }

  private async resolveCredentialsFrom(): Promise<Credentials> {
    if (this.globals.demo && this.offline) {
      // Offline, the demo's mirror is read without starting its emulator; no token is sent anywhere.
      const account = this.globals.account ? 'flag' : undefined;
      return {
        token: 'demo',
        baseUrl: 'http://127.0.0.1',
        environment: 'production',
        accountId: this.globals.account,
        profile: 'demo',
        sources: { token: 'demo', baseUrl: 'demo', account },
      };
    }
    if (this.globals.demo) {
      const demo = await this.startDemo();
      return {
        token: demo.token,
        baseUrl: demo.url,
        environment: 'production',
        accountId: this.globals.account,
        profile: 'demo',
        sources: { token: 'demo', baseUrl: 'demo', account: this.globals.account ? 'flag' : undefined },
      };
    }
    return resolveCredentials({ profile: this.globals.profile, account: this.globals.account }, this.env, () => this.store());
  }

  /** `--demo`: an in-process emulator with the demo data, its state kept in the user's data folder. */
  startDemo(): Promise<DemoHandle> {
    this.demo ??= (async () => {
      const { startEmulator } = await import('./emulator/index.js');
      // FISCO_LOCK_TIMEOUT_MS bounds the wait for the demo state's lock too (another fisco --demo writing).
      const emulator = await startEmulator({
        stateFile: join(dataDir(this.env), 'demo-state.json'),
        stateLockTimeoutMs: storeOptions(this.env).lockTimeoutMs,
        quiet: true,
      });
      const firm = this.portfolioCommand || Boolean(this.globals.allAccounts) || this.globals.accounts !== undefined;
      const token =
        (firm ? emulator.tokens.find((t) => t.environment === 'production' && /firm/.test(t.name))?.token : undefined) ??
        emulator.tokens.find((t) => t.environment === 'production' && !/firm|readonly|expired/.test(t.name))?.token ??
        emulator.tokens[0].token;
      this.closers.unshift(() => emulator.close());
      return { url: emulator.url, token, close: () => emulator.close() };
    })();
    return this.demo;
  }

  /** Only consults a store already opened: an error message is no reason to load conf. */
  private knownProfileForHost(host: string): string | undefined {
    return this.openedStore?.profileForHost(host);
  }
}

/** A client's document is Italian unless someone chose English (the locale of the accountant's machine does not). */
function reportLangOf(lang: 'it' | 'en', source: LangSource): 'it' | 'en' {
  return source === 'locale' ? 'it' : lang;
}

function parseRateLimit(raw: string | undefined): { limit: number; windowMs: number } | undefined {
  if (!raw) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new UsageError(`FISCO_RATE_LIMIT: '${raw}' is not LIMIT/WINDOW_MS, like 120/60000`);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) };
}

/**
 * One company's share of a run over several (portfolio fan-out): the run's context with that
 * company's client and output, and no progress line of its own (the portfolio's speaks for every
 * company). Everything else — globals, streams, profile store, credentials, pacers, clean-up — is
 * the run's.
 */
export class CompanyContext extends Context {
  override readonly pacers: Map<string, Pacer>;

  constructor(
    private readonly run: Context,
    private readonly companyClient: () => Promise<ApiClient>,
    private readonly companyOutput: Output,
  ) {
    super(run.globals, run.env, run.streams, run.redactor, run.signals);
    this.pacers = run.pacers;
    this.portfolioCommand = run.portfolioCommand;
    this.language = run.language;
    this.reportLang = run.reportLang;
  }

  override get output(): Output {
    return this.companyOutput;
  }

  override client(): Promise<ApiClient> {
    return this.companyClient();
  }

  override clientFor(credentials: { token: string; baseUrl: string; accountId?: string }, local?: LocalAnswerer): ApiClient {
    return this.run.clientFor(credentials, local);
  }

  override credentials(): Promise<Credentials> {
    return this.run.credentials();
  }

  override store(): Promise<ProfileStore> {
    return this.run.store();
  }

  override startDemo(): ReturnType<Context['startDemo']> {
    return this.run.startDemo();
  }

  override mirror(options?: { create?: boolean }): Promise<Mirror> {
    return this.run.mirror(options);
  }

  override onClose(closer: () => Promise<void>): void {
    this.run.onClose(closer);
  }

  override progress(): void {}

  override progressDone(): void {}
}
