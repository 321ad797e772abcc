/**
 * The authorization matrix: for every route of the API (read from /api/openapi.json, so a new
 * route without a case fails here), user B touches user A's subscriptions, lists, inboxes, inbox
 * entries, read state, stars and settings. Each attempt must be refused (404, or 1004 / 10003 /
 * 8001 …) or answer only with B's own or public data — never one of A's private markers — and
 * afterwards A's view of A's things is exactly what it was.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDialect } from './testDatabase.ts'
import { signedUpClient, startTestServer, type ApiAnswer, type TestClient, type TestServer } from './testServer.ts'
import { insertEntries, insertFeed } from './factories.ts'

type Fixture = {
  server: TestServer
  a: TestClient
  b: TestClient
  aId: string
  aEmail: string
  feed: string // A follows it privately; B does not follow it
  feedUrl: string
  other: string // a feed nobody follows
  otherUrl: string
  readByA: string // an entry of `feed` A has read
  starredByA: string // an entry of `feed` A has starred
  list: string // A's list (A follows it)
  inboxEntry: string // an entry of A's inbox
  inboxSecret: string
  bInboxSecret: string
  aCode: string // an invitation code A (the instance's admin) created
  aReferralCode: string // A's referral code
  aTokenId: string // A's API token
  aHub: string // A's own RSSHub instance (not shared), with an access key
  aPushId: string // A's registered browser (Web Push)
  aPushEndpoint: string
}

/** What B's answer must look like. */
type Expectation =
  /** Refused: HTTP 403/404 with one of these codes (default: the ownership codes). */
  | { denied: true; codes?: number[] }
  /** Answered, but only with B's own or public data (`status`: an answer about B's own input, e.g. a refused receipt). */
  | { denied: false; status?: number }

type Attempt = { run: (f: Fixture) => Promise<ApiAnswer>; expect: Expectation; forbid?: (f: Fixture) => string[] }

/** Keys a browser would register a push subscription with. */
function pushKeys() {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') }
}

const OWNERSHIP_CODES = [6, 1004, 2001, 3000, 8000, 8001, 10000, 10003]
const refused = (codes?: number[]): Expectation => ({ denied: true, codes })
const answered: Expectation = { denied: false }

/** A's private markers: none may appear in anything B gets back. */
const MARK = { title: 'A-secret-title', category: 'A-secret-category', inboxTitle: 'A-inbox-title', inboxEntry: 'A-inbox-entry-title', accent: 'a-secret-accent', rule: 'A-secret-rule', tokenName: 'A-secret-token', integration: 'A-secret-vault', hubKey: 'A-secret-hub-key' }

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

