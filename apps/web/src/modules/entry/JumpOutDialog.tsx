/** Asks before a link in entry content leaves Brook (loaded when first needed; see jumpOut.ts). */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { cancelJumpOut, confirmJumpOut, useJumpOutStore } from './jumpOut.ts'

export function JumpOutDialog() {
  const url = useJumpOutStore((s) => s.url)
  return url ? <JumpOutPrompt key={url} url={url} /> : null
}

function JumpOutPrompt({ url }: { url: string }) {
  const { t } = useTranslation('entry')
  const [dontAsk, setDontAsk] = useState(false)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && cancelJumpOut()}
      title={t('jumpOut.title')}
      description={t('jumpOut.hint')}
      testId="jump-out-dialog"
      footer={
        <>
          <label className="mr-auto flex cursor-pointer items-center gap-2 text-[13px] text-zinc-600 select-none dark:text-zinc-300">
            <input type="checkbox" className="accent-[var(--color-accent)]" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} data-testid="jump-out-dont-ask" />
            {t('jumpOut.dontAsk')}
          </label>
          <Button variant="ghost" size="sm" onClick={cancelJumpOut} data-testid="jump-out-cancel">
            {t('jumpOut.cancel')}
          </Button>
          <Button size="sm" autoFocus onClick={() => confirmJumpOut(dontAsk)} data-testid="jump-out-open">
            {t('jumpOut.open')}
          </Button>
        </>
      }
    >
      <p data-testid="jump-out-url" className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-[12px] leading-relaxed break-all text-zinc-700 select-all dark:bg-zinc-800 dark:text-zinc-200">
        {url}
      </p>
    </Dialog>
  )
}
