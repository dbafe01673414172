import { Agent, request, type Dispatcher } from 'undici';
import { NetworkError, OutcomeUnknownError, UsageError } from './errors.js';
import { toApiError, type HintSources } from './error-body.js';
import { pacerFor, type Pacer } from './pacer.js';
import { createTracer, type Tracer } from './trace.js';

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
}

export interface ClientOptions {
  baseUrl: string;
  token: string;
  /** The company a firm token acts on; sent as `account_id` on every request. */
  accountId?: string;
  userAgent: string;
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  rateLimit?: { limit: number; windowMs: number };
  debug?: (line: string) => void;
  hints?: HintSources;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Override the method-based default (reads retry, writes never do). */
  retry?: boolean;
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

const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 400, maxDelayMs: 8_000, maxRetryAfterMs: 90_000 };
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
  private readonly retryPolicy: RetryPolicy;
  private readonly tracer: Tracer;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const readTimeout = options.readTimeoutMs ?? 30_000;
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs ?? 10_000 },
      headersTimeout: readTimeout,
      bodyTimeout: readTimeout,
    });
    // The contract's 120 a minute until the service announces its own; a configured limit stays a ceiling.
    this.pacer = pacerFor(`${this.baseUrl} ${options.token}`, options.rateLimit ? { ...options.rateLimit, explicit: true } : { limit: 120, windowMs: 60_000 });
    this.retryPolicy = { ...DEFAULT_RETRY, ...options.retry };
    this.tracer = createTracer(options.debug, options.token);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get accountId(): string | undefined {
    return this.options.accountId;
  }

  async get<T = unknown>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>('GET', path, { query })).body;
  }

  async post<T = unknown>(path: string, body: unknown, query?: Query): Promise<T> {
    return (await this.request<T>('POST', path, { body, query })).body;
  }

  async delete<T = unknown>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>('DELETE', path, { query })).body;
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

  async request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const retry = options.retry ?? method === 'GET';
    const { response, text } = await this.exchange({ method, url: this.url(path, options.query), path, headers, payload, retry });
    return { status: response.statusCode, headers: response.headers, body: parseBody(text ?? '', response.headers['content-type']) as T };
  }

  /**
   * GETs a file by absolute URL (a `file_url`) with the same timeouts, retries and error mapping
   * as API calls. A signed link carries its own credential: it gets no bearer token and is not
   * charged to the token's pacer (a 429 from its host still holds that host's downloads until
   * Retry-After). An unsigned link on the API's own origin is an API call: token and pacing.
   * A link on another host never sees the token.
   */
  async download(url: string, options: { signal?: AbortSignal } = {}): Promise<DownloadResponse> {
    const target = new URL(url);
    const headers: Record<string, string> = { accept: 'application/pdf, application/octet-stream, */*', 'user-agent': this.options.userAgent };
    const withToken = target.origin === new URL(this.baseUrl).origin && !isSignedLink(target);
    if (withToken) headers.authorization = `Bearer ${this.options.token}`;
    const pacer = withToken ? this.pacer : pacerFor(`file ${target.origin}`, { limit: Number.POSITIVE_INFINITY, windowMs: 1 });
    const { response } = await this.exchange({ method: 'GET', url, path: target.pathname, headers, retry: true, signal: options.signal, stream: true, pacer });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /**
   * One exchange with pacing, tracing, retries (only when `retry`) and error mapping. A success
   * comes back with its body read as text, or, with `stream`, with the body left to the caller.
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
    pacer?: Pacer;
  }): Promise<{ response: Dispatcher.ResponseData; text?: string }> {
    const { method, url, path, headers, payload } = call;
    const pacer = call.pacer ?? this.pacer;
    const retries = call.retry ? this.retryPolicy.retries : 0;
    for (let attempt = 0; ; attempt++) {
      const slot = await pacer.acquire();
      this.tracer.request(method, url, headers, payload);
      const started = Date.now();
      let response: Dispatcher.ResponseData;
      let text: string | undefined;
      try {
        response = await request(url, { method, headers, body: payload, dispatcher: this.agent, signal: call.signal }).finally(() => slot.done());
        pacer.observe(response.headers);
        if (!call.stream || response.statusCode >= 400) text = await response.body.text();
      } catch (error) {
        this.tracer.failure(error, Date.now() - started);
        if (call.signal?.aborted) throw error;
        if (attempt < retries) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw this.networkError(method, path, error, !NOT_SENT_CODES.has(errorCode(error)));
      }
      this.tracer.response(response.statusCode, response.headers, text ?? '(file body)', Date.now() - started);
      if (response.statusCode < 400) return { response, text };

      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      if (response.statusCode === 429 && retryAfterMs !== undefined) pacer.blockUntil(Date.now() + retryAfterMs);
      const retryable = RETRYABLE_STATUS.has(response.statusCode) && attempt < retries;
      if (retryable && (retryAfterMs === undefined || retryAfterMs <= this.retryPolicy.maxRetryAfterMs)) {
        await this.sleep(retryAfterMs ?? this.backoff(attempt));
        continue;
      }
      throw toApiError(
        {
          status: response.statusCode,
          method,
          path,
          body: parseBody(text ?? '', response.headers['content-type']),
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        },
        this.options.hints,
      );
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private backoff(attempt: number): number {
    const exponential = Math.min(this.retryPolicy.maxDelayMs, this.retryPolicy.baseDelayMs * 2 ** attempt);
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }

  private networkError(method: Method, path: string, error: unknown, sent: boolean): Error {
    const reason = describeNetworkError(error, this.baseUrl);
    if (method !== 'GET' && sent) {
      return new OutcomeUnknownError(`${method} ${path}: ${reason}; the request may or may not have been carried out`, [
        'Do not simply repeat it: first check whether it took effect (for example with a list command).',
      ]);
    }
    return new NetworkError(`${method} ${path}: ${reason}`, error, [
      method === 'GET' ? 'fisco retried and gave up; check the network and the base URL (`fisco auth status`).' : 'Nothing reached the service; it is safe to try again.',
    ]);
  }
}

/** A link that carries its own credential (a signature in the query), as storage services sign them. */
export function isSignedLink(url: URL): boolean {
  for (const key of url.searchParams.keys()) if (/^(signature|sig|x-amz-signature|x-goog-signature|key-pair-id)$/i.test(key)) return true;
  return false;
}

function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code ?? '';
}

function describeNetworkError(error: unknown, baseUrl: string): string {
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return `connection refused by ${baseUrl}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot resolve the host of ${baseUrl}`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `timed out connecting to ${baseUrl}`;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timed out waiting for the service to answer';
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') return 'the connection was closed before the service answered';
  return error instanceof Error ? error.message : String(error);
}

function parseBody(text: string, contentType: string | string[] | undefined): unknown {
  if (!text) return null;
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  if (type?.includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
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
    throw new UsageError(`${source}: '${value}' is not a URL; give the API's base address, like https://api.example/ `);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${source}: the base URL must be http or https`);
  return value.replace(/\/+$/, '');
}
