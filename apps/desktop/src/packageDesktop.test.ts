import { describe, expect, it } from 'vitest'
import { controlFile, debianArch, desktopEntry, launcherScript } from './packageDesktop.ts'

describe('desktop package contents', () => {
  it('maps Node architectures to Debian ones and refuses unknown ones', () => {
    expect(debianArch('x64')).toBe('amd64')
    expect(debianArch('arm64')).toBe('arm64')
    expect(() => debianArch('mips')).toThrow('no Debian architecture for mips')
  })

  it('writes a control file dpkg accepts: fields, browser alternatives, folded description', () => {
    const control = controlFile({ version: '0.7.0', arch: 'amd64', installedSizeKb: 123 })
    expect(control).toMatch(/^Package: brook-desktop\nVersion: 0\.7\.0\nArchitecture: amd64\n/)
    expect(control).toContain('Installed-Size: 123\n')
    expect(control).toContain('Depends: chromium | google-chrome-stable | microsoft-edge-stable | brave-browser\n')
    // Continuation lines of a multi-line field start with a space; the file ends with a newline.
    const description = control.slice(control.indexOf('Description:')).trimEnd().split('\n')
    expect(description.slice(1).every((line) => line.startsWith(' '))).toBe(true)
    expect(control.endsWith('\n')).toBe(true)
  })

  it('the menu entry runs the installed command and matches the window class', () => {
    const entry = desktopEntry()
    expect(entry.startsWith('[Desktop Entry]\n')).toBe(true)
    expect(entry).toContain('Exec=brook-desktop\n')
    expect(entry).toContain('StartupWMClass=Brook\n')
    expect(entry).toContain('Icon=brook\n')
  })

  it('the launcher resolves its own folder (through the /usr/bin symlink) and runs the packaged Node', () => {
    const script = launcherScript()
    expect(script.startsWith('#!/bin/sh\n')).toBe(true)
    expect(script).toContain('here=$(dirname "$(readlink -f "$0")")')
    expect(script).toContain('exec "$here/runtime/node" "$here/apps/desktop/src/main.ts" "$@"')
  })
})
