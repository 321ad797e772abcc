import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n/index.ts'
import { updateSettings } from '../../store/index.ts'
import { useSettingsStore } from '../../store/entities/settings.ts'
import { EntryContent } from './EntryContent.tsx'
import { cancelJumpOut, isExternalLink } from './jumpOut.ts'
import { JumpOutDialog } from './JumpOutDialog.tsx'

vi.mock('../../store/index.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../store/index.ts')>()), updateSettings: vi.fn(() => Promise.resolve()) }))

const html = `<p>Read <a href="https://farm.example/article">the article</a>, or <a href="${location.origin}/timeline/view-0/all/pending">all articles</a>.</p>`

let open: ReturnType<typeof vi.spyOn>
/** Whether the browser would still follow the last click (nobody prevented it). */
let followed: boolean | null = null
const watchClicks = (e: MouseEvent) => {
  followed = !e.defaultPrevented
  e.preventDefault() // jsdom does not navigate; keep it from trying.
}

beforeEach(() => {
  useSettingsStore.getState().reset()
  vi.mocked(updateSettings).mockClear()
  open = vi.spyOn(window, 'open').mockImplementation(() => null)
  followed = null
  window.addEventListener('click', watchClicks)
  render(
    <>
      <EntryContent cacheKey={`jump-${Math.random()}`} html={html} baseUrl="https://farm.example/post/1" />
      <JumpOutDialog />
    </>,
  )
})

afterEach(() => {
  window.removeEventListener('click', watchClicks)
  act(() => cancelJumpOut())
  open.mockRestore()
})

describe('jump-out link warning (general setting jumpOutLinkWarn)', () => {
  it('on (the default): a link to another site asks first, with its address; Open opens it in a new tab', () => {
    fireEvent.click(screen.getByText('the article'))
    expect(followed).toBe(false)
    expect(open).not.toHaveBeenCalled()
    expect(screen.getByTestId('jump-out-dialog').textContent).toContain('Leave Brook for this link?')
    expect(screen.getByTestId('jump-out-url').textContent).toBe('https://farm.example/article')
    fireEvent.click(screen.getByTestId('jump-out-open'))
    expect(open).toHaveBeenCalledWith('https://farm.example/article', '_blank', 'noopener,noreferrer')
    expect(screen.queryByTestId('jump-out-dialog')).toBeNull()
    expect(updateSettings).not.toHaveBeenCalled()
  })

  it('Cancel opens nothing', () => {
    fireEvent.click(screen.getByText('the article'))
    fireEvent.click(screen.getByTestId('jump-out-cancel'))
    expect(screen.queryByTestId('jump-out-dialog')).toBeNull()
    expect(open).not.toHaveBeenCalled()
  })

  it('"Don’t ask again" turns the setting off as it opens the link', () => {
    fireEvent.click(screen.getByText('the article'))
    fireEvent.click(screen.getByTestId('jump-out-dont-ask'))
    fireEvent.click(screen.getByTestId('jump-out-open'))
    expect(updateSettings).toHaveBeenCalledWith('general', { jumpOutLinkWarn: false })
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('off: the link opens in a new tab at once, as the sanitizer made it', () => {
    useSettingsStore.getState().merge('general', { jumpOutLinkWarn: false }, new Date().toISOString())
    const link = screen.getByText('the article')
    expect(link.getAttribute('target')).toBe('_blank')
    fireEvent.click(link)
    expect(followed).toBe(true)
    expect(screen.queryByTestId('jump-out-dialog')).toBeNull()
  })

  it('a link that stays in Brook never asks', () => {
    fireEvent.click(screen.getByText('all articles'))
    expect(followed).toBe(true)
    expect(screen.queryByTestId('jump-out-dialog')).toBeNull()
    expect(isExternalLink('mailto:someone@example.com')).toBe(false)
    expect(isExternalLink('https://elsewhere.example/x')).toBe(true)
  })
})
