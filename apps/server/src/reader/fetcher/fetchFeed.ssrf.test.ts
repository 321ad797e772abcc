/**
 * The SSRF guard end to end. With the guard on, the loopback farm is itself a forbidden target, so
 * the redirect cases reach the farm under the test host name `farm.test` (test DNS answers
 * 127.0.0.1, and the test policy accepts 127.0.0.1 only as that DNS answer): the first hop is
 * allowed, and every redirect target is judged by the real rules.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFeedFarm, type FeedFarm } from '../../test/feedFarm.ts'
import { closeSharedAgents } from './dispatcher.ts'
import { FetchError, fetchFeed, type FetchOptions } from './fetchFeed.ts'
import { isPublicAddress, type AddressPolicy, type HostResolver } from './ssrfGuard.ts'

let farm: FeedFarm
beforeAll(async () => {
  farm = await startFeedFarm()
})
afterAll(async () => {
  await farm.close()
  await closeSharedAgents()
})
beforeEach(() => farm.reset())

const guarded: FetchOptions = { allowPrivateNetworks: false, timeoutMs: 5_000 }

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError)
    return (error as FetchError).kind
  }
}

/** Every spelling of an internal target the guard must refuse; `{port}` is the farm's port. */
const DIRECT_TARGETS = [
  'http://127.0.0.1:{port}/gen/rss/1',
  'http://127.1:{port}/gen/rss/1',
  'http://0x7f.0.0.1:{port}/gen/rss/1',
  'http://017700000001:{port}/gen/rss/1',
  'http://2130706433:{port}/gen/rss/1',
  'http://0177.0.0.1:{port}/gen/rss/1',
  'http://0x7f000001:{port}/gen/rss/1',
  'http://[::1]:{port}/gen/rss/1',
  'http://[::ffff:127.0.0.1]:{port}/gen/rss/1',
  'http://[::ffff:7f00:1]:{port}/gen/rss/1',
  'http://[::127.0.0.1]:{port}/gen/rss/1',
  'http://[64:ff9b::7f00:1]:{port}/gen/rss/1',
  'http://[2002:7f00:1::1]:{port}/gen/rss/1',
  'http://localhost:{port}/gen/rss/1',
  'http://feeds.localhost:{port}/gen/rss/1',
  'http://0.0.0.0:{port}/gen/rss/1',
  'http://0:{port}/gen/rss/1',
  'http://[::]:{port}/gen/rss/1',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://224.0.0.251/',
  'http://255.255.255.255/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'https://127.0.0.1:{port}/',
]

/** The same kinds of target reached through a redirect. Spellings of 127.0.0.1 itself are direct-only
 * above (the test DNS hands out 127.0.0.1 for the first hop), so here the odd spellings point at
 * other loopback and private addresses. */
const REDIRECT_TARGETS = [
  'http://127.0.0.2:{port}/gen/rss/1',
  'http://127.2:{port}/gen/rss/1',
  'http://0x7f.0.0.2:{port}/gen/rss/1',
  'http://017700000002:{port}/gen/rss/1',
  'http://2130706434:{port}/gen/rss/1',
  'http://0177.0.0.2:{port}/gen/rss/1',
  'http://0xa.1/',
  'http://167772161/',
  'http://0300.0250.1.1/',
  'http://[::1]:{port}/gen/rss/1',
  'http://[::ffff:127.0.0.1]:{port}/gen/rss/1',
  'http://[::ffff:7f00:1]:{port}/gen/rss/1',
  'http://[64:ff9b::7f00:1]:{port}/gen/rss/1',
  'http://localhost:{port}/gen/rss/1',
  'http://www.localhost:{port}/gen/rss/1',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0:{port}/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://rebind.test:{port}/gen/rss/1',
  'http://internal.test/',
]

/** Test DNS: the farm's name answers loopback, hostile names answer private addresses. */
const testDns: HostResolver = async (hostname) => {
  if (hostname === 'farm.test') return [{ address: '127.0.0.1', family: 4 }]
  if (hostname === 'rebind.test') return [{ address: '127.0.0.9', family: 4 }]
  if (hostname === 'internal.test') return [{ address: '10.1.2.3', family: 4 }, { address: 'fd00::3', family: 6 }]
  throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
}

/** 127.0.0.1 is accepted only as a DNS answer (which only farm.test gives); everything else follows the production rules. */
const firstHopOnly: AddressPolicy = (address, via) => (via === 'dns' && address === '127.0.0.1') || isPublicAddress(address)

