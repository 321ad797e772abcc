/** The shape every non-English locale must match key for key. */
import type en from './locales/en.ts'

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> }

export type Locale = Shape<typeof en>
