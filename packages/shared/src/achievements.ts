/**
 * The achievement catalogue (issue 19): what each asks, its POWER reward (in smallest units,
 * 1 POWER = 10^18), whether it needs an audit, and its title and description in the four
 * languages. The server computes progress from the user's data; the web shows these texts.
 */

/** What an achievement counts: the server measures each from the user's own data. */
export type AchievementMetric = 'feeds' | 'lists' | 'inboxMail' | 'claimStreak' | 'entriesRead' | 'tips' | 'feedClaims' | 'rules'

export type AchievementLanguage = 'en' | 'ja' | 'zh-CN' | 'zh-TW'

export type Achievement = {
  id: string
  metric: AchievementMetric
  /** Progress needed. */
  target: number
  /** POWER reward in smallest units (decimal digits). */
  reward: string
  /** Completed only after someone checks the proof the user sent (POST /achievement/audit). */
  audit: boolean
  title: Record<AchievementLanguage, string>
  description: Record<AchievementLanguage, string>
}

const POWER = (n: number) => `${n}${'0'.repeat(18)}`

export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    id: 'first-subscription',
    metric: 'feeds',
    target: 1,
    reward: POWER(5),
    audit: false,
    title: { en: 'First subscription', ja: '初めての購読', 'zh-CN': '第一个订阅', 'zh-TW': '第一個訂閱' },
    description: { en: 'Follow your first feed.', ja: '最初のフィードを購読する。', 'zh-CN': '关注你的第一个订阅源。', 'zh-TW': '追蹤你的第一個訂閱源。' },
  },
  {
    id: 'feeds-10',
    metric: 'feeds',
    target: 10,
    reward: POWER(10),
    audit: false,
    title: { en: 'Ten feeds', ja: 'フィード 10 件', 'zh-CN': '十个订阅源', 'zh-TW': '十個訂閱源' },
    description: { en: 'Follow 10 feeds.', ja: '10 件のフィードを購読する。', 'zh-CN': '关注 10 个订阅源。', 'zh-TW': '追蹤 10 個訂閱源。' },
  },
  {
    id: 'feeds-100',
    metric: 'feeds',
    target: 100,
    reward: POWER(50),
    audit: false,
    title: { en: 'A hundred feeds', ja: 'フィード 100 件', 'zh-CN': '一百个订阅源', 'zh-TW': '一百個訂閱源' },
    description: { en: 'Follow 100 feeds.', ja: '100 件のフィードを購読する。', 'zh-CN': '关注 100 个订阅源。', 'zh-TW': '追蹤 100 個訂閱源。' },
  },
  {
    id: 'first-list',
    metric: 'lists',
    target: 1,
    reward: POWER(10),
    audit: false,
    title: { en: 'Curator', ja: 'キュレーター', 'zh-CN': '策展人', 'zh-TW': '策展人' },
    description: { en: 'Create your first list.', ja: '最初のリストを作成する。', 'zh-CN': '创建你的第一个列表。', 'zh-TW': '建立你的第一個清單。' },
  },
  {
    id: 'first-inbox-mail',
    metric: 'inboxMail',
    target: 1,
    reward: POWER(5),
    audit: false,
    title: { en: 'You’ve got mail', ja: 'メールが届きました', 'zh-CN': '你有新邮件', 'zh-TW': '你有新郵件' },
    description: { en: 'Receive the first entry in one of your inboxes.', ja: '受信箱に最初のエントリーが届く。', 'zh-CN': '你的收件箱收到第一条内容。', 'zh-TW': '你的收件匣收到第一則內容。' },
  },
  {
    id: 'claim-streak-7',
    metric: 'claimStreak',
    target: 7,
    reward: POWER(20),
    audit: false,
    title: { en: 'A week of claims', ja: '1 週間の受け取り', 'zh-CN': '连续领取一周', 'zh-TW': '連續領取一週' },
    description: { en: 'Claim your daily POWER 7 days in a row.', ja: '7 日連続で毎日の POWER を受け取る。', 'zh-CN': '连续 7 天领取每日 POWER。', 'zh-TW': '連續 7 天領取每日 POWER。' },
  },
  {
    id: 'read-1000',
    metric: 'entriesRead',
    target: 1000,
    reward: POWER(30),
    audit: false,
    title: { en: 'Avid reader', ja: '熱心な読者', 'zh-CN': '忠实读者', 'zh-TW': '忠實讀者' },
    description: { en: 'Read 1,000 entries.', ja: '1,000 件のエントリーを読む。', 'zh-CN': '阅读 1,000 篇内容。', 'zh-TW': '閱讀 1,000 篇內容。' },
  },
  {
    id: 'first-tip',
    metric: 'tips',
    target: 1,
    reward: POWER(5),
    audit: false,
    title: { en: 'Patron', ja: 'パトロン', 'zh-CN': '赞助人', 'zh-TW': '贊助人' },
    description: { en: 'Send your first tip.', ja: '最初のチップを送る。', 'zh-CN': '送出你的第一笔打赏。', 'zh-TW': '送出你的第一筆打賞。' },
  },
  {
    id: 'feed-claimed',
    metric: 'feedClaims',
    target: 1,
    reward: POWER(20),
    audit: true,
    title: { en: 'Feed owner', ja: 'フィードの所有者', 'zh-CN': '订阅源所有者', 'zh-TW': '訂閱源擁有者' },
    description: { en: 'Claim a feed you publish (checked by the instance’s admin).', ja: '自分が公開しているフィードを申請する（管理者が確認）。', 'zh-CN': '认领你发布的订阅源（由管理员审核）。', 'zh-TW': '認領你發布的訂閱源（由管理員審核）。' },
  },
  {
    id: 'first-rule',
    metric: 'rules',
    target: 1,
    reward: POWER(5),
    audit: false,
    title: { en: 'Automator', ja: '自動化の達人', 'zh-CN': '自动化达人', 'zh-TW': '自動化達人' },
    description: { en: 'Turn on your first automation rule.', ja: '最初の自動化ルールを有効にする。', 'zh-CN': '启用你的第一条自动化规则。', 'zh-TW': '啟用你的第一條自動化規則。' },
  },
]

export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((a) => a.id) as [string, ...string[]]

/** An achievement's state for one user. */
export const ACHIEVEMENT_STATES = ['incomplete', 'completed', 'audit', 'received'] as const
export type AchievementState = (typeof ACHIEVEMENT_STATES)[number]

export function achievementById(id: string): Achievement | undefined {
  return ACHIEVEMENTS.find((a) => a.id === id)
}
