/** A bench's `key=value` (or `--key=value`) arguments, as `npm run bench -- <name> …` passes them. */
export function benchArgs(argv: string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv.map((a): [string, string] => {
      const [key, ...value] = a.replace(/^--/, '').split('=')
      return [key, value.join('=')]
    }),
  )
}
