/**
 * An OAuth 2.0 provider on loopback for the social sign-in tests (docs/desktop.md): the
 * authorization-code grant with PKCE as RFC 6749 / 7636 describe it. `GET /authorize` shows a
 * consent page whose Allow button (a form POST) redirects to `redirect_uri` with a code and the
 * state; `POST /token` trades the code (client id and secret, redirect_uri, code_verifier checked)
 * for a bearer access token; `GET /userinfo` answers the signed-in account for that token.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeOAuthUser {
  id: string
  email: string
  name: string
}

export interface FakeOAuthProvider {
  url: string
  /** The OAUTH_* variables that make a Brook server use this provider. */
  env: Record<string, string>
  /** What the provider was asked, in order (`authorize`, `approve`, `token`, `userinfo`), with errors answered. */
  seen: { step: string; error?: string }[]
  close(): Promise<void>
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function startFakeOAuthProvider(options: { user: FakeOAuthUser; clientId?: string; clientSecret?: string; name?: string }): Promise<FakeOAuthProvider> {
  const clientId = options.clientId ?? 'brook-client'
  const clientSecret = options.clientSecret ?? 'brook-client-secret'
  const name = options.name ?? 'Fake ID'
  const codes = new Map<string, { redirectUri: string; challenge: string; method: string }>()
  const tokens = new Set<string>()
  const seen: FakeOAuthProvider['seen'] = []

  const readForm = (req: http.IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => resolve(new URLSearchParams(body)))
    })
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const oauthError = (res: http.ServerResponse, step: string, status: number, error: string) => {
    seen.push({ step, error })
    json(res, status, { error })
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams
      if (q.get('response_type') !== 'code' || q.get('client_id') !== clientId || !q.get('redirect_uri') || !q.get('state') || !q.get('code_challenge')) {
        seen.push({ step: 'authorize', error: 'invalid_request' })
        res.writeHead(400, { 'content-type': 'text/plain' })
        return res.end('invalid_request')
      }
      seen.push({ step: 'authorize' })
      const hidden = ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(
        `<!doctype html><title>${escapeHtml(name)} — sign in</title><body style="font:16px sans-serif;margin:3em">` +
          `<h1>${escapeHtml(name)}</h1><p>Brook wants to know your name and e-mail address.</p>` +
          `<p>Signed in as <b>${escapeHtml(options.user.name)}</b> (${escapeHtml(options.user.email)})</p>` +
          `<form method="post" action="/authorize">${hidden}<button type="submit">Allow</button></form></body>`,
      )
    }
    if (req.method === 'POST' && url.pathname === '/authorize') {
      const form = await readForm(req)
      const code = crypto.randomBytes(16).toString('base64url')
      codes.set(code, { redirectUri: form.get('redirect_uri') ?? '', challenge: form.get('code_challenge') ?? '', method: form.get('code_challenge_method') ?? 'plain' })
      seen.push({ step: 'approve' })
      const back = new URL(form.get('redirect_uri') ?? '')
      back.searchParams.set('code', code)
      back.searchParams.set('state', form.get('state') ?? '')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = await readForm(req)
      // Client authentication: HTTP Basic or the client_secret_post form fields.
      const basic = req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent) : null
      const [id, secret] = basic ?? [form.get('client_id'), form.get('client_secret')]
      if (id !== clientId || secret !== clientSecret) return oauthError(res, 'token', 401, 'invalid_client')
      if (form.get('grant_type') !== 'authorization_code') return oauthError(res, 'token', 400, 'unsupported_grant_type')
      const grant = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return oauthError(res, 'token', 400, 'invalid_grant')
      const verifier = form.get('code_verifier') ?? ''
      const expected = grant.method === 'S256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier
      if (!verifier || expected !== grant.challenge) return oauthError(res, 'token', 400, 'invalid_grant')
      const accessToken = crypto.randomBytes(24).toString('base64url')
      tokens.add(accessToken)
      seen.push({ step: 'token' })
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'email profile' })
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
      if (!tokens.has(token)) {
        seen.push({ step: 'userinfo', error: 'invalid_token' })
        res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' })
        return res.end()
      }
      seen.push({ step: 'userinfo' })
      const u = options.user
      return json(res, 200, { id: u.id, sub: u.id, email: u.email, email_verified: true, name: u.name })
    }
    res.writeHead(404)
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    seen,
    env: {
      OAUTH_PROVIDER_ID: 'fakeid',
      OAUTH_PROVIDER_NAME: name,
      OAUTH_CLIENT_ID: clientId,
      OAUTH_CLIENT_SECRET: clientSecret,
      OAUTH_AUTHORIZATION_URL: `${url}/authorize`,
      OAUTH_TOKEN_URL: `${url}/token`,
      OAUTH_USERINFO_URL: `${url}/userinfo`,
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}
