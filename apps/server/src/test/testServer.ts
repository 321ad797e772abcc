/** A real Brook server on loopback over a real test database, plus a small HTTP client for tests. */
import type { Dialect } from '../db/openDatabase.ts'
import { parseEnv } from '../env.ts'
import { startBrook, type RunningBrook } from '../server.ts'
import { createTestDatabase, type TestDatabase } from './testDatabase.ts'
import { createLogger } from '../lib/logger.ts'

export interface TestServer extends RunningBrook {
  database: TestDatabase
  stop(): Promise<void>
}

/**
 * Starts a server on a free port; env overrides are raw variables as in process.env.
 * Background jobs are off unless asked for (`SERVICES: 'web,worker,scheduler'`), so no scheduler
 * touches a test's feeds behind its back.
 */
export async function startTestServer(dialect: Dialect, env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase(dialect)
  const parsed = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: database.location.DATA_DIR,
    LOG_LEVEL: 'silent',
    FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
    SERVICES: 'web',
    // Tests sign many users up from 127.0.0.1; the rate-limit test turns this back on.
    AUTH_RATE_LIMIT: 'false',
    RATE_LIMIT: 'false',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...env,
  })
  // Every error answer must be one its route describes (lib/apiDocument.ts answerGuard).
  const brook = await startBrook(parsed, { database, logger: createLogger(parsed.LOG_LEVEL), checkAnswers: true })
  return {
    ...brook,
    database,
    async stop() {
      await brook.close()
      await database.dispose()
    },
  }
}

export interface ApiAnswer<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A client that keeps its own cookie jar, like one browser. */
export class TestClient {
  readonly baseUrl: string
  cookies = new Map<string, string>()
  bearer: string | null = null

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** Sends a request; a non-string body is sent as JSON. */
  async request<T = any>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...extraHeaders }
    if (this.cookies.size) headers.cookie = this.cookieHeader()
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`
    let payload: string | undefined
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' })
    this.keep(res.headers)
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path)
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {})
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {})
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {})
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body)
  }

  /** Signs up (and so signs in) a new user; returns the user object. */
  async signUp(email: string, password = 'correct horse battery', name = email.split('@')[0]) {
    const r = await this.post('/api/auth/sign-up/email', { email, password, name })
    if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`)
    return r.body.user as { id: string; email: string; role: string }
  }

  async signIn(email: string, password = 'correct horse battery') {
    return this.post('/api/auth/sign-in/email', { email, password })
  }
}

/** A new client with a signed-up user. */
export async function signedUpClient(server: { url: string }, email: string): Promise<TestClient> {
  const client = new TestClient(server.url)
  await client.signUp(email)
  return client
}
