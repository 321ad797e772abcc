/**
 * The assistant's markdown in the chat panel (issue 10): lists, code, links, emphasis, tables
 * (GFM), rendered by react-markdown into React elements. Raw HTML in an answer is never
 * interpreted — react-markdown shows it as text (no rehype-raw), so `<img onerror>` or `<script>`
 * from a model stay inert — and addresses other than http(s), mailto and relative ones are dropped
 * (react-markdown's own urlTransform). Links open in a new tab like entry links (with the jump-out
 * warning); Brook's own addresses open in the app. Pictures the model names are not loaded: they
 * show as a link with their alt text.
 */
import type { ComponentProps } from 'react'
import Markdown, { type Components } from 'react-markdown'
import { Link } from 'react-router'
import remarkGfm from 'remark-gfm'
import { interceptJumpOut } from '../entry/jumpOut.ts'

const linkClass = 'text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent'

function ChatLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <>{children}</>
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass} onClick={interceptJumpOut}>
      {children}
    </a>
  )
}

const components: Components = {
  a: ({ href, children }) => <ChatLink href={href}>{children}</ChatLink>,
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <ChatLink href={src}>{alt || src}</ChatLink>
    ) : (
      <>{alt}</>
    ),
  p: ({ children }) => <p className="my-1.5 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc space-y-0.5 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal space-y-0.5 pl-5">{children}</ol>,
  h1: ({ children }) => <h3 className="mt-2 mb-1 text-[14.5px] font-semibold">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-2 mb-1 text-[14px] font-semibold">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-2 mb-1 text-[13.5px] font-semibold">{children}</h4>,
  blockquote: ({ children }) => <blockquote className="my-1.5 border-l-2 border-zinc-300 pl-2.5 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400">{children}</blockquote>,
  pre: ({ children }) => <pre className="scrollbar-thin my-1.5 overflow-x-auto rounded-lg bg-zinc-900 px-3 py-2 text-[12.5px] leading-snug text-zinc-100 dark:bg-black/60 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit">{children}</pre>,
  code: ({ children, className }) => <code className={`rounded bg-zinc-200/70 px-1 py-px font-mono text-[12.5px] dark:bg-zinc-700/70 ${className ?? ''}`}>{children}</code>,
  table: ({ children }) => (
    <div className="scrollbar-thin my-1.5 overflow-x-auto">
      <table className="border-collapse text-[12.5px] [&_td]:border [&_td]:border-zinc-300 [&_td]:px-1.5 [&_td]:py-0.5 [&_th]:border [&_th]:border-zinc-300 [&_th]:px-1.5 [&_th]:py-0.5 dark:[&_td]:border-zinc-600 dark:[&_th]:border-zinc-600">{children}</table>
    </div>
  ),
  hr: () => <hr className="my-2 border-zinc-300 dark:border-zinc-600" />,
}

export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="break-words" data-testid="chat-answer-text">
      <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml={false}>
        {text}
      </Markdown>
    </div>
  )
}
