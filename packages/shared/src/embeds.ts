/**
 * Hosts whose players may stay in entry content as (sandboxed) iframes. One list for both
 * sanitizer passes — the server's before storing and the browser's before showing — so a frame
 * one pass keeps is never removed by the other.
 */
export const EMBED_FRAME_HOSTS: readonly string[] = [
  // video
  'www.youtube.com',
  'youtube.com',
  'm.youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
  'player.bilibili.com',
  'www.dailymotion.com',
  'dailymotion.com',
  'geo.dailymotion.com',
  'player.twitch.tv',
  'clips.twitch.tv',
  'www.loom.com',
  'archive.org',
  // audio
  'open.spotify.com',
  'w.soundcloud.com',
]

const hosts = new Set(EMBED_FRAME_HOSTS)

/** Whether an iframe whose `src` is this address may be kept (https or http, allowed host). */
export function isEmbeddableFrameSrc(src: string | null | undefined): boolean {
  if (!src) return false
  try {
    const url = new URL(src)
    return (url.protocol === 'https:' || url.protocol === 'http:') && hosts.has(url.hostname.toLowerCase())
  } catch {
    return false
  }
}
