/** Account administration from a shell: create an admin, reset a password. */
import type { CliCommand } from './command.ts'
import { CliError, parseArgs } from './command.ts'
import { readNewPassword } from './readSecret.ts'
import { userByEmail, withBrook } from './withBrook.ts'

const EMAIL = /^[^\s@]+@[^\s@]+$/

export const accountCommands: Record<string, CliCommand> = {
  'create-admin': {
    usage: 'create-admin <email> [--name N]',
    summary: 'create an admin account (password on stdin or at a prompt), or make an existing account admin',
    help: 'The password is read from standard input (first line) or asked for on a terminal; never as an argument.\nAn account that exists already keeps its password and becomes admin.',
    async run(args) {
      const { positional, options } = parseArgs(args, ['name'])
      const [email] = positional
      if (!email || !EMAIL.test(email)) throw new CliError('usage: brook create-admin <email> [--name N]')
      return withBrook(async (deps) => {
        const ctx = await deps.auth.$context
        const existing = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase())
        if (existing) {
          await ctx.internalAdapter.updateUser(existing.user.id, { role: 'admin' })
          process.stdout.write(`${existing.user.email} is now an admin (id ${existing.user.id})\n`)
          return 0
        }
        const password = await readNewPassword()
        const name = typeof options.get('name') === 'string' ? (options.get('name') as string) : email.split('@')[0]
        const created = await deps.auth.api.signUpEmail({ body: { email, password, name } }).catch((error: unknown) => {
          throw new CliError(`could not create ${email}: ${error instanceof Error ? error.message : String(error)}`)
        })
        // An admin made from the shell needs no e-mail round trip.
        await ctx.internalAdapter.updateUser(created.user.id, { role: 'admin', emailVerified: true })
        await ctx.internalAdapter.deleteUserSessions(created.user.id)
        process.stdout.write(`created admin ${created.user.email} (id ${created.user.id})\n`)
        return 0
      })
    },
  },

  'reset-password': {
    usage: 'reset-password <email>',
    summary: 'set a new password (stdin or prompt) and sign the account out everywhere',
    async run(args) {
      const [email] = parseArgs(args).positional
      if (!email) throw new CliError('usage: brook reset-password <email>')
      return withBrook(async (deps) => {
        const user = await userByEmail(deps, email)
        const password = await readNewPassword()
        const ctx = await deps.auth.$context
        const hash = await ctx.password.hash(password)
        const credential = await ctx.internalAdapter.findCredentialAccount(user.id)
        if (credential) await ctx.internalAdapter.updatePassword(user.id, hash)
        // An account made by social sign-in gets a password sign-in beside it.
        else await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash })
        await ctx.internalAdapter.deleteUserSessions(user.id)
        process.stdout.write(`new password set for ${user.email}; every session of it was signed out\n`)
        return 0
      })
    },
  },
}
