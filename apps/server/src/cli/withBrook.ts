/**
 * Opens Brook for a CLI command the way the server opens it (configuration from the environment
 * and `.env`, the database migrated, every service composed), runs the command, and closes the
 * database again. No HTTP server, no jobs.
 */
import { databaseLocation, EnvError, parseEnv, type Env } from '../env.ts'
import type { AppDeps } from '../deps.ts'
import { CliError } from './command.ts'

/** The parsed configuration, or a one-line CliError naming the bad variables. */
export function cliEnv(): Env {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) throw new CliError(error.message.replace(/\n\s*/g, ' '))
    throw error
  }
}

export async function withBrook<T>(run: (deps: AppDeps) => Promise<T>): Promise<T> {
  const env = cliEnv()
  // The whole app is loaded by the commands that open Brook, not at the CLI's start-up (a
  // `brook parse` of one file does not pay for the server's imports).
  const [{ openDatabase }, { buildDeps }, { createLogger }] = await Promise.all([
    import('../db/openDatabase.ts'),
    import('../server.ts'),
    import('../lib/logger.ts'),
  ])
  // A short command needs no background WAL checkpoints (db/backgroundCheckpoint.ts).
  const database = openDatabase(databaseLocation(env))
  const deps = await buildDeps(env, { database, logger: createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL) })
  try {
    return await run(deps)
  } finally {
    deps.health.close()
    deps.rateLimits.close()
    await deps.search.close()
    await deps.workerLease?.close()
    await deps.database.close()
  }
}

/** Looks an account up by e-mail (case-insensitive); a CliError when there is none. */
export async function userByEmail(deps: AppDeps, email: string) {
  const ctx = await deps.auth.$context
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase())
  if (!found) throw new CliError(`no account with the e-mail ${email}`)
  return found.user as typeof found.user & { role?: string }
}
