import { expect, it } from 'vitest'
import { browserArgs, smallSharedMemory } from './browserWindow.ts'

const options = { url: 'http://127.0.0.1:4000', profileDir: '/data/browser', bounds: { left: 10, top: 20, width: 1200, height: 800 }, beforeLoad: async () => {} }
const statfs = (bytes: number) => () => ({ bsize: 4096, blocks: bytes / 4096 })

it('moves Chromium off a container-sized /dev/shm only (Docker gives 64 MB), never off a desktop one', () => {
  expect(smallSharedMemory('linux', statfs(64 * 1024 * 1024))).toBe(true)
  expect(smallSharedMemory('linux', statfs(8 * 1024 * 1024 * 1024))).toBe(false)
  expect(smallSharedMemory('linux', () => { throw new Error('ENOENT') })).toBe(true)
  expect(smallSharedMemory('darwin', statfs(0))).toBe(false)
  expect(browserArgs(options, false, true)).toContain('--disable-dev-shm-usage')
  expect(browserArgs(options, false, false)).not.toContain('--disable-dev-shm-usage')
})

it('starts the app window blank when a bridge is to be installed, with its own profile and the extra flags last', () => {
  const args = browserArgs({ ...options, extraArgs: ['--disable-gpu'] }, false, false)
  expect(args[0]).toBe('--app=data:text/html,<title>Brook</title>')
  expect(args).toContain('--user-data-dir=/data/browser')
  expect(args).not.toContain('--no-sandbox')
  expect(args.at(-1)).toBe('--disable-gpu')
  expect(browserArgs(options, true, false)).toEqual(expect.arrayContaining(['--no-sandbox', '--test-type']))
})
