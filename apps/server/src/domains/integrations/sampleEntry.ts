/** An entry for the integration tests. */
import type { SavedEntry } from './savedEntry.ts'

export const sampleEntry: SavedEntry = {
  id: '1',
  title: 'A "quoted" title',
  url: 'https://blog.example/post?id=1&x=2',
  content: '<h2>Heading</h2><p>Some <strong>bold</strong> text.</p>',
  author: 'Ann Author',
  publishedAt: '2025-02-03T04:05:06.000Z',
  feedTitle: 'Example Blog',
  torrents: ['magnet:?xt=urn:btih:abc', 'https://tracker.example/file.torrent'],
}
