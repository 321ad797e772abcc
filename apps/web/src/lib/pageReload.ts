/** Page reloads in one place, so the error page's once-per-session reload can be tested. */
export function reloadPage(): void {
  window.location.reload()
}
