/** Settings → Lists: the lists you own (create, edit, delete). */
import { useFeatureFlag } from '../featureFlags/featureFlags.ts'
import { FEED_VIEWS, type FeedViewType } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { ListIcon, PencilIcon, TrashIcon } from '../../components/moreIcons.tsx'
import { Select } from '../../components/Select.tsx'
import { TextField } from '../../components/TextField.tsx'
import { createList, deleteList, updateList, useLists, type List } from '../../store/index.ts'
import { useSessionStore } from '../../store/session.ts'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { ListAnalytics, ListImport } from './ListTools.tsx'
import { SettingsPage } from './SettingsPage.tsx'

export function ListsSettings() {
  const { t } = useTranslation('settings')
  const me = useSessionStore((s) => s.whoami?.id)
  const lists = useLists().filter((l) => l.ownerUserId === me || l.userId === me)
  const [editing, setEditing] = useState<List | 'new' | null>(null)
  return (
    <SettingsPage title={t('sections.list')} description={t('descriptions.list')} testId="settings-lists">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setEditing('new')}>
          {t('lists.create')}
        </Button>
      </div>
      {lists.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <ListIcon size={28} className="mx-auto text-zinc-300 dark:text-zinc-600" />
          <p className="mt-3 text-[13px] font-medium">{t('lists.emptyTitle')}</p>
          <p className="mt-1 text-[12px] text-zinc-500">{t('lists.emptyHint')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200/80 dark:divide-zinc-800 dark:border-zinc-800">
          {lists.map((list) => (
            <li key={list.id} className="flex items-center gap-3 px-4 py-3 text-[13px]">
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{list.title}</div>
                <div className="truncate text-[12px] text-zinc-500">{t('lists.meta', { feeds: list.feedIds.length, followers: list.subscriptionCount ?? 0 })}</div>
              </div>
              <button type="button" aria-label={t('lists.edit')} onClick={() => setEditing(list)} className="flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-700 dark:hover:bg-white/10">
                <PencilIcon size={13} />
              </button>
              <button type="button" aria-label={t('lists.delete')} onClick={() => void deleteList(list.id)} className="flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10">
                <TrashIcon size={13} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing && <ListDialog list={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </SettingsPage>
  )
}

function ListDialog({ list, onClose }: { list: List | null; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const me = useSessionStore((s) => s.whoami?.id)
  const isOwner = !!list && (list.ownerUserId === me || list.userId === me)
  const { t: tc } = useTranslation()
  const [title, setTitle] = useState(list?.title ?? '')
  const [description, setDescription] = useState(list?.description ?? '')
  const [image, setImage] = useState(list?.image ?? '')
  const [view, setView] = useState<FeedViewType>(list?.view ?? 0)
  const [fee, setFee] = useState(String(list?.fee ?? 0))
  // A fee is paid in POWER: not offered while the admin's power flag is off for me (a list's fee stays as it is).
  const power = useFeatureFlag('power')
  const save = async () => {
    const input = { title: title.trim(), description: description.trim() || null, image: image.trim() || null, view, fee: Math.max(0, Number(fee) || 0) }
    if (list) await updateList(list.id, input)
    else await createList(input)
    onClose()
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={list ? t('lists.edit') : t('lists.create')}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('lists.cancel')}
          </Button>
          <Button size="sm" disabled={!title.trim()} onClick={() => void save()}>
            {t('lists.save')}
          </Button>
        </>
      }
    >
      <form className="flex flex-col gap-3" onSubmit={(e) => (e.preventDefault(), void save())}>
        <TextField label={t('lists.title')} value={title} onChange={setTitle} required autoFocus />
        <TextField label={t('lists.descriptionLabel')} value={description} onChange={setDescription} />
        <TextField label={t('lists.image')} value={image} onChange={setImage} type="url" placeholder="https://" />
        <div className="grid grid-cols-2 gap-3">
          <label className="flex flex-col gap-1.5 text-[13px] font-medium text-zinc-700 dark:text-zinc-300">
            {t('lists.view')}
            <Select value={String(view)} onChange={(v) => setView(Number(v) as FeedViewType)} options={FEED_VIEWS.map((v) => ({ value: String(v), label: tc(VIEW_TABS[v].labelKey) }))} className="h-10" />
          </label>
          {power && <TextField label={t('lists.fee')} value={fee} onChange={setFee} type="number" min={0} />}
        </div>
      </form>
      {list && isOwner && (
        <div className="mt-5 flex flex-col gap-5 border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <ListAnalytics listId={list.id} />
          <ListImport listId={list.id} />
        </div>
      )}
    </Dialog>
  )
}
