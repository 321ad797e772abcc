import { expect, it } from 'vitest'
import { appDataDir } from './appDataDir.ts'
import { readDesktopEnv } from './env.ts'

it('is XDG data home on Linux, Application Support on macOS, AppData on Windows', () => {
  expect(appDataDir({ platform: 'linux', home: '/home/ada' })).toBe('/home/ada/.local/share/brook')
  expect(appDataDir({ platform: 'linux', home: '/home/ada', xdgDataHome: '/data/ada' })).toBe('/data/ada/brook')
  expect(appDataDir({ platform: 'darwin', home: '/Users/ada' })).toBe('/Users/ada/Library/Application Support/Brook')
  expect(appDataDir({ platform: 'win32', home: 'C:\\Users\\ada', appData: 'C:\\Users\\ada\\AppData\\Roaming' })).toBe('C:\\Users\\ada\\AppData\\Roaming\\Brook')
})

it('reads the folders from the environment', () => {
  const env = readDesktopEnv({ HOME: '/home/ada', XDG_DATA_HOME: '', PATH: '/usr/bin', BROOK_BROWSER: '/opt/chrome' }, 'linux')
  expect(appDataDir(env)).toBe('/home/ada/.local/share/brook')
  expect(env.browser).toBe('/opt/chrome')
})
