import { describe, expect, it } from 'vitest'
import { checkUrlTarget, createGuardedConnector, embeddedIPv4, isLocalhostName, isPublicAddress, parseIPv6, SsrfError } from './ssrfGuard.ts'

/** Addresses that must never be reached, with why. */
const BLOCKED_ADDRESSES: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8 end'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12 end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'link-local / cloud metadata'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.255', 'CGNAT end'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network 0/8'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local fd'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['febf::1', 'link-local end'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated, whole ::/96 refused)'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 of private'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2002:a9fe:a9fe::1', '6to4 of metadata'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['[::1]', 'bracketed'],
  ['not-an-ip', 'not an address at all'],
]

const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '172.15.255.255',
  '100.128.0.1',
  '100.63.255.255',
  '192.169.0.1',
  '169.255.0.1',
  '11.0.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2a00:1450:4007:80e::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
]

describe('isPublicAddress', () => {
  it.each(BLOCKED_ADDRESSES)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(PUBLIC_ADDRESSES)('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('parseIPv6 and embeddedIPv4', () => {
  it('parses compressed, full and dotted forms to 16 bytes', () => {
    expect(Array.from(parseIPv6('::1')!)).toEqual([...Array(15).fill(0), 1])
    expect(Array.from(parseIPv6('1::')!)).toEqual([0, 1, ...Array(14).fill(0)])
    expect(Array.from(parseIPv6('2001:db8:0:0:0:0:0:1')!)).toEqual(Array.from(parseIPv6('2001:db8::1')!))
    expect(Array.from(parseIPv6('::ffff:1.2.3.4')!.subarray(10))).toEqual([0xff, 0xff, 1, 2, 3, 4])
    expect(parseIPv6('1.2.3.4')).toBeNull()
    expect(parseIPv6('nope')).toBeNull()
  })

  it('finds the IPv4 address inside mapped, NAT64 and 6to4 addresses', () => {
    expect(embeddedIPv4(parseIPv6('::ffff:7f00:1')!)).toBe('127.0.0.1')
    expect(embeddedIPv4(parseIPv6('64:ff9b::a00:1')!)).toBe('10.0.0.1')
    expect(embeddedIPv4(parseIPv6('2002:c0a8:101::')!)).toBe('192.168.1.1')
    expect(embeddedIPv4(parseIPv6('2606:4700::1')!)).toBeNull()
  })
})

describe('checkUrlTarget (before DNS)', () => {
  const refused = (href: string) => () => checkUrlTarget(new URL(href), isPublicAddress)

  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://127.000.000.001/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0/',
    'http://localhost/',
    'http://LOCALHOST/',
    'http://localhost./',
    'http://api.localhost/',
    'http://%6c%6fcalhost/',
  ])('refuses %s', (href) => {
    expect(refused(href)).toThrow(SsrfError)
  })

  it('lets names through to the connect-time check', () => {
    expect(refused('https://example.com/feed')).not.toThrow()
    expect(refused('https://8.8.8.8/feed')).not.toThrow()
  })

  it('knows localhost names', () => {
    expect(isLocalhostName('localhost')).toBe(true)
    expect(isLocalhostName('a.b.localhost.')).toBe(true)
    expect(isLocalhostName('localhost.example.com')).toBe(false)
    expect(isLocalhostName('notlocalhost')).toBe(false)
  })
})

describe('createGuardedConnector (connect time)', () => {
  const connectWith = (hostname: string, answers: { address: string; family: number }[]) =>
    new Promise<Error | null>((resolve) => {
      const connect = createGuardedConnector({ isAllowedAddress: isPublicAddress, resolveHost: async () => answers })
      connect({ hostname, host: `${hostname}:80`, protocol: 'http:', port: '80' }, (error, socket) => {
        socket?.destroy()
        resolve(error)
      })
    })

  it('refuses IP literals that are not public without connecting', async () => {
    for (const host of ['127.0.0.1', '[::1]', '::ffff:7f00:1', '10.0.0.1']) {
      expect(await connectWith(host, [])).toBeInstanceOf(SsrfError)
    }
  })

  it('refuses a name whose DNS answers are all private (rebinding, internal names)', async () => {
    expect(await connectWith('rebind.example', [{ address: '127.0.0.1', family: 4 }])).toBeInstanceOf(SsrfError)
    expect(
      await connectWith('internal.example', [
        { address: '10.0.0.5', family: 4 },
        { address: 'fd00::5', family: 6 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ]),
    ).toBeInstanceOf(SsrfError)
    expect(await connectWith('empty.example', [])).toBeInstanceOf(SsrfError)
  })

  it('refuses localhost names even if DNS would say otherwise', async () => {
    expect(await connectWith('localhost', [{ address: '8.8.8.8', family: 4 }])).toBeInstanceOf(SsrfError)
  })

  it('passes DNS failures through as they are', async () => {
    const error = await new Promise<Error | null>((resolve) => {
      const connect = createGuardedConnector({
        isAllowedAddress: isPublicAddress,
        resolveHost: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' })
        },
      })
      connect({ hostname: 'nowhere.invalid', protocol: 'http:', port: '80' }, (...args) => resolve(args[0]))
    })
    expect(error).not.toBeInstanceOf(SsrfError)
    expect(error?.message).toMatch(/ENOTFOUND/)
  })
})
