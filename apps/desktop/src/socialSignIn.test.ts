import { afterEach, describe, expect, it } from 'vitest'
import { createSocialSignIn, type SocialSignIn } from './socialSignIn.ts'

describe('social sign-in hand-off (loopback callback)', () => {
  let signIn: SocialSignIn | null = null
  afterEach(async () => signIn?.close())

  function started(timeoutMs?: number) {
    const opened: string[] = []
    let focused = 0
    signIn = createSocialSignIn({ appUrl: 'http://127.0.0.1:4567', open: (url) => opened.push(url), focusWindow: () => focused++, timeoutMs })
    return { signIn, opened, focused: () => focused }
  }

  it('opens the login page with the provider and a loopback callback, and takes back only the token carrying its state', async () => {
    const { signIn, opened, focused } = started()
    const result = signIn.start('fakeid')
    await new Promise((r) => setTimeout(r, 0))
    expect(opened).toHaveLength(1)
    const login = new URL(opened[0])
    expect(login.origin + login.pathname).toBe('http://127.0.0.1:4567/login')
    expect(login.searchParams.get('provider')).toBe('fakeid')
    const callback = new URL(login.searchParams.get('desktopCallback')!)
    expect(callback.hostname).toBe('127.0.0.1')
    expect(callback.searchParams.get('state')).toMatch(/^[\w-]{43}$/)

    // A page that does not know the state cannot sign the window in.
    const forged = new URL(callback)
    forged.searchParams.set('state', 'x'.repeat(43))
    forged.searchParams.set('token', 'attacker-token-0123456789')
    const refused = await fetch(forged)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('not started by the Brook app')
    // The right state without a token is refused and does not end the sign-in.
    expect((await fetch(callback)).status).toBe(400)

    const back = new URL(callback)
    back.searchParams.set('token', 'the-one-time-token-0123456789')
    const answer = await fetch(back)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('You are signed in in the Brook app')
    await expect(result).resolves.toEqual({ token: 'the-one-time-token-0123456789' })
    expect(focused()).toBe(1)
    // Done: the callback no longer listens, so the same URL cannot be replayed.
    await new Promise((r) => setTimeout(r, 50))
    await expect(fetch(back)).rejects.toThrow()
    expect(signIn.callbackUrl()).toBeNull()
  })

  it('each sign-in gets a new state; a newer one replaces the older', async () => {
    const { signIn, opened } = started()
    const first = signIn.start('github')
    await new Promise((r) => setTimeout(r, 0))
    const second = signIn.start('google')
    await expect(first).rejects.toThrow('another sign-in was started')
    await new Promise((r) => setTimeout(r, 0))
    const [a, b] = opened.map((u) => new URL(new URL(u).searchParams.get('desktopCallback')!))
    expect(a.searchParams.get('state')).not.toBe(b.searchParams.get('state'))
    a.searchParams.set('token', 'token-for-the-old-state-0123')
    expect((await fetch(a).catch(() => null))?.status ?? 403).toBe(403)
    b.searchParams.set('token', 'token-for-the-new-state-0123')
    expect((await fetch(b)).status).toBe(200)
    await expect(second).resolves.toEqual({ token: 'token-for-the-new-state-0123' })
  })

  it('refuses a provider that is not an id, and gives up after the timeout', async () => {
    const { signIn, opened } = started(50)
    await expect(signIn.start('../evil?x=1')).rejects.toThrow('unknown sign-in provider')
    expect(opened).toHaveLength(0)
    await expect(signIn.start('github')).rejects.toThrow('did not finish in time')
    expect(signIn.callbackUrl()).toBeNull()
  })
})
