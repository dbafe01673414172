import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { writeJson } from '../domain/json-number.js';
import { DEFAULT_TIMEOUT_MS } from './timeout.js';
import { redactPatterns, type Redactor } from '../output/redact.js';
import { decodeAnswer, unexpected } from './decode.js';
import { parseAnswerJson, TooDeepError } from '../domain/answer-json.js';
import { ApiError, NetworkError, OutcomeUnknownError, TimeoutError, UnexpectedAnswerError, UsageError } from '../errors.js';
import { accountsOf, companyLines, toApiError, type HintSources } from './error-body.js';
import { NOTICE_WAIT_MS, pacerFor, type Pacer, type WaitNotice } from './pacer.js';
import { createTracer, type Tracer } from './trace.js';
import { tokenCannotBeSent } from './token.js';
import { decimal, type Message, t, type Text } from '../i18n/message.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | string[];
export type Query = Record<string, QueryValue>;

export interface RetryPolicy {
  /** Attempts after the first, for reads only. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the command fails with exit 7 instead. */
  maxRetryAfterMs: number;
  /** A read stops retrying once this much time has passed since its first attempt. */
  maxTotalMs: number;
}

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** The run's one redactor: the token is registered with it, the trace and messages pass it. */
  redactor: Redactor;
  /** The company a firm token acts on; sent as `account_id` on every request. */
  accountId?: string;
  userAgent: string;
  connectTimeoutMs?: number;
  /** The overall deadline of one request: connection, headers and the whole body (`--timeout`). Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  rateLimit?: { limit: number; windowMs: number };
  debug?: (line: string) => void;
  hints?: HintSources;
  sleep?: (ms: number) => Promise<void>;
  /** The largest answer body fisco parses (FISCO_MAX_BODY_MB); default DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** The longest pacing or Retry-After wait sat through (FISCO_MAX_WAIT); longer is exit 7 at once. */
  maxWaitMs?: number;
  /** Told of a pacing wait worth showing (a countdown on a terminal, one note otherwise). */
  onWait?: WaitNotice;
  /** The run's pacers by token (the Factory's run): every client of one token shares one budget. Default: this client's own. */
  pacers?: Map<string, Pacer>;
  /**
   * Awaited before each request and download is sent (a rejection stops it unsent): the check a
   * firm token's read waits for (src/commands/runner.ts), made at the moment something is sent.
   */
  beforeSend?: () => Promise<void>;
  /**
   * `--offline`: every request is answered here instead of by the service (src/mirror/answer.ts),
   * with no request at all; the answer is decoded and mapped to errors exactly as the service's.
   */
  local?: LocalAnswerer;
}

/** An answer given without the network: a status, its headers and the body's text. */
export interface LocalAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /**
   * A refusal in the answerer's own words (the mirror's "not in the mirror"), said as fisco's in
   * the run's language: no service answered, so none is quoted. The body keeps its English text.
   */
  said?: Message;
}

export interface LocalAnswerer {
  /** Answers at once, or throws a FiscoError (a usage error when the answer is not kept). */
  answer(method: Method, path: string, query: Query): LocalAnswer;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Override the method-based default (reads retry, writes never do). */
  retry?: boolean;
  /** The contract's shape of a 2xx answer; without one any JSON is accepted. */
  schema?: z.ZodType;
  /** For a write: how a person sees its result when the answer cannot be read ("See it with: fisco clients list"). */
  seeWith?: Text;
  signal?: AbortSignal;
  /** Called once the whole answer is in, before it is decoded (paginate then sends the next request). */
  onAnswer?: () => void;
  /** The contract answers 204 with no body: only that answer proves the write was done (decode.ts). */
  noContent?: boolean;
}

/** A file being fetched: the body is a stream the caller must consume or destroy. */
export interface DownloadResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