/** Uploads the pixel as multipart `file` with the client's session; answers like TestClient. */
async function uploadAs(client: TestClient, path: string): Promise<ApiAnswer> {
  const form = new FormData()
  form.append('file', new Blob([PIXEL], { type: 'image/png' }), 'pixel.png')
  const res = await fetch(client.baseUrl + path, { method: 'POST', headers: { origin: client.baseUrl, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, body: form })
  return { status: res.status, body: await res.json(), headers: res.headers }
}

/** Every route of the API, with B's attempts against A's things. Keys are "METHOD /api/path". */
const MATRIX: Record<string, Attempt[]> = {
  // subscriptions
  'GET /api/subscriptions': [{ run: (f) => f.b.get('/api/subscriptions'), expect: answered, forbid: (f) => [f.feed] }],
  'POST /api/subscriptions': [{ run: (f) => f.b.post('/api/subscriptions', { feedId: f.other, view: 1 }), expect: answered }],
  'PATCH /api/subscriptions': [
    { run: (f) => f.b.patch('/api/subscriptions', { feedId: f.feed, title: 'hijack' }), expect: refused() },
    { run: (f) => f.b.patch('/api/subscriptions', { id: `list/${f.list}`, view: 5 }), expect: refused() },
    { run: (f) => f.b.patch('/api/subscriptions', { id: 'inbox/a-box', view: 5 }), expect: refused() },
  ],
  'DELETE /api/subscriptions': [
    { run: (f) => f.b.delete('/api/subscriptions', { feedIdList: [f.feed, f.list, 'a-box'] }), expect: refused() },
    { run: (f) => f.b.delete('/api/subscriptions', { url: f.feedUrl }), expect: refused() },
  ],
  'PATCH /api/subscriptions/batch': [{ run: (f) => f.b.patch('/api/subscriptions/batch', { feedIds: [f.feed, f.list, 'a-box'], category: 'hijack', view: 5 }), expect: refused() }],
  'POST /api/subscriptions/parse-opml': [{ run: (f) => f.b.post('/api/subscriptions/parse-opml', { opml: `<opml version="2.0"><body><outline text="x" xmlUrl="${f.feedUrl}"/></body></opml>` }), expect: answered }],
  'POST /api/subscriptions/import': [{ run: (f) => f.b.post('/api/subscriptions/import', { items: [{ url: f.otherUrl, title: 'B copy' }] }), expect: answered }],
  'GET /api/subscriptions/export': [{ run: (f) => f.b.get('/api/subscriptions/export'), expect: answered, forbid: (f) => [f.feedUrl] }],
  // categories
  'GET /api/categories': [{ run: (f) => f.b.get('/api/categories'), expect: answered }],
  'PATCH /api/categories': [
    { run: (f) => f.b.patch('/api/categories', { from: MARK.category, category: 'hijack' }), expect: refused() },
    { run: (f) => f.b.patch('/api/categories', { feedIdList: [f.feed], category: 'hijack' }), expect: refused() },
  ],
  'DELETE /api/categories': [
    { run: (f) => f.b.delete('/api/categories', { category: MARK.category, deleteSubscriptions: true }), expect: refused() },
    { run: (f) => f.b.delete('/api/categories', { feedIdList: [f.feed], deleteSubscriptions: true }), expect: refused() },
  ],
  // entries
  'GET /api/entries': [
    { run: (f) => f.b.get('/api/entries?inboxId=a-box'), expect: refused() },
    { run: (f) => f.b.get(`/api/entries?id=${f.inboxEntry}`), expect: refused() },
    { run: (f) => f.b.get('/api/entries?isCollection=true'), expect: answered, forbid: (f) => [f.starredByA] },
    { run: (f) => f.b.get('/api/entries?view=0&limit=100'), expect: answered, forbid: (f) => [f.inboxEntry] },
    { run: (f) => f.b.get(`/api/entries?feedId=${f.feed}&read=true`), expect: answered, forbid: (f) => [f.readByA] },
  ],
  'POST /api/entries': [{ run: (f) => f.b.post('/api/entries', { ids: [f.inboxEntry, f.readByA] }), expect: answered, forbid: (f) => [f.inboxEntry] }],
  'POST /api/entries/stream': [{ run: (f) => f.b.request('POST', '/api/entries/stream', { ids: [f.inboxEntry] }), expect: answered, forbid: () => ['inbox body'] }],
  'GET /api/entries/check-new': [{ run: (f) => f.b.get(`/api/entries/check-new?insertedAfter=0&inboxId=a-box`), expect: refused() }],
  'GET /api/entries/{id}/read-histories': [
    { run: (f) => f.b.get(`/api/entries/${f.readByA}/read-histories`), expect: answered, forbid: (f) => [f.aId] },
    { run: (f) => f.b.get(`/api/entries/${f.inboxEntry}/read-histories`), expect: refused() },
  ],
  'POST /api/entries/preview': [{ run: (f) => f.b.post('/api/entries/preview', { url: f.feedUrl }), expect: answered }],
  'POST /api/entries/readability': [{ run: (f) => f.b.post('/api/entries/readability', { id: f.inboxEntry }), expect: refused() }],
  'GET /api/entries/inbox': [{ run: (f) => f.b.get(`/api/entries/inbox?id=${f.inboxEntry}`), expect: refused() }],
  'POST /api/entries/inbox': [{ run: (f) => f.b.post('/api/entries/inbox', { inboxId: 'a-box' }), expect: refused() }],
  'DELETE /api/entries/inbox': [{ run: (f) => f.b.delete('/api/entries/inbox', { entryId: f.inboxEntry }), expect: refused() }],
  // reads
  'GET /api/reads': [{ run: (f) => f.b.get('/api/reads'), expect: answered, forbid: (f) => ['a-box', f.feed] }],
  'POST /api/reads': [{ run: (f) => f.b.post('/api/reads', { entryIds: [f.inboxEntry] }), expect: refused() }],
  'DELETE /api/reads': [
    { run: (f) => f.b.delete('/api/reads', { entryIds: [f.inboxEntry] }), expect: refused() },
    // A's read of this entry is A's: B "unreading" it changes only B's (already unread) state.
    { run: (f) => f.b.delete('/api/reads', { entryId: f.readByA }), expect: answered },
  ],
  'POST /api/reads/all': [
    { run: (f) => f.b.post('/api/reads/all', { inboxId: 'a-box' }), expect: refused() },
    { run: (f) => f.b.post('/api/reads/all', { feedId: f.feed }), expect: answered },
  ],
  'GET /api/reads/total-count': [{ run: (f) => f.b.get('/api/reads/total-count'), expect: answered }],
  // trending and list discovery: only public totals, never A's private subscription or reads
  'GET /api/trending/feeds': [{ run: (f) => f.b.get('/api/trending/feeds?limit=100'), expect: answered, forbid: (f) => [f.feed] }],
  'GET /api/trending/entries': [{ run: (f) => f.b.get('/api/trending/entries?limit=100'), expect: answered, forbid: (f) => [f.readByA, f.starredByA, f.inboxEntry] }],
  'GET /api/trending/lists': [{ run: (f) => f.b.get('/api/trending/lists?limit=100'), expect: answered }],
  'GET /api/trending/users': [{ run: (f) => f.b.get('/api/trending/users?limit=100'), expect: answered, forbid: (f) => [f.aEmail] }],
  'GET /api/lists/discover': [{ run: (f) => f.b.get('/api/lists/discover?keyword=list'), expect: answered }],
  'GET /api/data/g': [{ run: (f) => f.b.get('/api/data/g'), expect: answered, forbid: (f) => [f.aEmail] }],
  'GET /api/lists/trending': [{ run: (f) => f.b.get('/api/lists/trending'), expect: answered }],
  // known feeds of a discovery category: public subscribers only (A follows f.feed privately)
  'GET /api/discover/feeds': [{ run: (f) => f.b.get('/api/discover/feeds?category=popular&limit=100'), expect: answered, forbid: (f) => [f.feed, f.feedUrl] }],
  'PUT /api/feeds/discovery-category': [{ run: (f) => f.b.put('/api/feeds/discovery-category', { feedId: f.feed, category: 'blog' }), expect: refused([1004]) }],
  // RSSHub instances: A's own instance (and its access key) is invisible to B; B (free plan) may add none
  'POST /api/rsshub': [
    { run: (f) => f.b.post('/api/rsshub', { baseUrl: 'https://hub.matrix.example' }), expect: refused([13004]) },
    // Editing A's instance (POST with its id): B cannot even see it.
    { run: (f) => f.b.post('/api/rsshub', { id: f.aHub, baseUrl: 'https://hub.matrix.example', accessKey: null }), expect: refused([13003]) },
  ],
  'GET /api/rsshub/list': [{ run: (f) => f.b.get('/api/rsshub/list'), expect: answered, forbid: (f) => [f.aHub] }],
  'GET /api/rsshub': [{ run: (f) => f.b.get(`/api/rsshub?id=${f.aHub}`), expect: refused([13003]) }],
  'DELETE /api/rsshub': [{ run: (f) => f.b.delete('/api/rsshub', { id: f.aHub }), expect: refused([13003]) }],
  // first-party analytics: B's own events are counted as totals; the counts are for admins only
  'POST /api/analytics': [{ run: (f) => f.b.post('/api/analytics', { client_id: 'b-client', events: [{ name: '2007' }] }), expect: answered }],
  'GET /api/analytics': [{ run: (f) => f.b.get('/api/analytics'), expect: refused([1004]) }],
  'POST /api/rsshub/default': [{ run: (f) => f.b.post('/api/rsshub/default', { id: f.aHub }), expect: refused([1004]) }],
  'POST /api/rsshub/use': [{ run: (f) => f.b.post('/api/rsshub/use', { id: f.aHub }), expect: refused([13003]) }],
  'GET /api/rsshub/status': [{ run: (f) => f.b.get(`/api/rsshub/status?id=${f.aHub}`), expect: refused([13003]) }],
  'GET /api/discover/rsshub': [{ run: (f) => f.b.get('/api/discover/rsshub'), expect: refused([13003]) }],
  'GET /api/discover/rsshub-route': [{ run: (f) => f.b.get('/api/discover/rsshub-route?route=/test/items'), expect: refused([13003]) }],
  'GET /api/discover/rsshub-analytics': [{ run: (f) => f.b.get('/api/discover/rsshub-analytics'), expect: answered }],
  // search
  'GET /api/search/entries': [
    { run: (f) => f.b.get(`/api/search/entries?q=${encodeURIComponent(MARK.inboxEntry)}`), expect: answered, forbid: (f) => [f.inboxEntry] },
    { run: (f) => f.b.get('/api/search/entries?q=entry&limit=50'), expect: answered, forbid: (f) => [f.readByA, f.starredByA, f.inboxEntry] },
    { run: (f) => f.b.get(`/api/search/entries?q=entry&feedId=${f.feed}`), expect: answered, forbid: (f) => [f.readByA, f.starredByA] },
  ],
  'GET /api/search/subscriptions': [{ run: (f) => f.b.get(`/api/search/subscriptions?q=${encodeURIComponent(MARK.title)}`), expect: answered, forbid: (f) => [f.feed] }],
  // collections
  'GET /api/collections': [{ run: (f) => f.b.get('/api/collections'), expect: answered, forbid: (f) => [f.starredByA] }],
  'POST /api/collections': [{ run: (f) => f.b.post('/api/collections', { entryId: f.inboxEntry }), expect: refused() }],
  'DELETE /api/collections': [{ run: (f) => f.b.delete('/api/collections', { entryId: f.starredByA }), expect: refused() }],
  // lists (public to look at, the owner's to change)
  'GET /api/lists': [{ run: (f) => f.b.get(`/api/lists?listId=${f.list}`), expect: answered }],
  'GET /api/lists/list': [{ run: (f) => f.b.get('/api/lists/list'), expect: answered, forbid: (f) => [f.list] }],
  'POST /api/lists': [{ run: (f) => f.b.post('/api/lists', { title: 'B list', view: 0, fee: 0 }), expect: answered }],
  'PATCH /api/lists': [{ run: (f) => f.b.patch('/api/lists', { listId: f.list, title: 'hijack', fee: 100 }), expect: refused() }],
  'DELETE /api/lists': [{ run: (f) => f.b.delete('/api/lists', { listId: f.list }), expect: refused() }],
  'POST /api/lists/feeds': [{ run: (f) => f.b.post('/api/lists/feeds', { listId: f.list, feedId: f.other }), expect: refused() }],
  'DELETE /api/lists/feeds': [{ run: (f) => f.b.delete('/api/lists/feeds', { listId: f.list, feedId: f.feed }), expect: refused() }],
  'DELETE /api/lists/{id}/feeds/{feedId}': [{ run: (f) => f.b.delete(`/api/lists/${f.list}/feeds/${f.feed}`), expect: refused() }],
  'GET /api/lists/{id}/analytics': [{ run: (f) => f.b.get(`/api/lists/${f.list}/analytics?days=7`), expect: answered, forbid: (f) => [f.aEmail] }],
  'POST /api/lists/import': [{ run: (f) => f.b.post('/api/lists/import', { listId: f.list, urls: ['https://import.matrix.example/feed.xml'] }), expect: refused([8001]) }],
  'GET /api/lists/{id}/export': [{ run: (f) => f.b.get(`/api/lists/${f.list}/export`), expect: answered }],
  // inboxes
  'GET /api/inboxes': [{ run: (f) => f.b.get('/api/inboxes?handle=a-box'), expect: refused() }],
  'GET /api/inboxes/list': [{ run: (f) => f.b.get('/api/inboxes/list'), expect: answered, forbid: () => ['a-box'] }],
  'POST /api/inboxes': [{ run: (f) => f.b.post('/api/inboxes', { handle: 'a-box', title: 'hijack' }), expect: refused([10001]) }],
  'PUT /api/inboxes': [{ run: (f) => f.b.put('/api/inboxes', { handle: 'a-box', title: 'hijack' }), expect: refused() }],
  'DELETE /api/inboxes': [{ run: (f) => f.b.delete('/api/inboxes', { handle: 'a-box' }), expect: refused() }],
  'POST /api/inboxes/webhook': [
    { run: (f) => f.b.request('POST', '/api/inboxes/webhook', { guid: 'forged', title: 'forged' }, { 'x-inbox-handle': 'a-box', 'x-inbox-secret': f.bInboxSecret }), expect: refused() },
  ],
  'POST /api/inboxes/email': [
    { run: (f) => f.b.request('POST', '/api/inboxes/email', 'Subject: forged\r\nTo: a-box@in.matrix.test\r\n\r\nforged', { 'content-type': 'message/rfc822', 'x-inbox-email-secret': f.bInboxSecret }), expect: refused() },
  ],
  'GET /api/inboxes/attachments/{handle}/{file}': [{ run: (f) => f.b.get(`/api/inboxes/attachments/a-box/${'a'.repeat(64)}`), expect: refused() }],
  // settings
  'GET /api/settings': [{ run: (f) => f.b.get('/api/settings'), expect: answered }],
  'PATCH /api/settings/{tab}': [{ run: (f) => f.b.patch('/api/settings/ui', { accentColor: 'b-accent' }), expect: answered }],
  // API tokens (issue 16)
  'GET /api/tokens': [{ run: (f) => f.b.get('/api/tokens'), expect: answered, forbid: (f) => [f.aTokenId] }],
  'POST /api/tokens': [{ run: (f) => f.b.post('/api/tokens', { name: 'B token' }), expect: answered }],
  'DELETE /api/tokens': [{ run: (f) => f.b.delete('/api/tokens', { id: f.aTokenId }), expect: refused() }],
  // Web Push (issue 16)
  'GET /api/messaging': [{ run: (f) => f.b.get('/api/messaging'), expect: answered, forbid: (f) => [f.aPushId, f.aPushEndpoint] }],
  'POST /api/messaging': [{ run: (f) => f.b.post('/api/messaging', { endpoint: 'https://push.matrix.example/b-browser', keys: pushKeys() }), expect: answered, forbid: (f) => [f.aPushId] }],
  'DELETE /api/messaging': [
    { run: (f) => f.b.delete('/api/messaging', { id: f.aPushId }), expect: refused() },
    { run: (f) => f.b.delete('/api/messaging', { endpoint: f.aPushEndpoint }), expect: refused() },
  ],
  'GET /api/messaging/feeds': [{ run: (f) => f.b.get('/api/messaging/feeds'), expect: answered, forbid: (f) => [f.feed] }],
  'PUT /api/messaging/feeds': [
    { run: (f) => f.b.put('/api/messaging/feeds', { feedId: f.feed, enabled: true }), expect: refused() },
    { run: (f) => f.b.put('/api/messaging/feeds', { feedId: f.feed, enabled: false }), expect: answered },
  ],
  'POST /api/messaging/test': [{ run: (f) => f.b.post('/api/messaging/test', { title: 'B test', body: '' }), expect: answered }],
  // integrations: B's own settings only; A's entries cannot be sent anywhere by B
  'GET /api/integrations': [{ run: (f) => f.b.get('/api/integrations'), expect: answered, forbid: () => [MARK.integration] }],
  'PATCH /api/integrations': [{ run: (f) => f.b.patch('/api/integrations', { service: 'readwise', enabled: true }), expect: answered, forbid: () => [MARK.integration] }],
  'POST /api/integrations/save': [{ run: (f) => f.b.post('/api/integrations/save', { service: 'readwise', entryId: f.inboxEntry }), expect: refused([3000]) }],
  // action rules: B's own only; a preview tests B's entries, never A's inbox entry
  'GET /api/actions': [{ run: (f) => f.b.get('/api/actions'), expect: answered, forbid: () => [MARK.rule] }],
  'PUT /api/actions': [{ run: (f) => f.b.put('/api/actions', { rules: [{ name: 'b-rule', condition: [], result: { star: true } }], applyToExisting: true }), expect: answered, forbid: () => [MARK.rule] }],
  'POST /api/actions/preview': [{ run: (f) => f.b.post('/api/actions/preview', { rule: { name: 'b-preview', condition: [], result: {} } }), expect: answered, forbid: (f) => [f.inboxEntry, f.readByA] }],
  // profiles and discover (public by design; never the e-mail)
  'GET /api/profiles': [{ run: (f) => f.b.get(`/api/profiles?id=${f.aId}`), expect: answered, forbid: (f) => [f.aEmail] }],
  // a profile page: only subscriptions A did not make private (A follows f.feed privately, with the secret title and category;
  // f.feed is also in A's public list, so its id may show there)
  'GET /api/profiles/subscriptions': [{ run: (f) => f.b.get(`/api/profiles/subscriptions?id=${f.aId}`), expect: answered, forbid: (f) => [f.aEmail, MARK.title, MARK.category] }],
  'POST /api/profiles/batch': [{ run: (f) => f.b.post('/api/profiles/batch', { ids: [f.aId] }), expect: answered, forbid: (f) => [f.aEmail] }],
  // uploads: B can only change B's own picture; stored files are public by design (content-hash names)
  'POST /api/upload/avatar': [{ run: (f) => uploadAs(f.b, '/api/upload/avatar'), expect: answered, forbid: (f) => [f.aEmail] }],
  'POST /api/upload/chat-attachment': [{ run: (f) => uploadAs(f.b, '/api/upload/chat-attachment'), expect: answered }],
  'GET /api/upload/files/{folder}/{name}': [
    {
      run: async (f) => {
        const { url } = (await uploadAs(f.b, '/api/upload/chat-attachment')).body.data
        const res = await fetch(f.b.baseUrl + url)
        return { status: res.status, body: `${res.headers.get('content-type')} ${(await res.arrayBuffer()).byteLength} bytes`, headers: res.headers }
      },
      expect: answered,
    },
  ],
  'POST /api/discover': [{ run: (f) => f.b.post('/api/discover', { keyword: 'A-secret' }), expect: answered }],
  // feeds are shared by everyone; refresh is for admins only
  'GET /api/feeds': [{ run: (f) => f.b.get(`/api/feeds?id=${f.feed}`), expect: answered }],
  'POST /api/feeds/analytics': [{ run: (f) => f.b.post('/api/feeds/analytics', { id: [f.feed] }), expect: answered }],
  'GET /api/feeds/analytics': [{ run: (f) => f.b.get(`/api/feeds/analytics?id=${f.feed}`), expect: answered }],
  'POST /api/feeds/refresh': [{ run: (f) => f.b.post('/api/feeds/refresh', { id: f.feed }), expect: refused([2000]) }],
  'POST /api/feeds/reset': [{ run: (f) => f.b.post('/api/feeds/reset', { id: f.other }), expect: answered }],
  // AI: never a summary of an entry B cannot read; the provider settings are B's own
  'GET /api/ai/summary': [{ run: (f) => f.b.get(`/api/ai/summary?id=${f.inboxEntry}`), expect: refused(), forbid: () => ['inbox body'] }],
  'GET /api/ai/translation': [{ run: (f) => f.b.get(`/api/ai/translation?id=${f.inboxEntry}&language=ja`), expect: refused() }],
  'POST /api/ai/chat': [{ run: (f) => f.b.post('/api/ai/chat', { id: 'a-chat', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hijack' }] }] }), expect: refused() }],
  'GET /api/ai/chat/sessions': [{ run: (f) => f.b.get('/api/ai/chat/sessions'), expect: answered, forbid: () => ['a-chat', 'A-secret-chat'] }],
  'GET /api/ai/chat/sessions/{id}/messages': [{ run: (f) => f.b.get('/api/ai/chat/sessions/a-chat/messages'), expect: refused(), forbid: () => ['A-secret-chat'] }],
  'DELETE /api/ai/chat/sessions/{id}': [{ run: (f) => f.b.delete('/api/ai/chat/sessions/a-chat'), expect: refused() }],
  'POST /api/ai/summary-title': [{ run: (f) => f.b.post('/api/ai/summary-title', { text: 'B asks for a title' }), expect: answered, forbid: () => ['A-secret-chat'] }],
  'GET /api/ai/daily': [{ run: (f) => f.b.get(`/api/ai/daily?view=0&startDate=${Date.now()}`), expect: answered, forbid: () => [MARK.title, MARK.inboxEntry, 'inbox body'] }],
  'GET /api/ai/speech': [{ run: (f) => f.b.get(`/api/ai/speech?id=${f.inboxEntry}`), expect: refused() }],
  'GET /api/ai/status': [{ run: (f) => f.b.get('/api/ai/status'), expect: answered }],
  'PUT /api/ai/provider': [{ run: (f) => f.b.put('/api/ai/provider', { baseUrl: 'http://127.0.0.1:9/v1', model: 'b-model' }), expect: answered }],
  'DELETE /api/ai/provider': [{ run: (f) => f.b.delete('/api/ai/provider'), expect: answered }],
  // wallets: each user sees and moves only their own POWER; the ranking shows public profiles only
  'GET /api/wallets': [{ run: (f) => f.b.get('/api/wallets'), expect: answered, forbid: (f) => [f.aId, f.aEmail] }],
  'POST /api/wallets': [{ run: (f) => f.b.post('/api/wallets'), expect: answered, forbid: (f) => [f.aId] }],
  'POST /api/wallets/refresh': [{ run: (f) => f.b.post('/api/wallets/refresh'), expect: answered, forbid: (f) => [f.aId] }],
  'GET /api/wallets/ranking': [{ run: (f) => f.b.get('/api/wallets/ranking'), expect: answered, forbid: (f) => [f.aEmail] }],
  'GET /api/wallets/power-price': [{ run: (f) => f.b.get('/api/wallets/power-price'), expect: answered }],
  'GET /api/wallets/transactions/claim-check': [{ run: (f) => f.b.get('/api/wallets/transactions/claim-check'), expect: answered }],
  'POST /api/wallets/transactions/claim-daily': [{ run: (f) => f.b.post('/api/wallets/transactions/claim-daily'), expect: answered }],
  'POST /api/wallets/transactions/tip': [
    { run: (f) => f.b.post('/api/wallets/transactions/tip', { amount: '1', entryId: f.inboxEntry }), expect: refused([3000]) },
    { run: (f) => f.b.post('/api/wallets/transactions/tip', { amount: '1', userId: f.aId }), expect: answered },
  ],
  'POST /api/wallets/transactions/withdraw': [
    { run: (f) => f.b.post('/api/wallets/transactions/withdraw', { amount: '1', feedId: f.feed, TOTPCode: '123456' }), expect: refused([1004]) },
  ],
  'POST /api/feeds/claim/message': [{ run: (f) => f.b.post('/api/feeds/claim/message', { feedId: f.feed }), expect: answered, forbid: (f) => [f.aId] }],
  'POST /api/feeds/claim/challenge': [{ run: (f) => f.b.post('/api/feeds/claim/challenge', { feedId: f.inboxEntry }), expect: refused([2001]) }],
  'GET /api/feeds/claim/list': [{ run: (f) => f.b.get('/api/feeds/claim/list'), expect: answered, forbid: (f) => [f.feed] }],
  'GET /api/wallets/airdrop': [{ run: (f) => f.b.get('/api/wallets/airdrop'), expect: answered }],
  'POST /api/wallets/airdrop': [{ run: (f) => f.b.post('/api/wallets/airdrop', { airdropId: f.feed }), expect: refused([6]) }],
  'PUT /api/wallets/airdrop': [{ run: (f) => f.b.put('/api/wallets/airdrop', { title: 'B airdrop', amount: '1' }), expect: refused([1004]) }],
  'GET /api/boosts': [{ run: (f) => f.b.get(`/api/boosts?feedId=${f.feed}`), expect: answered }],
  'POST /api/boosts': [{ run: (f) => f.b.post('/api/boosts', { feedId: f.inboxEntry, amount: '10000000000000000000' }), expect: refused([2001]) }],
  'GET /api/boosts/boosters': [{ run: (f) => f.b.get(`/api/boosts/boosters?feedId=${f.feed}`), expect: answered, forbid: (f) => [f.aEmail] }],
  'GET /api/wallets/transactions': [
    { run: (f) => f.b.get('/api/wallets/transactions'), expect: answered, forbid: (f) => [f.aEmail] },
    { run: (f) => f.b.get(`/api/wallets/transactions?fromOrToUserId=${f.aId}&type=daily`), expect: answered, forbid: (f) => [`"toUserId":"${f.aId}"`] },
  ],
  // instance-level, no user data
  'GET /api/status/configs': [{ run: (f) => f.b.get('/api/status/configs'), expect: answered }],
  'GET /api/probes/postgresql': [{ run: (f) => f.b.get('/api/probes/postgresql'), expect: answered }],
  'GET /api/probes/redis': [{ run: (f) => f.b.get('/api/probes/redis'), expect: answered }],
  'GET /api/probes/bullmq': [{ run: (f) => f.b.get('/api/probes/bullmq'), expect: answered }],
  'GET /api/probes/rsshub': [{ run: (f) => f.b.get('/api/probes/rsshub'), expect: answered }],
  // plans and invitations (B's own; using A's code is what codes are for)
  'GET /api/plans': [{ run: (f) => f.b.get('/api/plans'), expect: answered }],
  'GET /api/plans/me': [{ run: (f) => f.b.get('/api/plans/me'), expect: answered, forbid: (f) => [f.aEmail] }],
  'GET /api/invitations/limitation': [{ run: (f) => f.b.get('/api/invitations/limitation'), expect: answered }],
  'GET /api/invitations': [{ run: (f) => f.b.get('/api/invitations'), expect: answered, forbid: (f) => [f.aCode] }],
  'POST /api/invitations/new': [{ run: (f) => f.b.post('/api/invitations/new'), expect: answered, forbid: (f) => [f.aCode] }],
  'POST /api/invitations/use': [{ run: (f) => f.b.post('/api/invitations/use', { code: f.aCode }), expect: answered }],
  // account calls beside better-auth (public list; B's own plan only)
  'GET /api/auth/providers': [{ run: (f) => f.b.get('/api/auth/providers'), expect: answered }],
  // Privacy (domains/account): B's download is B's own (B's reads and stars of A's public feed are B's, so only A's private things are checked); B's delete-user checks B's password only (A is untouched).
  'GET /api/account/export': [{ run: (f) => f.b.get('/api/account/export'), expect: answered, forbid: (f) => [f.aEmail, f.aCode, f.aReferralCode, f.inboxEntry, f.inboxSecret] }],
  'POST /api/auth/delete-user': [{ run: (f) => f.b.post('/api/auth/delete-user', { password: 'not B’s password' }), expect: { denied: false, status: 400 } }],
  'POST /api/auth/subscription/restore': [{ run: (f) => f.b.post('/api/auth/subscription/restore', { receipt: 'A receipt' }), expect: { denied: false, status: 400 } }],
  // referrals (B's own code and days; A's code and referred accounts stay A's)
  'GET /api/referrals': [{ run: (f) => f.b.get('/api/referrals'), expect: answered, forbid: (f) => [f.aReferralCode] }],
  'GET /api/referrals/days': [{ run: (f) => f.b.get('/api/referrals/days'), expect: answered }],
  'POST /api/referrals/verify-receipt': [{ run: (f) => f.b.post('/api/referrals/verify-receipt', { receipt: 'A receipt' }), expect: { denied: false, status: 400 } }],
  // admin (A is the instance's first account, so its admin; B is not)
  'GET /api/admin/users': [{ run: (f) => f.b.get('/api/admin/users?q=alice'), expect: refused([1004]) }],
  'PATCH /api/admin/users/{id}': [{ run: (f) => f.b.patch(`/api/admin/users/${f.aId}`, { role: 'free', disabled: true }), expect: refused([1004]) }],
  'GET /api/admin/registration': [{ run: (f) => f.b.get('/api/admin/registration'), expect: refused([1004]) }],
  'PUT /api/admin/registration': [{ run: (f) => f.b.put('/api/admin/registration', { mode: 'closed' }), expect: refused([1004]) }],
  'PUT /api/admin/plans/{role}': [{ run: (f) => f.b.put('/api/admin/plans/free', { feeds: 0 }), expect: refused([1004]) }],
  'DELETE /api/admin/plans/{role}': [{ run: (f) => f.b.delete('/api/admin/plans/free'), expect: refused([1004]) }],
  'GET /api/admin/feature-flags': [{ run: (f) => f.b.get('/api/admin/feature-flags'), expect: refused([1004]) }],
  'PUT /api/admin/feature-flags/{name}': [{ run: (f) => f.b.put('/api/admin/feature-flags/ai_chat', { enabled: false }), expect: refused([1004]) }],
  'POST /api/admin/feature-flags/{name}/overrides': [{ run: (f) => f.b.post('/api/admin/feature-flags/ai_chat/overrides', { userId: f.aId, enabled: false }), expect: refused([1004]) }],
  'DELETE /api/admin/feature-flags/{name}/overrides/{userId}': [{ run: (f) => f.b.delete(`/api/admin/feature-flags/ai_chat/overrides/${f.aId}`), expect: refused([1004]) }],
  'GET /api/admin/feature-flags/{name}/stats': [{ run: (f) => f.b.get('/api/admin/feature-flags/ai_chat/stats'), expect: refused([1004]) }],
  'GET /api/admin/feature-flags/{name}/affected-users': [{ run: (f) => f.b.get('/api/admin/feature-flags/ai_chat/affected-users'), expect: refused([1004]) }],
  'GET /api/wallets/withdrawals': [{ run: (f) => f.b.get('/api/wallets/withdrawals'), expect: refused([1004]) }],
  'POST /api/wallets/withdrawals/settle': [{ run: (f) => f.b.post('/api/wallets/withdrawals/settle', { id: '382406116060954624', status: 'paid' }), expect: refused([1004]) }],
  'POST /api/admin/clean': [{ run: (f) => f.b.post('/api/admin/clean', { retentionDays: 1 }), expect: refused([1004]) }],
  'POST /api/admin/mintdscsafr': [{ run: (f) => f.b.post('/api/admin/mintdscsafr', { userId: f.aId, amount: '1000' }), expect: refused([1004]) }],
  'POST /api/admin/achievements/approve': [{ run: (f) => f.b.post('/api/admin/achievements/approve', { userId: f.aId, id: 'feed-claimed' }), expect: refused([1004]) }],
  // achievements (B's own progress only)
  'GET /api/achievement': [{ run: (f) => f.b.get('/api/achievement'), expect: answered }],
  'POST /api/achievement/check': [{ run: (f) => f.b.post('/api/achievement/check'), expect: answered }],
  'PUT /api/achievement': [{ run: (f) => f.b.put('/api/achievement', { id: 'first-subscription' }), expect: answered }],
  'POST /api/achievement/audit': [{ run: (f) => f.b.post('/api/achievement/audit', { id: 'feed-claimed', payload: 'B claims it' }), expect: answered }],
}

/** A's things as A sees them, with the fields others may legitimately move (follower counts, fetch times) left out. */
async function snapshotOfA(f: Fixture) {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !['subscriptionCount', 'checkedAt', 'nextCheckAt', 'updatedAt', 'errorAt', 'errorMessage', 'updatesPerWeek', 'latestEntryPublishedAt'].includes(k))
          .map(([k, v]) => [k, strip(v)]),
      )
    }
    return value
  }
  const get = async (path: string) => strip((await f.a.get(path)).body)
  return {
    subscriptions: await get('/api/subscriptions'),
    categories: await get('/api/categories'),
    reads: await get('/api/reads'),
    collections: await get('/api/collections'),
    lists: await get('/api/lists/list'),
    list: await get(`/api/lists?listId=${f.list}`),
    inboxes: await get('/api/inboxes/list'),
    inboxEntries: await get('/api/entries?inboxId=a-box&limit=100'),
    readEntries: await get(`/api/entries?feedId=${f.feed}&read=true&limit=100`),
    settings: await get('/api/settings'),
    plan: await get('/api/plans/me'),
    achievements: await get('/api/achievement'),
    registration: await get('/api/admin/registration'),
    tokens: await get('/api/tokens'),
    messaging: await get('/api/messaging'),
    messagingFeeds: await get('/api/messaging/feeds'),
    ai: await get('/api/ai/status'),
    chats: await get('/api/ai/chat/sessions'),
    chat: await get('/api/ai/chat/sessions/a-chat/messages'),
    actions: await get('/api/actions'),
    integrations: await get('/api/integrations'),
    rsshub: await get('/api/rsshub/list'),
    profile: await get(`/api/profiles?id=${f.aId}`),
  }
}

describeEachDialect('authorization matrix', (dialect) => {
  let f: Fixture
  let routes: string[]

  beforeAll(async () => {
    const server = await startTestServer(dialect, { AUTH_RATE_LIMIT: 'false', SERVICES: 'web', INBOX_EMAIL_SECRET: 'matrix-email-secret-0123', INBOX_DOMAIN: 'in.matrix.test' })
    const a = await signedUpClient(server, 'alice-matrix@example.com')
    const b = await signedUpClient(server, 'bob-matrix@example.com')
    const aId = (await a.get('/api/auth/get-session')).body.user.id
    const db = server.database.db
    const feedUrl = 'https://matrix.example/a/feed.xml'
    const otherUrl = 'https://matrix.example/other/feed.xml'
    const feed = await insertFeed(db, { url: feedUrl, title: 'Shared feed' })
    const other = await insertFeed(db, { url: otherUrl, title: 'Other feed' })
    const [readByA, starredByA] = await insertEntries(db, feed, 4)
    await insertEntries(db, other, 2)
    await a.post('/api/subscriptions', { feedId: feed, view: 0, title: MARK.title, category: MARK.category, isPrivate: true })
    await a.post('/api/reads', { entryIds: [readByA] })
    await a.post('/api/collections', { entryId: starredByA })
    const list = (await a.post('/api/lists', { title: 'A list', description: 'Lists are public', view: 0, fee: 0 })).body.data.id
    await a.post('/api/lists/feeds', { listId: list, feedId: feed })
    await a.post('/api/subscriptions', { listId: list })
    const inbox = (await a.post('/api/inboxes', { handle: 'a-box', title: MARK.inboxTitle })).body.data
    const webhook = await a.request('POST', '/api/inboxes/webhook', { guid: 'a-1', title: MARK.inboxEntry, content: '<p>inbox body</p>' }, { 'x-inbox-handle': 'a-box', 'x-inbox-secret': inbox.secret })
    const bInbox = (await b.post('/api/inboxes', { handle: 'b-box' })).body.data
    await a.patch('/api/settings/ui', { accentColor: MARK.accent })
    const aTokenId = (await a.post('/api/tokens', { name: MARK.tokenName })).body.data.id
    const aPushEndpoint = 'https://push.matrix.example/a-secret-browser'
    const aPushId = (await a.post('/api/messaging', { endpoint: aPushEndpoint, keys: pushKeys() })).body.data.id
    await a.put('/api/messaging/feeds', { feedId: feed, enabled: true })
    await a.patch('/api/integrations', { service: 'obsidian', enabled: true, vault: MARK.integration })
    await a.put('/api/actions', { rules: [{ name: MARK.rule, condition: [[{ field: 'title', operator: 'contains', value: 'never-matches' }]], result: { star: true } }] })
    await a.post('/api/wallets/transactions/claim-daily')
    const aCode = (await a.post('/api/invitations/new')).body.data
    const aReferralCode = (await a.get('/api/referrals')).body.data.code
    // A's RSSHub instance (stored directly: adding one checks it answers, and nothing answers here).
    const aHub = '1234567890777'
    const hubAt = new Date().toISOString()
    await db.insertInto('rsshub_instances').values({ id: aHub, ownerUserId: aId, baseUrl: 'https://hub-a.matrix.example', accessKey: MARK.hubKey, description: null, price: null, userLimit: null, isDefault: 0, checkedAt: null, responseTimeMs: null, errorAt: null, errorMessage: null, createdAt: hubAt, updatedAt: hubAt }).execute()
    await a.post('/api/rsshub/use', { id: aHub })
    f = { server, a, b, aId, aEmail: 'alice-matrix@example.com', feed, feedUrl, other, otherUrl, readByA, starredByA, list, inboxEntry: webhook.body.data.id, inboxSecret: inbox.secret, bInboxSecret: bInbox.secret, aTokenId, aPushId, aPushEndpoint, aCode, aReferralCode, aHub }
    // A's chat session, with a message (issue 10).
    const at = new Date().toISOString()
    await db.insertInto('ai_chat_sessions').values({ id: 'a-chat', userId: aId, title: 'A-secret-chat', createdAt: at, updatedAt: at }).execute()
    await db.insertInto('ai_chat_messages').values({ id: 'a-msg', chatId: 'a-chat', role: 'user', parts: JSON.stringify([{ type: 'text', text: 'A-secret-chat question' }]), metadata: null, status: 'completed', createdAt: at, finishedAt: at }).execute()
    const doc = (await a.get('/api/openapi.json')).body
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
  }, 60_000)

  afterAll(async () => {
    await f?.server.stop()
  })

  it('every route of the API has a case, and every case is a route', () => {
    const missing = routes.filter((r) => !MATRIX[r])
    expect(missing, `add these routes to MATRIX in test/authorizationMatrix.test.ts`).toEqual([])
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([])
  })

  it("B never gets A's data nor changes A's things", async () => {
    const before = await snapshotOfA(f)
    const markers = [...Object.values(MARK), f.inboxSecret]
    const failures: string[] = []
    for (const [route, attempts] of Object.entries(MATRIX)) {
      for (const [i, attempt] of attempts.entries()) {
        const answer = await attempt.run(f)
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '')
        const label = `${route} #${i + 1}: ${answer.status} ${text.slice(0, 160)}`
        if (attempt.expect.denied) {
          const codes = attempt.expect.codes ?? OWNERSHIP_CODES
          if (![403, 404, 409].includes(answer.status) || !codes.includes(answer.body?.code)) failures.push(`expected a refusal: ${label}`)
        } else if (answer.status !== (attempt.expect.status ?? 200)) failures.push(`expected an answer: ${label}`)
        for (const marker of [...markers, ...(attempt.forbid?.(f) ?? [])]) {
          if (text.includes(marker)) failures.push(`leaked "${marker}": ${label}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(await snapshotOfA(f)).toEqual(before)
  })
})
