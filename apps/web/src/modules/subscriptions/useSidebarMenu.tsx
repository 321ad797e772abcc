/** Right-click on a sidebar row: finds the subscription or category under the pointer and opens SidebarMenu there. */
import { lazy, Suspense, useCallback, useState, type MouseEvent } from 'react'
import type { SidebarItem } from './buildSubscriptionTree.ts'
import type { SidebarMenuTarget } from './SidebarMenu.tsx'

const SidebarMenu = lazy(() => import('./SidebarMenu.tsx').then((m) => ({ default: m.SidebarMenu })))

export function useSidebarMenu(view: number, items: SidebarItem[]) {
  const [target, setTarget] = useState<SidebarMenuTarget | null>(null)
  const onContextMenu = useCallback(
    (event: MouseEvent) => {
      const el = event.target as HTMLElement
      const row = el.closest('[data-subscription-id], [data-folder]')
      if (!row) return
      const subscriptionId = row.getAttribute('data-subscription-id')
      const folder = row.getAttribute('data-folder')
      const at = { x: event.clientX, y: event.clientY }
      if (subscriptionId) {
        event.preventDefault()
        setTarget({ kind: 'subscription', subscriptionId, ...at })
        return
      }
      const item = items.find((i) => i.kind === 'folder' && i.name === folder)
      if (item?.kind !== 'folder') return
      event.preventDefault()
      setTarget({ kind: 'folder', view: view as Extract<SidebarMenuTarget, { kind: 'folder' }>['view'], name: item.name, subscriptionIds: item.subscriptionIds, ...at })
    },
    [items, view],
  )
  const menu = target ? (
    <Suspense fallback={null}>
      <SidebarMenu key={`${target.kind}:${target.x}:${target.y}`} target={target} onClose={() => setTarget(null)} />
    </Suspense>
  ) : null
  return { onContextMenu, menu }
}
