/**
 * Connectivity of SPEC §4: offline on the browser's offline event or when a request gets no
 * response while the browser claims to be online; online on the online event or any response.
 */
import { create } from 'zustand'

interface NetworkState {
  online: boolean
  setOnline: (online: boolean) => void
}

export const useNetworkStore = create<NetworkState>((set) => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  setOnline: (online) => set((s) => (s.online === online ? s : { online })),
}))

/** Follows the browser's online/offline events; returns the unsubscribe. */
export function watchConnectivity(): () => void {
  const online = () => useNetworkStore.getState().setOnline(true)
  const offline = () => useNetworkStore.getState().setOnline(false)
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  return () => {
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
  }
}
