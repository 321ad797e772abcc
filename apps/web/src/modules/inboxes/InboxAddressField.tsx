/** An inbox's e-mail address with a copy button (check mark for 2 s, SPEC §2/§5 clipboard messages). */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckIcon, CopyIcon } from '../../components/icons.tsx'
import { copyText } from '../entry/clipboard.ts'
import { inboxAddress, useInboxConfig } from './inboxConfig.ts'

export function InboxAddressField({ handle }: { handle: string }) {
  const { t } = useTranslation('subscriptions')
  const config = useInboxConfig()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const address = config ? inboxAddress(handle, config.domain) : null
  return (
    <div data-testid="inbox-address">
      <span className="mb-1.5 block text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('inboxAddress')}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-[13px] text-zinc-800 select-all dark:border-zinc-800 dark:bg-zinc-800/40 dark:text-zinc-200" data-testid="inbox-address-value">
          {address ?? '…'}
        </code>
        <button
          type="button"
          disabled={!address}
          onClick={() => void copyText(address ?? '', { successKey: 'subscriptions:inboxAddressCopied' }).then((ok) => ok && setCopied(true))}
          aria-label={copied ? t('copied') : t('copyAddress')}
          data-copied={copied}
          className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-zinc-200 px-3 text-[13px] font-medium text-zinc-700 transition-colors hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-800/60"
        >
          {copied ? <CheckIcon size={14} className="text-green-600" /> : <CopyIcon size={14} />}
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <p className="mt-1.5 text-xs text-zinc-500">{config && !config.receivesMail ? t('inboxMailOff') : t('inboxAddressHint')}</p>
    </div>
  )
}
