/**
 * The one way integrations call a service: undici through the SSRF-guarded agent (a user's
 * self-hosted Readeck/Outline/qBittorrent on a private address needs
 * INTEGRATIONS_ALLOW_PRIVATE_NETWORKS=true), a timeout, no redirects followed, the answer read
 * up to 64 KiB (enough for the service's error text).
 */
import type { FormData } from 'undici'
import { undici } from '../../lib/undiciModule.ts'
import { sharedAgent } from '../../reader/fetcher/dispatcher.ts'

export type CallOptions = { allowPrivateNetworks: boolean; timeoutMs: number }

export type CallAnswer = { status: number; ok: boolean; text: string; headers: Headers }

/** Thrown when a service cannot be reached or answers with an error; the message is shown to the user. */
export class IntegrationError extends Error {}

const MAX_ANSWER = 64 * 1024

export async function callService(url: string, init: { method: string; headers?: Record<string, string>; body?: string | FormData }, options: CallOptions): Promise<CallAnswer> {
  let response
  try {
    response = await undici().fetch(url, {
      method: init.method,
      headers: { 'user-agent': 'Brook/0.7.0 (integration)', ...init.headers },
      body: init.body,
      redirect: 'manual',
      dispatcher: sharedAgent(options.allowPrivateNetworks),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
  } catch (error) {
    const cause = (error as { cause?: Error }).cause
    throw new IntegrationError(`cannot reach ${new URL(url).host}: ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`)
  }
  const text = (await response.text()).slice(0, MAX_ANSWER)
  return { status: response.status, ok: response.ok, text, headers: response.headers as unknown as Headers }
}

/** The service's own words for a failed answer: a JSON message/detail/error field, else the body's start. */
export function serviceErrorText(answer: CallAnswer): string {
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>
    for (const key of ['message', 'detail', 'error', 'error_description']) {
      const v = body[key]
      if (typeof v === 'string' && v) return `${answer.status} ${v}`
    }
  } catch {
    // not JSON
  }
  const text = answer.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200)
  return text ? `${answer.status} ${text}` : `HTTP ${answer.status}`
}

/** Throws IntegrationError with the service's error text unless the answer is a success. */
export function expectOk(answer: CallAnswer): CallAnswer {
  if (!answer.ok) throw new IntegrationError(serviceErrorText(answer))
  return answer
}

/** Joins a user-given base URL and a path. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path
}
