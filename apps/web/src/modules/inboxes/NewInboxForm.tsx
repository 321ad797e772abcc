/** Discover → "Inbox": create an inbox (handle and name); it is followed at once and its e-mail address is shown to copy. */
import { FeedViewType, INBOX_HANDLE_PATTERN } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../components/TextField.tsx'
import { timelinePath, ROUTE_FEED_INBOX_PREFIX } from '../../lib/routeParams.ts'
import { refreshSubscriptions } from '../../sync/pull.ts'
import { writeInboxAnswer } from '../../sync/writers.ts'
import { InboxAddressField } from './InboxAddressField.tsx'
import { useInboxConfig } from './inboxConfig.ts'

export function NewInboxForm() {
  const { t } = useTranslation('subscriptions')
  const config = useInboxConfig()
  const [handle, setHandle] = useState('')
  const [title, setTitle] = useState('')
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<string | null>(null)
  const normalized = handle.trim().toLowerCase()
  const valid = INBOX_HANDLE_PATTERN.test(normalized)

  const submit = async () => {
    if (!valid) return
    setBusy(true)
    try {
      const inbox = await api.post('/inboxes', { handle: normalized, title: title.trim() || undefined })
      await writeInboxAnswer(inbox)
      await refreshSubscriptions().catch(() => undefined)
      setCreated(inbox.id)
      setHandle('')
      setTitle('')
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="new-inbox">
      <form className="flex flex-col gap-3" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <TextField label={t('inboxHandle')} value={handle} onChange={setHandle} placeholder="newsletters" autoComplete="off" spellCheck={false} />
            <p className="mt-1 truncate text-xs text-zinc-500" aria-live="polite">
              {handle && !valid ? t('inboxHandleRule') : `${normalized || 'newsletters'}@${config?.domain ?? '…'}`}
            </p>
          </div>
          <TextField label={t('inboxName')} value={title} onChange={setTitle} placeholder={t('inboxNamePlaceholder')} />
        </div>
        <div>
          <Button type="submit" size="sm" busy={busy} disabled={!valid}>
            {t('createInbox')}
          </Button>
        </div>
      </form>
      {created && (
        <div className="flex flex-col gap-2 rounded-lg border border-accent/30 bg-accent/5 px-3.5 py-3" data-testid="new-inbox-created">
          <InboxAddressField handle={created} />
          <Link to={timelinePath({ view: FeedViewType.Articles, feedId: `${ROUTE_FEED_INBOX_PREFIX}${created}` })} className="text-[13px] font-medium text-accent hover:underline">
            {t('openInbox')}
          </Link>
        </div>
      )}
    </div>
  )
}
