/** The shortcuts guide overlay (`?`): every command with a hotkey, grouped as SPEC §2's action groups. */
import { Dialog } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Kbd } from '../../components/Kbd.tsx'
import { XIcon } from '../../components/moreIcons.tsx'
import { hotkeyOf, useBindingStore } from './bindings.ts'
import { useShortcutsGuideStore } from './guideStore.ts'
import { COMMAND_GROUPS } from './registry.ts'
import { useCommands } from './useCommands.ts'

export function ShortcutsGuide() {
  const { t } = useTranslation('shortcuts')
  const open = useShortcutsGuideStore((s) => s.open)
  const setOpen = useShortcutsGuideStore((s) => s.setOpen)
  const overrides = useBindingStore((s) => s.overrides)
  const commands = useCommands()
  if (!open) return null
  return (
    <Dialog.Root open onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/30 backdrop-blur-[2px] dark:bg-black/50" />
        <Dialog.Content data-testid="shortcuts-guide" className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-zinc-200/80 bg-white shadow-2xl outline-none dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-center gap-3 border-b border-zinc-100 px-6 py-4 dark:border-zinc-800">
            <Dialog.Title className="flex-1 text-[15px] font-semibold">{t('guideTitle')}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('guideHint')}</Dialog.Description>
            <Link to="/settings/shortcuts" onClick={() => setOpen(false)} className="text-[12px] font-medium text-accent hover:underline">
              {t('customize')}
            </Link>
            <Dialog.Close aria-label={t('close')} className="flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 dark:hover:bg-white/10">
              <XIcon size={16} />
            </Dialog.Close>
          </div>
          <div className="scrollbar-thin columns-1 gap-8 overflow-y-auto px-6 py-5 sm:columns-2">
            {COMMAND_GROUPS.map((group) => {
              const rows = commands.filter((c) => c.group === group && hotkeyOf(c, overrides))
              if (rows.length === 0) return null
              return (
                <section key={group} className="mb-6 break-inside-avoid">
                  <h3 className="mb-2 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase">{t(`groups.${group}`)}</h3>
                  <ul>
                    {rows.map((c) => (
                      <li key={c.id} className="flex h-8 items-center justify-between gap-4 text-[13px]">
                        <span className="truncate text-zinc-700 dark:text-zinc-300">{t(`labels.${c.labelKey}`, c.labelParams)}</span>
                        <Kbd hotkey={hotkeyOf(c, overrides)} />
                      </li>
                    ))}
                  </ul>
                </section>
              )
            })}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
