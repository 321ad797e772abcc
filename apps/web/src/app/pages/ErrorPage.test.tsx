import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import '../../i18n/index.ts'
import { reloadPage } from '../../lib/pageReload.ts'
import { ErrorView } from './ErrorPage.tsx'

vi.mock('../../lib/pageReload.ts', () => ({ reloadPage: vi.fn() }))

describe('ErrorView', () => {
  beforeEach(() => vi.mocked(reloadPage).mockClear())

  it('shows the title, the message, the buttons and an issue link with the environment', () => {
    render(<ErrorView error={Object.assign(new Error('Boom at line 3'), { traceId: 'trace-123' })} />)
    expect(screen.getByText('Sorry, the product has encountered an error')).toBeTruthy()
    expect(screen.getByTestId('error-message').textContent).toBe('Boom at line 3')
    expect(screen.getByRole('button', { name: 'Reset Local Database' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Submit Issue' }) as HTMLAnchorElement
    const body = new URL(link.href).searchParams.get('body') ?? ''
    expect(body).toContain('Boom at line 3')
    expect(body).toContain('- App version: 0.7.0')
    expect(body).toContain('- Env: web')
    expect(body).toContain(`- User agent: ${navigator.userAgent}`)
    expect(body).toMatch(/- Session trace id: [\w-]{21}/)
    expect(body).toContain('- Mode: test')
    expect(body).toContain('- Error trace id: trace-123')
    expect(reloadPage).not.toHaveBeenCalled()
  })

  it('reloads once per session when a chunk of an older build is gone', () => {
    const stale = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const first = render(<ErrorView error={stale} />)
    expect(reloadPage).toHaveBeenCalledTimes(1)
    expect(sessionStorage.getItem('brook:reload-once')).toBe('1')
    first.unmount()
    render(<ErrorView error={stale} />)
    expect(reloadPage).toHaveBeenCalledTimes(1)
  })
})
