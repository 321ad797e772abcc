import { expect, it } from 'vitest'
import { ArgsError, parseArgs } from './args.ts'

it('parses the options', () => {
  expect(parseArgs([])).toEqual({ local: false, help: false })
  expect(parseArgs(['--server', 'https://brook.example.com/', '--data-dir=/tmp/b'])).toEqual({ server: 'https://brook.example.com', dataDir: '/tmp/b', local: false, help: false })
  expect(parseArgs(['--local', '--browser', '/usr/bin/chromium']).browser).toBe('/usr/bin/chromium')
})

it('refuses what it does not know, with the usage', () => {
  expect(() => parseArgs(['--server', 'ftp://x'])).toThrow(ArgsError)
  expect(() => parseArgs(['--server'])).toThrow(/--server needs a value/)
  expect(() => parseArgs(['--bogus'])).toThrow(/unknown option --bogus[\s\S]*Usage/)
})
