/** Text with its matched spans in <mark> (ranges from the search answer; no HTML is parsed). */
import type { Highlight } from '@brook/shared'
import { highlightParts } from './searchEntries.ts'

export function HighlightedText({ text, highlights }: { text: string; highlights: readonly Highlight[] }) {
  return (
    <>
      {highlightParts(text, highlights).map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-[3px] bg-accent/20 px-px text-inherit dark:bg-accent/30">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
