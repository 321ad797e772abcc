/**
 * The UI side of SPEC §8: which errors toast, for how long, and with what text.
 * Codes starting with 11 offer plan activation after 500 ms; 4007/4008 stay silent (the
 * two-factor form shows them); others show `errors:{code}` or the server message.
 */
import { ErrorCodes, isPlanError } from '@brook/shared'
import { toast } from 'sonner'
import { i18n } from '../i18n/index.ts'
import { navigate } from '../lib/navigation.ts'
import { isApiError } from './ApiError.ts'

export const PLAN_TOAST_DELAY_MS = 500
export const PLAN_TOAST_DURATION_MS = 100_000
export const REASON_TOAST_DURATION_MS = 5_000

const SILENT_CODES = new Set<number | string>([ErrorCodes.InvalidTwoFactorCode, ErrorCodes.TwoFactorCodeRequired])

/** The message to show for a server code: the translation, else the server's words. */
export function errorText(code: number | string, fallback: string): string {
  return i18n.t(`errors:${code}`, { defaultValue: fallback })
}

function copy(text: string) {
  void navigator.clipboard?.writeText(text).then(
    () => toast.success(i18n.t('common:toast.copied'), { duration: 2000 }),
    () => undefined,
  )
}

/** Shows the toast SPEC §8 prescribes for an error from the API or from better-auth. */
export function toastError(error: unknown): void {
  if (isApiError(error)) {
    const { code, reason } = error
    if (SILENT_CODES.has(code)) return
    if (typeof code === 'number' && isPlanError(code)) {
      setTimeout(() => {
        toast.error(i18n.t('common:toast.planTitle'), {
          description: errorText(code, error.message),
          duration: PLAN_TOAST_DURATION_MS,
          closeButton: true,
          action: { label: i18n.t('common:toast.activate'), onClick: () => navigate('/settings/plan') },
        })
      }, PLAN_TOAST_DELAY_MS)
      return
    }
    const message = typeof code === 'number' ? errorText(code, error.message) : error.message
    if (reason) {
      toast.error(message, {
        description: reason,
        duration: REASON_TOAST_DURATION_MS,
        action: { label: i18n.t('common:toast.copyReason'), onClick: () => copy(reason) },
      })
      return
    }
    toast.error(message)
    return
  }
  if (isAuthError(error)) {
    const fallback = error.message || error.statusText || i18n.t('common:errorPage.unknown')
    toast.error(error.code ? i18n.t(`auth:serverErrors.${error.code}`, { defaultValue: fallback }) : fallback)
    return
  }
  toast.error(error instanceof Error ? error.message : i18n.t('common:errorPage.unknown'))
}

/** better-auth's error object: `{code, message, status}`. */
function isAuthError(value: unknown): value is { code?: string; message?: string; status?: number; statusText?: string } {
  return typeof value === 'object' && value !== null && !(value instanceof Error) && ('message' in value || 'code' in value)
}
