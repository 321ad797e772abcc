import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { autostartPath, linuxAutostartEntry, macLaunchAgent, setAutostart, windowsRunKey } from './autostart.ts'

const command = ['/usr/bin/node', '/opt/brook/apps/desktop/src/main.ts', '--data-dir', '/home/ada/My Brook']

it('Linux: an XDG autostart .desktop entry whose Exec quotes arguments with spaces', () => {
  const entry = linuxAutostartEntry(command)
  expect(entry).toContain('[Desktop Entry]\nType=Application\nName=Brook\n')
  expect(entry).toContain('Exec=/usr/bin/node /opt/brook/apps/desktop/src/main.ts --data-dir "/home/ada/My Brook"\n')
  expect(entry).toContain('StartupWMClass=Brook')
  expect(autostartPath({ platform: 'linux', home: '/home/ada' })).toBe('/home/ada/.config/autostart/org.brook.Desktop.desktop')
})

it('macOS: a LaunchAgent plist run at load', () => {
  const plist = macLaunchAgent([...command, 'a&b'])
  expect(plist).toContain('<key>Label</key>\n  <string>org.brook.Desktop</string>')
  expect(plist).toContain('    <string>/home/ada/My Brook</string>\n    <string>a&amp;b</string>\n  </array>')
  expect(plist).toContain('<key>RunAtLoad</key>\n  <true/>')
  expect(autostartPath({ platform: 'darwin', home: '/Users/ada' })).toBe('/Users/ada/Library/LaunchAgents/org.brook.Desktop.plist')
})

it('Windows: the Run key of the current user, the command quoted where it has spaces', () => {
  const reg = windowsRunKey(['C:\\Program Files\\nodejs\\node.exe', 'C:\\brook\\main.ts'])
  expect(reg).toBe(
    'Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run]\r\n"Brook"="\\"C:\\\\Program Files\\\\nodejs\\\\node.exe\\" C:\\\\brook\\\\main.ts"\r\n',
  )
})

it('writes and removes the Linux entry', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-autostart-'))
  try {
    const file = setAutostart({ platform: 'linux', home }, true, command)
    expect(fs.readFileSync(file, 'utf8')).toBe(linuxAutostartEntry(command))
    setAutostart({ platform: 'linux', home }, false, command)
    expect(fs.existsSync(file)).toBe(false)
  } finally {
    fs.rmSync(home, { recursive: true, force: true })
  }
})

it('brook-desktop --launch-on-startup on|off writes and removes it under XDG_CONFIG_HOME', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-autostart-cli-'))
  try {
    const main = path.resolve(import.meta.dirname, 'main.ts')
    const run = (v: string) => spawnSync(process.execPath, [main, '--data-dir', path.join(dir, 'data'), '--launch-on-startup', v], { env: { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config') }, encoding: 'utf8', timeout: 20_000 })
    expect(run('on').status).toBe(0)
    const file = path.join(dir, 'config/autostart/org.brook.Desktop.desktop')
    expect(fs.readFileSync(file, 'utf8')).toContain(`Exec=${process.execPath} ${main} --data-dir ${path.join(dir, 'data')}`)
    expect(run('off').status).toBe(0)
    expect(fs.existsSync(file)).toBe(false)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
