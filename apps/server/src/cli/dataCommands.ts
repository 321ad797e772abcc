/** A user's data from a shell: export it (OPML, stars, settings), import an OPML file for them. */
import fs from 'node:fs/promises'
import path from 'node:path'
import type { AppDeps } from '../deps.ts'
import { AppError } from '../lib/appError.ts'
import type { CliCommand } from './command.ts'
import { CliError, parseArgs } from './command.ts'
import { userByEmail, withBrook } from './withBrook.ts'

/** Every starred entry of a user, newest first, in pages of the collection timeline. */
async function starredEntries(deps: AppDeps, userId: string) {
  const out: Record<string, unknown>[] = []
  let cursor: { publishedAfter?: string; beforeId?: string } = {}
  for (;;) {
    const page = await deps.entries.list(userId, { isCollection: true, limit: 100, withContent: false, ...cursor })
    for (const item of page) {
      const feed = item.feeds as { title?: string | null; url?: string | null; siteUrl?: string | null }
      out.push({
        entryId: item.entries.id,
        title: item.entries.title,
        url: item.entries.url,
        author: item.entries.author,
        publishedAt: item.entries.publishedAt,
        starredAt: item.collections?.createdAt ?? null,
        feed: { title: feed.title ?? null, url: feed.url ?? null, siteUrl: feed.siteUrl ?? null },
      })
    }
    if (page.length < 100) return out
    const last = page[page.length - 1].entries
    cursor = { publishedAfter: last.publishedAt, beforeId: last.id }
  }
}

/** A file-name-safe form of an e-mail address. */
const slug = (email: string) => email.toLowerCase().replace(/[^a-z0-9._-]+/g, '_')

export const dataCommands: Record<string, CliCommand> = {
  'export-user': {
    usage: 'export-user <email> [--out DIR]',
    summary: "write a user's subscriptions (OPML), starred entries and settings (JSON) into DIR (default .)",
    async run(args) {
      const { positional, options } = parseArgs(args, ['out'])
      const [email] = positional
      if (!email) throw new CliError('usage: brook export-user <email> [--out DIR]')
      const dir = path.resolve(typeof options.get('out') === 'string' ? (options.get('out') as string) : '.')
      return withBrook(async (deps) => {
        const user = await userByEmail(deps, email)
        await fs.mkdir(dir, { recursive: true })
        const base = path.join(dir, `brook-${slug(user.email)}`)
        const files = {
          opml: `${base}-subscriptions.opml`,
          starred: `${base}-starred.json`,
          settings: `${base}-settings.json`,
        }
        await fs.writeFile(files.opml, await deps.opml.export(user.id, `${user.name || user.email} — Brook subscriptions`))
        await fs.writeFile(files.starred, `${JSON.stringify(await starredEntries(deps, user.id), null, 2)}\n`)
        await fs.writeFile(files.settings, `${JSON.stringify(await deps.settings.get(user.id), null, 2)}\n`)
        process.stdout.write(`${Object.values(files).join('\n')}\n`)
        return 0
      })
    },
  },

  'import-opml': {
    usage: 'import-opml <email> <file>',
    summary: "subscribe a user to every feed of an OPML file (the user's daily import quota applies)",
    async run(args) {
      const [email, file] = parseArgs(args).positional
      if (!email || !file) throw new CliError('usage: brook import-opml <email> <file>')
      let text: string
      try {
        text = await fs.readFile(path.resolve(file), 'utf8')
      } catch (error) {
        throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
      }
      return withBrook(async (deps) => {
        const user = await userByEmail(deps, email)
        try {
          const items = deps.opml.itemsOf(text)
          const { results, quota } = await deps.opml.import({ id: user.id, role: user.role ?? deps.env.DEFAULT_ROLE }, items)
          const counts = new Map<string, number>()
          for (const r of results) {
            counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
            if (r.status === 'failed') process.stderr.write(`  failed: ${r.url}${r.error ? ` (${r.error.code} ${r.error.reason ?? r.error.message})` : ''}\n`)
          }
          const summary = [...counts].map(([status, n]) => `${n} ${status}`).join(', ')
          process.stdout.write(`${user.email}: ${summary}; ${quota.remaining} of ${quota.limit} imports left today\n`)
          return counts.get('failed') && counts.size === 1 ? 1 : 0
        } catch (error) {
          if (error instanceof AppError) throw new CliError(`${error.code} ${error.message}${error.reason ? `: ${error.reason}` : ''}`)
          throw error
        }
      })
    },
  },
}
