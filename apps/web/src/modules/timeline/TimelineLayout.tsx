/** /timeline/:timelineId/:feedId: the entry list column beside the entry pane (the child route). */
import { Outlet } from 'react-router'
import { EntryListColumn } from './EntryListColumn.tsx'

export function TimelineLayout() {
  return (
    <div className="flex min-w-0 flex-1">
      <EntryListColumn />
      <section data-testid="entry-column" className="hidden min-w-0 flex-1 lg:flex">
        <Outlet />
      </section>
    </div>
  )
}
