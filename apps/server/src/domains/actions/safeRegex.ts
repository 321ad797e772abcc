/**
 * Regexes of action rules run on RE2 (the re2js port: linear-time matching, no backtracking), so a
 * hostile pattern such as `(a+)+$` cannot stall the ingest; the text tested is also cut to
 * REGEX_INPUT_MAX characters, which bounds each match's time.
 */
import { RE2JS } from 're2js'

/** Characters of a field a regex looks at (the rest of a huge content is not tested). */
export const REGEX_INPUT_MAX = 100_000

/** A compiled pattern's test. */
export type PatternTest = (text: string) => boolean

/** Compiles a pattern (case-insensitive, like the other operators); throws on a pattern RE2 refuses. */
export function compilePattern(pattern: string): PatternTest {
  const re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)
  return (text) => re.test(text.length > REGEX_INPUT_MAX ? text.slice(0, REGEX_INPUT_MAX) : text)
}
