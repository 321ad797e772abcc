/** `brook fetch <url>` as a user runs it: a real child process against the loopback feed farm. */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from './test/feedFarm.ts'

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cli.ts')

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

describe('brook fetch', () => {
  let farm: FeedFarm
  beforeAll(async () => {
    farm = await startFeedFarm()
  })
  afterAll(async () => {
    await farm.close()
  })

  it('prints the normalized feed as JSON', async () => {
    const { code, stdout } = await run(['fetch', farm.url('/encoded/gzip')], { FETCH_ALLOW_PRIVATE_NETWORKS: 'true' })
    expect(code).toBe(0)
    const feed = JSON.parse(stdout)
    expect(feed.title).toBe('Encoded gzip')
    expect(feed.feedUrl).toBe(farm.url('/encoded/gzip'))
    expect(feed.entries).toHaveLength(20)
    expect(feed.entries[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it.each([
    ['/html-instead', /^brook fetch: .*2004 Feed failed to parse: /],
    ['/status/404', /^brook fetch: .*2003 Feed fetch error: HTTP 404/],
  ])('exits 1 with one line for %s', async (farmPath, line) => {
    const { code, stdout, stderr } = await run(['fetch', farm.url(farmPath)], { FETCH_ALLOW_PRIVATE_NETWORKS: 'true' })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(line)
  })

  it('keeps the SSRF guard on by default', async () => {
    const { code, stderr } = await run(['fetch', farm.url('/gen/rss/1')], { FETCH_ALLOW_PRIVATE_NETWORKS: 'false' })
    expect(code).toBe(1)
    expect(stderr).toMatch(/2003 Feed fetch error: .*not a public address/)
  })
})