/**
 * The largest answer fisco parses (FISCO_MAX_BODY_MB): a page of 100 records is well under 1 MB,
 * so 64 MB is generous; beyond it the answer is unusable (exit 8), never fetched again.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

class BodyTooLargeError extends Error {
  constructor(readonly text: Message) {
    super(String(text));
  }
}

/** The body as text, refused once it passes `limit` bytes (announced or received). */
async function readLimited(response: Dispatcher.ResponseData, limit: number): Promise<string> {
  const mb = (bytes: number) => t`${decimal(Number((bytes / 1024 / 1024).toFixed(1)))} MB`;
  const announced = response.headers['content-length'];
  const length = typeof announced === 'string' && /^\d+$/.test(announced) ? Number(announced) : undefined;
  if (length !== undefined && length > limit)
    throw new BodyTooLargeError(t`the answer is ${mb(length)}, more than the ${mb(limit)} fisco reads (FISCO_MAX_BODY_MB)`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(t`the answer is larger than the ${mb(limit)} fisco reads (FISCO_MAX_BODY_MB)`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 400, maxDelayMs: 8_000, maxRetryAfterMs: 90_000, maxTotalMs: 120_000 };
export { DEFAULT_TIMEOUT_MS };
export { tokenCannotBeSent };
const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);
/** Errors raised before any byte of the request could have reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The one HTTP client every command uses: bearer auth, base URL, JSON, timeouts, pacing within the
 * rate limit, retries for reads only, both API error shapes mapped to ApiError, and a redacted
 * `--debug` trace.
 */
export class ApiClient {
  private readonly agent: Agent;
  private readonly pacer: Pacer;
  private readonly pacers: Map<string, Pacer>;
  private readonly retryPolicy: RetryPolicy;
  private readonly tracer: Tracer;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  readonly baseUrl: string;

  /** The run's one redactor: a secret read from an answer (a webhook secret) is registered here. */
  get redactor(): Redactor {
    return this.options.redactor;
  }

  /** `shared`: the connection pool of the client this one acts beside (forAccount), instead of a new one. */
  constructor(
    private readonly options: ClientOptions,
    shared?: { agent: Agent },
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    options.redactor.add(options.token);
    // undici's own timeouts are a backstop: the overall deadline of each request is enforced below.
    this.agent =
      shared?.agent ??
      new Agent({
        connect: { timeout: Math.min(options.connectTimeoutMs ?? 10_000, this.timeoutMs) },
        headersTimeout: this.timeoutMs + 1_000,
        bodyTimeout: this.timeoutMs + 1_000,
      });
    // The contract's 120 a minute until the service announces its own; a configured limit stays a ceiling.
    this.pacers = options.pacers ?? new Map();
    this.pacer = pacerFor(
      this.pacers,
      `${this.baseUrl} ${options.token}`,
      options.rateLimit ? { ...options.rateLimit, explicit: true } : { limit: 120, windowMs: 60_000 },
    );
    this.pacer.configure({ maxWaitMs: options.maxWaitMs, onWait: options.onWait });
    // A Retry-After is a wait like any other: the same bound.
    this.retryPolicy = { ...DEFAULT_RETRY, maxRetryAfterMs: this.pacer.maxWait, ...options.retry };
    this.tracer = createTracer(options.debug, options.redactor);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get accountId(): string | undefined {
    return this.options.accountId;
  }

  /**
   * This same client (connection pool, pacer, retries, trace) acting on another company of a
   * firm token: every request of the view carries that `account_id`. A fan-out over companies
   * uses one view per company and so stays inside the token's one pacing budget.
   */
  forAccount(accountId: string): ApiClient {
    return new ApiClient({ ...this.options, accountId, pacers: this.pacers }, { agent: this.agent });
  }

  /** This client (same pool and pacers) with a check awaited before anything is sent. */
  withBeforeSend(beforeSend: () => Promise<void>): ApiClient {
    return new ApiClient({ ...this.options, pacers: this.pacers, beforeSend }, { agent: this.agent });
  }

  /** A read: the answer is decoded with `schema` (the contract's shape) and typed from it; there is no unchecked read. */
  async get<S extends z.ZodType>(path: string, query: Query | undefined, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
    return (await this.request('GET', path, { query, schema, signal })).body;
  }

  /** A write whose answer is decoded with `schema`. */
  async post<S extends z.ZodType>(path: string, body: unknown, options: { query?: Query; schema: S; seeWith?: Text }): Promise<z.output<S>> {
    return (await this.request('POST', path, { body, ...options })).body;
  }

  /** A delete, which the contract answers 204 with no body: any other 2xx is an unknown outcome (exit 9). */
  async delete(path: string, options: { query?: Query; seeWith?: Text } = {}): Promise<void> {
    await this.request('DELETE', path, { ...options, noContent: true });
  }

  /** True when `url` is on the API's origin (a `next_page` link may be followed; a file link gets the token). */
  sameOrigin(url: URL): boolean {
    return url.origin === new URL(this.baseUrl).origin;
  }

  /** The API path (relative to the base URL) and query of an absolute link on the API's origin. */
  relativePath(url: URL): { path: string; query: Query } {
    const basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    const path = basePath && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
    return { path, query: Object.fromEntries(url.searchParams) };
  }

  /** Builds the absolute URL of an API path: the only place paths and the base URL meet. */
  url(path: string, query: Query = {}): string {
    const withAccount = this.options.accountId && query.account_id === undefined ? { ...query, account_id: this.options.accountId } : query;
    const url = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [key, value] of Object.entries(withAccount)) {
      if (value === undefined || value === null || value === '') continue;
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    return url.toString();
  }

  /**
   * One exchange. With a schema the body is decoded and typed from it; without one it is `unknown`
   * (JSON checked, shape not): only `fisco api`, which prints what came, and callers that read the
   * headers alone take that.
   */
  async request<S extends z.ZodType>(method: Method, path: string, options: RequestOptions & { schema: S }): Promise<ApiResponse<z.output<S>>>;
  async request(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<unknown>>;
  async request(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<unknown>> {
    if (this.options.local) return this.answerLocally(method, path, options);
    this.assertToken();
    await this.options.beforeSend?.();
    const payload = options.body === undefined ? undefined : writeJson(options.body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const retry = options.retry ?? method === 'GET';
    const { response, text } = await this.exchange({
      method,
      url: this.url(path, options.query),
      path,
      headers,
      payload,
      retry,
      seeWith: options.seeWith,
      signal: options.signal,
    });
    options.onAnswer?.();
    const body: unknown = decodeAnswer(
      { method, path, status: response.statusCode, text: text ?? '', noContent: options.noContent },
      options.schema,
      options.seeWith,
    );
    return { status: response.statusCode, headers: response.headers, body };
  }

  /** `--offline`: the answer of the mirror, decoded (or turned into an error) exactly as the service's. */
  private async answerLocally(method: Method, path: string, options: RequestOptions): Promise<ApiResponse<unknown>> {
    await this.options.beforeSend?.();
    const query =
      this.options.accountId && options.query?.account_id === undefined ? { ...options.query, account_id: this.options.accountId } : (options.query ?? {});
    const answer = this.options.local!.answer(method, path, query);
    if (answer.status >= 300) {
      const error = await this.answerError(method, path, answer.status, answer.headers, answer.text, '');
      const said = answer.said;
      throw said ? error.reword(() => said) : error;
    }
    options.onAnswer?.();
    const body: unknown = decodeAnswer(
      { method, path, status: answer.status, text: answer.text, noContent: options.noContent },
      options.schema,
      options.seeWith,
    );
    return { status: answer.status, headers: answer.headers, body };
  }

  /** A token a header cannot carry is a usage error naming it, before anything is sent. */
  private assertToken(): void {
    if (!tokenCannotBeSent(this.options.token)) return;
    throw new UsageError(t`the token holds a space, a line break or another control character, so it cannot be sent as a header; nothing was sent`, [
      t`Check FISCO_TOKEN or the profile (\`fisco auth status\`): copy the token again without spaces or line breaks.`,
    ]);
  }

  /**
   * GETs a file by absolute URL (a `file_url`) with the same timeouts, retries and error mapping
   * as API calls. A signed link carries its own credential: it gets no bearer token and is not
   * charged to the token's pacer (a 429 from its host still holds that host's downloads until
   * Retry-After). An unsigned link on the API's own origin is an API call: token and pacing.
   * A link on another host never sees the token.
   */
  async download(url: string, options: { signal?: AbortSignal } = {}): Promise<DownloadResponse> {
    if (this.options.local) {
      throw new UsageError(t`--offline: files (F24 and invoice PDFs) are not kept in the mirror; download them without --offline. Nothing was sent`);
    }
    this.assertToken();
    await this.options.beforeSend?.();
    const target = this.fileLink(url);
    const headers: Record<string, string> = { accept: 'application/pdf, application/octet-stream, */*', 'user-agent': this.options.userAgent };
    const withToken = target.origin === new URL(this.baseUrl).origin && !isSignedLink(target);
    if (withToken) headers.authorization = `Bearer ${this.options.token}`;
    const pacer = withToken ? this.pacer : pacerFor(this.pacers, `file ${target.origin}`, { limit: Number.POSITIVE_INFINITY, windowMs: 1 });
    const { response } = await this.exchange({ method: 'GET', url, path: target.pathname, headers, retry: true, signal: options.signal, stream: true, pacer });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /**
   * A file link fisco may follow: `https:`, or `http:` on the API's own host (a local or test
   * service). Anything else (`file:`, `ftp:`, `data:`, http elsewhere) is refused at once, never retried.
   */
  private fileLink(url: string): URL {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new UnexpectedAnswerError(t`the file link '${this.redactor.redact(url).slice(0, 120)}' is not a URL`, 'GET', url.slice(0, 120), 200, false);
    }
    const base = new URL(this.baseUrl);
    if (target.protocol === 'https:' || (target.protocol === 'http:' && target.hostname === base.hostname)) return target;
    const what =
      target.protocol === 'http:'
        ? t`http on another host (${target.host}); fisco follows https links, and http only on the API's host`
        : t`the scheme ${target.protocol.replace(/:$/, '')}; fisco follows https links only`;
    throw new UnexpectedAnswerError(
      t`the file link ${this.redactor.redact(`${target.protocol}//${target.host}${target.pathname}`).slice(0, 120)} uses ${what}`,
      'GET',
      target.pathname,
      200,
      false,
    );
  }

  /**
   * One exchange with pacing, tracing, retries (only when `retry`), an overall deadline per
   * attempt and error mapping. A success comes back with its body read as text, or, with
   * `stream`, with the body left to the caller (the deadline still covers it).
   */
  private async exchange(call: {
    method: Method;
    url: string;
    path: string;
    headers: Record<string, string>;
    payload?: string;
    retry: boolean;
    signal?: AbortSignal;
    stream?: boolean;
    seeWith?: Text;
    pacer?: Pacer;
  }): Promise<{ response: Dispatcher.ResponseData; text?: string }> {
    const { method, url, headers, payload } = call;
    const pacer = call.pacer ?? this.pacer;
    const retries = call.retry ? this.retryPolicy.retries : 0;
    const firstStart = Date.now();
    /** Whether another attempt fits the retry budget, and the words for the limit that stops it. */
    const canRetry = (attempt: number, waitMs: number): { ok: boolean; limit: Text } => {
      if (attempt >= retries) return { ok: false, limit: retries > 0 ? t`after ${attempt + 1} attempts` : '' };
      const spent = Date.now() - firstStart;
      if (spent + waitMs > this.retryPolicy.maxTotalMs) {
        return { ok: false, limit: t`after ${attempt + 1} attempts in ${seconds(spent)} (reads retry for at most ${seconds(this.retryPolicy.maxTotalMs)})` };
      }
      return { ok: true, limit: '' };
    };
    for (let attempt = 0; ; attempt++) {
      const slot = await pacer.acquire(this.options.accountId);
      this.tracer.request(method, url, headers, payload);
      const started = Date.now();
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
      const signal = call.signal ? AbortSignal.any([call.signal, deadline.signal]) : deadline.signal;
      let response: Dispatcher.ResponseData | undefined;
      let text: string | undefined;
      try {
        response = await request(url, { method, headers, body: payload, dispatcher: this.agent, signal }).finally(() => slot.done());
        pacer.observe(response.headers);
        if (!call.stream || response.statusCode >= 300) text = await readLimited(response, this.maxBodyBytes);
        if (call.stream && response.statusCode < 300) {
          const body = response.body;
          body.once('close', () => clearTimeout(timer));
        } else clearTimeout(timer);
      } catch (error) {
        clearTimeout(timer);
        this.tracer.failure(error, Date.now() - started);
        // Throws, or returns once the wait before the next attempt is over.
        await this.afterFailure(call, error, response, deadline.signal.aborted, canRetry(attempt, this.backoff(attempt)), attempt);
        continue;
      }
      this.tracer.response(response.statusCode, response.headers, text ?? '(file body)', Date.now() - started);
      if (response.statusCode >= 200 && response.statusCode < 300) return { response, text };
      // Throws, or returns once the wait before the next attempt is over.
      await this.afterRefusal(call, pacer, response, text ?? '', retries > 0, (wait) => canRetry(attempt, wait), attempt);
    }
  }

  /** An exchange that failed before a whole answer: the error to throw, or (a retryable failure) the wait before the next attempt. */
  private async afterFailure(
    call: { method: Method; path: string; signal?: AbortSignal; seeWith?: Text },
    error: unknown,
    response: Dispatcher.ResponseData | undefined,
    timedOut: boolean,
    next: { ok: boolean; limit: Text },
    attempt: number,
  ): Promise<void> {
    const { method, path } = call;
    if (call.signal?.aborted) throw error;
    if (error instanceof BodyTooLargeError) {
      // Never retried: the same answer would come back as large.
      response?.body.destroy();
      throw unexpected({ method, path, status: response!.statusCode, text: '' }, t`an unusable answer: ${error.text}`, call.seeWith);
    }
    if (response && response.statusCode >= 200 && response.statusCode < 300 && method !== 'GET') {
      // The service accepted the write; only its answer is missing.
      throw unexpected(
        { method, path, status: response.statusCode, text: '' },
        timedOut ? t`the answer did not arrive within ${this.seconds()} (--timeout)` : t`the connection closed in the middle of the answer`,
        call.seeWith,
      );
    }
    if (!next.ok) throw this.networkError(method, path, error, !NOT_SENT_CODES.has(errorCode(error)), timedOut, next.limit);
    await this.sleep(this.backoff(attempt));
  }

  /** An answer that is not a success: the error to throw, or (429, 5xx within the budget) the wait before the next attempt. */
  private async afterRefusal(
    call: { method: Method; path: string },
    pacer: Pacer,
    response: Dispatcher.ResponseData,
    text: string,
    retrying: boolean,
    canRetry: (waitMs: number) => { ok: boolean; limit: Text },
    attempt: number,
  ): Promise<void> {
    const { method, path } = call;
    if (response.statusCode >= 300 && response.statusCode < 400) throw this.redirected(method, path, response, text);
    if (response.statusCode === 431) {
      throw new UsageError(
        t`${method} ${path}: the service refused the request headers as too large (HTTP 431): the token is probably not a token; nothing was done`,
        [t`Check FISCO_TOKEN or the profile (\`fisco auth status\`) and log in again with the right token.`],
      );
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
    if (response.statusCode === 429 && retryAfterMs !== undefined) pacer.blockUntil(Date.now() + retryAfterMs, this.options.accountId);
    let limit: Text = '';
    if (RETRYABLE_STATUS.has(response.statusCode) && retrying) {
      const wait = retryAfterMs ?? this.backoff(attempt);
      const next = canRetry(wait);
      if (next.ok && (retryAfterMs === undefined || retryAfterMs <= this.retryPolicy.maxRetryAfterMs)) {
        if (wait >= NOTICE_WAIT_MS) this.options.onWait?.(wait, retryAfterMs !== undefined ? t`the service (Retry-After)` : t`the service to recover`);
        await this.sleep(wait);
        return;
      }
      const tooLong = retryAfterMs !== undefined && retryAfterMs > this.retryPolicy.maxRetryAfterMs;
      limit =
        tooLong || next.ok
          ? t`the service asks to wait ${Math.ceil(wait / 1000)} s, longer than fisco waits (${Math.ceil(this.retryPolicy.maxRetryAfterMs / 1000)} s, FISCO_MAX_WAIT)`
          : next.limit;
    }
    throw await this.answerError(method, path, response.statusCode, response.headers, text, limit);
  }

  /** The error of a non-2xx answer (the service's, or the mirror's replay of it): both error shapes, the hints, `limit` said. */
  private async answerError(
    method: Method,
    path: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    text: string,
    limit: Text,
  ): Promise<ApiError> {
    const retryAfterMs = parseRetryAfter(headers['retry-after']);
    let body: unknown;
    try {
      body = parseAnswerJson(text);
    } catch (error) {
      body = error instanceof TooDeepError ? '' : text;
    }
    const error = toApiError(
      { status, method, path, body, retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000) },
      this.options.hints,
    );
    if (limit) error.reword((said) => t`${said} (${limit})`);
    if (error.code === 'ambiguous_account' && !error.hints.some((h) => String(h).startsWith('  --account'))) await this.addCompanies(error);
    return error;
  }

  /** ambiguous_account without the companies in its body: list them with GET /v1/accounts. */
  private async addCompanies(error: ApiError): Promise<void> {
    if (error.path === '/v1/accounts') return;
    // Read without a schema on purpose: accountsOf keeps only the well-formed companies of a hint.
    const answer = await this.request('GET', '/v1/accounts', { query: { per_page: 100 } }).catch(() => undefined);
    const accounts = accountsOf((answer?.body as { data?: unknown } | undefined)?.data);
    if (accounts.length) error.hints.push(...companyLines(accounts));
  }

  /** A 3xx: never followed (the token would travel with it), never a success. */
  private redirected(method: Method, path: string, response: Dispatcher.ResponseData, text: string): Error {
    const location = response.headers.location;
    const target = (Array.isArray(location) ? location[0] : location) ?? '';
    const to = this.redactor.redact(target);
    let elsewhere = false;
    try {
      elsewhere = target !== '' && new URL(target, this.baseUrl).origin !== new URL(this.baseUrl).origin;
    } catch {
      /* a Location that is not a URL: shown as it is */
    }
    const what = !target
      ? t`a redirect (HTTP ${response.statusCode}); fisco does not follow redirects`
      : elsewhere
        ? t`a redirect (HTTP ${response.statusCode}) to ${to} (another host: the token is not sent there); fisco does not follow redirects`
        : t`a redirect (HTTP ${response.statusCode}) to ${to}; fisco does not follow redirects`;
    if (method !== 'GET') {
      return new OutcomeUnknownError(
        t`${method} ${path}: the service answered ${what}; the request may or may not have been carried out`,
        [t`Do not simply repeat it: first check whether it took effect (for example with a list command); check the base URL (\`fisco auth status\`).`],
        undefined,
        response.statusCode,
      );
    }
    return new UnexpectedAnswerError(
      t`${method} ${path}: unexpected answer: ${what}; check the base URL (\`fisco auth status\`)`,
      method,
      path,
      response.statusCode,
      false,
    );
  }

  private seconds(): Message {
    return seconds(this.timeoutMs);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private backoff(attempt: number): number {
    const exponential = Math.min(this.retryPolicy.maxDelayMs, this.retryPolicy.baseDelayMs * 2 ** attempt);
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }

  private networkError(method: Method, path: string, error: unknown, sent: boolean, timedOut = false, limit: Text = ''): Error {
    const reason = timedOut ? t`no complete answer within ${this.seconds()} (the --timeout of each request)` : describeNetworkError(error, this.baseUrl);
    if (method !== 'GET' && (sent || timedOut)) {
      return new OutcomeUnknownError(t`${method} ${path}: ${reason}; the request may or may not have been carried out`, [
        t`Do not simply repeat it: first check whether it took effect (for example with a list command).`,
      ]);
    }
    const Kind = timedOut ? TimeoutError : NetworkError;
    return new Kind(limit ? t`${method} ${path}: ${reason}, ${limit}` : t`${method} ${path}: ${reason}`, error, [
      method === 'GET'
        ? t`fisco retried and gave up; check the network and the base URL (\`fisco auth status\`).`
        : t`Nothing reached the service; it is safe to try again.`,
    ]);
  }
}

/** A link that carries its own credential (a signature in the query), as storage services sign them. */
export function isSignedLink(url: URL): boolean {
  for (const key of url.searchParams.keys()) if (/^(signature|sig|x-amz-signature|x-goog-signature|key-pair-id)$/i.test(key)) return true;
  return false;
}

function seconds(ms: number): Message {
  return t`${decimal(Number((ms / 1000).toFixed(3)))} s`;
}

function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code ?? '';
}

function describeNetworkError(error: unknown, baseUrl: string): Text {
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return t`connection refused by ${baseUrl}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return t`cannot resolve the host of ${baseUrl}`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return t`timed out connecting to ${baseUrl}`;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return t`timed out waiting for the service to answer`;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return t`the connection was closed before the service answered`;
  return error instanceof Error ? error.message : String(error);
}

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.round(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Validates a base URL where the user gives one, so a typo fails before any request. */
export function assertBaseUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(t`${source}: '${redactPatterns(value)}' is not a URL; give the API's base address, like https://api.example/ `);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(t`${source}: the base URL must be http or https`);
  if (url.username || url.password) {
    throw new UsageError(
      t`${source}: the base URL carries a user name or password (${redactPatterns(value)}); give it without them: fisco authenticates with the token only`,
    );
  }
  return value.replace(/\/+$/, '');
}
