/** The sidebar's dialogs: edit a subscription, new/rename/delete a category, confirm unfollow (mark-all-read counts down: markAllConfirm.ts). */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/client.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { TextField } from '../../components/TextField.tsx'
import { batchUpdateSubscriptions, deleteCategory, renameCategory, updateInbox, updateSubscription, useInbox, useSubscription, useSubscriptions, type Subscription } from '../../store/index.ts'
import { DiscoveryCategoryField } from '../discover/DiscoveryCategoryField.tsx'
import { InboxAddressField } from '../inboxes/InboxAddressField.tsx'
import { useLayoutStore } from '../layout/useLayoutStore.ts'
import { useSidebarDialogStore, type SidebarDialog } from './dialogStore.ts'
import { EditSubscriptionForm } from './EditSubscriptionForm.tsx'
import { titleOf, unfollowWithUndo } from './subscriptionActions.ts'

export function SubscriptionDialogs() {
  const dialog = useSidebarDialogStore((s) => s.dialog)
  const close = useSidebarDialogStore((s) => s.close)
  if (!dialog) return null
  const key = JSON.stringify(dialog)
  switch (dialog.kind) {
    case 'edit':
      return <EditDialog key={key} id={dialog.subscriptionId} onClose={close} />
    case 'rename-category':
      return <RenameCategoryDialog key={key} dialog={dialog} onClose={close} />
    case 'delete-category':
      return <DeleteCategoryDialog key={key} dialog={dialog} onClose={close} />
    case 'new-category':
      return <NewCategoryDialog key={key} dialog={dialog} onClose={close} />
    case 'unfollow':
      return <UnfollowDialog key={key} id={dialog.subscriptionId} onClose={close} />
  }
}

/** "Updates pushed by {hub}" for a feed a WebSub hub pushes (docs/websub.md). */
function PushedBy({ feedId }: { feedId: string }) {
  const { t } = useTranslation('subscriptions')
  const feed = useQuery({ queryKey: ['api', 'feeds', feedId], queryFn: () => api.get('/feeds', { id: feedId }), staleTime: 60_000 })
  const hub = feed.data?.pushedBy
  if (!hub) return null
  return (
    <p className="mt-3 text-[12px] text-zinc-500" data-testid="pushed-by">
      {t('pushedBy', { hub: new URL(hub).host })}
    </p>
  )
}

function EditDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  const sub = useSubscription(id)
  const inbox = useInbox(sub?.inboxId)
  if (!sub) return null
  if (sub.inboxId) return <EditInboxDialog sub={sub} handle={sub.inboxId} inboxTitle={inbox?.title ?? null} onClose={onClose} />
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('editTitle')} description={titleOf(sub)} testId="edit-subscription-dialog">
      <EditSubscriptionForm
        subscription={sub}
        onCancel={onClose}
        onSave={async (patch) => {
          await updateSubscription(sub.id, patch)
          onClose()
        }}
      />
      {sub.feedId && <PushedBy feedId={sub.feedId} />}
      {sub.feedId && <DiscoveryCategoryField feedId={sub.feedId} />}
    </Dialog>
  )
}

/**
 * An inbox: its e-mail address to copy, and its name — the title field renames the inbox itself
 * (PUT /inboxes), so the sidebar, the entries' source and the address book all say the same.
 */
function EditInboxDialog({ sub, handle, inboxTitle, onClose }: { sub: Subscription; handle: string; inboxTitle: string | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('editInboxTitle')} description={titleOf(sub)} testId="edit-subscription-dialog">
      <div className="mb-4">
        <InboxAddressField handle={handle} />
      </div>
      <EditSubscriptionForm
        subscription={{ ...sub, title: sub.title ?? inboxTitle }}
        titleLabel={t('inboxName')}
        titlePlaceholder={handle}
        onCancel={onClose}
        onSave={async ({ title, ...patch }) => {
          if ((title ?? null) !== inboxTitle) await updateInbox(handle, title ?? '')
          await updateSubscription(sub.id, sub.title === null ? patch : { ...patch, title: null })
          onClose()
        }}
      />
    </Dialog>
  )
}

function RenameCategoryDialog({ dialog, onClose }: { dialog: Extract<SidebarDialog, { kind: 'rename-category' }>; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  const [name, setName] = useState(dialog.name)
  const renameFolder = useLayoutStore((s) => s.renameFolder)
  const to = name.trim()
  const submit = async () => {
    if (!to || to === dialog.name) return onClose()
    renameFolder(dialog.view, dialog.name, to)
    await renameCategory(dialog.view, dialog.name, to)
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('renameCategoryTitle')}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button size="sm" onClick={() => void submit()} disabled={!to}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form onSubmit={(e) => (e.preventDefault(), void submit())}>
        <TextField label={t('categoryName')} value={name} onChange={setName} autoFocus required />
      </form>
    </Dialog>
  )
}

function DeleteCategoryDialog({ dialog, onClose }: { dialog: Extract<SidebarDialog, { kind: 'delete-category' }>; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('deleteCategoryTitle', { name: dialog.name })}
      description={t('deleteCategoryHint')}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button size="sm" className="!bg-red-600 hover:!bg-red-700" onClick={() => void deleteCategory(dialog.view, dialog.name).then(onClose)}>
            {t('deleteCategory')}
          </Button>
        </>
      }
    />
  )
}

function NewCategoryDialog({ dialog, onClose }: { dialog: Extract<SidebarDialog, { kind: 'new-category' }>; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  const subs = useSubscriptions(dialog.view).filter((s) => s.type === 'feed')
  const [name, setName] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set(dialog.subscriptionIds))
  const setFolderOpen = useLayoutStore((s) => s.setFolderOpen)
  const to = name.trim()
  const submit = async () => {
    if (!to || selected.size === 0) return
    setFolderOpen(dialog.view, to, true)
    await batchUpdateSubscriptions([...selected], { view: dialog.view, category: to })
    onClose()
  }
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('newCategoryTitle')}
      description={t('newCategoryHint')}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button size="sm" onClick={() => void submit()} disabled={!to || selected.size === 0}>
            {t('create')}
          </Button>
        </>
      }
    >
      <form onSubmit={(e) => (e.preventDefault(), void submit())}>
        <TextField label={t('categoryName')} value={name} onChange={setName} autoFocus required />
      </form>
      <p className="mt-4 mb-2 text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('categoryFeeds', { count: selected.size })}</p>
      <ul className="scrollbar-thin max-h-60 overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        {subs.map((s) => (
          <li key={s.id}>
            <label className="flex h-9 cursor-pointer items-center gap-2.5 px-3 text-[13px] hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <input type="checkbox" className="accent-[var(--color-accent)]" checked={selected.has(s.id)} onChange={() => toggle(s.id)} />
              <span className="min-w-0 flex-1 truncate">{titleOf(s)}</span>
              {s.category && <span className="truncate text-xs text-zinc-500">{s.category}</span>}
            </label>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}

function UnfollowDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('subscriptions')
  const sub = useSubscription(id)
  if (!sub) return null
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('unfollowTitle', { title: titleOf(sub) })}
      description={t('unfollowHint')}
      testId="unfollow-dialog"
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button size="sm" className="!bg-red-600 hover:!bg-red-700" onClick={() => (onClose(), void unfollowWithUndo(sub))}>
            {t('unfollow')}
          </Button>
        </>
      }
    />
  )
}
