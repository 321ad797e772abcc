import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n/index.ts'
import { markAllRead } from '../../store/index.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { useUnreadStore } from '../../store/entities/unread.ts'
import { cancelMarkAll, requestMarkAllRead, useMarkAllConfirmStore } from './markAllConfirm.ts'
import { MarkAllReadConfirm } from './MarkAllReadConfirm.tsx'

vi.mock('../../store/index.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../store/index.ts')>()), markAllRead: vi.fn(() => Promise.resolve()) }))

const filter = { feedId: 'f1' }

beforeEach(() => {
  vi.useFakeTimers()
  vi.mocked(markAllRead).mockClear()
  useSettingsStore.getState().reset()
  useUnreadStore.getState().replaceAll({ f1: 1234 })
})

afterEach(() => {
  act(() => cancelMarkAll())
  vi.useRealTimers()
})

function ask(seconds?: number) {
  if (seconds !== undefined) useSettingsStore.getState().merge('general', { markAllReadCountdown: seconds }, new Date().toISOString())
  render(<MarkAllReadConfirm />)
  act(() => requestMarkAllRead(filter, 'Feed one'))
}

describe('mark all as read: the countdown', () => {
  it('shows what will be marked and counts down from the default 3 s, then marks at zero', () => {
    ask()
    expect(screen.getByRole('alertdialog').textContent).toContain('Mark all in Feed one as read?')
    expect(screen.getByTestId('mark-all-unread').textContent).toContain('1.2K unread entries')
    expect(screen.getByTestId('mark-all-countdown').textContent).toContain('Marking as read in 3 s')
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.getByTestId('mark-all-countdown').textContent).toContain('in 2 s')
    act(() => vi.advanceTimersByTime(1000))
    expect(markAllRead).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1000))
    expect(markAllRead).toHaveBeenCalledTimes(1)
    expect(markAllRead).toHaveBeenCalledWith(filter)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('Cancel stops it: nothing is marked, even after the time is up', () => {
    ask(5)
    act(() => vi.advanceTimersByTime(2000))
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    act(() => vi.advanceTimersByTime(10_000))
    expect(markAllRead).not.toHaveBeenCalled()
  })

  it('Escape cancels; Enter and the button mark at once', () => {
    ask(10)
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(useMarkAllConfirmStore.getState().pending).toBeNull()

    act(() => requestMarkAllRead(filter, 'Feed one'))
    fireEvent.keyDown(window, { key: 'Enter' })
    expect(markAllRead).toHaveBeenCalledTimes(1)

    act(() => requestMarkAllRead(filter, 'Feed one'))
    fireEvent.click(screen.getByRole('button', { name: /Mark as read/ }))
    expect(markAllRead).toHaveBeenCalledTimes(2)
    act(() => vi.advanceTimersByTime(20_000))
    expect(markAllRead).toHaveBeenCalledTimes(2)
  })

  it('a countdown of 0 marks at once, with nothing to confirm', () => {
    ask(0)
    expect(markAllRead).toHaveBeenCalledWith(filter)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('a newer request replaces one still counting: only it is marked', () => {
    ask(3)
    act(() => vi.advanceTimersByTime(2000))
    act(() => requestMarkAllRead({ feedId: 'f2' }, 'Feed two'))
    expect(screen.getByRole('alertdialog').textContent).toContain('Feed two')
    expect(screen.getByTestId('mark-all-countdown').textContent).toContain('in 3 s')
    act(() => vi.advanceTimersByTime(3000))
    expect(markAllRead).toHaveBeenCalledTimes(1)
    expect(markAllRead).toHaveBeenCalledWith({ feedId: 'f2' })
  })
})
