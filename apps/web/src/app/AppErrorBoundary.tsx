/** The top-level error boundary: errors outside the router (providers, router itself) land here. */
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorView } from './pages/ErrorPage.tsx'

interface State {
  error: unknown
  failed: boolean
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack)
  }

  override render() {
    if (this.state.failed) return <ErrorView error={this.state.error} />
    return this.props.children
  }
}
