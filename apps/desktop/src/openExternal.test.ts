import { describe, expect, it } from 'vitest'
import { externalOpenCommand, isExternalAddress, openExternal } from './openExternal.ts'

describe('opening links outside the app', () => {
  it('lets only web and mail addresses out', () => {
    expect(isExternalAddress('https://example.org/a?b=c')).toBe(true)
    expect(isExternalAddress('http://example.org')).toBe(true)
    expect(isExternalAddress('mailto:someone@example.org')).toBe(true)
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'brook://x', 'not a url', ''])
      expect(isExternalAddress(bad), bad).toBe(false)
    expect(() => openExternal('linux', 'file:///etc/passwd')).toThrow('not an address to open outside the app')
  })

  it("uses each platform's opener, the address as one argument", () => {
    expect(externalOpenCommand('linux', 'https://a.example/?x=1&y=2')).toEqual(['xdg-open', ['https://a.example/?x=1&y=2']])
    expect(externalOpenCommand('darwin', 'https://a.example/')).toEqual(['open', ['https://a.example/']])
    // cmd's start: an empty title first, & escaped for cmd.
    expect(externalOpenCommand('win32', 'https://a.example/?x=1&y=2')).toEqual(['cmd', ['/c', 'start', '""', 'https://a.example/?x=1^&y=2']])
  })
})
