/** Copying to the clipboard with the toasts and error texts of SPEC §5. */
import { toast } from 'sonner'
import { i18n } from '../../i18n/index.ts'

/** Copies text; toasts "Copied" or SPEC's clipboard error. `missing` names what was absent when empty. */
export async function copyText(text: string, options: { missing?: 'noUrl'; silent?: boolean; successKey?: string } = {}): Promise<boolean> {
  if (!text) {
    if (options.missing === 'noUrl') toast.error(i18n.t('entry:noUrlToCopy'))
    return false
  }
  try {
    await navigator.clipboard.writeText(text)
    if (!options.silent) toast.success(i18n.t(options.successKey ?? 'common:toast.copied'), { duration: 2000 })
    return true
  } catch {
    toast.error(i18n.t('entry:clipboardWriteFailed'))
    return false
  }
}
