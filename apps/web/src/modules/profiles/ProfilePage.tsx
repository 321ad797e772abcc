/**
 * /share/users/{handle}: a person's public profile (SPEC §2 "share"; issue 19) — picture, name,
 * bio, website and links, the subscriptions they did not make private and the lists they own.
 * Reachable signed out; what shows follows the owner's Settings → Privacy (the server decides:
 * 1000 asks a visitor to sign in, 6000 is "no profile here" whether unknown or hidden).
 */
import { SOCIAL_NETWORKS, socialLinkUrl, type FeedViewType, type SocialNetwork } from '@brook/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { api } from '../../api/client.ts'
import { ApiError } from '../../api/ApiError.ts'
import { Logo } from '../../components/icons.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { Avatar } from '../auth/Avatar.tsx'
import { useSessionQuery } from '../auth/session.ts'
import { FeedIcon } from '../subscriptions/FeedIcon.tsx'
import { VIEW_TABS } from '../subscriptions/viewIcons.tsx'
import { useSessionStore } from '../../store/session.ts'

type Profile = Awaited<ReturnType<typeof loadProfile>>
type Page = Awaited<ReturnType<typeof loadSubscriptions>>

const loadProfile = (handle: string) => api.get('/profiles', { handle }, { quietUnauthorized: true })
const loadSubscriptions = (handle: string) => api.get('/profiles/subscriptions', { handle }, { quietUnauthorized: true })

/** Where a website or social link goes; only http(s) addresses become links. */
function safeHref(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}

export function ProfilePage() {
  const { handle = '' } = useParams()
  const { t, i18n } = useTranslation('instance')
  useSessionQuery()
  const signedIn = useSessionStore((s) => s.status === 'signed-in')
  const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2
  const profile = useQuery({ queryKey: ['profile-page', handle, signedIn], queryFn: () => loadProfile(handle), retry })
  const page = useQuery({ queryKey: ['profile-page-subscriptions', handle, signedIn], queryFn: () => loadSubscriptions(handle), retry, enabled: profile.isSuccess })
  const code = profile.error instanceof ApiError ? profile.error.code : null

  return (
    <div className="min-h-full flex-1 overflow-y-auto bg-zinc-50 dark:bg-zinc-950" data-testid="profile-page">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-6 py-5">
        <Link to="/" className="flex items-center gap-2 text-sm font-semibold text-zinc-800 dark:text-zinc-100">
          <Logo size={24} />
          {t('profilePage.backHome')}
        </Link>
        {!signedIn && (
          <Link to="/login" className="rounded-lg px-3 py-1.5 text-sm font-medium text-orange-600 hover:bg-orange-50 dark:hover:bg-zinc-900">
            {t('profilePage.signIn')}
          </Link>
        )}
      </header>
      <main className="mx-auto max-w-3xl px-6 pb-16">
        {profile.isPending && (
          <div className="flex justify-center py-24">
            <Spinner size={24} />
          </div>
        )}
        {profile.isError && <Missing code={code} />}
        {profile.data && <ProfileCard profile={profile.data} language={i18n.language} />}
        {profile.data && page.data && <PublicSubscriptions page={page.data} name={profile.data.name || profile.data.handle || ''} />}
      </main>
    </div>
  )
}

function Missing({ code }: { code: number | string | null }) {
  const { t } = useTranslation('instance')
  const signIn = code === 1000
  return (
    <div className="rounded-2xl border border-zinc-200/80 bg-white px-8 py-14 text-center dark:border-zinc-800 dark:bg-zinc-900" role="status" data-testid="profile-missing">
      <h1 className="text-lg font-semibold">{signIn ? t('profilePage.signInToSee') : t('profilePage.notFound')}</h1>
      <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{signIn ? t('profilePage.signInHint') : t('profilePage.notFoundHint')}</p>
      {signIn && (
        <Link to="/login" className="mt-6 inline-block rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white hover:bg-orange-600">
          {t('profilePage.signIn')}
        </Link>
      )}
    </div>
  )
}

