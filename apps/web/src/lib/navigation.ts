/**
 * Navigation for code outside React (the API client, toasts): the router registers its
 * navigate function; before that a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void

let current: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

/** Registers the router's navigate function. */
export function setNavigate(navigate: Navigate): void {
  current = navigate
}

/** Navigates inside the app. */
export function navigate(to: string, options?: { replace?: boolean }): void {
  current(to, options)
}
