/** Withdraw from the withdrawable balance, with the two-factor code (4007/4008 show here, not as toasts). */
import { ErrorCodes, formatPower, parsePower } from '@brook/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { isApiError } from '../../api/ApiError.ts'
import { Button } from '../../components/Button.tsx'
import { useIdempotencyKey } from './useIdempotencyKey.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { TextField } from '../../components/TextField.tsx'
import { powerKeys, sendWithdraw } from './powerApi.ts'

export function WithdrawDialog({ cashable, onClose }: { cashable: string; onClose: () => void }) {
  const { t } = useTranslation('power')
  const client = useQueryClient()
  const [text, setText] = useState(formatPower(cashable, 18).replace(/,/g, ''))
  const [address, setAddress] = useState('')
  const [code, setCode] = useState('')
  const [key, renewKey] = useIdempotencyKey()
  const amount = parsePower(text)
  const valid = amount !== null && amount > 0n && amount <= BigInt(cashable)
  const withdraw = useMutation({
    mutationFn: () => sendWithdraw({ amount: amount!.toString(), TOTPCode: code.trim(), ...(address.trim() ? { address: address.trim() } : {}) }, key),
    onError: renewKey,
    onSuccess: (w) => {
      toast.success(t('withdrawSent', { amount: formatPower(w.amount) }))
      void client.invalidateQueries({ queryKey: powerKeys.all })
      onClose()
    },
  })
  const error = withdraw.error
  const codeError = isApiError(error) ? (error.code === ErrorCodes.InvalidTwoFactorCode ? t('withdrawWrongCode') : error.code === ErrorCodes.TwoFactorCodeRequired ? (error.reason ?? t('withdrawCodeRequired')) : null) : null
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('withdrawTitle')}
      description={t('withdrawHint')}
      testId="withdraw-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => withdraw.mutate()} busy={withdraw.isPending} disabled={!valid} data-testid="withdraw-send">
            {t('withdrawSend')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) withdraw.mutate()
        }}
      >
        <TextField label={t('withdrawAmount')} value={text} onChange={setText} inputMode="decimal" autoFocus aria-invalid={!valid} data-testid="withdraw-amount" />
        <p className="-mt-1 text-[12px] text-zinc-500">{t('withdrawAvailable', { amount: formatPower(cashable) })}</p>
        <TextField label={t('withdrawAddress')} value={address} onChange={setAddress} data-testid="withdraw-address" />
        <TextField label={t('withdrawCode')} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" aria-invalid={codeError !== null} data-testid="withdraw-code" />
        {codeError && (
          <p role="alert" className="text-[12px] text-red-600 dark:text-red-400" data-testid="withdraw-error">
            {codeError}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}
