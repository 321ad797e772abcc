/**
 * @module SSRF guard for the feed fetcher.
 *
 * Two layers, both applied on every redirect hop:
 *  1. `checkUrlTarget` looks at the URL before any DNS: scheme, `localhost` names and IP literals
 *     (the WHATWG URL parser already folds odd spellings such as `127.1`, `0x7f.0.0.1`,
 *     `2130706433` or `0177.0.0.1` into dotted quads, so one address check covers them).
 *  2. `createGuardedConnector` is the undici `connect` hook: it resolves the host itself, drops
 *     every answer that is not a public unicast address and connects to an address it checked, so
 *     DNS answers (and DNS rebinding between check and use) cannot reach the inside.
 */
import dns from 'node:dns'
import net from 'node:net'
import type { buildConnector } from 'undici'
import { undici } from '../../lib/undiciModule.ts'

/**
 * Decides whether the fetcher may connect to one IP address. Default: `isPublicAddress`.
 * `via` says where the address came from: an IP literal in the URL or a DNS answer for a name
 * (tests use it to reach the loopback farm under a test host name while every literal private
 * address, however spelled, stays refused).
 */
export type AddressPolicy = (address: string, via: 'literal' | 'dns') => boolean

/** Resolves a host name to its addresses; replaceable so tests can play DNS. */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>

/** Raised when a URL or a resolved address is refused by the guard. */
export class SsrfError extends Error {
  readonly code = 'BROOK_SSRF'
  override name = 'SsrfError'
}

// Special-purpose IPv4 ranges (IANA registry): none of them is a public unicast host.
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT shared address space
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
]

// Special-purpose IPv6 ranges. Ranges that embed an IPv4 address (mapped, NAT64, 6to4) are
// handled by `embeddedIPv4` instead so that a public embedded address stays reachable.
const V6_BLOCKED: [string, number][] = [
  ['::', 96], // unspecified, loopback, deprecated IPv4-compatible (::a.b.c.d)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo (the client address is obfuscated; refuse the whole prefix)
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
]

const blockList = new net.BlockList()
for (const [prefix, bits] of V4_BLOCKED) blockList.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of V6_BLOCKED) blockList.addSubnet(prefix, bits, 'ipv6')

/** Parses an IPv6 literal (no brackets, optional %zone) into 16 bytes; null when not IPv6. */
export function parseIPv6(input: string): Uint8Array | null {
  const text = input.replace(/%.*$/, '')
  if (net.isIPv6(text) === false) return null
  let head = text
  let tailV4: number[] = []
  const lastColon = text.lastIndexOf(':')
  const last = text.slice(lastColon + 1)
  if (last.includes('.')) {
    tailV4 = last.split('.').map(Number)
    head = text.slice(0, lastColon + 1) + '0:0' // placeholder groups, overwritten below
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, null]
  const leftGroups = left ? left.split(':') : []
  const rightGroups = right === null ? [] : right ? right.split(':') : []
  const missing = 8 - leftGroups.length - rightGroups.length
  const groups = [...leftGroups, ...Array(right === null ? 0 : missing).fill('0'), ...rightGroups]
  if (groups.length !== 8) return null
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    const value = parseInt(group, 16)
    bytes[i * 2] = value >> 8
    bytes[i * 2 + 1] = value & 0xff
  })
  if (tailV4.length === 4) bytes.set(tailV4, 12)
  return bytes
}

const v4 = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`

/** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIPv4(bytes: Uint8Array): string | null {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0)
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT translated)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(bytes, 12)
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return v4(bytes, 12)
  // ::a.b.c.d (deprecated IPv4-compatible); ::1 and :: are caught by the ::/96 block anyway
  if (zeros(0, 12)) return v4(bytes, 12)
  // 64:ff9b::/96 well-known NAT64 prefix
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return v4(bytes, 12)
  }
  // 2002:AABB:CCDD::/48 6to4
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(bytes, 2)
  return null
}

/** True when `address` (IPv4 or IPv6 text) is a public unicast address a feed may live on. */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = net.isIP(text)
  if (family === 4) return !blockList.check(text, 'ipv4')
  if (family !== 6) return false
  const bytes = parseIPv6(text)
  if (!bytes) return false
  const inner = embeddedIPv4(bytes)
  if (inner !== null && blockList.check(inner, 'ipv4')) return false
  return !blockList.check(text, 'ipv6')
}

/** True for names that always mean this machine, whatever DNS says (RFC 6761). */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain'
}

/** Pre-DNS check of one hop's URL; throws `SsrfError` when the host may not be fetched. */
export function checkUrlTarget(url: URL, isAllowedAddress: AddressPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (host === '') throw new SsrfError(`refused: empty host in ${url.href}`)
  if (isLocalhostName(host)) throw new SsrfError(`refused: ${host} is a local address`)
  if (net.isIP(host) && !isAllowedAddress(host, 'literal')) {
    throw new SsrfError(`refused: ${host} is not a public address`)
  }
}

/** Errors of the connection attempt itself, after which the next address of the host is worth a try. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'EADDRNOTAVAIL', 'ECONNRESET'])

function isConnectFailure(error: Error): boolean {
  return CONNECT_FAILURES.has((error as { code?: string }).code ?? '')
}

const systemResolver: HostResolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, order: 'ipv4first' })

/**
 * An undici connector that checks every address it connects to. It resolves the name itself,
 * keeps only the answers `isAllowedAddress` accepts and hands undici's own connector the checked
 * IP (TLS still verifies and sends SNI for the original name, taken from `host`).
 */
export function createGuardedConnector(options: {
  isAllowedAddress: AddressPolicy
  resolveHost?: HostResolver
  connectTimeoutMs?: number
}): buildConnector.connector {
  const base = undici().buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 })
  const resolve = options.resolveHost ?? systemResolver
  return (connectOptions, callback) => {
    const hostname = connectOptions.hostname.replace(/^\[|\]$/g, '')
    const fail = (message: string) => callback(new SsrfError(message), null)
    if (isLocalhostName(hostname)) return fail(`refused: ${hostname} is a local address`)
    if (net.isIP(hostname)) {
      if (!options.isAllowedAddress(hostname, 'literal')) return fail(`refused: ${hostname} is not a public address`)
      return base(connectOptions, callback)
    }
    resolve(hostname).then(
      (answers) => {
        const allowed = answers.filter((answer) => options.isAllowedAddress(answer.address, 'dns'))
        if (allowed.length === 0) {
          const seen = answers.map((a) => a.address).join(', ') || 'no address'
          return fail(`refused: ${hostname} resolves to a non-public address (${seen})`)
        }
        const servername = connectOptions.servername || hostname
        // Each checked address in turn while the connection itself fails (a host with an IPv6
        // answer this machine cannot reach, one dead server of several): only checked addresses.
        const attempt = (i: number) =>
          base({ ...connectOptions, hostname: allowed[i].address, servername }, (error, socket) => {
            if (error && i + 1 < allowed.length && isConnectFailure(error)) return attempt(i + 1)
            if (error) return callback(error, null)
            callback(null, socket as NonNullable<typeof socket>)
          })
        attempt(0)
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  }
}
