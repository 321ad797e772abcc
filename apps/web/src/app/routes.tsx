/** The route table of SPEC §2. */
import { Navigate, type RouteObject } from 'react-router'
import { ActionsPage } from '../modules/actions/ActionsPage.tsx'
import { LoginPage } from '../modules/auth/LoginPage.tsx'
import { CategoryPage } from '../modules/discover/CategoryPage.tsx'
import { DiscoverPage } from '../modules/discover/DiscoverPage.tsx'
import { InvitationPage } from '../modules/invitation/InvitationPage.tsx'
import { PowerPage } from '../modules/power/PowerPage.tsx'
import { RsshubPage } from '../modules/rsshub/RsshubPage.tsx'
import { SETTINGS_SECTIONS } from '../modules/settings/sections.ts'
import { SettingsIndex } from '../modules/settings/SettingsIndex.tsx'
import { SettingsLayout } from '../modules/settings/SettingsLayout.tsx'
import { SettingsSectionPage } from '../modules/settings/SettingsSectionPage.tsx'
import { EntryPane } from '../modules/entry/EntryPane.tsx'
import { TimelineLayout } from '../modules/timeline/TimelineLayout.tsx'
import { AppShell } from './layouts/AppShell.tsx'
import { AuthGate } from './layouts/AuthGate.tsx'
import { RootLayout } from './layouts/RootLayout.tsx'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { RouteErrorPage } from './pages/ErrorPage.tsx'
import { timelinePath } from './routeParams.ts'

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <AuthGate />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to={timelinePath()} replace /> },
              {
                path: 'timeline/:timelineId/:feedId',
                element: <TimelineLayout />,
                children: [
                  { index: true, element: <EntryPane /> },
                  { path: ':entryId', element: <EntryPane /> },
                ],
              },
              { path: 'discover', element: <DiscoverPage /> },
              { path: 'discover/category/:category', element: <CategoryPage /> },
              {
                path: 'settings',
                element: <SettingsLayout />,
                children: [
                  { index: true, element: <SettingsIndex /> },
                  ...SETTINGS_SECTIONS.map((section) => ({ path: section, element: <SettingsSectionPage key={section} section={section} /> })),
                ],
              },
              { path: 'action', element: <ActionsPage /> },
              { path: 'power', element: <PowerPage /> },
              { path: 'rsshub', element: <RsshubPage /> },
              { path: 'invitation', element: <InvitationPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
