/** A custom HTTP integration: the user's method, URL, headers and body template, filled from the entry. */
import { callService, expectOk, type CallOptions } from '../integrationFetch.ts'
import { fillTemplate, jsonEscape, type SavedEntry } from '../savedEntry.ts'

export type CustomHttp = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; headers: { name: string; value: string }[]; body: string }

export async function sendCustomHttp(entry: SavedEntry, integration: CustomHttp, options: CallOptions): Promise<null> {
  const url = fillTemplate(integration.url, entry, encodeURIComponent)
  const headers: Record<string, string> = {}
  for (const h of integration.headers) headers[h.name.toLowerCase()] = h.value
  const json = (headers['content-type'] ?? '').includes('json') || /^\s*[[{]/.test(integration.body)
  if (json) headers['content-type'] ??= 'application/json'
  const body = integration.method === 'GET' || !integration.body ? undefined : fillTemplate(integration.body, entry, json ? jsonEscape : (v) => v)
  expectOk(await callService(url, { method: integration.method, headers, body }, options))
  return null
}
