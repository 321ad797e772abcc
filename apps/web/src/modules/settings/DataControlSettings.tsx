/** Settings → Data Control: the local database (where it lives, pending writes), export as .db, reset; OPML; API tokens. */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { SettingRow } from '../../components/Switch.tsx'
import { exportLocalDatabase, resetLocalDatabase, useLocalDatabase } from '../../store/index.ts'
import { exportOpml } from '../discover/discoverApi.ts'
import { SettingsPage, SettingsSection } from './SettingsPage.tsx'
import { ApiTokensSection } from './ApiTokensSection.tsx'

export function DataControlSettings() {
  const { t } = useTranslation('settings')
  const db = useLocalDatabase()
  const [busy, setBusy] = useState(false)
  const [confirm, setConfirm] = useState(false)
  return (
    <SettingsPage title={t('sections.data-control')} description={t('descriptions.data-control')} testId="settings-data-control">
      <SettingsSection title={t('data.local')}>
        <SettingRow label={t('data.storage')} hint={db.storage === 'memory' ? t('data.memoryHint') : t('data.opfsHint')}>
          <span className="text-[13px] text-zinc-600 dark:text-zinc-300" data-testid="local-db-status">
            {db.status === 'ready' ? (db.storage === 'memory' ? t('data.memory') : t('data.persistent')) : t(`data.status.${db.status}`)}
          </span>
        </SettingRow>
        <SettingRow label={t('data.pendingWrites')} hint={t('data.pendingWritesHint')}>
          <span className="text-[13px] tabular-nums">{db.pendingWrites}</span>
        </SettingRow>
        <SettingRow label={t('data.export')} hint={t('data.exportHint')}>
          <Button
            size="sm"
            variant="secondary"
            busy={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await exportLocalDatabase()
              } catch (error) {
                toast.error(error instanceof Error ? error.message : String(error))
              } finally {
                setBusy(false)
              }
            }}
          >
            {t('data.exportButton')}
          </Button>
        </SettingRow>
        <SettingRow label={t('data.reset')} hint={t('data.resetHint')}>
          <Button size="sm" variant="secondary" className="!text-red-600" onClick={() => setConfirm(true)}>
            {t('data.resetButton')}
          </Button>
        </SettingRow>
      </SettingsSection>
      <SettingsSection title={t('data.subscriptions')}>
        <SettingRow label={t('data.opml')} hint={t('data.opmlHint')}>
          <Button size="sm" variant="secondary" onClick={() => void exportOpml()}>
            {t('data.opmlButton')}
          </Button>
        </SettingRow>
      </SettingsSection>
      <ApiTokensSection />
      {confirm && (
        <Dialog
          open
          onOpenChange={setConfirm}
          title={t('data.resetConfirmTitle')}
          description={t('data.resetConfirmHint')}
          footer={
            <>
              <Button variant="ghost" size="sm" onClick={() => setConfirm(false)}>
                {t('data.cancel')}
              </Button>
              <Button size="sm" className="!bg-red-600 hover:!bg-red-700" onClick={() => void resetLocalDatabase()}>
                {t('data.resetButton')}
              </Button>
            </>
          }
        />
      )}
    </SettingsPage>
  )
}
