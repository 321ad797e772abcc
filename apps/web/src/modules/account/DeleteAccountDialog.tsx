/**
 * Confirms an account deletion with the password and, when two-factor is on, the authenticator
 * code. 4007/4008 and a wrong password show here, in the form, not as toasts (SPEC §8). After the
 * deletion the local database is wiped and the sign-in page says the account is gone.
 */
import { ErrorCodes, formatPower } from '@brook/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../api/ApiError.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { TextField } from '../../components/TextField.tsx'
import { resetLocalDatabase } from '../../store/index.ts'
import { deleteAccount } from './accountApi.ts'

export function DeleteAccountDialog({ twoFactor, balance, onClose }: { twoFactor: boolean; balance: string | null; onClose: () => void }) {
  const { t } = useTranslation('instance')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: 'password' | 'code'; text: string } | null>(null)

  const submit = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteAccount({ password, ...(twoFactor ? { code: code.trim() } : {}) })
      await resetLocalDatabase({ reload: false })
      window.location.assign('/login?deleted=1')
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCodes.InvalidTwoFactorCode) setError({ field: 'code', text: t('privacy.wrongCode') })
      else if (isApiError(e) && e.code === ErrorCodes.TwoFactorCodeRequired) setError({ field: 'code', text: t('privacy.codeRequired') })
      else if (isApiError(e) && e.code === ErrorCodes.InvalidParameter) setError({ field: 'password', text: t('privacy.wrongPassword') })
      else toastError(e)
      setBusy(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('privacy.deleteTitle')}
      description={t('privacy.deleteDescription')}
      testId="delete-account-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('privacy.cancel')}
          </Button>
          <Button className="!bg-red-600 hover:!bg-red-700" busy={busy} disabled={!password || (twoFactor && !code.trim())} onClick={() => void submit()} data-testid="delete-account-confirm">
            {t('privacy.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (password) void submit()
        }}
      >
        <ul className="list-disc pl-5 text-[13px] text-zinc-600 dark:text-zinc-300">
          <li>{t('privacy.deleteLists')}</li>
          {balance && BigInt(balance) > 0n && <li data-testid="delete-account-balance">{t('privacy.deleteBalance', { amount: `${formatPower(balance)} POWER` })}</li>}
        </ul>
        <TextField label={t('privacy.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} autoFocus aria-invalid={error?.field === 'password'} data-testid="delete-account-password" />
        {twoFactor && (
          <TextField label={t('privacy.code')} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" placeholder={t('privacy.codeHint')} aria-invalid={error?.field === 'code'} data-testid="delete-account-code" />
        )}
        {error && (
          <p role="alert" className="text-[12px] text-red-600 dark:text-red-400" data-testid="delete-account-error">
            {error.text}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}
