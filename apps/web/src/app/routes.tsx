/** The route table of SPEC §2. Pages off the first route load on demand (react-router `lazy`). */
import { replace, type RouteObject } from 'react-router'
import { SETTINGS_SECTIONS } from '../modules/settings/sections.ts'
import { EntryPane } from '../modules/entry/EntryPane.tsx'
import { TimelineLayout } from '../modules/timeline/TimelineLayout.tsx'
import { AppShell } from './layouts/AppShell.tsx'
import { AuthGate } from './layouts/AuthGate.tsx'
import { RootLayout } from './layouts/RootLayout.tsx'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { RouteErrorPage } from './pages/ErrorPage.tsx'
import { timelinePath } from '../lib/routeParams.ts'
import { ensurePages } from '../i18n/index.ts'

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await import('../modules/auth/LoginPage.tsx')).LoginPage }) },
      // Sign-up, with `?ref=CODE` from a referral link kept on this device (SPEC §7).
      { path: 'register', lazy: async () => ({ Component: (await import('../modules/auth/LoginPage.tsx')).RegisterPage }) },
      // Reached signed out (a sign-up refused with 1003) as well as signed in.
      { path: 'invitation', lazy: async () => ({ Component: (await Promise.all([import('../modules/invitation/InvitationPage.tsx'), ensurePages()]))[0].InvitationPage }) },
      // A public profile (issue 19): signed out too; its owner's privacy settings decide what shows.
      { path: 'share/users/:handle', lazy: async () => ({ Component: (await Promise.all([import('../modules/profiles/ProfilePage.tsx'), ensurePages()]))[0].ProfilePage }) },
      {
        element: <AuthGate />,
        children: [
          {
            element: <AppShell />,
            children: [
              // A loader, not a <Navigate>: the redirect happens before the first render, not after it.
              { index: true, loader: () => replace(timelinePath()), HydrateFallback: () => null },
              {
                path: 'timeline/:timelineId/:feedId',
                element: <TimelineLayout />,
                children: [
                  { index: true, element: <EntryPane /> },
                  { path: ':entryId', element: <EntryPane /> },
                ],
              },
              { path: 'discover', lazy: async () => ({ Component: (await Promise.all([import('../modules/discover/DiscoverPage.tsx'), ensurePages()]))[0].DiscoverPage }) },
              { path: 'discover/category/:category', lazy: async () => ({ Component: (await Promise.all([import('../modules/discover/CategoryPage.tsx'), ensurePages()]))[0].CategoryPage }) },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await Promise.all([import('../modules/settings/SettingsLayout.tsx'), ensurePages()]))[0].SettingsLayout }),
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('../modules/settings/SettingsIndex.tsx')).SettingsIndex }) },
                  ...SETTINGS_SECTIONS.map((section) => ({
                    path: section,
                    lazy: async () => {
                      const [{ SettingsSectionPage }] = await Promise.all([import('../modules/settings/SettingsSectionPage.tsx'), ensurePages()])
                      return { element: <SettingsSectionPage key={section} section={section} /> }
                    },
                  })),
                ],
              },
              { path: 'action', lazy: async () => ({ Component: (await Promise.all([import('../modules/actions/ActionsPage.tsx'), ensurePages()]))[0].ActionsPage }) },
              { path: 'power', lazy: async () => ({ Component: (await Promise.all([import('../modules/power/PowerPage.tsx'), ensurePages()]))[0].PowerPage }) },
              { path: 'rsshub', lazy: async () => ({ Component: (await Promise.all([import('../modules/rsshub/RsshubPage.tsx'), ensurePages()]))[0].RsshubPage }) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
