/** The whole app: error boundary, providers, router. */
import { RouterProvider } from 'react-router/dom'
import { AppErrorBoundary } from './AppErrorBoundary.tsx'
import { Providers } from './Providers.tsx'
import { router } from './router.tsx'

export function App() {
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  )
}
