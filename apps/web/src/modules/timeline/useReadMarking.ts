/**
 * Marking entries read as the general settings say: when scrolled past the top of the list
 * (scrollMarkUnread) and when shown on screen (renderMarkUnread). Ids are gathered and sent in
 * batches so a fast scroll makes one request, not hundreds.
 */
import type { Virtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { markRead } from '../../store/index.ts'
import { useEntryStore } from '../../store/entities/entries.ts'

const FLUSH_MS = 400

/** Collects ids to mark read and sends them together. */
export function createReadBatcher(send: (ids: string[]) => void, delayMs = FLUSH_MS) {
  const pending = new Set<string>()
  const done = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    timer = null
    if (pending.size === 0) return
    const ids = [...pending]
    pending.clear()
    send(ids)
  }
  return {
    add(ids: Iterable<string>) {
      for (const id of ids) {
        if (done.has(id)) continue
        done.add(id)
        pending.add(id)
      }
      if (pending.size > 0 && !timer) timer = setTimeout(flush, delayMs)
    },
    flush,
    dispose() {
      if (timer) clearTimeout(timer)
      flush()
    },
  }
}

const isUnread = (id: string) => useEntryStore.getState().byId[id]?.read === false

export function useReadMarking<T extends Element>({
  virtualizer,
  idAt,
  scroll,
  render,
}: {
  virtualizer: Virtualizer<T, Element>
  /** The entry id of a row index (null for headings). */
  idAt: (index: number) => string | null
  scroll: boolean
  render: boolean
}) {
  const batcher = useRef<ReturnType<typeof createReadBatcher> | null>(null)
  const seen = useRef(new Set<string>())
  useEffect(() => {
    batcher.current = createReadBatcher((ids) => void markRead(ids))
    return () => batcher.current?.dispose()
  }, [])

  const items = virtualizer.getVirtualItems()
  const offset = virtualizer.scrollOffset ?? 0
  const viewport = virtualizer.scrollRect?.height ?? 0
  useEffect(() => {
    if (!scroll && !render) return
    const toMark: string[] = []
    for (const item of items) {
      const id = idAt(item.index)
      if (!id) continue
      const visible = item.end > offset && item.start < offset + viewport
      if (visible) seen.current.add(id)
      const scrolledPast = item.end <= offset
      if (((scroll && scrolledPast && seen.current.has(id)) || (render && visible)) && isUnread(id)) toMark.push(id)
    }
    if (toMark.length) batcher.current?.add(toMark)
  }, [items, offset, viewport, scroll, render, idAt])
}
