/** The sidebar's right-click menu, one for the whole list, placed at the pointer (loaded on first use). */
import type { FeedViewType } from '@brook/shared'
import { DropdownMenu } from 'radix-ui'
import { PointerAnchor } from '../../components/Menu.tsx'
import { useSubscription } from '../../store/index.ts'
import { FolderMenuContent } from './FolderMenu.tsx'
import { SubscriptionMenuContent } from './SubscriptionMenu.tsx'

export type SidebarMenuTarget =
  | { kind: 'subscription'; subscriptionId: string; x: number; y: number }
  | { kind: 'folder'; view: FeedViewType; name: string; subscriptionIds: string[]; x: number; y: number }

export function SidebarMenu({ target, onClose }: { target: SidebarMenuTarget; onClose: () => void }) {
  const subscription = useSubscription(target.kind === 'subscription' ? target.subscriptionId : null)
  if (target.kind === 'subscription' && !subscription) return null
  return (
    <DropdownMenu.Root open onOpenChange={(open) => !open && onClose()} modal={false}>
      <PointerAnchor x={target.x} y={target.y} />
      <DropdownMenu.Portal>
        {target.kind === 'folder' ? <FolderMenuContent view={target.view} name={target.name} subscriptionIds={target.subscriptionIds} /> : <SubscriptionMenuContent subscription={subscription!} />}
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
