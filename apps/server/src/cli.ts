/**
 * Brook's command line: `npm run brook -- <command> [args]`.
 * Each command is one entry of `commands`; add a command by adding an entry.
 * @module
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { FeedParseError, parseFeed } from './reader/parser/parseFeed.ts'
import { EnvError, loadEnvFile, parseEnv } from './env.ts'
import { CliError, type CliCommand } from './cli/command.ts'
import { accountCommands } from './cli/accountCommands.ts'
import { dataCommands } from './cli/dataCommands.ts'
import { serviceCommands } from './cli/serviceCommands.ts'

export { CliError, type CliCommand } from './cli/command.ts'

const isUrl = (arg: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(arg) && !arg.toLowerCase().startsWith('file:')

export const commands: Record<string, CliCommand> = {
  parse: {
    usage: 'parse <file>',
    summary: 'parse a feed file and print the normalized feed as JSON (content sanitized)',
    async run(args) {
      const [target] = args
      if (!target) throw new CliError('usage: brook parse <file>')
      if (isUrl(target)) return commands.fetch.run(args)
      const file = target.toLowerCase().startsWith('file:') ? new URL(target) : path.resolve(target)
      let body: Uint8Array
      try {
        body = await readFile(file)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        throw new CliError(`cannot read ${target}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`)
      }
      const feedUrl = typeof file === 'string' ? pathToFileURL(file).href : file.href
      try {
        const feed = parseFeed(body, { feedUrl })
        process.stdout.write(`${JSON.stringify(feed, null, 2)}\n`)
        return 0
      } catch (error) {
        if (error instanceof FeedParseError) throw new CliError(`${target}: ${error.message}`)
        throw error
      }
    },
  },
  fetch: {
    usage: 'fetch <url>',
    summary: 'fetch a feed (SSRF guard, limits and timeout from the environment) and print it normalized as JSON',
    async run(args) {
      const [target] = args
      if (!target) throw new CliError('usage: brook fetch <url>')
      let env
      try {
        env = parseEnv()
      } catch (error) {
        if (error instanceof EnvError) throw new CliError(error.message.replace(/\n\s*/g, ' '))
        throw error
      }
      // The fetcher (undici) is loaded by the command that fetches.
      const [{ fetchFeed, FetchError }, { closeSharedAgents }] = await Promise.all([import('./reader/fetcher/fetchFeed.ts'), import('./reader/fetcher/dispatcher.ts')])
      try {
        const now = new Date()
        const result = await fetchFeed(target, { allowPrivateNetworks: env.FETCH_ALLOW_PRIVATE_NETWORKS, maxBytes: env.FETCH_MAX_BYTES, timeoutMs: env.FETCH_TIMEOUT_MS })
        if (result.status !== 200) throw new CliError(`${target}: HTTP ${result.status} without a conditional request`)
        const feed = parseFeed(result.body, { feedUrl: result.finalUrl, contentType: result.contentType, now })
        process.stdout.write(`${JSON.stringify(feed, null, 2)}\n`)
        return 0
      } catch (error) {
        if (error instanceof FetchError) throw new CliError(`${target}: 2003 Feed fetch error: ${error.message}`)
        if (error instanceof FeedParseError) throw new CliError(`${target}: 2004 ${error.message}`)
        throw error
      } finally {
        await closeSharedAgents()
      }
    },
  },
}

Object.assign(commands, accountCommands, dataCommands, serviceCommands)

function help(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage.padEnd(34)} ${c.summary}`)
  return `usage: npm run brook -- <command> [args]\n\ncommands:\n${lines.join('\n')}\n`
}

/** Runs the command line and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(help())
    return name ? 0 : 1
  }
  const command = commands[name]
  if (!command) {
    process.stderr.write(`brook: unknown command "${name}"\n${help()}`)
    return 1
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`usage: npm run brook -- ${command.usage}\n\n${command.help ?? command.summary}\n`)
    return 0
  }
  try {
    return await command.run(args)
  } catch (error) {
    const message = error instanceof CliError ? error.message : `${(error as Error).name}: ${(error as Error).message}`
    process.stderr.write(`brook ${name}: ${message.split('\n')[0]}\n`)
    return 1
  }
}

if (import.meta.main) {
  loadEnvFile()
  process.exitCode = await main(process.argv.slice(2))
}
