/** The root route: `…/index.html` goes to `/`, and every visited path joins the history stack. */
import { useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useHistoryStore } from '../../store/history.ts'

export function RootLayout() {
  const location = useLocation()
  const push = useHistoryStore((s) => s.push)
  useEffect(() => push(location.pathname + location.search), [location.pathname, location.search, push])

  if (location.pathname.endsWith('/index.html')) return <Navigate to="/" replace />
  return <Outlet />
}
