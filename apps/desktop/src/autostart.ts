/**
 * `appLaunchOnStartup` (SPEC §3): the platform's autostart entry for brook-desktop — an XDG
 * autostart `.desktop` file on Linux, a LaunchAgent on macOS, the Run registry key on Windows.
 * The content is built here (unit-tested for all three); only the Linux file is written by
 * `setAutostart`, the other two are what an installer for those systems would write.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { DesktopEnv } from './env.ts'

export const AUTOSTART_ID = 'org.brook.Desktop'

function quoteExec(arg: string): string {
  // Desktop Entry Specification: arguments with reserved characters are double-quoted, with \ " ` $ escaped.
  return /[\s"'\\`$<>~|&;*?#()]/.test(arg) ? `"${arg.replace(/(["`$\\])/g, '\\$1')}"` : arg
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The XDG autostart entry (~/.config/autostart/org.brook.Desktop.desktop). */
export function linuxAutostartEntry(command: string[]): string {
  return ['[Desktop Entry]', 'Type=Application', 'Name=Brook', 'Comment=Feed reader', `Exec=${command.map(quoteExec).join(' ')}`, 'Icon=brook', 'Terminal=false', 'StartupWMClass=Brook', 'X-GNOME-Autostart-enabled=true', ''].join('\n')
}

/** The LaunchAgent (~/Library/LaunchAgents/org.brook.Desktop.plist). */
export function macLaunchAgent(command: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>Label</key>',
    `  <string>${AUTOSTART_ID}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...command.map((arg) => `    <string>${escapeXml(arg)}</string>`),
    '  </array>',
    '  <key>RunAtLoad</key>',
    '  <true/>',
    '</dict>',
    '</plist>',
    '',
  ].join('\n')
}

/** The Run key value as a .reg file (HKCU\Software\Microsoft\Windows\CurrentVersion\Run, value "Brook"). */
export function windowsRunKey(command: string[]): string {
  const line = command.map((arg) => (/\s/.test(arg) ? `"${arg}"` : arg)).join(' ')
  const escaped = line.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
  return ['Windows Registry Editor Version 5.00', '', '[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run]', `"Brook"="${escaped}"`, ''].join('\r\n')
}

/** Where each platform's entry lives. */
export function autostartPath(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgConfigHome'>): string {
  if (env.platform === 'darwin') return path.posix.join(env.home, 'Library', 'LaunchAgents', `${AUTOSTART_ID}.plist`)
  if (env.platform === 'win32') return 'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Brook'
  return path.posix.join(env.xdgConfigHome ?? path.posix.join(env.home, '.config'), 'autostart', `${AUTOSTART_ID}.desktop`)
}

/** Writes (on) or removes (off) the Linux autostart entry; returns the file. Other platforms: an error naming what to do. */
export function setAutostart(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgConfigHome'>, on: boolean, command: string[]): string {
  if (env.platform !== 'linux') throw new Error(`launch on startup is written by the installer on ${env.platform}: ${autostartPath(env)}`)
  const file = autostartPath(env)
  if (on) {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, linuxAutostartEntry(command))
  } else fs.rmSync(file, { force: true })
  return file
}

/** Whether this computer starts Brook at sign-in (the Linux entry exists); other platforms: false. */
export function autostartEnabled(env: Pick<DesktopEnv, 'platform' | 'home' | 'xdgConfigHome'>): boolean {
  return env.platform === 'linux' && fs.existsSync(autostartPath(env))
}
