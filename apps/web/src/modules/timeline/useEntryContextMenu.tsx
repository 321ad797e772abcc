/** One right-click menu for a whole list of entries: finds the entry under the pointer and opens the menu there (loaded on first use). */
import { lazy, Suspense, useCallback, useState, type MouseEvent } from 'react'
import { ensurePages } from '../../i18n/index.ts'
import type { EntryMenuTarget } from './EntryContextMenu.tsx'

const EntryContextMenu = lazy(() => Promise.all([import('./EntryContextMenu.tsx'), ensurePages()]).then(([m]) => ({ default: m.EntryContextMenu })))

export function useEntryContextMenu(view: number) {
  const [target, setTarget] = useState<EntryMenuTarget | null>(null)
  const onContextMenu = useCallback((event: MouseEvent) => {
    const item = (event.target as HTMLElement).closest('[data-entry-id]')
    const id = item?.getAttribute('data-entry-id')
    if (!id || (event.target as HTMLElement).closest('a[href]')) return
    event.preventDefault()
    setTarget({ id, x: event.clientX, y: event.clientY })
  }, [])
  const menu = target ? (
    <Suspense fallback={null}>
      <EntryContextMenu key={`${target.id}:${target.x}:${target.y}`} target={target} view={view} onClose={() => setTarget(null)} />
    </Suspense>
  ) : null
  return { onContextMenu, menu }
}
