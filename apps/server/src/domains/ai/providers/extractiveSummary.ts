/**
 * The built-in summarizer used when no model is configured (issue 10): TextRank over the
 * article's sentences. Sentences and words are split with `Intl.Segmenter`, so Chinese and
 * Japanese (no spaces between words) work like English. Pure and synchronous.
 */

/** Sentences ranked at most: a longer article is ranked over its first MAX_SENTENCES (keeps p99 low). */
const MAX_SENTENCES = 120
const DAMPING = 0.85
const ITERATIONS = 30

/** Very common English words that say nothing about an article's topic. */
const STOPWORDS = new Set(
  'the a an and or but of to in on at for with by from as is are was were be been being it its this that these those he she they we you i his her their our your not no so than then there here have has had do does did will would can could should may might must also into over about after before more most such which who whom what when where why how all any each other some just only very'.split(' '),
)

/** CJK ideographs, kana and Hangul: one such character can be a whole word. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/

export type ExtractiveOptions = {
  /** BCP 47 tag of the text, when known (better sentence and word breaks). */
  language?: string | null
  /** Sentences in the summary at most (default: by length, 2 to 5). */
  maxSentences?: number
  /** Characters in the summary at most (default 600; CJK 300). */
  maxChars?: number
}

function segmenter(language: string | null | undefined, granularity: 'sentence' | 'word'): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language || undefined, { granularity })
  } catch {
    return new Intl.Segmenter(undefined, { granularity })
  }
}

const segmenters = new Map<string, Intl.Segmenter>()
function cachedSegmenter(language: string | null | undefined, granularity: 'sentence' | 'word'): Intl.Segmenter {
  const key = `${language ?? ''}|${granularity}`
  let s = segmenters.get(key)
  if (!s) segmenters.set(key, (s = segmenter(language, granularity)))
  return s
}

/** Splits plain text into trimmed sentences (paragraph breaks always end a sentence). */
export function splitSentences(text: string, language?: string | null): string[] {
  const out: string[] = []
  const seg = cachedSegmenter(language, 'sentence')
  for (const paragraph of text.split(/\n\s*\n|\r?\n/)) {
    for (const { segment } of seg.segment(paragraph)) {
      const s = segment.replace(/\s+/g, ' ').trim()
      if (s) out.push(s)
    }
  }
  return out
}

/** The content words of a sentence, lowercased. */
function wordsOf(sentence: string, seg: Intl.Segmenter): string[] {
  const words: string[] = []
  for (const part of seg.segment(sentence)) {
    if (!part.isWordLike) continue
    const w = part.segment.toLowerCase()
    if (STOPWORDS.has(w)) continue
    if (!CJK.test(w) && w.length < 3 && !/\d/.test(w)) continue
    words.push(w)
  }
  return words
}

/** Whether a sentence is worth ranking (not a caption, a byline or a lone heading). */
function isProse(sentence: string, words: number): boolean {
  if (CJK.test(sentence)) return sentence.length >= 8
  return words >= 4 && sentence.length >= 25
}

/**
 * The summary's sentences: the most central ones by TextRank (similarity = shared words over
 * the log of both lengths, as in Mihalcea & Tarau 2004), in the article's own order.
 */
export function rankSentences(text: string, options: ExtractiveOptions = {}): string[] {
  const all = splitSentences(text, options.language)
  const wordSeg = cachedSegmenter(options.language, 'word')
  const candidates: { index: number; sentence: string; words: Set<string>; size: number }[] = []
  for (let i = 0; i < all.length && candidates.length < MAX_SENTENCES; i++) {
    const list = wordsOf(all[i], wordSeg)
    if (!isProse(all[i], list.length)) continue
    candidates.push({ index: i, sentence: all[i], words: new Set(list), size: list.length })
  }
  const n = candidates.length
  if (n === 0) return all.slice(0, 1)
  const cjk = CJK.test(text.slice(0, 2000))
  const maxChars = options.maxChars ?? (cjk ? 300 : 600)
  const wanted = options.maxSentences ?? Math.max(2, Math.min(5, Math.round(n / 6)))
  if (n <= wanted) return candidates.map((c) => c.sentence)

  // Weighted graph, row-normalized below.
  const weights = new Float64Array(n * n)
  const rowSum = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const a = candidates[i]
    for (let j = i + 1; j < n; j++) {
      const b = candidates[j]
      let shared = 0
      const [small, large] = a.words.size < b.words.size ? [a.words, b.words] : [b.words, a.words]
      for (const w of small) if (large.has(w)) shared++
      if (shared === 0) continue
      const denom = Math.log(a.size + 1) + Math.log(b.size + 1)
      const w = shared / (denom || 1)
      weights[i * n + j] = w
      weights[j * n + i] = w
      rowSum[i] += w
      rowSum[j] += w
    }
  }
  let score = new Float64Array(n).fill(1 / n)
  for (let iter = 0; iter < ITERATIONS; iter++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n)
    for (let j = 0; j < n; j++) {
      if (rowSum[j] === 0) continue
      const share = (DAMPING * score[j]) / rowSum[j]
      const row = j * n
      for (let i = 0; i < n; i++) {
        const w = weights[row + i]
        if (w) next[i] += w * share
      }
    }
    score = next
  }
  // A light lead bias: news puts the point first, and ties should favour the opening.
  const order = candidates.map((c, i) => ({ i, s: score[i] * (1 + 0.15 / (1 + i)) })).sort((x, y) => y.s - x.s)
  const chosen: number[] = []
  let chars = 0
  for (const { i } of order) {
    if (chosen.length >= wanted) break
    const len = candidates[i].sentence.length
    if (chosen.length > 0 && chars + len > maxChars) continue
    chosen.push(i)
    chars += len
  }
  return chosen.sort((x, y) => x - y).map((i) => candidates[i].sentence)
}

/** The extractive summary of a plain text: its central sentences joined in article order. */
export function extractiveSummary(text: string, options: ExtractiveOptions = {}): string {
  const sentences = rankSentences(text, options)
  const cjk = sentences.some((s) => CJK.test(s.slice(-1)))
  return sentences.join(cjk ? '' : ' ')
}
