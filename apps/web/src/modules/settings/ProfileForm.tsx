/** Settings → Profile, the public part: avatar, name, handle, bio, website and social links (SPEC §3 users). */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useQueryClient } from '@tanstack/react-query'
import { SOCIAL_NETWORKS, PROFILE_LIMITS, type SocialNetwork } from '@brook/shared'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../components/TextField.tsx'
import { updateProfile } from '../../store/index.ts'
import type { SessionUser } from '../../store/session.ts'
import { toastError } from '../../api/toastError.ts'
import { refreshSession } from '../auth/session.ts'
import { AvatarField } from './AvatarField.tsx'

/** Network names are brands: the same in every language. */
const NETWORK_LABELS: Record<SocialNetwork, string> = { github: 'GitHub', x: 'X', youtube: 'YouTube', instagram: 'Instagram', facebook: 'Facebook', discord: 'Discord', telegram: 'Telegram', mastodon: 'Mastodon' }

function parseLinks(text: string | null | undefined): Partial<Record<SocialNetwork, string>> {
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<Record<SocialNetwork, string>>) : {}
  } catch {
    return {}
  }
}

export function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('settings')
  const queryClient = useQueryClient()
  const [name, setName] = useState(user.name)
  const [handle, setHandle] = useState(user.handle ?? '')
  const [bio, setBio] = useState(user.bio ?? '')
  const [website, setWebsite] = useState(user.website ?? '')
  const [links, setLinks] = useState(() => parseLinks(user.socialLinks))
  const [busy, setBusy] = useState(false)

  const save = async () => {
    setBusy(true)
    try {
      const socialLinks = Object.fromEntries(Object.entries(links).filter(([, v]) => v && v.trim()).map(([k, v]) => [k, (v as string).trim()]))
      await updateProfile({ name: name.trim(), handle: handle.trim() || null, bio: bio.trim() || null, website: website.trim() || null, socialLinks })
      toast.success(t('profile.saved'))
      setHandle(handle.trim().replace(/^@/, '').toLowerCase())
      await refreshSession(queryClient)
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-4 py-4"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <AvatarField user={user} name={name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('profile.name')} value={name} onChange={setName} required maxLength={PROFILE_LIMITS.name} />
        <TextField label={t('profile.handle')} value={handle} onChange={setHandle} pattern="@?[A-Za-z0-9][A-Za-z0-9_\-]{0,30}[A-Za-z0-9]" placeholder="ada" />
      </div>
      <label className="flex flex-col gap-1.5">
        <span className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('profile.bio')}</span>
        <textarea
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          maxLength={PROFILE_LIMITS.bio}
          rows={3}
          className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs outline-none focus:border-accent focus:ring-3 focus:ring-accent/15 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        />
      </label>
      <TextField label={t('profile.website')} value={website} onChange={setWebsite} type="url" placeholder="https://" maxLength={PROFILE_LIMITS.website} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-[13px] font-medium text-zinc-700 dark:text-zinc-300">{t('profile.socialLinks')}</legend>
        <p className="text-[12px] text-zinc-500">{t('profile.socialHint')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField key={network} label={NETWORK_LABELS[network]} value={links[network] ?? ''} onChange={(v) => setLinks((l) => ({ ...l, [network]: v }))} maxLength={PROFILE_LIMITS.socialName} placeholder={network === 'mastodon' ? '@you@example.social' : ''} />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" size="sm" busy={busy}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  )
}
