/** The shape every language's app strings must match (keys of app.en.ts). */
import type en from './app.en.ts'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

export type AppLocale = Shape<typeof en>