function ProfileCard({ profile, language }: { profile: Profile; language: string }) {
  const { t } = useTranslation('instance')
  const name = profile.name || profile.handle || ''
  const website = safeHref(profile.website)
  const links = SOCIAL_NETWORKS.flatMap((network: SocialNetwork) => {
    const value = profile.socialLinks?.[network]
    if (!value) return []
    return [{ network, value, href: safeHref(socialLinkUrl(network, value)) }]
  })
  const joined = profile.createdAt ? new Date(profile.createdAt).toLocaleDateString(language, { year: 'numeric', month: 'long' }) : null
  return (
    <section className="rounded-2xl border border-zinc-200/80 bg-white p-7 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t('profilePage.title', { name })}>
      <div className="flex items-start gap-5">
        <Avatar name={name} email={profile.handle ?? name} image={profile.image} size={80} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight" data-testid="profile-name">
            {name}
          </h1>
          {profile.handle && <p className="text-sm text-zinc-500 dark:text-zinc-400">@{profile.handle}</p>}
          {profile.bio && <p className="mt-3 whitespace-pre-line text-[14px] leading-relaxed text-zinc-700 dark:text-zinc-300" data-testid="profile-bio">{profile.bio}</p>}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px] text-zinc-500 dark:text-zinc-400">
            {website && (
              <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="text-orange-600 hover:underline">
                {new URL(website).host}
              </a>
            )}
            {links.map((l) =>
              l.href ? (
                <a key={l.network} href={l.href} target="_blank" rel="noopener noreferrer nofollow" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
                  {l.network} · {l.value}
                </a>
              ) : (
                <span key={l.network}>
                  {l.network} · {l.value}
                </span>
              ),
            )}
            {joined && <span>{t('profilePage.joined', { date: joined })}</span>}
          </div>
        </div>
      </div>
    </section>
  )
}

function PublicSubscriptions({ page, name }: { page: Page; name: string }) {
  const { t } = useTranslation('instance')
  const { t: tc } = useTranslation('common')
  if (!page.visible) {
    return (
      <p className="mt-6 rounded-xl border border-dashed border-zinc-300 px-5 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700" data-testid="profile-subscriptions-hidden">
        {t('profilePage.subscriptionsHidden', { name })}
      </p>
    )
  }
  return (
    <>
      <section className="mt-8" aria-labelledby="profile-subscriptions">
        <h2 id="profile-subscriptions" className="mb-3 flex items-baseline gap-3 text-base font-semibold">
          {t('profilePage.subscriptions')}
          <span className="text-xs font-normal text-zinc-500">{t('profilePage.subscriptionsCount', { count: page.subscriptions.length })}</span>
        </h2>
        {page.subscriptions.length === 0 && <p className="text-sm text-zinc-500">{t('profilePage.noSubscriptions')}</p>}
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="profile-subscriptions">
          {page.subscriptions.map((s) => {
            const title = s.title || s.feed?.title || s.list?.title || s.feed?.url || ''
            const View = VIEW_TABS[s.view as FeedViewType]
            const site = safeHref(s.feed?.siteUrl ?? null)
            return (
              <li key={s.feed?.id ?? s.list?.id} className="flex items-center gap-3 rounded-xl border border-zinc-200/80 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
                <FeedIcon title={title} image={s.feed?.image ?? s.list?.image} siteUrl={s.feed?.siteUrl} size={28} className="!rounded-md" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{title}</p>
                  <p className="truncate text-xs text-zinc-500">
                    {s.type === 'list' ? t('profilePage.list') : site ? new URL(site).host : s.feed?.url}
                    {s.category ? ` · ${s.category}` : ''}
                  </p>
                </div>
                {View && <View.icon size={16} aria-label={tc(View.labelKey)} className="shrink-0 text-zinc-400" />}
              </li>
            )
          })}
        </ul>
      </section>
      <section className="mt-8" aria-labelledby="profile-lists">
        <h2 id="profile-lists" className="mb-3 text-base font-semibold">
          {t('profilePage.lists')}
        </h2>
        {page.lists.length === 0 && <p className="text-sm text-zinc-500">{t('profilePage.noLists')}</p>}
        <ul className="grid gap-2" data-testid="profile-lists">
          {page.lists.map((l) => (
            <li key={l.id} className="rounded-xl border border-zinc-200/80 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
              <p className="text-sm font-medium">{l.title}</p>
              {l.description && <p className="mt-0.5 text-xs text-zinc-500">{l.description}</p>}
              <p className="mt-1 text-xs text-zinc-400">{t('profilePage.listFeeds', { count: l.feedIds.length })}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