const viaFarmName = (path: string) => `http://farm.test:${farm.port}${path}`
const fill = (target: string) => target.replaceAll('{port}', String(farm.port))

describe('SSRF guard, direct', () => {
  it.each(DIRECT_TARGETS)('refuses %s', async (target) => {
    expect(await kindOf(fetchFeed(fill(target), guarded))).toBe('ssrf')
    expect(farm.totalRequests()).toBe(0)
  })

  it('refuses a name whose DNS answer is private (DNS rebinding)', async () => {
    for (const name of ['farm.test', 'rebind.test']) {
      const url = `http://${name}:${farm.port}/gen/rss/1`
      expect(await kindOf(fetchFeed(url, { ...guarded, resolveHost: testDns }))).toBe('ssrf')
    }
    expect(await kindOf(fetchFeed('http://internal.test/', { ...guarded, resolveHost: testDns }))).toBe('ssrf')
    expect(farm.totalRequests()).toBe(0)
  })

  it('reaches the farm with allowPrivateNetworks: true', async () => {
    const result = await fetchFeed(farm.url('/gen/rss/1'), { allowPrivateNetworks: true })
    expect(result.status).toBe(200)
    expect(farm.requests('/gen/rss/1')).toBe(1)
  })

  it('tries the next checked address when connecting to one fails, and never an unchecked one', async () => {
    // 127.0.0.2 refuses (the farm listens on 127.0.0.1 only), 10.0.0.5 is private, 127.0.0.1 answers.
    const multiDns: HostResolver = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '10.0.0.5', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]
    const loopbackAnswers: AddressPolicy = (address, via) => (via === 'dns' && (address === '127.0.0.1' || address === '127.0.0.2')) || isPublicAddress(address)
    const result = await fetchFeed(`http://multi.test:${farm.port}/gen/rss/1`, { ...guarded, isAllowedAddress: loopbackAnswers, resolveHost: multiDns })
    expect(result.status).toBe(200)
    expect(farm.requests('/gen/rss/1')).toBe(1)
    // Only refusing addresses left: the connection error, not a way around the guard.
    const deadDns: HostResolver = async () => [{ address: '127.0.0.2', family: 4 }, { address: '10.0.0.5', family: 4 }]
    expect(await kindOf(fetchFeed(`http://multi.test:${farm.port}/gen/rss/1`, { ...guarded, isAllowedAddress: loopbackAnswers, resolveHost: deadDns }))).toBe('network')
    expect(farm.requests('/gen/rss/1')).toBe(1)
  })

  it('reaches the farm under its test name when the policy allows that one DNS answer', async () => {
    const result = await fetchFeed(viaFarmName('/gen/rss/1'), { ...guarded, isAllowedAddress: firstHopOnly, resolveHost: testDns })
    expect(result.status).toBe(200)
    expect(farm.lastHeaders('/gen/rss/1')!.host).toBe(`farm.test:${farm.port}`)
  })
})

describe('SSRF guard, through a redirect from an allowed first hop', () => {
  it.each(REDIRECT_TARGETS)('refuses a redirect to %s', async (target) => {
    const first = `/to?url=${encodeURIComponent(fill(target))}`
    const options = { ...guarded, isAllowedAddress: firstHopOnly, resolveHost: testDns }
    expect(await kindOf(fetchFeed(viaFarmName(first), options))).toBe('ssrf')
    expect(farm.requests('/to')).toBe(1)
    expect(farm.requests('/gen/rss/1')).toBe(0)
  })

  it('refuses a private target at the end of a longer chain', async () => {
    const target = encodeURIComponent('http://[::1]/')
    const options = { ...guarded, isAllowedAddress: firstHopOnly, resolveHost: testDns }
    expect(await kindOf(fetchFeed(viaFarmName(`/redirect/3/to?url=${target}`), options))).toBe('ssrf')
    expect(farm.requests('/to')).toBe(1)
  })

  it('with allowPrivateNetworks: true the same redirects are followed', async () => {
    const target = encodeURIComponent(`http://127.1:${farm.port}/gen/rss/1`)
    const result = await fetchFeed(farm.url(`/to?url=${target}`), { allowPrivateNetworks: true })
    expect(result).toMatchObject({ status: 200, finalUrl: farm.url('/gen/rss/1') })
  })
})
