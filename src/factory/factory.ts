/**
 * What a verb is handed, as the GitHub CLI's Factory (pkg/cmdutil/factory.go): small lazy getters
 * for what a run may need, each made on first use and once per run: the profile store, the
 * credential, the one API client, the company the run acts on (one rule), the local mirror, the
 * output layer; and the run's terminal (`io`, io.ts). Verbs never read process.env, build URLs or
 * write to process.stdout themselves.
 *
 * The output layer hangs off the Factory, not off IO: IO is the terminal as it is, one per run,
 * while the output is what the verb's data becomes, and that differs per company in a run over
 * several (each company's share writes into its lane of one merged document, src/portfolio/
 * fanout.ts) and depends on the run's flags and profile (format, fields, the profile's CSV dialect).
 *
 * A run over several companies hands each company `factory.forCompany(id)`: a new Factory sharing
 * the run (store, credential, pacers, mirror, clean-up) with that company's view of the client and
 * output. Nothing is subclassed and nothing is swapped while a verb runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiClient, assertBaseUrl, tokenCannotBeSent, type LocalAnswerer } from '../api/client.js';
import { DEFAULT_MAX_WAIT_MS, waitText, type Pacer } from '../api/pacer.js';
import { UsageError } from '../errors.js';
import type { GlobalFlags } from '../flags/global.js';
import type { Env } from '../io/env.js';
import type { Journal, JournalHeader, JournalKind } from '../journal/journal.js';
import { journalPath, sharedLockPath } from '../journal/path.js';
import type { SharedMirror } from '../mirror/choose.js';
import type { MirrorStore } from '../mirror/storage.js';
import { givenCsvDialect, resolveFormat } from '../output/format.js';
import { parseFieldList } from '../output/fields.js';
import { Output } from '../output/output.js';
import { PagedOutput, selectPager, type TextSink } from '../output/pager.js';
import type { Redactor } from '../output/redact.js';
import { safeLine } from '../output/safe-text.js';
import { accountSourceLabel, resolveCredentials, type Credentials, type NamedAccount } from '../profiles/credentials.js';
import type { Company } from '../portfolio/companies.js';
import { namedCompany } from '../portfolio/named.js';
import { portfolioSelectionOf, selectionOf, type Selection } from '../portfolio/select.js';
import { configDir, dataDir, storeOptions } from '../profiles/paths.js';
import type { ProfileStore } from '../profiles/store.js';
import { VERSION } from '../version.js';
import { demoCredentials, startDemo, type DemoHandle } from './demo.js';
import { IO, type Streams } from './io.js';
import type { SignalSource } from '../io/signals.js';
import { ENGLISH, render, t, type Language, type Text } from '../i18n/message.js';
import { loadLanguage } from '../i18n/load.js';
import { resolveLangWithSource, type LangSource } from '../profiles/lang.js';
import type { Profile } from '../profiles/profile.js';
import { maxBodyBytes, maxWaitMs, offlineSetting, rateLimit, retryBase, timeoutMs } from './settings.js';
import { sha256Hex } from '../domain/sha256.js';

/** What a run's shares have in common: made once per run by main(), never seen by a verb. */
class RunState {
  readonly pacers = new Map<string, Pacer>();
  readonly closers: (() => Promise<void>)[] = [];
  store?: Promise<ProfileStore>;
  openedStore?: ProfileStore;
  credentials?: Promise<Credentials>;
  client?: Promise<ApiClient>;
  demo?: Promise<DemoHandle>;
  mirror?: Promise<MirrorStore>;
  output?: Output;
  waitNoted = false;
  /** The run's language (resolveLanguage, before the verb runs): every message renders through it. */
  language: Language = ENGLISH;
  /** The language of a document for the client (report.html): the run's when someone chose it (flag, environment, profile), else Italian. */
  reportLang: 'it' | 'en' = 'it';

  constructor(
    readonly globals: GlobalFlags,
    readonly env: Env,
    readonly redactor: Redactor,
    /** The verb works over the token's companies: the demo gives it the firm's token. */
    readonly firmDemo: boolean,
  ) {}
}

