/** Every language's strings, merged per namespace. English ships with the app; the others load when chosen. */
import { ErrorCatalogue } from '@brook/shared'
import type { Language } from './language.ts'
import en from './locales/en.ts'
import appEn from './locales/app.en.ts'

type Tree = { [key: string]: string | Tree }
export type Resource = Record<string, Tree>

/** Deep-merges the reading screens' strings (app.*.ts) into the skeleton's namespaces. */
export function merge<A extends object, B extends object>(a: A, b: B): A & B {
  const out: Tree = { ...(a as Tree) }
  for (const [key, value] of Object.entries(b as Tree)) {
    const prev = out[key]
    out[key] = typeof value === 'object' && typeof prev === 'object' ? merge(prev, value) : value
  }
  return out as A & B
}

/** The `errors:{code}` namespace in English is the catalogue itself. */
const errorsEn: Record<string, string> = Object.fromEntries(Object.entries(ErrorCatalogue))

export const english = { ...merge(en, appEn), errors: errorsEn } as unknown as Resource

/** Loads one language's strings (its own chunk). */
export async function loadResource(lng: Language): Promise<Resource> {
  switch (lng) {
    case 'en':
      return english
    case 'ja': {
      const [base, app, errors] = await Promise.all([import('./locales/ja.ts'), import('./locales/app.ja.ts'), import('./locales/errors.ja.ts')])
      return { ...merge(base.default, app.default), errors: errors.default } as unknown as Resource
    }
    case 'zh-CN': {
      const [base, app, errors] = await Promise.all([import('./locales/zh-CN.ts'), import('./locales/app.zh-CN.ts'), import('./locales/errors.zh-CN.ts')])
      return { ...merge(base.default, app.default), errors: errors.default } as unknown as Resource
    }
    case 'zh-TW': {
      const [base, app, errors] = await Promise.all([import('./locales/zh-TW.ts'), import('./locales/app.zh-TW.ts'), import('./locales/errors.zh-TW.ts')])
      return { ...merge(base.default, app.default), errors: errors.default } as unknown as Resource
    }
  }
}

/** Strings of the screens that load on demand (settings pages, discover, shortcut labels), per language. */
export async function loadPages(lng: Language): Promise<Resource> {
  switch (lng) {
    case 'en':
      return merge(merge((await import('./locales/pages.en.ts')).default, merge((await import('./locales/instance.en.ts')).default, (await import('./locales/people.en.ts')).default)), merge((await import('./locales/actions.en.ts')).default, (await import('./locales/integrations.en.ts')).default)) as unknown as Resource
    case 'ja':
      return merge(merge((await import('./locales/pages.ja.ts')).default, merge((await import('./locales/instance.ja.ts')).default, (await import('./locales/people.ja.ts')).default)), merge((await import('./locales/actions.ja.ts')).default, (await import('./locales/integrations.ja.ts')).default)) as unknown as Resource
    case 'zh-CN':
      return merge(merge((await import('./locales/pages.zh-CN.ts')).default, merge((await import('./locales/instance.zh-CN.ts')).default, (await import('./locales/people.zh-CN.ts')).default)), merge((await import('./locales/actions.zh-CN.ts')).default, (await import('./locales/integrations.zh-CN.ts')).default)) as unknown as Resource
    case 'zh-TW':
      return merge(merge((await import('./locales/pages.zh-TW.ts')).default, merge((await import('./locales/instance.zh-TW.ts')).default, (await import('./locales/people.zh-TW.ts')).default)), merge((await import('./locales/actions.zh-TW.ts')).default, (await import('./locales/integrations.zh-TW.ts')).default)) as unknown as Resource
  }
}
