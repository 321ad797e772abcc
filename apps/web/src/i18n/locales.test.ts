/** Every locale has every English key, and none of them is left in English. */
import { ErrorCatalogue } from '@brook/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { detectLanguage, normalizeLanguage } from './language.ts'
import { ensureLanguage, i18n } from './index.ts'
import { loadPages, loadResource, merge } from './resources.ts'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out[path] = value
    else Object.assign(out, flatten(value, path))
  }
  return out
}

/** Proper names and samples that read the same in every language. */
const SAME_EVERYWHERE = new Set(['integrations.names.readwise', 'integrations.names.instapaper', 'integrations.names.readeck', 'integrations.names.cubox', 'integrations.names.outline', 'integrations.names.zotero', 'integrations.names.qbittorrent', 'integrations.names.eagle', 'integrations.names.obsidian', 'integrations.customUrl', 'settings.notifications.testTitle', 'common.appName', 'common.nav.power', 'common.nav.rsshub', 'common.pages.powerTitle', 'common.pages.rsshubTitle', 'auth.emailPlaceholder', 'settings.sections.ai', 'instance.roles.pro', 'instance.admin.probes.postgresql', 'instance.admin.probes.redis', 'instance.admin.probes.rsshub', 'instance.admin.flagNames.power', 'instance.admin.flagNames.rsshub', 'settings.data.api.title', 'settings.data.api.greaderUrl', 'settings.data.api.feverUrl'])

describe('locales', () => {
  const resources: Record<string, Record<string, unknown>> = {}
  beforeAll(async () => {
    for (const lang of ['en', 'zh-CN', 'zh-TW', 'ja'] as const) resources[lang] = merge(await loadResource(lang), await loadPages(lang))
    await ensureLanguage('ja')
    await ensureLanguage('zh-TW')
  })

  for (const lang of ['zh-CN', 'zh-TW', 'ja'] as const) {
    it(`${lang} translates every string`, () => {
      const { errors: _enErrors, ...enRest } = resources.en
      const english = flatten(enRest as unknown as Tree)
      const { errors: _errors, ...rest } = resources[lang]
      const translated = flatten(rest as unknown as Tree)
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort())
      const untranslated = Object.keys(english).filter((key) => !SAME_EVERYWHERE.has(key) && translated[key] === english[key])
      expect(untranslated).toEqual([])
    })
  }

  it('generates errors:{code} for English from the catalogue', () => {
    for (const [code, message] of Object.entries(ErrorCatalogue)) expect(i18n.t(`errors:${code}`, { lng: 'en' })).toBe(message)
    expect(i18n.t('errors:2001', { lng: 'ja' })).toBe('フィードが見つかりません')
  })

  it('falls back from zh-TW to zh-CN to en', () => {
    i18n.addResource('zh-CN', 'common', 'onlyInZhCN', '仅简体')
    expect(i18n.t('common:onlyInZhCN', { lng: 'zh-TW' })).toBe('仅简体')
    i18n.addResource('en', 'common', 'onlyInEn', 'English only')
    expect(i18n.t('common:onlyInEn', { lng: 'zh-TW' })).toBe('English only')
  })

  it('picks the language from ?lng=, then storage, then the browser', () => {
    expect(detectLanguage({ search: '?lng=ja', stored: 'zh-CN', browser: ['en-US'] })).toBe('ja')
    expect(detectLanguage({ search: '?lng=xx', stored: 'zh-TW' })).toBe('zh-TW')
    expect(detectLanguage({ browser: ['fr-FR', 'zh-HK'] })).toBe('zh-TW')
    expect(detectLanguage({ browser: ['fr-FR'] })).toBe('en')
    expect(normalizeLanguage('zh-Hans-CN')).toBe('zh-CN')
    expect(normalizeLanguage('zh_TW')).toBe('zh-TW')
  })
})
