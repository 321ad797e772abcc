/** The small corner player of the browser's speech synthesis (issue 10): what is read, pause/resume, stop. */
import { useTranslation } from 'react-i18next'
import { IconButton } from '../../components/IconButton.tsx'
import { XIcon } from '../../components/moreIcons.tsx'
import { VolumeIcon } from './aiIcons.tsx'
import { speechControls, useSpeechStore } from './readAloud.ts'

export function SpeechPlayer() {
  const { t } = useTranslation('ai')
  const { title, status } = useSpeechStore()
  if (status === 'idle') return null
  return (
    <div role="region" aria-label={t('tts.player')} data-testid="speech-player" data-status={status} className="fixed bottom-4 left-4 z-40 flex max-w-80 items-center gap-2 rounded-xl border border-zinc-200 bg-white py-1.5 pr-1.5 pl-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
      <VolumeIcon size={16} className="shrink-0 text-accent" />
      <span className="min-w-0 flex-1 truncate text-[13px]">{title}</span>
      <button type="button" className="rounded-md px-2 py-1 text-[12px] font-medium hover:bg-zinc-900/5 dark:hover:bg-white/10" onClick={status === 'speaking' ? speechControls.pause : speechControls.resume} data-testid="speech-toggle">
        {status === 'speaking' ? t('tts.pause') : t('tts.resume')}
      </button>
      <IconButton label={t('tts.stop')} onClick={speechControls.stop} data-testid="speech-stop">
        <XIcon size={14} />
      </IconButton>
    </div>
  )
}
