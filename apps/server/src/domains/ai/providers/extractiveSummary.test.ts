/** The built-in summarizer on article-sized texts in English, Chinese and Japanese (testdata/, written for these tests). */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { extractiveSummary, rankSentences, splitSentences } from './extractiveSummary.ts'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testdata')
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8')

describe.each([
  { language: 'en', lead: 'The city council voted on Tuesday', maxChars: 600 },
  { language: 'zh', lead: '本市议会周二投票通过决定', maxChars: 300 },
  { language: 'ja', lead: '市議会は火曜日', maxChars: 300 },
])('extractive summary ($language)', ({ language, lead, maxChars }) => {
  const text = read(`${language}.txt`)
  const sentences = splitSentences(text, language)

  it('splits the article into its sentences', () => {
    expect(sentences.length).toBeGreaterThan(15)
    // Every sentence is a piece of the article, none spans two paragraphs.
    for (const s of sentences) expect(text.replace(/\s+/g, ' ')).toContain(s)
  })

  it('returns a few sentences of the article, in article order, within the length', () => {
    const chosen = rankSentences(text, { language })
    expect(chosen.length).toBeGreaterThanOrEqual(2)
    expect(chosen.length).toBeLessThanOrEqual(5)
    const positions = chosen.map((s) => sentences.indexOf(s))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(chosen.join('').length).toBeLessThanOrEqual(maxChars)
    // The lead states what happened: a summary of a news article keeps it.
    expect(chosen[0].startsWith(lead)).toBe(true)
    const summary = extractiveSummary(text, { language })
    expect(summary.length).toBeLessThan(text.length / 2)
  })

  it('prefers central sentences over the closing aside', () => {
    const chosen = rankSentences(text, { language })
    expect(chosen).not.toContain(sentences[sentences.length - 1])
  })
})

it('a short text comes back as it is', () => {
  expect(extractiveSummary('One sentence only, long enough to be prose here.')).toBe('One sentence only, long enough to be prose here.')
  expect(extractiveSummary('')).toBe('')
})
