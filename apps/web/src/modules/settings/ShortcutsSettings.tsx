/**
 * Settings → Shortcuts: every command by group with its hotkey; click to record a new one
 * (a combination, or a sequence when keys follow within 1 s), conflicts shown before saving.
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/Button.tsx'
import { Kbd } from '../../components/Kbd.tsx'
import { findConflicts, hotkeyOf, useBindingStore } from '../shortcuts/bindings.ts'
import { useRecordingStore } from '../shortcuts/focusRegions.ts'
import { hotkeyOfStroke, isModifierKey, SEQUENCE_TIMEOUT_MS, strokeOf } from '../shortcuts/hotkey.ts'
import { COMMAND_GROUPS, getCommand, type Command } from '../shortcuts/registry.ts'
import { useCommands } from '../shortcuts/useCommands.ts'
import { SettingsPage } from './SettingsPage.tsx'

export function ShortcutsSettings() {
  const { t } = useTranslation('shortcuts')
  const { t: tSettings } = useTranslation('settings')
  const overrides = useBindingStore((s) => s.overrides)
  const resetAll = useBindingStore((s) => s.resetAll)
  const [editing, setEditing] = useState<string | null>(null)
  const commands = useCommands()
  return (
    <SettingsPage title={tSettings('sections.shortcuts')} description={t('settingsHint')} testId="settings-shortcuts">
      <div className="-mt-2 flex justify-end">
        <Button variant="ghost" size="sm" onClick={resetAll} disabled={Object.keys(overrides).length === 0}>
          {t('resetAll')}
        </Button>
      </div>
      {COMMAND_GROUPS.map((group) => {
        const rows = commands.filter((c) => c.group === group)
        if (rows.length === 0) return null
        return (
          <section key={group}>
            <h2 className="text-[11px] font-semibold tracking-wider text-zinc-500 uppercase">{t(`groups.${group}`)}</h2>
            <ul className="mt-2 divide-y divide-zinc-100 rounded-xl border border-zinc-200/80 dark:divide-zinc-800 dark:border-zinc-800">
              {rows.map((c) => (
                <ShortcutRow key={c.id} command={c} hotkey={hotkeyOf(c, overrides)} editing={editing === c.id} onEdit={() => setEditing(c.id)} onDone={() => setEditing(null)} />
              ))}
            </ul>
          </section>
        )
      })}
    </SettingsPage>
  )
}

function ShortcutRow({ command, hotkey, editing, onEdit, onDone }: { command: Command; hotkey: string; editing: boolean; onEdit: () => void; onDone: () => void }) {
  const { t } = useTranslation('shortcuts')
  const setBinding = useBindingStore((s) => s.setBinding)
  const resetBinding = useBindingStore((s) => s.resetBinding)
  const customised = useBindingStore((s) => command.id in s.overrides)
  return (
    <li className="flex min-h-11 items-center gap-3 px-4 py-1.5" data-testid="shortcut-row" data-command={command.id}>
      <span className="min-w-0 flex-1 truncate text-[13px]">{t(`labels.${command.labelKey}`, command.labelParams)}</span>
      {editing ? (
        <Recorder
          commandId={command.id}
          onCancel={onDone}
          onSave={(value) => {
            setBinding(command.id, value)
            onDone()
          }}
        />
      ) : (
        <>
          {customised && (
            <button type="button" onClick={() => resetBinding(command.id)} className="text-[11px] text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-200">
              {t('reset')}
            </button>
          )}
          <button type="button" onClick={onEdit} data-testid="shortcut-edit" className="flex h-8 min-w-20 items-center justify-end rounded-md px-2 hover:bg-zinc-900/5 dark:hover:bg-white/10" aria-label={t('rebind', { action: t(`labels.${command.labelKey}`, command.labelParams) })}>
            {hotkey ? <Kbd hotkey={hotkey} /> : <span className="text-[12px] text-zinc-500">{t('unbound')}</span>}
          </button>
        </>
      )}
    </li>
  )
}

/** Captures keys while focused: a combination, or single keys in a row (a sequence). */
function Recorder({ commandId, onSave, onCancel }: { commandId: string; onSave: (hotkey: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('shortcuts')
  const ref = useRef<HTMLDivElement>(null)
  const [keys, setKeys] = useState<string[]>([])
  const last = useRef(0)
  const setRecording = useRecordingStore((s) => s.setRecording)
  useEffect(() => {
    setRecording(true)
    ref.current?.focus()
    return () => setRecording(false)
  }, [setRecording])

  const value = keys.length > 1 ? keys.join('>') : (keys[0] ?? '')
  const conflicts = value ? findConflicts(commandId, value) : []
  const onKeyDown = (e: React.KeyboardEvent) => {
    e.preventDefault()
    e.stopPropagation()
    if (e.key === 'Escape' && keys.length === 0) return onCancel()
    if (e.key === 'Enter' && keys.length > 0) return conflicts.length === 0 ? onSave(value) : undefined
    if (e.key === 'Backspace') return keys.length === 0 ? onSave('') : setKeys([])
    if (isModifierKey(e.key)) return
    const stroke = hotkeyOfStroke(strokeOf(e.nativeEvent))
    const now = Date.now()
    const combo = stroke.includes('+')
    setKeys((prev) => {
      // A combination stands alone; single keys within 1 s make a sequence (SPEC: no mixing).
      if (combo || prev.length === 0 || prev.some((k) => k.includes('+')) || now - last.current > SEQUENCE_TIMEOUT_MS) return [stroke]
      return [...prev, stroke].slice(-3)
    })
    last.current = now
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <div
          ref={ref}
          tabIndex={0}
          role="textbox"
          aria-label={t('recording')}
          data-testid="shortcut-recorder"
          onKeyDown={onKeyDown}
          onBlur={() => keys.length === 0 && onCancel()}
          className="flex h-8 min-w-32 items-center justify-center rounded-md border border-accent/60 bg-accent/5 px-2 text-[12px] text-zinc-500 ring-3 ring-accent/15 outline-none"
        >
          {value ? <Kbd hotkey={value} /> : t('pressKeys')}
        </div>
        <Button size="sm" disabled={!value || conflicts.length > 0} onMouseDown={(e) => e.preventDefault()} onClick={() => onSave(value)} data-testid="shortcut-save">
          {t('save')}
        </Button>
        <Button size="sm" variant="ghost" onMouseDown={(e) => e.preventDefault()} onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
      {conflicts.length > 0 && (
        <p role="alert" data-testid="shortcut-conflict" className="text-[11px] text-amber-700 dark:text-amber-300">
          {t('conflict', { actions: conflicts.map((c) => t(`labels.${getCommand(c.id)?.labelKey}`, getCommand(c.id)?.labelParams)).join(', ') })}
        </p>
      )}
    </div>
  )
}
