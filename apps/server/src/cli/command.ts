/** The shape of one CLI command, and the error that ends one with a single line. */

/** One command of `npm run brook -- <name>`. `run` returns the exit code. */
export type CliCommand = {
  usage: string
  summary: string
  /** Longer help for `<name> --help`; the summary when absent. */
  help?: string
  run: (args: string[]) => Promise<number>
}

/** An error whose message is the whole story: the CLI prints it as one line, no stack trace. */
export class CliError extends Error {}

/** Splits `--name value` / `--flag` options from positional arguments. */
export function parseArgs(args: string[], valued: string[] = []): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split('=', 2)
    if (valued.includes(name)) {
      const value = inline ?? args[++i]
      if (value === undefined) throw new CliError(`--${name} needs a value`)
      options.set(name, value)
    } else {
      options.set(name, true)
    }
  }
  return { positional, options }
}
