import { describe, expect, it } from 'vitest'
import { launcherEntryArgs, LAUNCHER_URI, setUnreadBadge } from './unreadBadge.ts'

describe('unread badge', () => {
  it('is a Unity LauncherEntry Update signal naming the launcher of the .deb', () => {
    expect(LAUNCHER_URI).toBe('application://org.brook.Desktop.desktop')
    expect(launcherEntryArgs(12)).toEqual(['emit', '--session', '--object-path', '/org/brook/Desktop', '--signal', 'com.canonical.Unity.LauncherEntry.Update', LAUNCHER_URI, "{'count': <int64 12>, 'count-visible': <true>}"])
    expect(launcherEntryArgs(0).at(-1)).toBe("{'count': <int64 0>, 'count-visible': <false>}")
  })

  it('is not sent without a session bus, nor on macOS and Windows', async () => {
    expect(await setUnreadBadge({ platform: 'linux', dbusSession: undefined }, 3)).toBe(false)
    expect(await setUnreadBadge({ platform: 'darwin', dbusSession: 'unix:path=/x' }, 3)).toBe(false)
    expect(await setUnreadBadge({ platform: 'win32', dbusSession: 'unix:path=/x' }, 3)).toBe(false)
  })
})
