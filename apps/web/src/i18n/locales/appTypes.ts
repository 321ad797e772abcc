/** The shapes every language's strings must match (keys of app.en.ts and pages.en.ts). */
import type en from './app.en.ts'
import type pages from './pages.en.ts'
import type instance from './instance.en.ts'
import type people from './people.en.ts'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

export type AppLocale = Shape<typeof en>
export type PagesLocale = Shape<typeof pages>
export type InstanceLocale = Shape<typeof instance>
export type PeopleLocale = Shape<typeof people>
