/** What an inbox entry keeps of its e-mail: the sender (From, with its address) and the attachments, each a download for the inbox's owner. */
import { useTranslation } from 'react-i18next'
import { DownloadIcon, FileTextIcon, MailIcon } from '../../components/moreIcons.tsx'
import type { Entry, EntryAttachment } from '../../store/index.ts'

/** The sender's address: `extra.from` (e-mail) or a `mailto:` author URL. */
export function senderAddress(entry: Pick<Entry, 'extra' | 'authorUrl'>): string | null {
  const from = entry.extra?.from
  if (typeof from === 'string' && from.includes('@')) return from
  return entry.authorUrl?.startsWith('mailto:') ? decodeURIComponent(entry.authorUrl.slice('mailto:'.length)) : null
}

export function EntrySender({ entry }: { entry: Entry }) {
  const { t } = useTranslation('entry')
  const address = senderAddress(entry)
  if (!address && !entry.author) return null
  return (
    <p className="mt-2 flex min-w-0 items-center gap-1.5 text-[13px] text-zinc-500" data-testid="entry-sender">
      <MailIcon size={14} className="shrink-0" />
      <span className="shrink-0">{t('from')}</span>
      {entry.author && entry.author !== address && <span className="truncate font-medium text-zinc-700 dark:text-zinc-300">{entry.author}</span>}
      {address && (
        <a href={`mailto:${address}`} className="truncate hover:text-accent hover:underline">
          {entry.author && entry.author !== address ? `<${address}>` : address}
        </a>
      )}
    </p>
  )
}

function formatSize(bytes: number | undefined, language: string): string {
  if (bytes === undefined) return ''
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`
}

function fileName(a: EntryAttachment): string {
  if (a.title) return a.title
  try {
    return decodeURIComponent(new URL(a.url).pathname.split('/').pop() || a.url)
  } catch {
    return a.url
  }
}

/** The mail's attachments (inline pictures are in the content already, so they are not here). */
export function EntryAttachments({ attachments }: { attachments: EntryAttachment[] | null }) {
  const { t, i18n } = useTranslation('entry')
  if (!attachments?.length) return null
  return (
    <section className="mt-10 border-t border-zinc-100 pt-5 dark:border-zinc-800" data-testid="entry-attachments">
      <h2 className="mb-2 text-[13px] font-semibold text-zinc-700 dark:text-zinc-300">{t('attachments', { count: attachments.length })}</h2>
      <ul className="flex flex-col gap-1.5">
        {attachments.map((a) => (
          <li key={a.url}>
            <a
              href={a.url}
              download={fileName(a)}
              className="group flex items-center gap-3 rounded-lg border border-zinc-200 px-3 py-2 text-[13px] transition-colors hover:border-accent/40 hover:bg-accent/5 dark:border-zinc-800"
              data-testid="entry-attachment"
            >
              <FileTextIcon size={16} className="shrink-0 text-zinc-400" />
              <span className="min-w-0 flex-1 truncate font-medium text-zinc-800 dark:text-zinc-200">{fileName(a)}</span>
              <span className="shrink-0 text-xs text-zinc-500 tabular-nums">{[a.mime_type, formatSize(a.size_in_bytes, i18n.language)].filter(Boolean).join(' · ')}</span>
              <DownloadIcon size={15} className="shrink-0 text-zinc-400 group-hover:text-accent" />
              <span className="sr-only">{t('downloadAttachment')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
