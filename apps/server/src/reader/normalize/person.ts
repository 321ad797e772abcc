/** People in feeds: `email (Name)`, `Name <email>`, `mailto:` links, bare names → {name, email, url}. */
import { htmlTitle } from './text.ts'
import type { NormalizedAuthor } from './types.ts'

const EMAIL = /^(?:mailto:)?([^\s@<>()[\]]+@[^\s@<>()[\]]+\.[^\s@<>()[\]]+)$/i
const URL_LIKE = /^(?:https?:\/\/|www\.)\S+$/i

function clean(value: string | null | undefined): string | null {
  if (value == null) return null
  const trimmed = value.replace(/\s+/g, ' ').trim()
  return trimmed === '' ? null : trimmed
}

/** Names are shown as plain text: entities decoded, markup dropped. */
function cleanName(value: string | null | undefined): string | null {
  return htmlTitle(clean(value))
}

function emailOf(value: string | null | undefined): string | null {
  const v = clean(value)
  if (!v) return null
  const m = EMAIL.exec(v)
  return m ? m[1].replace(/\?.*$/, '') : null
}

/** Longest author string that is taken apart; longer ones are not a person and stay a (cut) name. */
const MAX_PERSON = 256

/** Splits one free-form author string into name, e-mail and URL. */
export function parsePerson(raw: string | null | undefined): NormalizedAuthor | null {
  const value = clean(raw)
  if (!value) return null
  if (value.length > MAX_PERSON) {
    const name = cleanName(value.slice(0, MAX_PERSON))
    return name ? { name, email: null, url: null } : null
  }
  // `me@example.com (Example Name)` — RSS 2.0's managingEditor/author form.
  let m = /^(\S+@\S+?)\s*\((.*)\)$/.exec(value)
  if (m && emailOf(m[1])) return { name: cleanName(m[2]), email: emailOf(m[1]), url: null }
  // `Example Name <me@example.com>` or `Example Name (me@example.com)`.
  m = /^(.*?)\s*[<(]\s*(?:mailto:)?([^\s<>()]+@[^\s<>()]+)\s*[>)]$/.exec(value)
  if (m) return { name: cleanName(m[1].replace(/^["']|["']$/g, '')), email: emailOf(m[2]), url: null }
  const email = emailOf(value)
  if (email) return { name: null, email, url: null }
  if (URL_LIKE.test(value)) return { name: null, email: null, url: value }
  const name = cleanName(value)
  return name ? { name, email: null, url: null } : null
}

/** Builds a person from already-separated parts (Atom, JSON Feed, feedsmith's RSS split). */
export function person(
  name: string | null | undefined,
  email: string | null | undefined,
  url: string | null | undefined,
): NormalizedAuthor | null {
  const n = clean(name)
  const e = clean(email)
  const u = clean(url)
  if (!n && !e && !u) return null
  // A name that itself carries `Name <email>` gets split too.
  if (n && !e && n.length <= MAX_PERSON && /[<(@]/.test(n)) {
    const parsed = parsePerson(n)
    if (parsed) return { name: parsed.name, email: parsed.email, url: u ?? parsed.url }
  }
  return { name: cleanName(n), email: e ? (emailOf(e) ?? e) : null, url: u }
}

/** The one string Brook shows as an entry's author: the name, else the e-mail. */
export function displayName(author: NormalizedAuthor | null | undefined): string | null {
  if (!author) return null
  return author.name ?? author.email ?? null
}

/** Drops empty and repeated people (same name and e-mail). */
export function uniquePeople(people: (NormalizedAuthor | null | undefined)[]): NormalizedAuthor[] {
  const seen = new Set<string>()
  const out: NormalizedAuthor[] = []
  for (const p of people) {
    if (!p) continue
    const key = `${p.name ?? ''}\u0000${p.email ?? ''}\u0000${p.url ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(p)
  }
  return out
}
