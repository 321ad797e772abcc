/** The environment block and bug-report link of the error page (SPEC §2 "Error page"). */
import { env } from '../env.ts'
import { getSessionId } from '../lib/storage.ts'

export interface EnvironmentInfo {
  appVersion: string
  os: string
  userAgent: string
  env: 'web' | 'desktop'
  browser: string
  sessionTraceId: string
  mode: string
  errorTraceId?: string
}

/** The operating system named by a user-agent string. */
export function osFromUserAgent(ua: string): string {
  if (/Windows NT/i.test(ua)) return 'Windows'
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS'
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS'
  if (/Android/i.test(ua)) return 'Android'
  if (/CrOS/i.test(ua)) return 'ChromeOS'
  if (/Linux/i.test(ua)) return 'Linux'
  return 'Unknown'
}

/** The browser and major version named by a user-agent string. */
export function browserFromUserAgent(ua: string): string {
  const rules: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* .*Safari/, 'Safari'],
  ]
  for (const [pattern, name] of rules) {
    const match = ua.match(pattern)
    if (match) return `${name} ${match[1]}`
  }
  return 'Unknown'
}

/** A trace id an error may carry (API errors from a traced request, reporting SDKs). */
export function errorTraceId(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const id = (error as { traceId?: unknown }).traceId
  return typeof id === 'string' && id ? id : undefined
}

/** Collects the environment facts of this tab. */
export function collectEnvironment(error?: unknown): EnvironmentInfo {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
  return {
    appVersion: env.appVersion,
    os: osFromUserAgent(ua),
    userAgent: ua,
    env: env.platform,
    browser: browserFromUserAgent(ua),
    sessionTraceId: getSessionId(),
    mode: env.mode,
    errorTraceId: errorTraceId(error),
  }
}

/** The markdown block pasted into a bug report. */
export function environmentBlock(info: EnvironmentInfo): string {
  const lines = [
    `- App version: ${info.appVersion}`,
    `- OS: ${info.os}`,
    `- User agent: ${info.userAgent}`,
    `- Env: ${info.env}`,
    `- Browser: ${info.browser}`,
    `- Session trace id: ${info.sessionTraceId}`,
    `- Mode: ${info.mode}`,
  ]
  if (info.errorTraceId) lines.push(`- Error trace id: ${info.errorTraceId}`)
  return `### Environment\n\n${lines.join('\n')}`
}

/** The "Submit Issue" address: the issue form pre-filled with the error and the environment. */
export function issueLink(error: { message: string; stack?: string }, info: EnvironmentInfo, base = env.issueUrl): string {
  const stack = error.stack ? `\n\n\`\`\`\n${error.stack.slice(0, 2000)}\n\`\`\`` : ''
  const body = `### Error\n\n${error.message}${stack}\n\n${environmentBlock(info)}\n`
  const url = new URL(base)
  url.searchParams.set('title', `[Error] ${error.message.slice(0, 120)}`)
  url.searchParams.set('body', body)
  return url.toString()
}