/** A check awaited before the client's first use: eagerly when the client is taken, or before its first request (`lazy`). */
export interface ClientCheck {
  run: () => Promise<void>;
  lazy: boolean;
}

/** What a Factory has of its own: a company's share of a run has its client, output and progress-less terminal. */
interface Own {
  client?: () => Promise<ApiClient>;
  output?: Output;
  check?: ClientCheck;
  /** Told of every page a list reads (src/mcp/: a tool's answer says the total and whether more follow). */
  pages?: PageObserver;
  /** Asks the person before a send to the SDI, in place of the terminal (src/mcp/: the assistant's elicitation); throws when not confirmed. */
  confirm?: Confirmer;
}

/** Shows the preview to the person and resolves when they confirmed; throws NotConfirmedError otherwise. */
export type Confirmer = (preview: Text) => Promise<void>;

/** What a list learns of its pages (the service's `meta`, or the mirror's). */
export interface PageFacts {
  page: number;
  per_page: number;
  total: number;
  next_page: number | string | null;
}
export type PageObserver = (facts: PageFacts) => void;

export interface FactoryOptions {
  globals: GlobalFlags;
  env: Env;
  /** The run's streams; the Factory makes the run's IO over them. */
  streams: Streams;
  /** Where Ctrl-C and SIGTERM arrive: the process from the launcher; none in-process. */
  signals?: SignalSource;
  /** The run's one redactor: main() makes it; the client, the profile store and the output get this same one. */
  redactor: Redactor;
  /** The verb works over the token's companies (its record's scope): the demo gives it the firm's token. */
  firmDemo?: boolean;
}

export class Factory {
  private clientPromise?: Promise<ApiClient>;

  private constructor(
    private readonly run: RunState,
    readonly io: IO,
    private readonly own: Own,
  ) {}

  static create(options: FactoryOptions): Factory {
    const run = new RunState(options.globals, options.env, options.redactor, Boolean(options.firmDemo));
    const io = IO.of(options.streams, options.env, options.globals, options.signals, () => run.language);
    return new Factory(run, io, {});
  }

  /** One company's share of a run over several: its view of the one client (same pool and pacer) and its own output. */
  forCompany(id: string | (() => Promise<string>), output: Output): Factory {
    const company = typeof id === 'string' ? () => Promise.resolve(id) : id;
    const client = async () => {
      const accountId = await company();
      return (await this.tokenClient()).forAccount(accountId);
    };
    return new Factory(this.run, this.io.withoutProgress(), { client, output, pages: this.own.pages });
  }

