/**
 * Regexes of action rules run on RE2 (the re2js port: linear-time matching, no backtracking), so a
 * hostile pattern such as `(a+)+$` cannot stall the ingest; the text tested is also cut to
 * REGEX_INPUT_MAX characters, which bounds each match's time.
 *
 * RE2 in JavaScript costs tens of nanoseconds per character, which over every new entry's content
 * and 50 rules was most of the rules' ingest cost (bench/actions). So before running RE2, a pattern
 * whose every match must contain some literal text (`\bterm[a-z]*\b` needs "term") first looks for
 * that text in the case-folded input with the engine's native `includes`; RE2 runs only when it is
 * there. The literal is found conservatively: anything not understood means no literal (RE2 always).
 */
import { RE2JS } from 're2js'

/** Characters of a field a regex looks at (the rest of a huge content is not tested). */
export const REGEX_INPUT_MAX = 100_000

/**
 * A compiled pattern's test. `folded` is the text as `foldForLiteral` leaves it (callers testing
 * many patterns against one text fold it once).
 */
export type PatternTest = (text: string, folded?: () => string) => boolean

const REPEAT = /^\{(\d+)(?:,(\d*))?\}/

/**
 * The longest text (ASCII, lower-case) that every match of the case-insensitive pattern contains,
 * or '' when none can be told. Only what stands outside groups counts; an alternation outside
 * groups, a coded character (`\x41`, `\p{L}`, `\Q…\E`) or a stray `{` gives up.
 */
export function requiredLiteral(pattern: string): string {
  let best = ''
  let run = ''
  let depth = 0
  const flush = () => {
    if (depth === 0 && run.length > best.length) best = run
    run = ''
  }
  /** After a literal character at i: how it is repeated (min 0 drops it), and where to go on. */
  const literal = (ch: string, i: number): number => {
    const next = pattern[i + 1]
    if (next === '*' || next === '?') {
      flush()
      return i + 1
    }
    if (next === '+') {
      run += ch
      flush()
      return i + 1
    }
    if (next === '{') {
      const m = REPEAT.exec(pattern.slice(i + 1))
      if (!m) return -1
      if (Number(m[1]) > 0) run += ch
      flush()
      return i + m[0].length
    }
    run += ch
    return i
  }
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      const next = pattern[i + 1]
      if (next === undefined || /[pPxQEC0-9]/.test(next)) return ''
      if (/[A-Za-z]/.test(next) || next.charCodeAt(0) > 0x7f) {
        // A class (\d \w \s), an assertion (\b \A \z) or a control character: no literal here.
        flush()
        i++
        continue
      }
      i = literal(next.toLowerCase(), i + 1)
      if (i < 0) return ''
    } else if (c === '(') {
      flush()
      depth++
    } else if (c === ')') {
      flush()
      depth--
    } else if (c === '[') {
      flush()
      let j = i + 1
      if (pattern[j] === '^') j++
      if (pattern[j] === ']') j++
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        if (pattern[j] === '\\') j++
        else if (pattern[j] === '[' && pattern[j + 1] === ':') {
          const end = pattern.indexOf(':]', j + 2)
          if (end < 0) return ''
          j = end + 1
        }
      }
      if (j >= pattern.length) return ''
      i = j
    } else if (c === '|') {
      if (depth === 0) return ''
      flush()
    } else if (c === '.' || c === '^' || c === '$' || c === '*' || c === '+' || c === '?') {
      // Any character, an anchor, or the repeat of a group, class or escape just passed.
      flush()
    } else if (c === '{') {
      const m = REPEAT.exec(pattern.slice(i))
      if (!m) return ''
      flush()
      i += m[0].length - 1
    } else if (c.charCodeAt(0) > 0x7f) {
      // Outside ASCII, case folding is RE2's, not toLowerCase's: no literal, but the repeat after it is skipped by the branch above.
      flush()
    } else {
      i = literal(c.toLowerCase(), i)
      if (i < 0) return ''
    }
  }
  flush()
  return best
}

/**
 * The text case-folded so that an ASCII literal is found in it wherever RE2's case-insensitive
 * match could find it: lower-cased, and the long s (ſ, which RE2 folds with s) made an s (the
 * Kelvin sign, folded with k, lower-cases to k by itself). Cut like RE2's input.
 */
export function foldForLiteral(text: string): string {
  const lower = (text.length > REGEX_INPUT_MAX ? text.slice(0, REGEX_INPUT_MAX) : text).toLowerCase()
  return lower.includes('ſ') ? lower.replaceAll('ſ', 's') : lower
}

/** Compiles a pattern (case-insensitive, like the other operators); throws on a pattern RE2 refuses. */
export function compilePattern(pattern: string): PatternTest {
  const re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)
  const needle = requiredLiteral(pattern)
  return (text, folded) => {
    if (needle !== '' && !(folded ? folded() : foldForLiteral(text)).includes(needle)) return false
    return re.test(text.length > REGEX_INPUT_MAX ? text.slice(0, REGEX_INPUT_MAX) : text)
  }
}
