/**
 * Reads a password for the CLI: the first line of standard input when it is piped (scripts,
 * `docker exec -i`), or a prompt with hidden typing, asked twice, on a terminal. Never an
 * argument: arguments end up in shell history and `ps`.
 */
import readline from 'node:readline'
import { CliError } from './command.ts'

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const rl = readline.createInterface({ input, crlfDelay: Infinity })
  try {
    for await (const line of rl) return line
    return ''
  } finally {
    rl.close()
  }
}

async function prompt(question: string): Promise<string> {
  const output = process.stderr
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true })
  // Echo nothing of what is typed.
  const mute = rl as unknown as { _writeToOutput: (s: string) => void }
  let asked = false
  mute._writeToOutput = (s: string) => {
    if (!asked) output.write(s)
  }
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, (answer) => resolve(answer))
      asked = true
    })
  } finally {
    output.write('\n')
    rl.close()
  }
}

/** A new password of 8–128 characters (better-auth's limits). */
export async function readNewPassword(): Promise<string> {
  let password: string
  if (process.stdin.isTTY) {
    password = await prompt('New password: ')
    if ((await prompt('Again: ')) !== password) throw new CliError('the two passwords differ')
  } else {
    password = await firstLine(process.stdin)
  }
  if (password.length < 8) throw new CliError('the password must have at least 8 characters (give it on standard input or at the prompt)')
  if (password.length > 128) throw new CliError('the password must have at most 128 characters')
  return password
}