  /**
   * One call of a long-lived run (`fisco mcp`, src/mcp/): the same run (credential, client, pacer,
   * mirror, redactor), its data as JSON into `stdout` and its messages into `stderr`, its pages told
   * to `pages`. Nothing of the run's own terminal is written.
   */
  forCall(streams: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }, hooks: { pages?: PageObserver; confirm?: Confirmer } = {}): Factory {
    const output = this.makeOutput({ format: 'json', stdout: streams.stdout, stderr: streams.stderr });
    return new Factory(this.run, this.io.withoutProgress(), { output, ...hooks });
  }

  /** Who confirms a send in place of the terminal (a call of `fisco mcp`), when someone does. */
  get confirmer(): Confirmer | undefined {
    return this.own.confirm;
  }

  /** A run of its own with the same flags, answered by the mirror (`fisco mcp`'s tools asked to use it); its language resolved. */
  async offlineRun(): Promise<Factory> {
    const run = this.run;
    const io = this.io;
    const twin = Factory.create({
      globals: { ...run.globals, offline: true },
      env: run.env,
      streams: { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr },
      signals: io.signals,
      redactor: run.redactor,
      firmDemo: run.firmDemo,
    });
    await twin.resolveLanguage();
    return twin;
  }

  /** The observer of a call's pages (forCall), when there is one. */
  get pageObserver(): PageObserver | undefined {
    return this.own.pages;
  }

  /** This Factory with a check before its client's first use (the runner's company rules). */
  checkingClient(check: ClientCheck): Factory {
    return new Factory(this.run, this.io, { ...this.own, check });
  }

  /** The global flags, as parsed for this run. */
  get globals(): GlobalFlags {
    return this.run.globals;
  }

  get env(): Env {
    return this.run.env;
  }

  /** The run's one redactor: a secret learnt during the run (a password, a webhook secret) is registered here. */
  get redactor(): Redactor {
    return this.run.redactor;
  }

  /** The key one answer per run is kept under (src/portfolio/token-kind.ts): the same for every share of the run. */
  get runKey(): object {
    return this.run;
  }

  /** The data folder: journals, the demo's state, the mirror, the token kinds. */
  get dataDir(): string {
    return dataDir(this.run.env);
  }

  /** The file of a journal of irreversible writes (src/journal/): one function for every kind. */
  journalPath(kind: JournalKind, parts: readonly string[]): string {
    return journalPath(this.dataDir, kind, [...parts]);
  }

  /**
   * Opens the journal of `kind` at `parts` (src/journal/): locked between processes (FISCO_LOCK_TIMEOUT_MS
   * bounds the wait, as for the profile store and the demo state), a damaged one refused unless
   * `rebuildFromService` (--rebuild-from-service) rebuilds it; what opening did is said on stderr.
   */
  async journal(kind: JournalKind, parts: readonly string[], header: JournalHeader, options: { rebuildFromService?: boolean } = {}): Promise<Journal> {
    // Loaded when a verb opens a journal, not on every run (reads never do).
    const { Journal } = await import('../journal/journal.js');
    // The same work on the same service takes turns under any profile name (journals are per profile).
    return Journal.open(this.journalPath(kind, parts), header, {
      sharedLock: sharedLockPath(this.dataDir, await this.service(), header.kind, header.id),
      ...storeOptions(this.run.env),
      rebuild: Boolean(options.rebuildFromService),
      warn: (line) => this.output.warn(line),
    });
  }

  /** Where the journal of a caller's request ids is (invoice pay --request-id, the MCP server's writes): one per profile and company. */
  async requestJournal(kind: 'pay' | 'mcp'): Promise<{ kind: 'pay' | 'mcp'; parts: string[]; header: JournalHeader }> {
    const owner = await this.journalOwner();
    const account = (await this.company())?.id;
    return { kind, parts: [owner.key, account ?? 'token', 'requests'], header: { kind, id: account ?? 'token', profile: owner.key, account } };
  }

  /** Whose journals they are: the profile's name, or (a token from the environment) a digest of base URL and token. */
  async journalOwner(): Promise<{ key: string; environment: string; baseUrl: string }> {
    const credentials = await this.credentials();
    const key = credentials.profile ?? `env-${sha256Hex(`${credentials.baseUrl}\n${credentials.token}`).slice(0, 12)}`;
    return { key, environment: credentials.environment, baseUrl: credentials.baseUrl };
  }

  /** The service this run works on, as plans and locks name it: its base URL, or `demo` (the demo's emulator listens on another port every run; its state is the data folder's). */
  async service(): Promise<string> {
    const credentials = await this.credentials();
    return credentials.sources.baseUrl === 'demo' ? 'demo' : credentials.baseUrl;
  }

  /** Offline: refuses (exit 2) a selection that covers a company the mirror never synced (src/mirror/open.ts). */
  async mirrorCovers(companies: readonly Company[], selection: Selection): Promise<void> {
    const { assertSynced } = await import('../mirror/open.js');
    assertSynced(this, await this.mirror(), companies, selection);
  }

  /** `--offline` or FISCO_OFFLINE: reads answered by the mirror. */
  get offline(): boolean {
    return offlineSetting(this.run.globals.offline, this.run.env);
  }

  get output(): Output {
    if (this.own.output) return this.own.output;
    this.run.output ??= this.makeOutput();
    return this.run.output;
  }

  private makeOutput(call?: { format: 'json'; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Output {
    const { globals, env } = this.run;
    const io = this.io;
    return new Output({
      // A file is not a terminal: it gets json by default, like a pipe.
      format: call?.format ?? resolveFormat(globals.output, io.dataToTerminal),
      outputFile: call ? undefined : globals.outputFile,
      csvDialect: givenCsvDialect(globals.csvDialect) ?? givenCsvDialect(env.FISCO_CSV_DIALECT, 'FISCO_CSV_DIALECT'),
      profileCsvDialect: () => this.profileCsvDialect(),
      fields: call ? undefined : parseFieldList(globals.fields),
      query: call ? undefined : globals.query,
      colour: call ? false : io.colour,
      stderrColour: call ? false : io.stderrColour,
      quiet: call ? false : Boolean(globals.quiet),
      stdout: call?.stdout ?? io.stdout,
      stderr: call?.stderr ?? io.stderr,
      redactor: this.run.redactor,
      width: io.width,
      pager: () => (call ? undefined : this.pager()),
      beforeData: () => io.stdoutIsTTY && io.clearProgress(),
      beforeMessage: () => io.clearProgress(),
      language: this.run.language,
    });
  }

  /** The run's language: messages, prompts, progress lines and the report speak it. */
  get language(): Language {
    return this.run.language;
  }

  /** The language of a document for the client (report.html): the run's when someone chose it, else Italian. */
  get reportLang(): 'it' | 'en' {
    return this.run.reportLang;
  }

  /**
   * The run's language: --lang > FISCO_LANG > the profile's `lang` > the locale (src/profiles/lang.ts);
   * the profile store is read only when neither the flag nor the environment says. FISCO_I18N_STRICT=1
   * (the tests) makes a message without its translation a failure. Resolved once, before the verb runs.
   */
  async resolveLanguage(): Promise<Language> {
    const { globals, env } = this.run;
    const profile = globals.lang === undefined && !env.FISCO_LANG ? (await this.profileInUse())?.lang : undefined;
    const { lang, source } = resolveLangWithSource({ flag: globals.lang, env, profile });
    this.run.reportLang = reportLangOf(lang, source);
    this.run.language = await loadLanguage(lang, env.FISCO_I18N_STRICT === '1');
    return this.run.language;
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
    const { globals, env } = this.run;
    if (globals.demo || !existsSync(join(configDir(env), 'config.json'))) return undefined;
    try {
      const store = await this.store();
      const name = globals.profile ?? (env.FISCO_PROFILE || store.activeName());
      return name ? store.get(name) : undefined;
    } catch {
      return undefined;
    }
  }

  /** A pager for a table taller than the screen; undefined off a terminal, with --no-pager or --output-file. */
  private pager(): TextSink | undefined {
    const { globals, env } = this.run;
    if (globals.outputFile) return undefined;
    const command = selectPager({ env, noPager: globals.pager === false, stdoutIsTTY: this.io.stdoutIsTTY });
    if (!command) return undefined;
    return new PagedOutput({ command, rows: Math.max(1, this.io.rows - 1), stdout: this.io.stdout, env });
  }

  /** The command succeeded: `--output-file` gets its content (an empty file when there was no data). */
  async finishOutput(): Promise<void> {
    if (this.run.output || this.run.globals.outputFile) await this.output.finish();
  }

  /** The command failed: nothing is left at `--output-file`. Never creates the output layer. */
  async discardOutput(): Promise<void> {
    await this.run.output?.discard();
  }

  /** The profile store; conf is loaded only by commands that need it. */
  store(): Promise<ProfileStore> {
    const run = this.run;
    run.store ??= import('../profiles/store.js').then(
      ({ ProfileStore }) => (run.openedStore = new ProfileStore(configDir(run.env), run.redactor, storeOptions(run.env))),
    );
    return run.store;
  }

  /** The run's credential: token, base URL, environment and the company named (flag, FISCO_ACCOUNT, profile). */
  credentials(): Promise<Credentials> {
    this.run.credentials ??= this.resolveCredentials();
    return this.run.credentials;
  }

  /** The company the run names, by the one rule (flag, FISCO_ACCOUNT, the profile's default), not yet checked against the token's. */
  async namedAccount(): Promise<NamedAccount | undefined> {
    const credentials = await this.credentials();
    return credentials.accountId !== undefined && credentials.sources.account !== undefined
      ? { id: credentials.accountId, source: credentials.sources.account }
      : undefined;
  }

  /**
   * The company the run acts on, by the one rule (flag, FISCO_ACCOUNT, the profile's default),
   * checked against the token's companies (a typo is a usage error listing them, never an empty
   * answer); undefined when none is named, or offline (where the mirror refuses a company it never
   * synced, naming the sync). Asked once per run.
   */
  company(): Promise<Company | undefined> {
    return namedCompany(this);
  }

  /**
   * The companies a run over several covers: --all-accounts, --accounts ID,…, else the company
   * named by the one rule (flag, FISCO_ACCOUNT, the profile's default), else every one.
   */
  async selection(): Promise<Selection> {
    if (selectionOf(this.run.globals)) return portfolioSelectionOf(this.run.globals);
    const named = await this.namedAccount();
    return portfolioSelectionOf(this.run.globals, named && { id: named.id, flag: accountSourceLabel(named.source, (await this.credentials()).profile) });
  }

  /**
   * The client a verb talks to the service with: the run's one client (or, offline, the one
   * answering from the mirror), a company's view of it in a run over several, after the runner's
   * check of the company when it set one.
   */
  client(): Promise<ApiClient> {
    this.clientPromise ??= this.makeClient();
    return this.clientPromise;
  }

  private async makeClient(): Promise<ApiClient> {
    if (this.own.client) return this.own.client();
    const check = this.own.check;
    if (!check) return this.tokenClient();
    // A bad -o or --csv-dialect is exit 2 before anything is sent, as a check would send.
    void this.output;
    const api = await this.tokenClient();
    if (check.lazy) return api.withBeforeSend(check.run);
    await check.run();
    return api;
  }

  /** The run's one client as the token's, without a company's view or the runner's check (the token's own questions: /v1/me, /v1/accounts). */
  tokenClient(): Promise<ApiClient> {
    const run = this.run;
    run.client ??= this.offline
      ? import('../mirror/open.js').then(({ offlineClient }) => offlineClient(this))
      : this.credentials().then((credentials) => this.clientFor(credentials));
    return run.client;
  }

  /** A client for a credential other than the run's (auth login/status verify each); `local` answers instead of the service (--offline). */
  clientFor(credentials: { token: string; baseUrl: string; accountId?: string }, local?: LocalAnswerer): ApiClient {
    const { env, globals, redactor } = this.run;
    const client = new ApiClient({
      local,
      baseUrl: credentials.baseUrl,
      token: credentials.token,
      redactor,
      accountId: credentials.accountId,
      userAgent: `fisco/${VERSION} (node ${process.versions.node}; ${process.platform})`,
      rateLimit: rateLimit(env),
      retry: retryBase(env),
      timeoutMs: this.timeoutMs(),
      maxBodyBytes: maxBodyBytes(env),
      maxWaitMs: maxWaitMs(env),
      onWait: (ms, reason) => this.showWait(ms, reason),
      debug: globals.debug ? (line) => this.io.stderr.write(`${line}\n`) : undefined,
      hints: { profileForHost: (host) => this.run.openedStore?.profileForHost(host) },
      pacers: this.run.pacers,
    });
    this.onClose(() => client.close());
    return client;
  }

  /**
   * The mirror of this run's credential (profile and environment; src/mirror/), opened once per
   * run: created by `fisco sync` (`create`), otherwise a usage error naming the sync when absent.
   */
  mirror(options: { create?: boolean } = {}): Promise<MirrorStore> {
    this.run.mirror ??= import('../mirror/open.js').then(({ openMirror }) => openMirror(this, options.create === true));
    return this.run.mirror;
  }

  /**
   * A run that outlives one read (fisco mcp, between two tool calls): the mirror's next read sees
   * every sync since (storage.ts renewSnapshot). Nothing when no mirror is open; a mirror that could
   * not be opened is left for the read to say so.
   */
  async renewMirrorSnapshot(): Promise<void> {
    const opened = await this.run.mirror?.catch(() => undefined);
    opened?.renewSnapshot();
  }

  /** The shared PostgreSQL that holds the run's mirror (--mirror, FISCO_MIRROR_URL, the profile's setting), or undefined for the SQLite file. */
  async sharedMirror(): Promise<SharedMirror | undefined> {
    const { globals, env, redactor } = this.run;
    const profile = globals.mirror === undefined && env.FISCO_MIRROR_URL === undefined ? (await this.profileInUse())?.mirror : undefined;
    const { sharedMirror } = await import('../mirror/choose.js');
    return sharedMirror({ flag: globals.mirror, env, profile }, redactor);
  }

  /** `--timeout SECONDS` > FISCO_TIMEOUT > 30 s; a bad value is a usage error naming where it came from. */
  timeoutMs(): number | undefined {
    return timeoutMs(this.run.globals.timeout, this.run.env);
  }

  onClose(closer: () => Promise<void>): void {
    this.run.closers.push(closer);
  }

  /** The run is over: everything opened for it is closed, last opened first. */
  async close(): Promise<void> {
    for (const closer of this.run.closers.splice(0).reverse()) await closer().catch(() => undefined);
  }

  /**
   * A pacing wait of a few seconds or more: a countdown on a terminal; otherwise one note on
   * stderr for the whole run (a CI log is not flooded).
   */
  private showWait(ms: number, reason: Text): void {
    const io = this.io;
    if (io.quiet) return;
    if (io.stderrIsTTY) {
      const end = Date.now() + ms;
      const draw = () => {
        const left = end - Date.now();
        if (left <= 0) {
          clearInterval(timer);
          io.progressDone();
          return;
        }
        io.progress(t`waiting ${waitText(left)} for ${reason}…`);
      };
      const timer = setInterval(draw, 1000);
      timer.unref();
      draw();
      return;
    }
    if (this.run.waitNoted) return;
    this.run.waitNoted = true;
    io.stderr.write(
      `${safeLine(this.run.redactor.redact(`fisco: ${render(t`waiting ${waitText(ms)} for ${reason} (longer waits than ${waitText(maxWaitMs(this.run.env) ?? DEFAULT_MAX_WAIT_MS)} end the command: FISCO_MAX_WAIT)`, this.run.language)}`))}\n`,
    );
  }

  /** The token is registered with the one redactor the moment it is known, and checked before anything is sent. */
  private async resolveCredentials(): Promise<Credentials> {
    const credentials = await this.credentialsFromWhere();
    this.run.redactor.add(credentials.token);
    if (tokenCannotBeSent(credentials.token)) {
      const where = credentials.sources.token === 'env' ? 'FISCO_TOKEN' : t`the token of profile '${credentials.profile}'`;
      throw new UsageError(t`${where} holds a space, a line break or another control character, so it cannot be sent as a header; nothing was sent`, [
        credentials.sources.token === 'env'
          ? t`Set FISCO_TOKEN to the token alone.`
          : t`Store it again: fisco auth login (the profile ${credentials.profile}).`,
      ]);
    }
    if (credentials.sources.baseUrl === 'profile') assertBaseUrl(credentials.baseUrl, `the base URL of profile '${credentials.profile ?? 'active'}'`);
    return credentials;
  }

  private async credentialsFromWhere(): Promise<Credentials> {
    const { globals, env } = this.run;
    // Offline, the demo's mirror is read without starting its emulator; no token is sent anywhere.
    if (globals.demo) return demoCredentials(this.offline ? undefined : await this.demo(), globals.account, env);
    return resolveCredentials({ profile: globals.profile, account: globals.account }, env, () => this.store());
  }

  /** `--demo` with the firm's token (a verb over the token's companies, or --all-accounts/--accounts); a company's otherwise. */
  get demoFirm(): boolean {
    const run = this.run;
    return run.firmDemo || Boolean(run.globals.allAccounts) || run.globals.accounts !== undefined;
  }

  /** `--demo`: an in-process emulator with the demo data, its state kept in the user's data folder. */
  demo(): Promise<DemoHandle> {
    const run = this.run;
    run.demo ??= startDemo(run.env, this.demoFirm).then((demo) => {
      run.closers.unshift(() => demo.close());
      return demo;
    });
    return run.demo;
  }
}

/** A client's document is Italian unless someone chose English (the locale of the accountant's machine does not). */
function reportLangOf(lang: 'it' | 'en', source: LangSource): 'it' | 'en' {
  return source === 'locale' ? 'it' : lang;
}
